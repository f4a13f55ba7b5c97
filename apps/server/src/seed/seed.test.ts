import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { selectRows } from '../db/repository';
import { sharedSetting } from '../db/settings';
import { createTestApp, type TestApp } from '../test/harness';
import { EMPLOYMENT_TYPES, matchScore } from '@referwell/shared';
import { DEMO_LOGINS, seedDemoData } from '.';
import { DEMO_JOBS } from './world/jobs';
import { DEMO_PEOPLE } from './world/people';
import { familyForTitle, familySkills } from './world/roles';

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('fills an empty database once, and every printed login works', async () => {
    const first = await seedDemoData(t.database.db, t.app.secrets);
    expect(first.seeded).toBe(true);
    const second = await seedDemoData(t.database.db, t.app.secrets);
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
    expect(page.json().openPositions).toHaveLength(DEMO_JOBS.filter((j) => j.company === 'northwind').length);

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

    // Northwind's payees: Riley through payroll, Marcus Bell (Lakeshore, a hire referred from outside) on a W-9 whose
    // EIN is sealed at rest and shown by its last four digits only.
    const payeeList = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${company.id}/payees`,
      cookies: { rw_session: admin.cookies.find((c) => c.name === 'rw_session')!.value },
    });
    expect(payeeList.statusCode, payeeList.body).toBe(200);
    const byName = new Map(payeeList.json().payees.map((p: { name: string }) => [p.name, p]));
    expect(byName.get('Riley Okafor')).toMatchObject({ kind: 'employee', payrollId: 'NW-10482' });
    expect(byName.get('Marcus Bell')).toMatchObject({
      kind: 'external',
      w9: { legalName: 'Bell Product Advisory LLC', tinType: 'ein', tinMasked: '**-***8365' },
      paidInYear: [{ currency: 'USD', amount: 2000 }],
    });
    expect(payeeList.body).not.toContain('2918365');
    const [sealedTin] = await selectRows<{ tin: string }>(
      t.database.db,
      sql`select tin_sealed as tin from payees where tin_sealed is not null`,
    );
    expect(sealedTin!.tin.startsWith(`v2.${t.app.secrets.currentKeyId}.`)).toBe(true);

    // Seeding again changes nothing.
    const [counts] = await selectRows<{ users: number; jobs: number; referrals: number }>(
      t.database.db,
      sql`select (select cast(count(*) as int) from users) as users, (select cast(count(*) as int) from job_postings) as jobs,
                 (select cast(count(*) as int) from referrals) as referrals`,
    );
    await seedDemoData(t.database.db, t.app.secrets);
    const [again] = await selectRows(
      t.database.db,
      sql`select (select cast(count(*) as int) from users) as users, (select cast(count(*) as int) from job_postings) as jobs,
                 (select cast(count(*) as int) from referrals) as referrals`,
    );
    expect(again).toEqual(counts);
  });

  it('stores the written jobs, each with skills of its title and every employment type, on the jobs board', async () => {
    const jobs = await selectRows<{ title: string; job_type: string; skills: string[]; salary_max: number | null }>(
      t.database.db,
      sql`select title, job_type, skills, salary_max from job_postings where status = 'OPEN'`,
    );
    expect(jobs.map((j) => j.title).sort()).toEqual(DEMO_JOBS.map((j) => j.title).sort());
    expect(new Set(jobs.map((j) => j.job_type))).toEqual(new Set(EMPLOYMENT_TYPES));
    for (const job of jobs) {
      const allowed = new Set(familySkills(familyForTitle(job.title)!));
      expect(
        job.skills.filter((s) => !allowed.has(s)),
        job.title,
      ).toEqual([]);
      expect(job.salary_max, job.title).toBeGreaterThan(0);
    }
    const board = await t.app.inject({ method: 'GET', url: '/api/jobs?type=full-time' });
    expect(board.statusCode).toBe(200);
    expect(board.json().total).toBe(DEMO_JOBS.filter((j) => j.employmentType === 'full-time').length);
  });

  it('shows an HL7/FHIR candidate a high match on the integration job', async () => {
    const [row] = await selectRows<{ keys: string[]; skills: string[] }>(
      t.database.db,
      sql`select p.skill_keys as keys, j.skills from talent_profiles p join users u on u.id = p.id,
            job_postings j where u.email = 'marcus.webb@example.com' and j.title = 'Senior Integration Engineer (HL7/FHIR)'`,
    );
    expect(matchScore(row!.skills, row!.keys)).toBeGreaterThanOrEqual(50);
  });

  it('gives each seeded person a profile whose experience agrees with their history', async () => {
    const rows = await selectRows<{ name: string; years: number; bio: string; location: string | null }>(
      t.database.db,
      sql`select u.name, p.years_of_experience as years, p.bio, p.location from talent_profiles p join users u on u.id = p.id`,
    );
    expect(rows.length).toBe(DEMO_PEOPLE.length + 1);
    for (const row of rows) {
      expect(row.bio, row.name).toMatch(new RegExp(`^${row.years} years? in healthcare`));
      expect(row.name).not.toMatch(/\b(Mr|Mrs|Ms|Miss|Dr|Jr|Sr|PhD|MD)\b\.?/);
    }
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
    const results = await Promise.all([
      seedDemoData(t.database.db, t.app.secrets),
      seedDemoData(other.db, t.app.secrets),
    ]);
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
