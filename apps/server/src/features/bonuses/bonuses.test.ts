import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_MESSAGES } from '@referwell/shared';
import { createTestApp, requestsTo, type SignedUp, signUp, type TestApp } from '../../test/harness';

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

interface Bonus {
  amount: number;
  currency: string;
  state: string;
  paidOn: string | null;
  dueOn?: string | null;
  ineligibleReason?: string | null;
  paymentReference?: string | null;
}
const refer = async (jobId: string, talentId: string) =>
  ok<{ id: string; bonus: Bonus | null }>('POST', '/api/referrals', member, { jobId, talentId });
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
    expect(initial).toMatchObject({ defaultBonusAmount: null, payoutDelayDays: 90, directApplicationWindowDays: 180 });
    const policy = {
      defaultBonusAmount: 750,
      defaultBonusCurrency: 'EUR',
      payoutDelayDays: 30,
      directApplicationWindowDays: 60,
    };
    expect((await call('PUT', `/api/companies/${companyId}/bonus-policy`, member, policy)).statusCode).toBe(403);
    expect((await call('PUT', `/api/companies/${companyId}/bonus-policy`, otherAdmin, policy)).statusCode).toBe(403);
    expect((await call('GET', `/api/companies/${companyId}/bonus-policy`, otherAdmin)).statusCode).toBe(403);
    expect(
      (await call('PUT', `/api/companies/${companyId}/bonus-policy`, admin, { ...policy, payoutDelayDays: -1 }))
        .statusCode,
    ).toBe(400);
    const saved = await ok<{ rule: string }>('PUT', `/api/companies/${companyId}/bonus-policy`, admin, policy);
    expect(saved.rule).toContain('30 days after');
    expect((await ok('GET', `/api/companies/${companyId}/bonus-policy`, member)).rule).toBe(saved.rule);
  });

  it("gives a referral the job's own bonus, else the company's default", async () => {
    const withBonus = await postJob({ referralBonusAmount: 2000, referralBonusCurrency: 'USD' });
    const without = await postJob();
    const seeker = await signUp(t, { name: 'Casey Candidate' });
    const own = await refer(withBonus.id, seeker.body.user.id);
    expect(own.bonus).toMatchObject({ amount: 2000, currency: 'USD', state: 'awaiting_hire' });
    const byDefault = await refer(without.id, seeker.body.user.id);
    expect(byDefault.bonus).toMatchObject({ amount: 750, currency: 'EUR', state: 'awaiting_hire' });
  });

  it('gives no bonus for a candidate who applied directly first (first touch wins)', async () => {
    const job = await postJob({ referralBonusAmount: 1000, referralBonusCurrency: 'USD' });
    const seeker = await signUp(t, { name: 'Avery Applicant' });
    await ok('POST', `/api/jobs/${job.id}/apply`, seeker, {});
    const late = await refer(job.id, seeker.body.user.id);
    expect(late.bonus).toMatchObject({ state: 'not_eligible', ineligibleReason: 'applied_directly' });
  });

  it("makes a hire's bonus payable the payout delay after the start date", async () => {
    const job = await postJob({ referralBonusAmount: 1000, referralBonusCurrency: 'USD' });
    const seeker = await signUp(t, { name: 'Harper Hire' });
    const made = await refer(job.id, seeker.body.user.id);
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
      made.push({ referral: await refer(job.id, seeker.body.user.id), talentId: seeker.body.user.id });
    }
    await hire(job.id, made[0]!.talentId);
    await hire(job.id, made[1]!.talentId);
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
    const made = await refer(job.id, seeker.body.user.id);
    await hire(job.id, seeker.body.user.id);
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
