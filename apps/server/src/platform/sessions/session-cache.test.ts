import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { createTestApp, signUp, withSession, type TestApp } from '../../test/harness';
import { SESSION_CACHE_TTL_MS } from './session-cache';

let t: TestApp;
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  other = await t.otherInstance();
});
afterAll(() => t.close());

const sessionUser = async (app: FastifyInstance, token: string) =>
  (await app.inject({ method: 'GET', url: '/api/auth/session', ...withSession(token) })).json().user as {
    id: string;
  } | null;

/** Milliseconds until `check` holds, polling every 20 ms; fails after `limitMs`. */
async function msUntil(check: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return performance.now() - started;
}

describe('session cache across instances', () => {
  it('keeps a session read for a few seconds: a row removed behind its back is still honoured until then', async () => {
    const { token, body } = await signUp(t);
    expect((await sessionUser(other, token))?.id).toBe(body.user.id);
    // No notification: only the cache's time limit ends it.
    await t.database.db.delete(sessions).where(eq(sessions.userId, body.user.id));
    expect((await sessionUser(other, token))?.id).toBe(body.user.id);
    const waited = await msUntil(async () => (await sessionUser(other, token)) === null, SESSION_CACHE_TTL_MS + 1000);
    expect(waited).toBeGreaterThan(SESSION_CACHE_TTL_MS / 2);
  });

  it('refuses on instance B, within one second, a session logged out on instance A', async () => {
    const { token, body } = await signUp(t);
    expect((await sessionUser(other, token))?.id).toBe(body.user.id); // now cached on B
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'http://localhost:3000' },
      ...withSession(token),
    });
    expect(res.statusCode).toBe(204);
    expect(await sessionUser(t.app, token)).toBeNull(); // at once on A
    expect(await msUntil(async () => (await sessionUser(other, token)) === null, 1000)).toBeLessThan(1000);
  });

  it('refuses on B every earlier session ended by a password change on A; the new one works there', async () => {
    const { token, body, password } = await signUp(t);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'http://localhost:3000' },
      payload: { email: body.user.email, password },
      remoteAddress: '10.77.0.1',
    });
    const second = login.cookies.find((c) => c.name === 'rw_session')!.value;
    expect((await sessionUser(other, token))?.id).toBe(body.user.id);
    expect((await sessionUser(other, second))?.id).toBe(body.user.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { origin: 'http://localhost:3000' },
      payload: { currentPassword: password, newPassword: 'a brand new passphrase' },
      ...withSession(second),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const fresh = res.cookies.find((c) => c.name === 'rw_session')!.value;
    const bothEnded = async () =>
      (await sessionUser(other, token)) === null && (await sessionUser(other, second)) === null;
    expect(await msUntil(bothEnded, 1000)).toBeLessThan(1000);
    expect((await sessionUser(other, fresh))?.id).toBe(body.user.id);
  });
});
