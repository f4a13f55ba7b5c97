import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAITLIST_MESSAGES } from '@referwell/shared';
import { buildApp } from '../../app';
import { waitlistEntries } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

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
});
