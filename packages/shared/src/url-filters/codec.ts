/**
 * Filters kept in a page's address: the one codec of server and web. Every page whose filters live in its URL (job
 * search, candidate search, the jobs board, referrals, analytics, the audit log), the links into those pages (the
 * web's, and the server's: saved searches and their alert e-mails) and the API query strings of the two searches go
 * through it. Each page's filters are the shared zod schema of its API query, so the address, the request and the
 * server agree on names and values. Each page's address is a file beside this one (job-search.ts, jobs-board.ts, …),
 * imported by its own path (`@referwell/shared/url-filters/job-search`), so a link into a page loads that page's
 * schema only. The web's hook that binds a codec to the address bar is apps/web/src/lib/url-filters.ts.
 *
 * - Reading is lenient: each parameter is checked on its own, and one that is not valid (an old link, a
 *   hand-edited address) falls back to its default instead of failing the page.
 * - Writing puts the parameters in one fixed order and leaves out empty and default values: equal filters, equal
 *   URLs (and equal query keys).
 */
import type { z } from 'zod';

export interface UrlFilters<T> {
  /** The page's path. */
  readonly path: string;
  /** The filters in an address's query. */
  parse(params: URLSearchParams): T;
  /** The filters as query parameters. */
  format(filters: Partial<T>): URLSearchParams;
  /** A link to the page with these filters. */
  href(filters?: Partial<T>): string;
}

interface UrlFilterOptions<K extends string> {
  /** The parameters the address holds, in the order they are written. */
  keys: readonly K[];
  /**
   * How a list is written: `comma` (`type=full-time,contract`: job search, whose values hold no commas) or
   * `repeat` (`locations=Boston, MA&locations=Remote`: values may hold commas).
   */
  lists?: 'comma' | 'repeat';
  /** A parameter whose name in the address differs from the schema's (the audit log's `actor` for `actorId`). */
  names?: Partial<Record<K, string>>;
  /** Older names still read, by the key they now go by (`jobTitle` for `q` on candidate search). */
  aliases?: Record<string, K>;
  /** Values the address writes in lower case (the jobs board's `status=open` for OPEN); read in either case. */
  lowercase?: readonly K[];
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A page's filters in its address: the keys `options.keys` names of the shared zod object `schema`. */
export function urlFilters<Schema extends z.ZodObject, K extends keyof z.output<Schema> & string>(
  path: string,
  schema: Schema,
  { keys, lists = 'comma', names = {}, aliases = {}, lowercase = [] }: UrlFilterOptions<K>,
): UrlFilters<Pick<z.output<Schema>, K>> {
  type Filters = Pick<z.output<Schema>, K>;
  const field = (key: K) => schema.shape[key] as z.ZodType;
  const nameOf = (key: K) => names[key] ?? key;
  const defaults = Object.fromEntries(keys.map((key) => [key, field(key).parse(undefined)])) as Filters;
  const isList = (key: K) => Array.isArray(defaults[key]);

  const readRaw = (params: URLSearchParams, key: K): string | string[] | undefined => {
    const name = [nameOf(key), ...Object.keys(aliases).filter((alias) => aliases[alias] === key)].find((n) =>
      params.has(n),
    );
    if (name === undefined) return undefined;
    return isList(key) && lists === 'repeat' ? params.getAll(name) : (params.get(name) ?? undefined);
  };

  const parse = (params: URLSearchParams): Filters => {
    const filters = { ...defaults };
    for (const key of keys) {
      const raw = readRaw(params, key);
      if (raw === undefined) continue;
      const tries = lowercase.includes(key) && typeof raw === 'string' ? [raw, raw.toUpperCase()] : [raw];
      for (const attempt of tries) {
        const parsed = field(key).safeParse(attempt);
        if (parsed.success) {
          filters[key] = parsed.data as Filters[K];
          break;
        }
      }
    }
    return filters;
  };

  const format = (filters: Partial<Filters>): URLSearchParams => {
    const params = new URLSearchParams();
    for (const key of keys) {
      const value: unknown = filters[key];
      if (isEmpty(value) || sameValue(value, defaults[key])) continue;
      const text = (v: unknown) => (lowercase.includes(key) ? String(v).toLowerCase() : String(v));
      if (Array.isArray(value) && lists === 'repeat') for (const item of value) params.append(nameOf(key), text(item));
      else params.set(nameOf(key), Array.isArray(value) ? value.map(text).join(',') : text(value));
    }
    return params;
  };

  const href = (filters: Partial<Filters> = {}) => {
    const query = format(filters).toString();
    return query ? `${path}?${query}` : path;
  };

  return { path, parse, format, href };
}
