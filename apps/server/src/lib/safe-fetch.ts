import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { DecompressionLimitError, InflateBudget, type CompressedFormat } from './document-limits';
import { AppError, isAppError } from './errors';

/** Networks an outbound request must never reach: private, loopback, link-local, metadata... */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, including the cloud metadata address 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/**
 * IPv6 ranges that carry an IPv4 address. One written the usual way is judged as the IPv4 it
 * carries (embeddedIpv4); any other spelling (full form, deprecated IPv4-compatible, SIIT) is
 * refused. A list of its own: node's BlockList would match plain IPv4 against ::ffff:0:0/96.
 */
const carriesIpv4 = new BlockList();
carriesIpv4.addSubnet('::', 96, 'ipv6'); // IPv4-compatible (deprecated): ::7f00:1 is 127.0.0.1
carriesIpv4.addSubnet('::ffff:0:0', 96, 'ipv6'); // IPv4-mapped
carriesIpv4.addSubnet('::ffff:0:0:0', 96, 'ipv6'); // IPv4-translated (SIIT)

/** IPv4 written inside IPv6 (::ffff:a.b.c.d, ::ffff:7f00:1, 64:ff9b::a.b.c.d) is judged as the IPv4 it carries. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = lower.match(/^(?:::ffff:|::ffff:0:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) return dotted[1]!;
  const hex = lower.match(/^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (hex) {
    const high = Number.parseInt(hex[1]!, 16);
    const low = Number.parseInt(hex[2]!, 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return null;
}

/** True for any address an outbound request must not reach. Unparseable input counts as blocked. */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4) return blocked.check(v4, 'ipv4');
    return blocked.check(bare, 'ipv6') || carriesIpv4.check(bare, 'ipv6');
  }
  return true;
}

export interface SafeFetchOptions {
  /** Hosts ("host" or "host:port") exempt from the address check (OUTBOUND_ALLOW_HOSTS). */
  allowHosts?: readonly string[];
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  headers?: Record<string, string>;
  /** GET unless told; a request with a body (a vendor's API or webhook) never follows redirects. */
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT';
  /** JSON text, or bytes (a multipart upload). */
  body?: string | Buffer;
  /** Name resolution; replaceable in tests. */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

export interface SafeResponse {
  url: string;
  status: number;
  contentType: string;
  body: string;
  /** The answer's headers (a vendor's Retry-After, say). */
  headers: http.IncomingHttpHeaders;
}

export const OUTBOUND_LIMITS = { maxBytes: 5 * 1024 * 1024, timeoutMs: 20_000, maxRedirects: 5 } as const;

const refused = (message: string) => new AppError(400, 'OUTBOUND_REFUSED', message);
const failed = (message: string) => new AppError(502, 'OUTBOUND_FAILED', message);

const defaultResolve = (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true });

function isAllowed(url: URL, allowHosts: readonly string[]): boolean {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowHosts.some((entry) => entry === url.hostname || entry === `${url.hostname}:${port}`);
}

/** Resolves the host and returns one address that passed the check (or throws). */
async function checkedAddress(url: URL, options: SafeFetchOptions): Promise<{ address: string; family: number }> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const allowed = isAllowed(url, options.allowHosts ?? []);
  if (isIP(hostname)) {
    if (!allowed && isBlockedAddress(hostname))
      throw refused('That address is on a private network and cannot be fetched.');
    return { address: hostname, family: isIP(hostname) };
  }
  let addresses: { address: string; family: number }[];
  try {
    addresses = await (options.resolve ?? defaultResolve)(hostname);
  } catch {
    throw failed(`Could not find the site ${hostname}.`);
  }
  if (addresses.length === 0) throw failed(`Could not find the site ${hostname}.`);
  // Every answer must be public: a name that also points inside the network is refused outright.
  if (!allowed && addresses.some((a) => isBlockedAddress(a.address))) {
    throw refused('That site points to a private network address and cannot be fetched.');
  }
  return addresses[0]!;
}

const ENCODINGS: Record<string, CompressedFormat> = { gzip: 'gzip', 'x-gzip': 'gzip', deflate: 'zlib', br: 'brotli' };

/**
 * A body as the site encoded it (Content-Encoding), decoded under the same size cap as the bytes on the wire: a
 * small compressed answer that inflates to gigabytes is refused once it passes `maxBytes`, never held whole.
 */
