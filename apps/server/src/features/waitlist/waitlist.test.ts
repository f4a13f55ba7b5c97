import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAITLIST_FORM, WAITLIST_MESSAGES } from '@referwell/shared';
import { buildApp } from '../../app';
import { waitlistEntries } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

const joinAt = (t: TestApp, payload: object, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/waitlist', payload, remoteAddress: ip });

describe('POST /api/waitlist', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const join = (payload: object, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/waitlist', payload, remoteAddress: ip });

  it('stores the entry and answers with the success text', async () => {
    const entry = t.factories.waitlistEntry({ role: 'jobseeker' });
    const res = await join(entry);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: WAITLIST_MESSAGES.success });
    const rows = await t.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, entry.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: entry.name, role: 'jobseeker' });
  });

  it('does not create a duplicate for the same e-mail in another case, and still succeeds', async () => {
    const entry = t.factories.waitlistEntry();
    await join(entry, '10.0.0.2');
    const again = await join({ ...entry, email: entry.email.toUpperCase() }, '10.0.0.2');
    expect(again.statusCode).toBe(200);
    const rows = await t.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, entry.email));
    expect(rows).toHaveLength(1);
  });

  it('refuses a missing role with "Please select your role"', async () => {
    const { role: _role, ...withoutRole } = t.factories.waitlistEntry();
    const res = await join(withoutRole, '10.0.0.3');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.role).toBe(WAITLIST_MESSAGES.roleRequired);
  });

  it('refuses an unknown role', async () => {
    const res = await join({ ...t.factories.waitlistEntry(), role: 'admin' }, '10.0.0.4');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.role).toBe(WAITLIST_MESSAGES.roleRequired);
  });

  it('limits one address to 10 sign-ups a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await join(t.factories.waitlistEntry(), '10.0.0.99')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    const refused = await join(t.factories.waitlistEntry(), '10.0.0.99');
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.json().error.message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await join(t.factories.waitlistEntry(), '10.0.0.98')).statusCode).toBe(200); // another address
  });

  it('counts the limit in the database, shared by every server process', async () => {
    const other = await buildApp({ config: t.app.config, database: t.database }); // a second instance
    try {
      for (let i = 0; i < 10; i++) await join(t.factories.waitlistEntry(), '10.0.0.77');
      const res = await other.inject({
        method: 'POST',
        url: '/api/waitlist',
        payload: t.factories.waitlistEntry(),
        remoteAddress: '10.0.0.77',
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('lets exactly ten through across two instances taking turns, and both keep refusing', async () => {
    const other = await t.otherInstance();
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      const app = i % 2 ? other : t.app;
      const res = await app.inject({
        method: 'POST',
        url: '/api/waitlist',
        payload: t.factories.waitlistEntry(),
        remoteAddress: '10.0.0.66',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
  });
});

describe('POST /waitlist (the form before the page script runs)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (fields: Record<string, string>, ip = '10.1.0.1') =>
    t.app.inject({
      method: 'POST',
      url: WAITLIST_FORM.action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: ip,
    });

  it('saves the entry and redirects (303) to the thank-you page, with nothing personal in the address', async () => {
    const entry = t.factories.waitlistEntry({ role: 'company' });
    const res = await post({ name: entry.name, email: ` ${entry.email.toUpperCase()} `, role: 'company' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(WAITLIST_FORM.joinedPath);
    const rows = await t.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, entry.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: entry.name, role: 'company' });
  });

  it('sends an incomplete form back to /waitlist with an error code and saves nothing', async () => {
    const entry = t.factories.waitlistEntry();
    const res = await post({ name: entry.name, email: entry.email }, '10.1.0.2');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(WAITLIST_FORM.errorPath('invalid'));
    const rows = await t.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, entry.email));
    expect(rows).toHaveLength(0);
  });

  it('shares the JSON route limit: the eleventh sign-up from one address in a minute is sent back', async () => {
    for (let i = 0; i < 10; i++) await joinAt(t, t.factories.waitlistEntry(), '10.1.0.99');
    const entry = t.factories.waitlistEntry();
    const res = await post({ name: entry.name, email: entry.email, role: entry.role }, '10.1.0.99');
    expect(res.headers.location).toBe(WAITLIST_FORM.errorPath('rate-limited'));
    const rows = await t.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, entry.email));
    expect(rows).toHaveLength(0);
  });

  it('takes a form post from the page itself even when the browser sends Origin: null (no-referrer policy)', async () => {
    const entry = t.factories.waitlistEntry();
    const res = await t.app.inject({
      method: 'POST',
      url: WAITLIST_FORM.action,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null', 'sec-fetch-site': 'same-origin' },
      payload: new URLSearchParams({ name: entry.name, email: entry.email, role: entry.role }).toString(),
      remoteAddress: '10.1.0.3',
    });
    expect(res.headers.location).toBe(WAITLIST_FORM.joinedPath);
  });

  it('sends a NUL character back as invalid, never a 500', async () => {
    const res = await post({ name: 'A\u0000B', email: 'nul@example.com', role: 'company' }, '10.1.0.4');
    expect(res.headers.location).toBe(WAITLIST_FORM.errorPath('invalid'));
  });

  it('accepts form bodies on this route only: the JSON route refuses them (415)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=A&email=a%40example.com&role=company',
    });
    expect(res.statusCode).toBe(415);
  });
});
