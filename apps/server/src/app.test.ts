import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness';

describe('server foundation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extend: (app) => {
        app.get('/api/test/explode', async () => {
          throw new Error('secret internal detail at /srv/app.ts:42');
        });
      },
    });
  });
  afterAll(() => t.close());

  it('answers the health check with the database status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database.ok).toBe(true);
    expect(['embedded', 'postgres']).toContain(body.database.driver);
  });

  it('gives a JSON 404 for an unknown API path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No API route for GET /api/no-such-thing' },
    });
  });

  it('answers 400 with a message per field when the body fails its schema', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/waitlist', payload: { name: '', email: 'nope' } });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.fields).toMatchObject({
      name: 'Please enter your name',
      email: 'Please enter a valid email address',
      role: 'Please select your role',
    });
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBeTruthy();
  });

  it('hides internals when something unexpected throws', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.error.code).toBe('INTERNAL_ERROR');
    expect(body.error.requestId).toBe(res.headers['x-request-id']);
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('app.ts');
  });

  it('sends security headers with a strict content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('does not adopt a request id a client chose (only a trusted proxy may hand one down)', async () => {
    const client = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(client.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const kept = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'abc-123' },
      });
      expect(kept.headers['x-request-id']).toBe('abc-123');
      const replaced = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'bad id\nwith newline' },
      });
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await proxied.close();
    }
  });

  it('never lets a client name the request id', async () => {
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\nwith newline' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/waitlist']));
  });
});

describe('serving the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'referwell-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    mkdirSync(path.join(webDist, 'prerendered', 'how-it-works'), { recursive: true });
    // Over the 1 KB compression threshold, like real pages.
    const filler = `<!-- ${'x'.repeat(2000)} -->`;
    writeFileSync(
      path.join(webDist, 'index.html'),
      `<!doctype html><html><head></head><body><div id="root"></div>${filler}</body></html>`,
    );
    writeFileSync(
      path.join(webDist, 'prerendered', 'how-it-works', 'index.html'),
      `<!doctype html><html><head><link rel="canonical" href="%RW_ORIGIN%/how-it-works" /></head><body><div id="root"><h1>How it Works</h1></div>${filler}</body></html>`,
    );
    // A page with versions by query, as the web build writes /signup's for each role (entry-server.tsx).
    mkdirSync(path.join(webDist, 'prerendered', 'signup'));
    const signup = (role: string) =>
      `<!doctype html><html><head></head><body><div id="root"><select name="role">${role}</select></div>${filler}</body></html>`;
    writeFileSync(path.join(webDist, 'prerendered', 'signup', 'index.html'), signup('none chosen'));
    for (const role of ['jobseeker', 'referrer'])
      writeFileSync(path.join(webDist, 'prerendered', 'signup', `index.role=${role}.html`), signup(`${role} chosen`));
    writeFileSync(path.join(webDist, 'prerendered.json'), JSON.stringify(['/how-it-works', '/signup']));
    writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp({
      env: {
        WEB_DIST_DIR: webDist,
        PUBLIC_URL: 'https://referwell.example',
        BOOKING_URL: 'https://cal.example/referwell?x="1"',
      },
    });
  });
  afterAll(() => t.close());

  it('falls back to index.html for client-side routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/resources/job-seekers' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
  });

  it("answers 404 with the app's not-found page for a path the web router does not know", async () => {
    for (const url of ['/no-such-page', '/jobs-board/extra', '/job', '/job/123/edit/more?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    // (An unknown /job/{id} is a 404 of its own: features/public-pages.)
    const known = ['/jobs-board', '/jobs-board/', '/job/6b1f3c1e-0000-4000-8000-000000000000/edit', '/talent/jane-doe'];
    for (const url of [...known, '/studio-portal', '/create-kudos?talentId=1', '/company/northwind/referrers']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it('serves a prerendered page with its content in the first response and the site origin filled in', async () => {
    for (const url of ['/how-it-works', '/how-it-works/', '/how-it-works?ref=x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<h1>How it Works</h1>');
      expect(res.body).toContain('<link rel="canonical" href="https://referwell.example/how-it-works" />');
    }
  });

  it("serves a page's version for the value its query asks for, and the page itself for any other", async () => {
    const chosen = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      const body =
        res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
      return /<select name="role">([^<]*)<\/select>/.exec(body)?.[1];
    };
    expect(await chosen('/signup?role=referrer')).toBe('referrer chosen');
    expect(await chosen('/signup/?returnTo=%2Fjobs&role=jobseeker')).toBe('jobseeker chosen');
    expect(await chosen('/signup?role=jobseeker&role=referrer')).toBe('jobseeker chosen');
    for (const url of ['/signup', '/signup?role=companyHR', '/signup?role=', '/signup?role=../index', '/signup?job=1'])
      expect(await chosen(url), url).toBe('none chosen');
    // Twice: the compressed form kept for the version is its own.
    expect(await chosen('/signup?role=referrer')).toBe('referrer chosen');
    const raw = await t.app.inject({ method: 'GET', url: '/prerendered/signup/index.role=referrer.html' });
    expect(raw.body).not.toContain('referrer chosen');
  });

  it('tells the page where the booking link leads, escaped', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/beta-program-companies' });
    expect(res.body).toContain(
      '<meta name="rw-booking-url" content="https://cal.example/referwell?x=&quot;1&quot;" />',
    );
  });

  it('does not serve the HTML files or the manifest as raw static files', async () => {
    const manifest = await t.app.inject({ method: 'GET', url: '/prerendered.json' });
    expect(manifest.statusCode).toBe(404);
    expect(manifest.body).not.toContain('/how-it-works');
    const rawPage = await t.app.inject({ method: 'GET', url: '/prerendered/how-it-works/index.html' });
    expect(rawPage.body).not.toContain('%RW_ORIGIN%');
  });

  it('serves robots.txt and a sitemap of the prerendered public pages', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Sitemap: https://referwell.example/sitemap.xml');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<loc>https://referwell.example/how-it-works</loc>');
    expect(sitemap.body).not.toContain('role=');
  });

  it('serves pages compressed the way the client accepts, and plain to others', async () => {
    for (const url of ['/how-it-works', '/referrer-dashboard/referrals']) {
      const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.statusCode).toBe(200);
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toContain('<div id="root">');
      const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<div id="root">');
      const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('<div id="root">');
    }
    const big = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(big.headers['content-encoding']).toBe('br');
  });

  it('serves hashed assets with a long cache life', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('still answers unknown API paths with JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});