async function decodedBody(body: Buffer, encoding: string | undefined, maxBytes: number): Promise<Buffer> {
  const format = ENCODINGS[(encoding ?? '').trim().toLowerCase()];
  if (!format) return body;
  // HTTP's "deflate" is meant to be zlib-wrapped; some servers send it raw.
  const raw = format === 'zlib' && body.length >= 2 && (body[0]! & 0x0f) !== 8;
  try {
    const budget = new InflateBudget({ perStreamBytes: maxBytes, perDocumentBytes: maxBytes });
    return (await budget.inflate(body, raw ? 'deflate-raw' : format, { keep: true }))!;
  } catch (error) {
    if (error instanceof DecompressionLimitError) throw refused('That page is too large to import.');
    throw error;
  }
}

/** One request to the already-checked address, with size and time caps; no redirects followed here. */
function requestOnce(
  url: URL,
  target: { address: string; family: number },
  options: SafeFetchOptions,
  deadline: number,
): Promise<{
  status: number;
  location?: string;
  contentType: string;
  body: string;
  headers: http.IncomingHttpHeaders;
}> {
  const maxBytes = options.maxBytes ?? OUTBOUND_LIMITS.maxBytes;
  // Connect to the address that was checked, never to a second DNS answer (no rebinding).
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    } else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(failed('The site took too long to answer.'));
    const request = client.request(
      url,
      {
        method: options.method ?? 'GET',
        lookup,
        timeout: remaining,
        headers: {
          'user-agent': 'ReferwellBot/1.0 (+job import)',
          accept: 'text/html,application/json;q=0.9,*/*;q=0.5',
          'accept-encoding': 'gzip, deflate, br',
          ...options.headers,
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location && options.body === undefined) {
          response.resume();
          return resolve({
            status,
            location: response.headers.location,
            contentType: '',
            body: '',
            headers: response.headers,
          });
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          request.destroy();
          return reject(refused('That page is too large to import.'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            request.destroy();
            reject(refused('That page is too large to import.'));
          } else chunks.push(chunk);
        });
        response.on('end', () =>
          decodedBody(Buffer.concat(chunks), response.headers['content-encoding'], maxBytes).then(
            (body) =>
              resolve({
                status,
                contentType: String(response.headers['content-type'] ?? ''),
                body: body.toString('utf8'),
                headers: response.headers,
              }),
            reject,
          ),
        );
        response.on('error', () => reject(failed('The connection to the site was interrupted.')));
      },
    );
    const timer = setTimeout(() => request.destroy(failed('The site took too long to answer.')), remaining);
    request.on('close', () => clearTimeout(timer));
    request.on('timeout', () => request.destroy(failed('The site took too long to answer.')));
    request.on('error', (error) => reject(isAppError(error) ? error : failed('Could not connect to the site.')));
    request.end(options.body);
  });
}

async function checkedTarget(url: URL, options: SafeFetchOptions): Promise<{ address: string; family: number }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused('Only http and https links can be fetched.');
  if (url.username || url.password) throw refused('Links with a user name or password cannot be fetched.');
  return checkedAddress(url, options);
}

/**
 * Refuses (400 OUTBOUND_REFUSED) a URL that safeFetch would refuse before sending anything, without fetching it:
 * for work that fetches later, in the background. A name that does not resolve is not refused here.
 */
export async function checkOutboundUrl(rawUrl: string, options: SafeFetchOptions = {}): Promise<void> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw refused('Please enter a valid URL (e.g., https://example.com/job)');
  }
  try {
    await checkedTarget(url, options);
  } catch (error) {
    if (isAppError(error, 'OUTBOUND_REFUSED')) throw error;
  }
}

/**
 * The server's one way to fetch a URL given by a user: http(s) only; every address the host
 * resolves to must be public (private, loopback, link-local, unique-local, multicast and
 * metadata ranges are refused, in any spelling); the connection goes to the address that was
 * checked; each redirect hop is checked again (at most 5); size and time are capped (the size once decoded too).
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const deadline = Date.now() + (options.timeoutMs ?? OUTBOUND_LIMITS.timeoutMs);
  const maxRedirects = options.method === 'POST' ? 0 : (options.maxRedirects ?? OUTBOUND_LIMITS.maxRedirects);
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw refused('Please enter a valid URL (e.g., https://example.com/job)');
  }
  for (let hop = 0; ; hop++) {
    const target = await checkedTarget(url, options);
    const response = await requestOnce(url, target, options, deadline);
    if (response.location === undefined) {
      const { status, contentType, body, headers } = response;
      return { url: url.toString(), status, contentType, body, headers };
    }
    if (hop >= maxRedirects || options.method === 'POST') throw refused('That link redirects too many times.');
    url = new URL(response.location, url);
  }
}
