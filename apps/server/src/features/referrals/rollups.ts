import { sql, type SQL } from 'drizzle-orm';
import { referralFunnelLevel, STAGE_RANKS, type ReferralConsent } from '@referwell/shared';
import { selectRows, type Executor } from '../../db/repository';

/** How far a history row's stage is along the hiring path (STAGE_RANKS, packages/shared/src/rules/funnel.ts). */
const STAGE_RANK = sql.raw(
  `case h.to_stage ${Object.entries(STAGE_RANKS)
    .filter(([, rank]) => rank > 0)
    .map(([stage, rank]) => `when '${stage}' then ${rank}`)
    .join(' ')} else 0 end`,
);

/**
 * Rewrites a pipeline's analytics rollups (`reached_rank`, `hired_at`) from its stage history without undone
 * changes, and its referral's funnel level from them. Every write to the history calls it in the same transaction
 * (a move, its undo, a withdrawal), so the rollups can never disagree with the history; recomputing rather than
 * adjusting keeps undo trivially right.
 */
export async function refreshPipelineRollups(tx: Executor, pipelineId: string): Promise<void> {
  await tx.execute(sql`update candidate_pipelines p set reached_rank = r.rank, hired_at = r.hired_at
    from (select coalesce(max(${STAGE_RANK}), 0)::smallint as rank,
        min(h.created_at) filter (where h.to_stage = 'hired') as hired_at
      from pipeline_stage_changes h where h.pipeline_id = ${pipelineId}::uuid and h.undone_at is null) r
    where p.id = ${pipelineId}::uuid
      and (p.reached_rank is distinct from r.rank or p.hired_at is distinct from r.hired_at)`);
  await setFunnelLevels(tx, sql`p.id = ${pipelineId}::uuid`);
}

interface FunnelRow {
  id: string;
  consent: ReferralConsent;
  funnel_level: number;
  pipeline_id: string | null;
  reached_rank: number | null;
  applied_at: Date | string | null;
}

/** The referrals `where` picks (over referrals r left join their pipeline p) given the level their inputs say. */
async function setFunnelLevels(tx: Executor, where: SQL, limit?: number): Promise<FunnelRow[]> {
  const rows = await selectRows<FunnelRow>(
    tx,
    sql`select r.id, r.consent, r.funnel_level, p.id as pipeline_id, p.reached_rank, p.applied_at
      from referrals r left join candidate_pipelines p on p.job_id = r.job_id and p.talent_id = r.talent_id
      where ${where} order by r.id${limit ? sql` limit ${limit}` : sql``}`,
  );
  const changed = rows
    .map((row) => ({
      id: row.id,
      from: row.funnel_level,
      level: referralFunnelLevel({
        consent: row.consent,
        pipeline: row.pipeline_id ? { reachedRank: row.reached_rank ?? 0, appliedAt: row.applied_at } : null,
      }),
    }))
    .filter((row) => row.level !== row.from);
  if (changed.length > 0)
    await tx.execute(sql`update referrals rf set funnel_level = v.level
      from unnest(${sql.param(changed.map((c) => c.id))}::uuid[], ${sql.param(changed.map((c) => c.level))}::smallint[])
        as v(id, level)
      where rf.id = v.id`);
  return rows;
}

/**
 * The funnel level (referralFunnelLevel, packages/shared/src/rules/funnel.ts) of the candidate's referral on the job,
 * set from its consent and pipeline. Called in the transaction of every write of those inputs that is not a stage
 * change (those go through refreshPipelineRollups): a referral made, a consent answered, an application. The
 * database keeps only the counts by level (referral_month_levels).
 */
export async function refreshFunnelLevel(tx: Executor, jobId: string, talentId: string): Promise<void> {
  await setFunnelLevels(tx, sql`r.job_id = ${jobId}::uuid and r.talent_id = ${talentId}::uuid`);
}

