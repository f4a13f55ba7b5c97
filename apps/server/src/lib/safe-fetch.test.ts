import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseAllowHosts } from '../config';
import { gzipSpaces } from '../test/bombs';
import { isBlockedAddress, safeFetch } from './safe-fetch';

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '[::1]',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::127.0.0.1',
    'not-an-ip',
    // Issue 21, finding 13: ::/96 and ::ffff:0:0/96 in spellings the embedded-IPv4 reader misses.
    '::7f00:1',
    '::127.0.0.1',
    '::a9fe:a9fe',
    '0:0:0:0:0:0:7f00:1',
    '0:0:0:0:0:ffff:7f00:1',
    '0000:0000:0000:0000:0000:ffff:a9fe:a9fe',
    '::ffff:0:7f00:1',
    '::ffff:0:0',
  ])('blocks %s', (address) => expect(isBlockedAddress(address)).toBe(true));

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => expect(isBlockedAddress(address)).toBe(false),
  );
});

describe('safeFetch', () => {
  let server: http.Server;
  let port: number;
  let hits: { url: string; host: string }[] = [];
  let gzipBomb: Buffer;
  beforeAll(async () => {
    gzipBomb = await gzipSpaces(1024);
    server = http.createServer((req, res) => {
      hits.push({ url: req.url ?? '', host: req.headers.host ?? '' });
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/job') return res.end('<h1>Nurse Informaticist</h1>');
      if (url.pathname === '/to-metadata')
        return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
      if (url.pathname === '/to-loopback-name')
        return res.writeHead(302, { location: `http://localhost:${port}/job` }).end();
      if (url.pathname === '/loop')
        return res.writeHead(302, { location: `/loop?n=${Number(url.searchParams.get('n') ?? 0) + 1}` }).end();
      if (url.pathname === '/hop') return res.writeHead(301, { location: '/job' }).end();
      if (url.pathname === '/huge') return res.end('x'.repeat(200_000));
      if (url.pathname === '/api' && req.method === 'POST') {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        return req.on('end', () =>
          res.writeHead(429, { 'retry-after': '42', 'content-type': 'application/json' }).end(`echo:${body}`),
        );
      }
      if (url.pathname === '/slow') return setTimeout(() => res.end('late'), 2_000);
      if (url.pathname === '/gzip')
        return res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('<h1>Compressed Nurse</h1>'));
      // 1 GB of spaces, about 1 MB on the wire: the size cap must hold once decoded, not only on the wire.
      if (url.pathname === '/gzip-bomb') return res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipBomb);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    hits = [];
  });

  const allowLoopback = () => ({ allowHosts: [`127.0.0.1:${port}`] });

  it.each([
    (p: number) => `http://127.0.0.1:${p}/job`,
    (p: number) => `http://127.1:${p}/job`,
    (p: number) => `http://2130706433:${p}/job`,
    (p: number) => `http://0x7f.1:${p}/job`,
    (p: number) => `http://0177.0.0.1:${p}/job`,
    (p: number) => `http://[::1]:${p}/job`,
    (p: number) => `http://[::ffff:127.0.0.1]:${p}/job`,
    (p: number) => `http://localhost:${p}/job`,
    () => 'http://169.254.169.254/latest/meta-data',
    () => 'http://10.0.0.1/',
  ])('refuses %s and nothing arrives', async (url) => {
    await expect(safeFetch(url(port), { timeoutMs: 2_000 })).rejects.toMatchObject({ code: 'OUTBOUND_REFUSED' });
    expect(hits).toEqual([]);
  });

  it.each(['ftp://example.com/file', 'file:///etc/passwd', 'javascript:alert(1)', 'gopher://x', 'not a url'])(
    'refuses %s',
    async (url) => {
      await expect(safeFetch(url)).rejects.toMatchObject({ code: 'OUTBOUND_REFUSED' });
    },
  );

  it('sends an API call with its method and body, reports Retry-After and follows no redirect', async () => {
    const answer = await safeFetch(`http://127.0.0.1:${port}/api`, {
      ...allowLoopback(),
      method: 'POST',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer).toMatchObject({ status: 429, body: 'echo:{"a":1}' });
    expect(answer.headers['retry-after']).toBe('42');
    const redirected = await safeFetch(`http://127.0.0.1:${port}/hop`, {
      ...allowLoopback(),
      method: 'POST',
      body: '',
    });
    expect(redirected.status).toBe(301);
  });

  it('fetches from a host listed in OUTBOUND_ALLOW_HOSTS', async () => {
    const res = await safeFetch(`http://127.0.0.1:${port}/job`, allowLoopback());
    expect(res).toMatchObject({ status: 200, body: '<h1>Nurse Informaticist</h1>' });
  });

  it('follows a redirect and checks every hop again', async () => {
    const ok = await safeFetch(`http://127.0.0.1:${port}/hop`, allowLoopback());
    expect(ok.url).toBe(`http://127.0.0.1:${port}/job`);
    await expect(safeFetch(`http://127.0.0.1:${port}/to-metadata`, allowLoopback())).rejects.toMatchObject({
      code: 'OUTBOUND_REFUSED',
    });
    hits = [];
    await expect(safeFetch(`http://127.0.0.1:${port}/to-loopback-name`, allowLoopback())).rejects.toMatchObject({
      code: 'OUTBOUND_REFUSED',
    });
    expect(hits.map((h) => h.url)).toEqual(['/to-loopback-name']);
  });

  it('stops after 5 redirects', async () => {
    await expect(safeFetch(`http://127.0.0.1:${port}/loop`, allowLoopback())).rejects.toMatchObject({
      message: 'That link redirects too many times.',
    });
    expect(hits).toHaveLength(6);
  });

  it('decodes a compressed page, and refuses one that inflates past the size cap without inflating it all', async () => {
    const page = await safeFetch(`http://127.0.0.1:${port}/gzip`, allowLoopback());
    expect(page.body).toBe('<h1>Compressed Nurse</h1>');
    await expect(safeFetch(`http://127.0.0.1:${port}/gzip-bomb`, allowLoopback())).rejects.toMatchObject({
      code: 'OUTBOUND_REFUSED',
      message: 'That page is too large to import.',
    });
  });

  it('caps the response size and the time', async () => {
    await expect(
      safeFetch(`http://127.0.0.1:${port}/huge`, { ...allowLoopback(), maxBytes: 100_000 }),
    ).rejects.toMatchObject({
      message: 'That page is too large to import.',
    });
    const started = Date.now();
    await expect(
      safeFetch(`http://127.0.0.1:${port}/slow`, { ...allowLoopback(), timeoutMs: 300 }),
    ).rejects.toMatchObject({
      code: 'OUTBOUND_FAILED',
    });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('refuses a name when any of its addresses is private, even if another is public', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    await expect(safeFetch(`http://jobs.example:${port}/job`, { resolve })).rejects.toMatchObject({
      code: 'OUTBOUND_REFUSED',
    });
    expect(hits).toEqual([]);
  });

  it('connects to the address it checked, not to a second DNS answer', async () => {
    let lookups = 0;
    const resolve = async () => {
      lookups++;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    // The name is allow-listed and resolves (once) to the local listener; system DNS never sees it.
    const res = await safeFetch(`http://careers.example.test:${port}/job`, {
      resolve,
      allowHosts: [`careers.example.test:${port}`],
    });
    expect(res.status).toBe(200);
    expect(lookups).toBe(1);
    expect(hits).toEqual([{ url: '/job', host: `careers.example.test:${port}` }]);
  });

  it('reads OUTBOUND_ALLOW_HOSTS as a comma-separated list', () => {
    expect(parseAllowHosts(' 127.0.0.1:4000, Fixtures.Local ,,')).toEqual(['127.0.0.1:4000', 'fixtures.local']);
    expect(parseAllowHosts(undefined)).toEqual([]);
  });
});
