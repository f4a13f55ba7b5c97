import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAITLIST_MESSAGES } from '@referwell/shared';
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
  });
});
