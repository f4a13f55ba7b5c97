import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { type TrackingStatus } from '@referwell/shared';
import { callAs, createTestApp, okAs, type SignedUp, signUp, type TestApp } from '../../test/harness';
import { rollupRecounts } from '../../test/rollups';

/**
 * The pipeline's analytics rollups (furthest stage reached, first hire) follow every write to the stage history
 * through the API: tracking moves, referral status changes, undo and a candidate's withdrawal.
 */
let t: TestApp;
let admin: SignedUp;
let member: SignedUp;
const seekers: SignedUp[] = [];
let seekerIndex = 0;

const query = async <T>(statement: SQL) => ((await t.app.db.execute(statement)) as unknown as { rows: T[] }).rows;

interface Rollup {
  rank: number;
  hiredAt: Date | null;
  /** The referral's funnel level, set by the services (referralFunnelLevel). */
  level: number;
  /** The same figures computed from the history (undone changes excluded), the consent and the application. */
  fromHistory: { rank: number; hiredAt: Date | null; level: number };
}

async function rollupOf(jobId: string, talentId: string): Promise<Rollup> {
  const rows = await query<{
    rank: number;
    hired_at: Date | null;
    history_rank: number;
    history_hired_at: Date | null;
    level: number;
    history_level: number;
  }>(sql`select p.reached_rank as rank, p.hired_at, rf.funnel_level as level,
      (select coalesce(max(case h.to_stage when 'contacted' then 1 when 'scheduled' then 2 when 'interviewed' then 3
        when 'offer' then 4 when 'hired' then 5 else 0 end), 0) from pipeline_stage_changes h
        where h.pipeline_id = p.id and h.undone_at is null)::int as history_rank,
      (select min(h.created_at) from pipeline_stage_changes h
        where h.pipeline_id = p.id and h.undone_at is null and h.to_stage = 'hired') as history_hired_at,
      (select case when r.rank >= 5 then 6 when r.rank >= 4 then 5 when r.rank >= 3 then 4
          when p.applied_at is not null or r.rank >= 1 then 3 when rf.consent = 'confirmed' then 2 else 1 end
        from (select coalesce(max(case h.to_stage when 'contacted' then 1 when 'scheduled' then 2
          when 'interviewed' then 3 when 'offer' then 4 when 'hired' then 5 else 0 end), 0) as rank
          from pipeline_stage_changes h where h.pipeline_id = p.id and h.undone_at is null) r)::int as history_level
    from candidate_pipelines p join referrals rf on rf.job_id = p.job_id and rf.talent_id = p.talent_id
    where p.job_id = ${jobId}::uuid and p.talent_id = ${talentId}::uuid`);
  const row = rows[0]!;
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    rank: row.rank,
    hiredAt: date(row.hired_at),
    level: row.level,
    fromHistory: { rank: row.history_rank, hiredAt: date(row.history_hired_at), level: row.history_level },
  };
}

const expectStageCounts = (jobId: string) => rollupRecounts(t.app.db).expectStageCounts(jobId);
const expectBonusTotals = (jobId: string) => rollupRecounts(t.app.db).expectBonusTotals(jobId);
const expectMonthCounts = () => rollupRecounts(t.app.db).expectMonthCounts();
const expectApplicationMonths = () => rollupRecounts(t.app.db).expectApplicationMonths();
const expectRequestFacts = () => rollupRecounts(t.app.db).expectRequestFacts();

/**
 * The rollup equals the history's figures and has the expected rank (hired or not); so do the job's stage counts,
 * bonus totals, the monthly referral counts and the monthly applications.
 */
async function expectRollup(jobId: string, talentId: string, rank: number, hired: boolean) {
  await expectStageCounts(jobId);
  await expectBonusTotals(jobId);
  await expectMonthCounts();
  await expectApplicationMonths();
  const rollup = await rollupOf(jobId, talentId);
  expect({ rank: rollup.rank, hiredAt: rollup.hiredAt, level: rollup.level }).toEqual(rollup.fromHistory);
  expect(rollup.rank).toBe(rank);
  expect(rollup.hiredAt !== null).toBe(hired);
  return rollup;
}

async function referredCandidate(apply = true) {
  const job = await okAs<{ id: string }>(t, 'POST', '/api/jobs', member, {
    title: `Rollup Analyst ${seekerIndex}`,
    company: 'Rollup Health',
    location: 'Remote',
    employmentType: 'full-time',
    description: 'Interfaces.',
    requirements: 'HL7.',
    referralBonusAmount: 1000,
    referralBonusCurrency: 'USD',
  });
  const seeker = seekers[seekerIndex++]!;
  const referral = await okAs<{ id: string }>(t, 'POST', '/api/referrals', member, {
    talentId: seeker.body.user.id,
    jobId: job.id,
  });
  if (apply) {
    await okAs(t, 'POST', `/api/referrals/${referral.id}/consent`, seeker, { decision: 'confirm' });
    await okAs(t, 'POST', `/api/jobs/${job.id}/apply`, seeker);
  }
  return { jobId: job.id, talentId: seeker.body.user.id, referralId: referral.id, seeker };
}

