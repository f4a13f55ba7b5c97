// Findings 3, 5, 10, 14 and 15 of the security review (issue 21): the request-level defences.
import { randomUUID } from 'node:crypto';
import type net from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, HTTP_TIMEOUTS, SHUTDOWN_GRACE_MS } from '../app';
import { connectionOwner } from './connection-limit';
import { OUTBOUND_LIMITS } from './safe-fetch';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { companyJobVisits } from '../db/schema';
import { relayDatabase } from '../test/db-relay';
import { waitFor } from '../test/server-process';
import { createTestApp, openTestDatabase, signUp, withSession, type SignedUp, type TestApp } from '../test/harness';

let t: TestApp;
let admin: SignedUp;

beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      // A real insert that breaks a foreign key: the one error handler must call it a 4xx.
      app.post('/api/test/dangling-tracking', async () => {
        await app.db.insert(companyJobVisits).values({ jobId: randomUUID(), userId: randomUUID() });
        return { ok: true };
      });
    },
  });
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Guarded Health' });
});
afterAll(() => t.close());

const login = (payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { 'content-type': contentType } });

describe('finding 3: deeply nested JSON', () => {
  it('refuses a body nested beyond 64 levels quickly, without parsing it', async () => {
    const body = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The request body is nested too deeply.');
    expect(elapsed).toBeLessThan(1000); // generous for a loaded CI machine; the scan itself takes about a millisecond
  });

  it('keeps nesting that real forms use, and brackets inside strings do not count', async () => {
    const res = await login(JSON.stringify({ email: `${'['.repeat(500)}@example.com`, password: 'x'.repeat(10) }));
    expect(res.statusCode).toBe(400); // a validation error about the e-mail, not about nesting
    expect(res.json().error.message).not.toBe('The request body is nested too deeply.');
  });

  it('keeps the auth bodies small (16 KB)', async () => {
    const res = await login(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(20_000) }));
    expect(res.statusCode).toBe(413);
  });

  it('refuses a body over 256 KB on any JSON route', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: JSON.stringify({ email: 'a@example.com', pad: 'x'.repeat(300_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
  });
});

describe('finding 5: NUL bytes, impossible dates, constraint violations', () => {
  it('answers 400 for a NUL byte in the body, the query and the path', async () => {
    const inBody = await login(JSON.stringify({ email: 'a\u0000@example.com', password: 'whatever-123' }));
    expect(inBody.statusCode).toBe(400);
    const inQuery = await t.app.inject({ method: 'GET', url: '/api/jobs?q=fhir%00' });
    expect(inQuery.statusCode).toBe(400);
    const inPath = await t.app.inject({ method: 'GET', url: '/api/companies/north%00wind' });
    expect(inPath.statusCode).toBe(400);
    expect(inPath.json().error.code).toBe('VALIDATION_ERROR');
  });

  it.each(['2024-02-30', '2025-04-31', '0000-01-01'])('refuses the impossible deadline %s with 400', async (d) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      ...withSession(admin.token),
      payload: {
        title: 'Clinical Data Engineer',
        company: 'Guarded Health',
        location: 'Remote',
        employmentType: 'full-time',
        description: 'Build the pipelines that move clinical data safely.',
        requirements: 'SQL and care about patients.',
        skills: ['SQL'],
        deadline: d,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.deadline).toBe('Please enter a valid date');
  });

  it('maps a foreign-key violation to 409, not 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/dangling-tracking' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CONFLICT');
  });
});

