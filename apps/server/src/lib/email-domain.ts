import { getDomain } from 'tldts';

/** The domain an e-mail address names: what follows its last "@", lower-case (`Sam@EU.Acme.com` → `eu.acme.com`). */
export const emailDomainOf = (email: string): string =>
  email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();

/**
 * The registrable domain of a host (`careers.acme.co.uk` → `acme.co.uk`), by the Public Suffix List with its private
 * part: a site on a hosting platform that lists itself there (`acme.github.io`, `acme.myshopify.com`) is its own
 * domain, not the platform's. Null for a host that is itself a public suffix.
 */
export const registrableDomainOf = (host: string): string | null => getDomain(host, { allowPrivateDomains: true });
