import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, REFERRAL_MESSAGES } from '@referwell/shared';
import { createTestApp, requestsTo, type SignedUp, signUp, type TestApp, withSession } from '../../test/harness';
import { drainQueue } from '../../test/queue';

let t: TestApp;
let admin: SignedUp;
let member: SignedUp;
let otherAdmin: SignedUp;
let companyId: string;

const { call, ok } = requestsTo(() => t);

let jobs = 0;
const postJob = (bonus: { referralBonusAmount?: number; referralBonusCurrency?: string } = {}) =>
  ok<{ id: string }>('POST', '/api/jobs', admin, {
    title: `Bonus Policy Engineer ${++jobs}`,
    company: 'Bonus Health',
    location: 'Remote',
    employmentType: 'full-time',
    description: 'Connect hospital EHRs.',
    requirements: 'HL7 and FHIR.',
    skills: ['FHIR'],
    ...bonus,
  });

/** A day relative to today (UTC), yyyy-mm-dd. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

interface AuditEntry {
  action: string;
  subject: { id: string | null };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
const auditOf = async (action: string) =>
  (await ok<{ items: AuditEntry[] }>('GET', `/api/companies/${companyId}/audit-log?action=${action}`, admin)).items;

interface Bonus {
  amount: number;
  currency: string;
  state: string;
  paidOn: string | null;
  dueOn?: string | null;
  ineligibleReason?: string | null;
  paymentReference?: string | null;
  paidEarlyReason?: string | null;
}
/** The member refers the seeker, who confirms (a referral reaches the company, and its bonus moves, from then on). */
const refer = async (jobId: string, seeker: SignedUp) => {
  const made = await ok<{ id: string; bonus: Bonus | null }>('POST', '/api/referrals', member, {
    jobId,
    talentId: seeker.body.user.id,
  });
  await ok('POST', `/api/referrals/${made.id}/consent`, seeker, { decision: 'confirm' });
  return made;
};
const referral = (id: string, who: SignedUp = member) =>
  ok<{ bonus: Bonus | null }>('GET', `/api/referrals/${id}`, who);
const hire = (jobId: string, talentId: string, startDate?: string) =>
  ok('PUT', `/api/jobs/${jobId}/tracking/${talentId}`, admin, { status: 'Hired', startDate });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Bonus Health' });
  companyId = admin.body.company!.id;
  const { inviteCode } = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
  member = await signUp(t, { role: 'referrer', inviteCode, name: 'Riley Referrer' });
  otherAdmin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Elsewhere Clinic' });
});
afterAll(() => t.close());