describe('finding 10: timeouts for slow and idle clients', () => {
  it('sets header, request (body) and idle timeouts on the HTTP server', () => {
    const server = t.app.server;
    expect(server.headersTimeout).toBe(HTTP_TIMEOUTS.headersTimeout);
    expect(server.requestTimeout).toBe(HTTP_TIMEOUTS.requestTimeout);
    expect(server.keepAliveTimeout).toBe(HTTP_TIMEOUTS.keepAliveTimeout);
    expect(server.timeout).toBe(HTTP_TIMEOUTS.connectionTimeout);
    // Node checks the header and request deadlines on this timer (30 s by default): each cut comes within a second.
    expect((server as unknown as { connectionsCheckingInterval: number }).connectionsCheckingInterval).toBe(1_000);
    for (const ms of Object.values(HTTP_TIMEOUTS)) expect(ms).toBeGreaterThan(0);
  });

  it('counts connections per IPv4 address and per IPv6 /64 (hostile-clients.test.ts floods a real server)', () => {
    expect(connectionOwner('203.0.113.7')).toBe('203.0.113.7');
    expect(connectionOwner('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(connectionOwner('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(connectionOwner('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(connectionOwner('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(connectionOwner('::1')).toBe('0:0:0:0::/64');
  });
});

describe('finding 15: CSRF defence in depth and JSON only', () => {
  const post = async (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json', ...headers },
      payload: '{}',
      ...withSession((await signUp(t)).token),
    });

  it('checks the Referer when Origin is missing', async () => {
    const foreign = await post({ referer: 'https://evil.example/page' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('CSRF');
    const garbage = await post({ referer: 'not a url' });
    expect(garbage.statusCode).toBe(403);
  });

  it('accepts our own Referer', async () => {
    const ours = await post({ referer: `${t.app.config.publicUrl}/settings` });
    expect(ours.statusCode).toBeLessThan(300);
  });

  it('refuses a text/plain body (a cross-site form can send one without a preflight) with 415', async () => {
    const res = await login(JSON.stringify({ email: 'a@example.com', password: 'whatever-123' }), 'text/plain');
    expect(res.statusCode).toBe(415);
  });
});

describe('finding 14: the database is down', () => {
  it('answers 503 with Retry-After, readiness says so, liveness stays up for its grace, then says unhealthy', async () => {
    const migrated = await openTestDatabase();
    const relay = await relayDatabase(migrated.url);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'referwell-down-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO_DATA: 'false',
      WEB_DIST_DIR: path.join(dataDir, 'none'),
      DB_LIVENESS_GRACE: '1',
    });
    const database = await openDatabase({ databaseUrl: relay.url });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      relay.cut();
      const jobs = await app.inject({ method: 'GET', url: '/api/jobs' });
      expect(jobs.statusCode).toBe(503);
      expect(jobs.headers['retry-after']).toBe('5');
      expect(jobs.json().error.code).toBe('UNAVAILABLE');
      const ready = await app.inject({ method: 'GET', url: '/api/health' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.json().database.ok).toBe(false);
      const live = () => app.inject({ method: 'GET', url: '/api/health/live' });
      expect((await live()).statusCode).toBe(200);
      expect((await live()).json().status).toBe('ok');
      // Past DB_LIVENESS_GRACE (1 s here, 60 s by default) a supervisor is told to restart the process.
      await waitFor(async () => (await live()).statusCode === 503, 10_000, 'liveness to turn unhealthy');
      expect((await live()).json()).toMatchObject({ status: 'unhealthy' });
      expect((await live()).json().databaseUnreachableSeconds).toBeGreaterThanOrEqual(1);
      relay.restore();
      await waitFor(async () => (await live()).statusCode === 200, 10_000, 'liveness to recover');
      expect((await live()).json()).toMatchObject({ status: 'ok', databaseUnreachableSeconds: 0 });
    } finally {
      await app.close();
      await database.close();
      await relay.close();
      await migrated.close();
    }
  });
});

describe('finding 12: shutdown lets in-flight requests finish', () => {
  it('waits longer than the slowest in-request work (a job import) before exiting', () => {
    const jobImport = OUTBOUND_LIMITS.timeoutMs + 10_000 + 30_000; // fetch + worker parse + LLM
    expect(SHUTDOWN_GRACE_MS).toBeGreaterThan(jobImport);
  });

  it('answers a request that was running when close() began', async () => {
    let running!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (running = resolve));
    const slow = await createTestApp({
      extend: (app) => {
        app.get('/api/test/slow', async () => {
          running();
          await new Promise((resolve) => setTimeout(resolve, 300));
          return { done: true };
        });
      },
    });
    await slow.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = slow.app.server.address() as net.AddressInfo;
    const pending = fetch(`http://127.0.0.1:${port}/api/test/slow`);
    // Closes once the request is running (a fixed 50 ms wait closed first on a loaded machine: the answer was 503).
    await handlerStarted;
    const started = performance.now();
    const closing = slow.close();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closing;
    // The keep-alive connection was closed with the answer: no wait for its idle timeout.
    expect(performance.now() - started).toBeLessThan(HTTP_TIMEOUTS.keepAliveTimeout / 2);
  });
});
