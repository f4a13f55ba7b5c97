import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { selectRows } from '../db/repository';
import { sharedSetting } from '../db/settings';
import { createTestApp, type TestApp } from '../test/harness';
import { DEMO_LOGINS, seedDemoData } from '.';

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('fills an empty database once, and every printed login works', async () => {
    const first = await seedDemoData(t.database.db);
    expect(first.seeded).toBe(true);
    const second = await seedDemoData(t.database.db);
    expect(second).toEqual({ seeded: false, logins: DEMO_LOGINS });

    for (const login of DEMO_LOGINS) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: login.email, password: login.password },
      });
      expect(res.statusCode, login.email).toBe(200);
    }
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_LOGINS[0]!.email, password: DEMO_LOGINS[0]!.password },
    });
    const company = admin.json().company;
    expect(company).toMatchObject({ name: 'Northwind Health', role: 'companyAdmin' });
    const page = await t.app.inject({ method: 'GET', url: `/api/companies/by-slug/${company.slug}` });
    expect(page.json().openPositions).toHaveLength(4);

    // The demo referrer's dashboard figures come from seeded referrals, not fixed numbers.
    const referrer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_LOGINS[1]!.email, password: DEMO_LOGINS[1]!.password },
    });
    const cookie = referrer.cookies.find((c) => c.name === 'rw_session')!;
    const board = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/referrer',
      cookies: { rw_session: cookie.value },
    });
    // Every stage and bonus state is seeded: paid, due, awaiting hire, void and not eligible.
    expect(board.json().totals).toMatchObject({ total: 7, completed: 2, accepted: 2, rejected: 1, pending: 2 });
    expect(board.json().totals.bonuses.paid).toHaveLength(1);
    expect(board.json().totals.bonuses.due).toHaveLength(1);
    expect(board.json().pendingRequests).toBe(1);
  });
});

describe('demo seed on instances booting at once', () => {
  let t: TestApp;
  let other: Database;
  beforeAll(async () => {
    t = await createTestApp();
    other = await openDatabase({ databaseUrl: t.database.url });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('seeds an empty database exactly once', async () => {
    const results = await Promise.all([seedDemoData(t.database.db), seedDemoData(other.db)]);
    expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
    for (const r of results) expect(r.logins).toEqual(DEMO_LOGINS);
    const [counts] = await selectRows<{ admins: number; companies: number }>(
      t.database.db,
      sql`select (select cast(count(*) as int) from users where email = ${DEMO_LOGINS[0]!.email}) as admins,
                 (select cast(count(*) as int) from companies) as companies`,
    );
    expect(counts).toEqual({ admins: 1, companies: 3 });
  });

  it('share one generated session secret', async () => {
    const make = () => randomBytes(32).toString('base64url');
    const [a, b] = await Promise.all([
      sharedSetting(t.database.db, 'session_secret', make),
      sharedSetting(other.db, 'session_secret', make),
    ]);
    expect(a).toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(32);
  });
});