/** The same for every pipeline at once (a dataset written without the service, e.g. the benchmark's). */
export async function refreshAllPipelineRollups(db: Executor): Promise<void> {
  await db.execute(sql`update candidate_pipelines p set reached_rank = r.rank, hired_at = r.hired_at
    from (select h.pipeline_id, coalesce(max(${STAGE_RANK}), 0)::smallint as rank,
        min(h.created_at) filter (where h.to_stage = 'hired') as hired_at
      from pipeline_stage_changes h where h.undone_at is null group by h.pipeline_id) r
    where p.id = r.pipeline_id
      and (p.reached_rank is distinct from r.rank or p.hired_at is distinct from r.hired_at)`);
}

/**
 * Every referral's funnel level from its consent and pipeline, in batches: for a dataset written without the
 * services (the benchmark's). Otherwise the services set it as they write its inputs (refreshFunnelLevel).
 */
export async function refreshAllReferralLevels(db: Executor): Promise<void> {
  const BATCH = 20_000;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await setFunnelLevels(db, sql`r.id > ${after}::uuid`, BATCH);
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** Every job's candidates per stage recounted, as the migration's backfill does (rows written with triggers off). */
export async function refreshAllJobStageCounts(db: Executor): Promise<void> {
  await db.execute(sql`delete from job_stage_counts`);
  await db.execute(sql`insert into job_stage_counts (job_id, stage, candidates)
    select job_id, stage, count(*)::int from candidate_pipelines group by job_id, stage`);
}

/** Every job's bonus totals recomputed, as the migration's backfill does (rows written with triggers off). */
export async function refreshAllBonusTotals(db: Executor): Promise<void> {
  await db.execute(sql`delete from referral_bonus_totals`);
  await db.execute(sql`insert into referral_bonus_totals (job_id, bonus_state, currency, day, referrals, amount)
    select job_id, bonus_state, coalesce(bonus_currency, 'USD'),
      referral_bonus_day(bonus_state, bonus_due_on, bonus_paid_on), count(*)::int, sum(bonus_amount)
    from referrals where bonus_amount is not null group by 1, 2, 3, 4`);
}

/** Every referral counted per month again, as the migration's backfill does (rows written with triggers off). */
export async function refreshAllMonthCounts(db: Executor): Promise<void> {
  await db.execute(sql`delete from referral_month_jobs`);
  await db.execute(sql`delete from referral_month_referrers`);
  await db.execute(sql`delete from referral_month_levels`);
  await db.execute(sql`insert into referral_month_levels (company_id, month, funnel_level, referrals)
    select company_id, referral_month(created_at), funnel_level, count(*)::int from referrals group by 1, 2, 3`);
  await db.execute(sql`insert into referral_month_jobs (job_id, month, referrals)
    select job_id, referral_month(created_at), count(*)::int from referrals group by 1, 2`);
  await db.execute(sql`insert into referral_month_referrers (company_id, month, referrer_id, referrals, hires)
    select company_id, referral_month(created_at), referrer_id, count(*)::int,
      (count(*) filter (where status = 'completed'))::int
    from referrals where referrer_id is not null group by 1, 2, 3`);
}

/** Every job's applications counted per month again, as the migration's backfill does (rows written with triggers off). */
export async function refreshAllApplicationMonths(db: Executor): Promise<void> {
  await db.execute(sql`delete from application_month_jobs`);
  await db.execute(sql`insert into application_month_jobs (job_id, month, applications)
    select job_id, referral_month(applied_at), count(*)::int from candidate_pipelines where applied_at is not null
    group by 1, 2`);
}

/**
 * Recounts every referral request's analytics fact (`referral_request_facts`, kept by triggers on
 * `referral_requests`, migration 0030_analytics6_request_facts) for rows written with triggers off (the benchmark).
 */
export async function refreshAllRequestFacts(db: Executor): Promise<void> {
  await db.execute(sql`delete from referral_request_facts`);
  await db.execute(sql`insert into referral_request_facts
      (request_id, company_id, job_id, referrer_id, created_at, response_hours)
    select q.id, j.company_id, q.job_id, q.referrer_id, q.created_at, referral_response_hours(q.created_at, q.responded_at)
    from referral_requests q join job_postings j on j.id = q.job_id`);
}
