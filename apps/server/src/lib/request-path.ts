/** Characters RFC 3986 calls unreserved: an escape of one of them means the character itself (§2.3, §6.2.2.2). */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const ESCAPE = /%([0-9A-Fa-f]{2})/g;

/**
 * The request target with percent-escapes of unreserved characters decoded in its path: `/%61pi/jobs` is
 * `/api/jobs`. The router decodes them too (find-my-way runs decodeURI on the path), so every hook that looks at the
 * path (the Origin check, the session lookup and the NUL guard on `/api/`) must see the same string, or `/%61pi/...`
 * reaches API handlers past all of them. Used as Fastify's `rewriteUrl`: decoded once, before any hook and before
 * routing. Reserved characters (`%2F` stays a character of a segment, not a separator) and `%25` are left encoded,
 * so the router's own decoding can never turn the result into yet another path; the query is left as it came.
 */
export function canonicalRequestTarget(url: string): string {
  const percent = url.indexOf('%');
  if (percent === -1) return url;
  const query = url.search(/[?#]/);
  const pathEnd = query === -1 ? url.length : query;
  if (percent > pathEnd) return url;
  const path = url.slice(0, pathEnd).replace(ESCAPE, (escape, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : escape;
  });
  return path + url.slice(pathEnd);
}
