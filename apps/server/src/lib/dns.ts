import { Resolver } from 'node:dns/promises';

/** TXT records at a name, each as its character-strings (node's `resolveTxt` shape); [] when there are none. */
export type ResolveTxt = (name: string) => Promise<string[][]>;

const NO_RECORDS = new Set(['ENODATA', 'ENOTFOUND', 'ENONAME', 'NXDOMAIN']);

/**
 * The system's resolvers, asked with a short timeout (3 s, 2 tries): an admin is waiting on "Verify". A name with no
 * TXT records (or none at all) is [], not an error; a resolver that fails or times out is an error.
 */
export function systemResolveTxt(): ResolveTxt {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  return async (name) => {
    try {
      return await resolver.resolveTxt(name);
    } catch (error) {
      if (NO_RECORDS.has((error as NodeJS.ErrnoException).code ?? '')) return [];
      throw error;
    }
  };
}