const track = (jobId: string, talentId: string, status: TrackingStatus) =>
  okAs<{ undoable?: { id: string } | null }>(t, 'PUT', `/api/jobs/${jobId}/tracking/${talentId}`, admin, {
    status,
    ...(status === 'Decline' ? { reason: 'another_candidate' } : {}),
  });
const undo = async (changeId: string) =>
  expect((await callAs(t, 'POST', `/api/pipeline-changes/${changeId}/undo`, admin)).statusCode).toBe(204);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Rollup Health' });
  const { inviteCode } = await okAs<{ inviteCode: string }>(
    t,
    'GET',
    `/api/companies/${admin.body.company!.id}/team`,
    admin,
  );
  member = await signUp(t, { role: 'referrer', companyType: 'join', companyName: 'Rollup Health', inviteCode });
  for (let i = 0; i < 12; i++) seekers.push(await signUp(t, { name: `Rollup Seeker ${i}` }));
});
afterAll(() => t.close());

describe('pipeline rollups', () => {
  it('follow every tracking move, keep the furthest stage after a decline, and keep the first hire', async () => {
    const { jobId, talentId } = await referredCandidate();
    await expectRollup(jobId, talentId, 0, false);
    const ranks: [TrackingStatus, number, boolean][] = [
      ['Contacted', 1, false],
      ['Scheduled', 2, false],
      ['Interviewed', 3, false],
      ['Offer', 4, false],
      ['Hired', 5, true],
      ['Decline', 5, true],
    ];
    let firstHire: Date | null = null;
    for (const [status, rank, hired] of ranks) {
      await track(jobId, talentId, status);
      const rollup = await expectRollup(jobId, talentId, rank, hired);
      firstHire ??= rollup.hiredAt;
    }
    await track(jobId, talentId, 'Hired');
    expect((await expectRollup(jobId, talentId, 5, true)).hiredAt).toEqual(firstHire);
  });

  it('go back on undo: a hire undone is no hire, an offer undone leaves the interview', async () => {
    const { jobId, talentId } = await referredCandidate();
    await track(jobId, talentId, 'Interviewed');
    const offer = await track(jobId, talentId, 'Offer');
    await expectRollup(jobId, talentId, 4, false);
    await undo(offer.undoable!.id);
    await expectRollup(jobId, talentId, 3, false);
    const hired = await track(jobId, talentId, 'Hired');
    await expectRollup(jobId, talentId, 5, true);
    await undo(hired.undoable!.id);
    await expectRollup(jobId, talentId, 3, false);
  });

  it('follow a referral status change and its undo', async () => {
    const { jobId, talentId, referralId } = await referredCandidate();
    const completed = await okAs<{ undoable?: { id: string } | null }>(
      t,
      'PATCH',
      `/api/referrals/${referralId}/status`,
      admin,
      { status: 'completed' },
    );
    await expectRollup(jobId, talentId, 5, true);
    await undo(completed.undoable!.id);
    await expectRollup(jobId, talentId, 0, false);
  });

  it('stay at zero when a candidate declines the referral and is withdrawn', async () => {
    const { jobId, talentId, referralId, seeker } = await referredCandidate(false);
    await okAs(t, 'POST', `/api/referrals/${referralId}/consent`, seeker, { decision: 'decline' });
    const rows = await query<{ stage: string }>(
      sql`select stage from candidate_pipelines where job_id = ${jobId}::uuid and talent_id = ${talentId}::uuid`,
    );
    expect(rows[0]!.stage).toBe('withdrawn');
    await expectRollup(jobId, talentId, 0, false);
  });

  it("keep the referral's funnel level through consent, application, moves, undo and a status change", async () => {
    const { jobId, talentId, referralId, seeker } = await referredCandidate(false);
    const level = async () =>
      (await expectRollup(jobId, talentId, (await rollupOf(jobId, talentId)).rank, false)).level;
    expect(await level()).toBe(1);
    await okAs(t, 'POST', `/api/referrals/${referralId}/consent`, seeker, { decision: 'confirm' });
    expect(await level()).toBe(2);
    await okAs(t, 'POST', `/api/jobs/${jobId}/apply`, seeker);
    expect(await level()).toBe(3);
    await track(jobId, talentId, 'Interviewed');
    expect(await level()).toBe(4);
    const offer = await track(jobId, talentId, 'Offer');
    expect(await level()).toBe(5);
    await undo(offer.undoable!.id);
    expect(await level()).toBe(4);
    const completed = await okAs<{ undoable?: { id: string } | null }>(
      t,
      'PATCH',
      `/api/referrals/${referralId}/status`,
      admin,
      { status: 'completed' },
    );
    expect((await expectRollup(jobId, talentId, 5, true)).level).toBe(6);
    expect((await expectBonusTotals(jobId)).map((row) => row.state)).toEqual(['due']);
    await undo(completed.undoable!.id);
    expect(await level()).toBe(4);
    expect((await expectBonusTotals(jobId)).map((row) => row.state)).toEqual(['awaiting_hire']);
    // Started long enough ago for the bonus to be payable on the day it is paid.
    await okAs(t, 'PATCH', `/api/referrals/${referralId}/status`, admin, {
      status: 'completed',
      startDate: '2025-09-01',
    });
    await okAs(t, 'POST', `/api/companies/${admin.body.company!.id}/bonuses/paid`, admin, {
      referralIds: [referralId],
      paidOn: '2026-01-15',
      reference: 'PAY-1',
    });
    const paid = await expectBonusTotals(jobId);
    expect(paid.map(({ state, day, n }) => ({ state, day, n }))).toEqual([{ state: 'paid', day: '2026-01-15', n: 1 }]);
    await rollupRecounts(t.app.db).expectFunnelLevels();
  });

  it('count a referral at its level from the start when the candidate had applied first', async () => {
    const job = await okAs<{ id: string }>(t, 'POST', '/api/jobs', member, {
      title: 'Rollup Applied First',
      company: 'Rollup Health',
      location: 'Remote',
      employmentType: 'full-time',
      description: 'Interfaces.',
      requirements: 'HL7.',
    });
    const seeker = seekers[seekerIndex++]!;
    await okAs(t, 'POST', `/api/jobs/${job.id}/apply`, seeker);
    // An application older than the ownership rule's 6 months starts fresh: a referral may follow it.
    await query(sql`update candidate_pipelines set applied_at = now() - interval '7 months'
      where job_id = ${job.id}::uuid and talent_id = ${seeker.body.user.id}::uuid`);
    await okAs(t, 'POST', '/api/referrals', member, { talentId: seeker.body.user.id, jobId: job.id });
    expect((await expectRollup(job.id, seeker.body.user.id, 0, false)).level).toBe(3);
  });

  it('count one candidate fewer when the pipeline goes, and leave nothing when the job is deleted', async () => {
    const first = await referredCandidate();
    await query(sql`delete from candidate_pipelines
      where job_id = ${first.jobId}::uuid and talent_id = ${first.talentId}::uuid`);
    await expectStageCounts(first.jobId);
    const second = await referredCandidate();
    await track(second.jobId, second.talentId, 'Hired');
    await query(sql`delete from job_postings where id = ${second.jobId}::uuid`);
    const left = await query<{ id: string }>(sql`select id from referrals where id = ${second.referralId}::uuid
      union all select job_id from job_stage_counts where job_id = ${second.jobId}::uuid`);
    expect(left).toEqual([]);
  });
  it('count each referral in its month for its job and referrer through a hire, a new date and a referrer gone', async () => {
    const { jobId, talentId, referralId } = await referredCandidate();
    await track(jobId, talentId, 'Hired');
    const hired = await expectMonthCounts();
    expect(hired.reduce((sum, row) => sum + row.hires, 0)).toBeGreaterThan(0);
    await query(sql`update referrals set created_at = created_at - interval '40 days' where id = ${referralId}::uuid`);
    await expectMonthCounts();
    await query(sql`update referrals set referrer_id = null where id = ${referralId}::uuid`);
    await expectMonthCounts();
    await query(sql`delete from job_postings where id = ${jobId}::uuid`);
    await expectMonthCounts();
  });

  it("keep each referral request's fact through asking, an answer, a new date, a bulk change and the job deleted", async () => {
    const { jobId } = await referredCandidate(false);
    const [first, second] = [seekers[seekerIndex++]!, seekers[seekerIndex++]!];
    const asked = [];
    for (const seeker of [first, second]) {
      asked.push(
        await okAs<{ id: string }>(t, 'POST', '/api/referral-requests', seeker, {
          jobId,
          referrerId: member.body.user.id,
          message: 'Would you refer me?',
        }),
      );
    }
    const facts = await expectRequestFacts();
    expect(facts.filter((fact) => (fact as { hours: number | null }).hours === null)).toHaveLength(2);
    await okAs(t, 'POST', `/api/referral-requests/${asked[0]!.id}/decline`, member, {});
    const answered = await expectRequestFacts();
    expect(answered.filter((fact) => (fact as { hours: number | null }).hours !== null)).toHaveLength(1);
    await query(sql`update referral_requests set created_at = created_at - interval '5 hours'
      where id = ${asked[0]!.id}::uuid`);
    await expectRequestFacts();
    // One statement answering and moving both requests; then one that changes no counted column.
    await query(sql`update referral_requests set responded_at = created_at + interval '3 hours', referrer_id = ${admin.body.user.id}::uuid
      where job_id = ${jobId}::uuid`);
    await expectRequestFacts();
    await query(sql`update referral_requests set message = 'Still keen' where job_id = ${jobId}::uuid`);
    await expectRequestFacts();
    await query(sql`delete from job_postings where id = ${jobId}::uuid`);
    expect(await expectRequestFacts()).toHaveLength(0);
  });
});
