import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import type { ResolveTxt } from '../lib/dns';
import { loadConfig, type Env } from '../config';
import { openDatabase, type Database } from '../db/client';
import { withAdminClient } from './admin-client';
import { createFactories } from '../seed/factories';
import { captureSignupLinks, signupLinkFor } from './signup-links';

/**
 * A fresh, migrated database for one test file: a copy of the run's migrated template
 * (`test/global-setup.ts`) on the embedded test cluster, or on the server named by DATABASE_URL.
 * Dropped on close.
 */
export async function openTestDatabase(): Promise<Database> {
  const { adminUrl, template } = inject('testDatabase');
  const name = `referwell_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  factories: ReturnType<typeof createFactories>;
  /** Another server instance on the same database (its own session cache and LISTEN connection), closed with this one. */
  otherInstance(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Env;
  /** Adds routes or hooks before the app is sealed (e.g. a route that throws). */
  extend?: (app: FastifyInstance) => void | Promise<void>;
  /** Another instance's database: the app shares it (as a second server process would) and leaves it open on close. */
  database?: Database;
  /** DNS TXT answers for the app (a portal's host name proof), instead of the system's resolvers. */
  resolveTxt?: ResolveTxt;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'referwell-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    SEED_DEMO_DATA: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...options.env,
  });
  const database = options.database ?? (await openTestDatabase());
  const app = await buildApp({ config, database, resolveTxt: options.resolveTxt });
  await options.extend?.(app);
  await app.ready();
  const others: FastifyInstance[] = [];
  return {
    app,
    database,
    factories: createFactories(Number.parseInt(randomBytes(3).toString('hex'), 16)),
    otherInstance: async () => {
      const other = await buildApp({ config, database, resolveTxt: options.resolveTxt });
      await other.ready();
      others.push(other);
      return other;
    },
    close: async () => {
      for (const other of others) await other.close();
      await app.close();
      if (!options.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SignedUp {
  /** The session cookie value: pass as `cookies: { rw_session: token }`. */
  token: string;
  body: {
    user: { id: string; email: string; name: string; type: string; referralCode: string | null };
    company: { id: string; name: string; slug: string; role: string } | null;
    outcome: string;
  };
  password: string;
}

export const TEST_PASSWORD = 'correct horse battery staple';

let signupSequence = 0;
/**
 * Signs up through the API as a person does: the sign-up, then the link mailed to the address followed with the
 * same password (a team invitation's sign-up signs in at once). Each call comes from its own address, so sign-up
 * limits never interfere.
 */
export async function signUp(t: TestApp, body: Record<string, unknown> = {}): Promise<SignedUp> {
  const n = ++signupSequence;
  const payload = {
    name: `Test Person ${n}`,
    email: `person.${n}.${randomBytes(3).toString('hex')}@example.com`,
    password: TEST_PASSWORD,
    role: 'jobseeker',
    ...body,
  };
  const password = String(payload.password);
  const remoteAddress = `10.9.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
  await captureSignupLinks(t.app.db);
  let res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload, remoteAddress });
  if (res.statusCode === 202) {
    const link = await signupLinkFor(t.app.db, String(payload.email));
    if (!link) throw new Error(`no sign-up link was queued for ${String(payload.email)}: ${res.body}`);
    const token = new URL(link, 'http://link').searchParams.get('token');
    res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup/confirm',
      payload: { token, password },
      remoteAddress,
    });
  }
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const token = res.cookies.find((c) => c.name === 'rw_session')?.value;
  if (!token) throw new Error('signup set no session cookie');
  return { token, body: res.json(), password };
}

export const withSession = (token: string) => ({ cookies: { rw_session: token } });

/** A multipart/form-data body with one file in the field `file`, for `inject({ payload, headers })`. */
export function multipartFile(bytes: Buffer, filename: string, contentType = 'application/pdf') {
  const boundary = '----referwelltest';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request to the test app as `who` (a signed-up user), or as a visitor. */
export function callAs(t: TestApp, method: HttpMethod, url: string, who?: SignedUp, payload?: object) {
  return t.app.inject({ method, url, payload, ...(who ? withSession(who.token) : {}) });
}

/** A call that must succeed: its JSON (null for 204). Any other answer fails the test, showing the answer. */
export async function okAs<T = Record<string, unknown>>(
  t: TestApp,
  method: HttpMethod,
  url: string,
  who?: SignedUp,
  payload?: object,
): Promise<T> {
  const res = await callAs(t, method, url, who, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
  return (res.statusCode === 204 ? null : res.json()) as T;
}

/**
 * `callAs` and `okAs` bound to a test file's app, which is read at each call (files make it in `beforeAll`):
 * `const { call, ok } = requestsTo(() => t);`
 */
export function requestsTo(app: () => TestApp) {
  return {
    call: (method: HttpMethod, url: string, who?: SignedUp, payload?: object) =>
      callAs(app(), method, url, who, payload),
    ok: <T = Record<string, unknown>>(method: HttpMethod, url: string, who?: SignedUp, payload?: object) =>
      okAs<T>(app(), method, url, who, payload),
  };
}

export interface PostedJob {
  id: string;
  title: string;
}

/** Posts an open job as `who` (a company user); `fields` replace the defaults. Fails the test unless it is created. */
export async function postJobAs(t: TestApp, who: SignedUp, fields: Record<string, unknown> = {}): Promise<PostedJob> {
  const res = await callAs(t, 'POST', '/api/jobs', who, {
    title: 'Clinical Integration Engineer',
    company: who.body.company?.name ?? 'Test Health',
    location: 'Remote',
    employmentType: 'full-time',
    description: 'Connect hospital EHRs.',
    requirements: 'HL7 and FHIR.',
    skills: ['FHIR'],
    ...fields,
  });
  if (res.statusCode !== 201) throw new Error(`POST /api/jobs → ${res.statusCode} ${res.body}`);
  return res.json<PostedJob>();
}
