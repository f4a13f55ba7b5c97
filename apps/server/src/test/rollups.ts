import { expect } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { referralFunnelLevel, type ReferralConsent } from '@referwell/shared';
import type { Executor } from '../db/repository';

/**
 * Each analytics rollup kept by triggers (ADR 0013) compared with a recount of the rows it counts: the job stage
 * counts, the bonus totals, the monthly referral counts, the monthly applications and the referral requests' facts.
 * Used after every kind of write.
 */
export function rollupRecounts(db: Executor) {
  const query = async <T>(statement: SQL) => ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

  /** The job's kept candidates per stage equal a count of its pipelines (stages with none may keep a 0). */
  async function expectStageCounts(jobId: string) {
    const kept = await query<{ stage: string; n: number }>(sql`select stage, candidates as n from job_stage_counts
      where job_id = ${jobId}::uuid and candidates <> 0 order by stage`);
    const counted = await query<{ stage: string; n: number }>(sql`select stage, count(*)::int as n
      from candidate_pipelines where job_id = ${jobId}::uuid group by stage order by stage`);
    expect(kept).toEqual(counted);
  }

  /** The job's kept bonus totals equal a sum of its referrals' bonuses by state, currency and day. */
  async function expectBonusTotals(jobId: string) {
    const kept = await query<{ state: string; currency: string; day: string; n: number; amount: number }>(sql`
      select bonus_state as state, currency, day::text, referrals as n, amount::int from referral_bonus_totals
      where job_id = ${jobId}::uuid and referrals <> 0 order by 1, 2, 3`);
    const summed = await query<{ state: string; currency: string; day: string; n: number; amount: number }>(sql`
      select bonus_state as state, coalesce(bonus_currency, 'USD') as currency,
        (case bonus_state when 'due' then coalesce(bonus_due_on, '-infinity') when 'paid'
          then coalesce(bonus_paid_on, '-infinity') else '-infinity'::date end)::text as day,
        count(*)::int as n, sum(bonus_amount)::int as amount
      from referrals where job_id = ${jobId}::uuid and bonus_amount is not null group by 1, 2, 3 order by 1, 2, 3`);
    expect(kept).toEqual(summed);
    return kept;
  }

  /** The kept monthly referral counts (per job, per referrer, per funnel level) equal a count of all the referrals. */
  async function expectMonthCounts() {
    const perJob = await query(sql`select job_id as job, month::text, referrals as n
      from referral_month_jobs where referrals <> 0 order by 1, 2`);
    expect(perJob).toEqual(
      await query(sql`select job_id as job, referral_month(created_at)::text as month, count(*)::int as n
        from referrals group by 1, 2 order by 1, 2`),
    );
    const perReferrer = await query<{ company: string; month: string; referrer: string; n: number; hires: number }>(sql`
      select company_id as company, month::text, referrer_id as referrer, referrals as n, hires
      from referral_month_referrers where referrals <> 0 order by 1, 2, 3`);
    expect(perReferrer).toEqual(
      await query(sql`select company_id as company, referral_month(created_at)::text as month, referrer_id as referrer,
          count(*)::int as n, (count(*) filter (where status = 'completed'))::int as hires
        from referrals where referrer_id is not null group by 1, 2, 3 order by 1, 2, 3`),
    );
    const perLevel = await query(sql`select company_id as company, month::text, funnel_level as level, referrals as n
      from referral_month_levels where referrals <> 0 order by 1, 2, 3`);
    expect(perLevel).toEqual(
      await query(sql`select company_id as company, referral_month(created_at)::text as month, funnel_level as level,
          count(*)::int as n from referrals group by 1, 2, 3 order by 1, 2, 3`),
    );
    return perReferrer;
  }

  /** The kept monthly applications per job equal a count of the pipelines' application times. */
  async function expectApplicationMonths() {
    const kept = await query(sql`select job_id as job, month::text, applications as n
      from application_month_jobs where applications <> 0 order by 1, 2`);
    expect(kept).toEqual(
      await query(sql`select job_id as job, referral_month(applied_at)::text as month, count(*)::int as n
        from candidate_pipelines where applied_at is not null group by 1, 2 order by 1, 2`),
    );
  }

  /** Every referral's stored funnel level equals the level its consent and pipeline give (referralFunnelLevel). */
  async function expectFunnelLevels() {
    const rows = await query<{
      id: string;
      level: number;
      consent: ReferralConsent;
      pipeline: string | null;
      rank: number | null;
      applied: string | null;
    }>(sql`select rf.id, rf.funnel_level as level, rf.consent, p.id as pipeline, p.reached_rank as rank,
        p.applied_at::text as applied
      from referrals rf left join candidate_pipelines p on p.job_id = rf.job_id and p.talent_id = rf.talent_id`);
    const wrong = rows.filter(
      (row) =>
        row.level !==
        referralFunnelLevel({
          consent: row.consent,
          pipeline: row.pipeline ? { reachedRank: row.rank ?? 0, appliedAt: row.applied } : null,
        }),
    );
    expect(wrong).toEqual([]);
  }

  /** Every referral request has one fact with its company, job, referrer, time and answer hours, and no other fact. */
  async function expectRequestFacts() {
    const kept = await query(sql`select request_id as id, company_id as company, job_id as job, referrer_id as referrer,
        created_at as at, response_hours as hours from referral_request_facts order by 1`);
    expect(kept).toEqual(
      await query(sql`select q.id, j.company_id as company, q.job_id as job, q.referrer_id as referrer,
          q.created_at as at, date_part('epoch', q.responded_at - q.created_at) / 3600 as hours
        from referral_requests q join job_postings j on j.id = q.job_id order by 1`),
    );
    return kept;
  }

  return {
    expectStageCounts,
    expectBonusTotals,
    expectMonthCounts,
    expectApplicationMonths,
    expectFunnelLevels,
    expectRequestFacts,
  };
}