describe('bonus policy', () => {
  it('starts at the defaults; admins set it and members read its rule before they refer', async () => {
    const initial = await ok('GET', `/api/companies/${companyId}/bonus-policy`, member);
    expect(initial).toMatchObject({
      defaultBonusAmount: null,
      payoutDelayDays: 90,
      ownershipMonths: 6,
      retentionCheckDays: null,
    });
    const policy = {
      defaultBonusAmount: 750,
      defaultBonusCurrency: 'EUR',
      payoutDelayDays: 30,
      ownershipMonths: 2,
      retentionCheckDays: null,
      applyToScheduled: false,
    };
    expect((await call('PUT', `/api/companies/${companyId}/bonus-policy`, member, policy)).statusCode).toBe(403);
    expect((await call('PUT', `/api/companies/${companyId}/bonus-policy`, otherAdmin, policy)).statusCode).toBe(403);
    expect((await call('GET', `/api/companies/${companyId}/bonus-policy`, otherAdmin)).statusCode).toBe(403);
    expect(
      (await call('PUT', `/api/companies/${companyId}/bonus-policy`, admin, { ...policy, payoutDelayDays: -1 }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', `/api/companies/${companyId}/bonus-policy`, admin, { ...policy, ownershipMonths: 0 }))
        .statusCode,
    ).toBe(400);
    const saved = await ok<{ rule: string; ownershipRule: string }>(
      'PUT',
      `/api/companies/${companyId}/bonus-policy`,
      admin,
      policy,
    );
    expect(saved.rule).toContain('30 days after');
    expect(saved.ownershipRule).toContain('counts for 2 months');
    expect(await ok('GET', `/api/companies/${companyId}/bonus-policy`, member)).toMatchObject({
      rule: saved.rule,
      ownershipRule: saved.ownershipRule,
    });
  });

  it("gives a referral the job's own bonus, else the company's default", async () => {
    const withBonus = await postJob({ referralBonusAmount: 2000, referralBonusCurrency: 'USD' });
    const without = await postJob();
    const seeker = await signUp(t, { name: 'Casey Candidate' });
    const own = await refer(withBonus.id, seeker);
    expect(own.bonus).toMatchObject({ amount: 2000, currency: 'USD', state: 'awaiting_hire' });
    const byDefault = await refer(without.id, seeker);
    expect(byDefault.bonus).toMatchObject({ amount: 750, currency: 'EUR', state: 'awaiting_hire' });
  });

  it('refuses a referral of a candidate who applied directly first, in the rule’s words (first touch wins)', async () => {
    const job = await postJob({ referralBonusAmount: 1000, referralBonusCurrency: 'USD' });
    const seeker = await signUp(t, { name: 'Avery Applicant' });
    await ok('POST', `/api/jobs/${job.id}/apply`, seeker, {});
    const late = await call('POST', '/api/referrals', member, { jobId: job.id, talentId: seeker.body.user.id });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toContain('applied to this job directly within the last 2 months');
  });

  it("makes a hire's bonus payable the payout delay after the start date", async () => {
    const job = await postJob({ referralBonusAmount: 1000, referralBonusCurrency: 'USD' });
    const seeker = await signUp(t, { name: 'Harper Hire' });
    const made = await refer(job.id, seeker);
    await hire(job.id, seeker.body.user.id, '2026-12-01');
    expect((await referral(made.id)).bonus).toMatchObject({ state: 'due', dueOn: '2026-12-31' });
  });
});

describe('paying bonuses', () => {
  it('marks due bonuses paid in bulk with a date and reference, and the referrer sees the same', async () => {
    const job = await postJob({ referralBonusAmount: 500, referralBonusCurrency: 'USD' });
    const made = [];
    for (const name of ['Blake One', 'Blake Two', 'Blake Three']) {
      const seeker = await signUp(t, { name });
      made.push({ referral: await refer(job.id, seeker), talentId: seeker.body.user.id });
    }
    await hire(job.id, made[0]!.talentId, dayFromToday(-40));
    await hire(job.id, made[1]!.talentId, dayFromToday(-40));
    const url = `/api/companies/${companyId}/bonuses/paid`;
    const body = (ids: string[]) => ({ referralIds: ids, paidOn: '2026-11-20', reference: 'PAYROLL-2026-11' });
    const all = made.map((m) => m.referral.id);

    // The admin's list of due bonuses (what the bulk payout picks from): the two hires, not the third.
    const dueList = async () =>
      (await ok<{ id: string; jobId: string }[]>('GET', '/api/referrals?scope=company&bonus=due&limit=100', admin))
        .filter((r) => r.jobId === job.id)
        .map((r) => r.id);
    expect((await dueList()).sort()).toEqual(all.slice(0, 2).sort());
    expect((await call('GET', '/api/referrals?scope=company&bonus=due', member)).statusCode).toBe(403);

    // One is still awaiting its hire: nothing is paid.
    const refused = await call('POST', url, admin, body(all));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(REFERRAL_MESSAGES.bonusNotDue);
    expect((await referral(all[0]!)).bonus!.state).toBe('due');
    expect((await call('POST', url, member, body(all.slice(0, 2)))).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/companies/${companyId}/bonuses/paid`, otherAdmin, body(all.slice(0, 2)))).statusCode,
    ).toBe(403);

    expect(await ok('POST', url, admin, body(all.slice(0, 2)))).toEqual({ paid: 2 });
    for (const id of all.slice(0, 2))
      expect((await referral(id)).bonus).toMatchObject({
        state: 'paid',
        paidOn: '2026-11-20',
        paymentReference: 'PAYROLL-2026-11',
      });
    expect((await call('POST', url, admin, body(all.slice(0, 1)))).statusCode).toBe(409);
    expect(await dueList()).toEqual([]);
  });

  it('marks one bonus paid with its reference', async () => {
    const job = await postJob({ referralBonusAmount: 300, referralBonusCurrency: 'USD' });
    const seeker = await signUp(t, { name: 'Morgan Single' });
    const made = await refer(job.id, seeker);
    await hire(job.id, seeker.body.user.id, dayFromToday(-40));
    await ok('POST', `/api/referrals/${made.id}/bonus-paid`, admin, { paidOn: '2026-11-21', reference: 'TX-9' });
    expect((await referral(made.id)).bonus).toMatchObject({
      state: 'paid',
      paidOn: '2026-11-21',
      paymentReference: 'TX-9',
    });
    // The referrer is told in the words and formats of every screen: the amount in the job's currency, the day.
    const { items } = await ok<{ items: { message: string }[] }>('GET', '/api/notifications', member);
    expect(items.map((n) => n.message)).toContain(
      'Your referral bonus for Morgan Single ($300) was paid on Nov 21, 2026 (reference TX-9).',
    );
  });
});

describe('bonuses due now, upcoming, and paid early', () => {
  const listIds = async (due: 'now' | 'upcoming', jobId: string) =>
    (
      await ok<{ id: string; jobId: string; bonus: Bonus }[]>(
        'GET',
        `/api/referrals?scope=company&bonus=due&due=${due}&limit=100`,
        admin,
      )
    )
      .filter((r) => r.jobId === jobId)
      .map((r) => ({ id: r.id, dueOn: r.bonus.dueOn }));

  /** The bonuses CSV for payroll, prepared on the queue and downloaded: its lines without the BOM. */
  const bonusesCsv = async () => {
    const asked = await call('POST', `/api/companies/${companyId}/exports/bonuses`, admin, { period: '30d' });
    expect(asked.statusCode, asked.body).toBe(202);
    await drainQueue(t.database);
    const { exports } = await ok<{ exports: { id: string; downloadUrl: string }[] }>(
      'GET',
      `/api/companies/${companyId}/exports`,
      admin,
    );
    const ready = exports.find((e) => e.id === asked.json().id)!;
    const res = await t.app.inject({ method: 'GET', url: ready.downloadUrl, ...withSession(admin.token) });
    expect(res.statusCode).toBe(200);
    return res.body.slice(1).split('\r\n').slice(0, -1);
  };

  it('lists a bonus not due yet apart, refuses to pay it without the explicit early payment, and records that', async () => {
    const job = await postJob({ referralBonusAmount: 3000, referralBonusCurrency: 'USD' });
    const seeker = await signUp(t, { name: 'Early Eden' });
    const made = await refer(job.id, seeker);
    await hire(job.id, seeker.body.user.id, dayFromToday(0)); // the policy's 30 days: due in a month
    const dueOn = dayFromToday(30);
    expect(await listIds('now', job.id)).toEqual([]);
    expect(await listIds('upcoming', job.id)).toEqual([{ id: made.id, dueOn }]);

    // Marking it paid, singly or in bulk, is refused with its due day; nothing is written.
    const notYet = REFERRAL_MESSAGES.bonusNotYetDue(formatDate(dueOn));
    const bulk = await call('POST', `/api/companies/${companyId}/bonuses/paid`, admin, { referralIds: [made.id] });
    expect([bulk.statusCode, bulk.json().error.message]).toEqual([409, notYet]);
    const single = await call('POST', `/api/referrals/${made.id}/bonus-paid`, admin, {});
    expect([single.statusCode, single.json().error.message]).toEqual([409, notYet]);
    expect((await referral(made.id)).bonus).toMatchObject({ state: 'due', paidOn: null });

    // Paying early is its own action, for admins, with a reason.
    const early = `/api/companies/${companyId}/bonuses/${made.id}/paid-early`;
    expect((await call('POST', early, admin, { reason: ' ' })).statusCode).toBe(400);
    expect((await call('POST', early, member, { reason: 'Agreed at signing' })).statusCode).toBe(403);
    expect((await call('POST', early, otherAdmin, { reason: 'Agreed at signing' })).statusCode).toBe(403);
    expect(
      await ok('POST', early, admin, { reason: 'Agreed at signing', paidOn: dayFromToday(0), reference: 'EARLY-1' }),
    ).toEqual({ paid: 1 });
    expect((await referral(made.id)).bonus).toMatchObject({
      state: 'paid',
      paidOn: dayFromToday(0),
      paymentReference: 'EARLY-1',
      paidEarlyReason: 'Agreed at signing',
    });
    // Twice is refused, either way.
    const again = await call('POST', early, admin, { reason: 'Agreed at signing' });
    expect([again.statusCode, again.json().error.message]).toEqual([409, REFERRAL_MESSAGES.bonusNotDue]);
    expect((await call('POST', `/api/referrals/${made.id}/bonus-paid`, admin, {})).statusCode).toBe(409);

    // The audit log says it was paid early, before which day, and why; the payroll CSV says so too.
    const [entry] = (await auditOf('referral.bonus_paid_early')).filter((e) => e.subject.id === made.id);
    expect(entry).toMatchObject({
      before: { bonusState: 'due', dueOn },
      after: { bonusState: 'paid', reason: 'Agreed at signing', amount: 3000, currency: 'USD' },
    });
    expect(await auditOf('referral.bonus_paid')).not.toContainEqual(
      expect.objectContaining({ subject: expect.objectContaining({ id: made.id }) }),
    );
    const lines = await bonusesCsv();
    expect(lines[0]).toContain('Payment reference,Paid early,Payroll ID,Referral ID');
    const row = (parseCsv(lines.slice(1).join('\r\n')) as string[][]).find((r) => r.at(-1) === made.id)!;
    expect(row.slice(4)).toEqual([
      '$3,000',
      'USD',
      'Paid',
      formatDate(dayFromToday(0)),
      formatDate(dueOn),
      formatDate(dayFromToday(0)),
      'EARLY-1',
      'Yes: Agreed at signing',
      '',
      made.id,
    ]);
  });

  it('refuses an early payment of a bonus that is due already: it is marked paid as usual', async () => {
    const job = await postJob({ referralBonusAmount: 400, referralBonusCurrency: 'USD' });
    const seeker = await signUp(t, { name: 'Due Dana' });
    const made = await refer(job.id, seeker);
    await hire(job.id, seeker.body.user.id, dayFromToday(-40));
    expect(await listIds('now', job.id)).toEqual([{ id: made.id, dueOn: dayFromToday(-10) }]);
    const early = await call('POST', `/api/companies/${companyId}/bonuses/${made.id}/paid-early`, admin, {
      reason: 'Habit',
    });
    expect([early.statusCode, early.json().error.message]).toEqual([409, REFERRAL_MESSAGES.bonusAlreadyPayable]);
    await ok('POST', `/api/referrals/${made.id}/bonus-paid`, admin, {});
    expect((await referral(made.id)).bonus).toMatchObject({ state: 'paid', paidEarlyReason: null });
  });

  it('applies a policy change to bonuses already scheduled only when told to, and says so', async () => {
    const put = (body: object) => call('PUT', `/api/companies/${companyId}/bonus-policy`, admin, body);
    const policy = {
      defaultBonusAmount: 750,
      defaultBonusCurrency: 'EUR',
      payoutDelayDays: 30,
      ownershipMonths: 2,
      retentionCheckDays: null,
    };
    const job = await postJob({ referralBonusAmount: 1200, referralBonusCurrency: 'USD' });
    const seeker = await signUp(t, { name: 'Policy Pat' });
    const made = await refer(job.id, seeker);
    await hire(job.id, seeker.body.user.id, dayFromToday(-5));
    expect(await listIds('upcoming', job.id)).toEqual([{ id: made.id, dueOn: dayFromToday(25) }]);

    // The change must say whether it applies to them.
    const unsaid = await put({ ...policy, payoutDelayDays: 0 });
    expect(unsaid.statusCode).toBe(400);
    expect((await ok('GET', `/api/companies/${companyId}/bonus-policy`, admin)).payoutDelayDays).toBe(30);

    // Only for new hires: the scheduled bonus keeps its day.
    const kept = await put({ ...policy, payoutDelayDays: 0, applyToScheduled: false });
    expect(kept.json()).toMatchObject({ payoutDelayDays: 0, rescheduled: 0 });
    expect(await listIds('upcoming', job.id)).toEqual([{ id: made.id, dueOn: dayFromToday(25) }]);

    // Applied to scheduled bonuses: its day moves to the start date, so it is due now.
    const applied = await put({ ...policy, payoutDelayDays: 0, applyToScheduled: true });
    expect(applied.json().rescheduled).toBeGreaterThanOrEqual(1);
    expect(await listIds('now', job.id)).toEqual([{ id: made.id, dueOn: dayFromToday(-5) }]);
    const changes = await auditOf('bonus_policy.changed');
    expect(changes[0]).toMatchObject({
      before: { payoutDelayDays: 0, payableAfterDays: 0 },
      after: { payoutDelayDays: 0, applyToScheduled: true, rescheduled: applied.json().rescheduled },
    });
    expect(changes[1]).toMatchObject({
      before: { payoutDelayDays: 30 },
      after: { payoutDelayDays: 0, applyToScheduled: false, rescheduled: 0 },
    });
    await ok('PUT', `/api/companies/${companyId}/bonus-policy`, admin, { ...policy, applyToScheduled: false });
  });

  it('pays a bonus under a retention check only when the admin confirms the hire is still employed on its day', async () => {
    const put = (body: object) => ok('PUT', `/api/companies/${companyId}/bonus-policy`, admin, body);
    const policy = {
      defaultBonusAmount: null,
      defaultBonusCurrency: null,
      payoutDelayDays: 10,
      ownershipMonths: 2,
      applyToScheduled: false,
    };
    const saved = await put({ ...policy, retentionCheckDays: 20 });
    expect(saved.rule).toBe(
      "A bonus is paid 20 days after your referral's start date, once the company confirms they are still employed on day 20. " +
        'No bonus for referring yourself, or for a candidate who applied to the job directly in the 2 months before your referral: the first touch wins.',
    );
    const job = await postJob({ referralBonusAmount: 800, referralBonusCurrency: 'USD' });
    const seeker = await signUp(t, { name: 'Retained Robin' });
    const made = await refer(job.id, seeker);
    await hire(job.id, seeker.body.user.id, dayFromToday(-25));
    // Due on day 20 (the check's day is later than the payout delay's).
    expect(await listIds('now', job.id)).toEqual([{ id: made.id, dueOn: dayFromToday(-5) }]);
    const unconfirmed = await call('POST', `/api/companies/${companyId}/bonuses/paid`, admin, {
      referralIds: [made.id],
    });
    expect([unconfirmed.statusCode, unconfirmed.json().error.message]).toEqual([
      409,
      REFERRAL_MESSAGES.retentionUnconfirmed(20),
    ]);
    expect((await referral(made.id)).bonus!.state).toBe('due');
    await ok('POST', `/api/companies/${companyId}/bonuses/paid`, admin, {
      referralIds: [made.id],
      stillEmployed: true,
    });
    expect((await referral(made.id)).bonus!.state).toBe('paid');
    const [entry] = (await auditOf('referral.bonus_paid')).filter((e) => e.subject.id === made.id);
    expect(entry!.after).toMatchObject({ stillEmployedConfirmed: true });
    await put({ ...policy, payoutDelayDays: 30, retentionCheckDays: null });
  });

  it('runs the clock of a hire without a start date from the hire day, and moves it when the admin sets the date', async () => {
    const job = await postJob({ referralBonusAmount: 900, referralBonusCurrency: 'USD' });
    const seeker = await signUp(t, { name: 'Unknown Start' });
    const made = await refer(job.id, seeker);
    await hire(job.id, seeker.body.user.id); // no start date: the policy's 30 days from today
    expect((await referral(made.id)).bonus).toMatchObject({ state: 'due', dueOn: dayFromToday(30), dueFrom: 'hire' });
    expect(await listIds('now', job.id)).toEqual([]);
    expect(await listIds('upcoming', job.id)).toEqual([{ id: made.id, dueOn: dayFromToday(30) }]);
    const paid = await call('POST', `/api/referrals/${made.id}/bonus-paid`, admin, {});
    expect([paid.statusCode, paid.json().error.message]).toEqual([
      409,
      REFERRAL_MESSAGES.bonusNotYetDue(formatDate(dayFromToday(30))),
    ]);

    // Only the company admin sets it, to a real date.
    const url = `/api/referrals/${made.id}/start-date`;
    expect((await call('PUT', url, member, { startDate: dayFromToday(-40) })).statusCode).toBe(403);
    expect((await call('PUT', url, otherAdmin, { startDate: dayFromToday(-40) })).statusCode).toBe(404);
    const bad = await call('PUT', url, admin, { startDate: '2026-02-30' });
    expect([bad.statusCode, bad.json().error.fields]).toEqual([400, { startDate: 'Please enter a valid date' }]);
    expect((await call('PUT', url, admin, {})).statusCode).toBe(400);

    // Set: the bonus is due 30 days after it, now.
    const set = await ok<{ bonus: Bonus & { dueFrom: string }; viewer: { canSetStartDate: boolean } }>(
      'PUT',
      url,
      admin,
      { startDate: dayFromToday(-40) },
    );
    expect(set.bonus).toMatchObject({ state: 'due', dueOn: dayFromToday(-10), dueFrom: 'start' });
    expect(set.viewer.canSetStartDate).toBe(true);
    expect(await listIds('now', job.id)).toEqual([{ id: made.id, dueOn: dayFromToday(-10) }]);
    const [entry] = (await auditOf('referral.start_date_set')).filter((e) => e.subject.id === made.id);
    expect(entry).toMatchObject({
      before: { startDate: null, dueOn: dayFromToday(30) },
      after: { startDate: dayFromToday(-40), dueOn: dayFromToday(-10) },
    });
    await ok('POST', `/api/referrals/${made.id}/bonus-paid`, admin, {});

    // A candidate not hired has no start date to set.
    const other = await signUp(t, { name: 'Not Hired Yet' });
    const pending = await refer(job.id, other);
    const early = await call('PUT', `/api/referrals/${pending.id}/start-date`, admin, { startDate: dayFromToday(-1) });
    expect([early.statusCode, early.json().error.message]).toEqual([409, REFERRAL_MESSAGES.startDateNotHired]);
  });

  it('migration 0058 gives a due bonus left without a day (hired before the fix) the hire day plus the delay', async () => {
    const job = await postJob({ referralBonusAmount: 700, referralBonusCurrency: 'USD' });
    const seeker = await signUp(t, { name: 'Legacy Lee' });
    const made = await refer(job.id, seeker);
    await hire(job.id, seeker.body.user.id);
    // As a hire recorded without a start date was kept before: due, with no day; hired 50 days ago.
    const db = t.database.db;
    await db.execute(sql`update referrals set bonus_due_on = null where id = ${made.id}`);
    await db.execute(
      sql`update candidate_pipelines set hired_at = now() - interval '50 days'
          where job_id = ${job.id} and talent_id = ${seeker.body.user.id}`,
    );
    expect((await referral(made.id)).bonus).toMatchObject({ state: 'due', dueOn: null });
    const migration = readFileSync(
      path.join(import.meta.dirname, '../../db/migrations/0058_polish_bonus_clock_from_hire.sql'),
      'utf8',
    );
    await db.execute(sql.raw(migration));
    // The policy's delay from the hire day, counted from the hire date.
    const policy = await ok<{ payoutDelayDays: number; retentionCheckDays: number | null }>(
      'GET',
      `/api/companies/${companyId}/bonus-policy`,
      admin,
    );
    const days = Math.max(policy.payoutDelayDays, policy.retentionCheckDays ?? 0);
    expect((await referral(made.id)).bonus).toMatchObject({ dueOn: dayFromToday(days - 50), dueFrom: 'hire' });
  });
});
