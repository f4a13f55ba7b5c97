import { sql, type SQL } from 'drizzle-orm';
import {
  FUNNEL_DENOMINATORS,
  FUNNEL_STEPS,
  HIRE_SOURCES,
  PIPELINE_STAGES,
  type Analytics,
  type HireSource,
} from '@referwell/shared';
import type { Executor } from '../../db/repository';
import { preparedRows } from '../../db/prepared';
import { dayText, jobsInScope, referralsMadeInScope, splitByMonths, type JobScope, type Period } from './period';

/**
 * The programme's figures, each one SQL statement over the pipeline, the referrals and the referral requests.
 * "Reached a stage" and "hired at" read the pipeline's rollups of its stage history (undone changes excluded,
 * kept by features/referrals/rollups.ts), so a candidate interviewed and then declined still counts as interviewed.
 */

export const rounded = (value: ReturnType<typeof sql.raw> | ReturnType<typeof sql>) =>
  sql`round(cast(${value} as numeric), 1)::float8`;

/**
 * The funnel: the referral requests made in the period (counted with their response times, `requestResponse`), then
 * the referrals made in it by the furthest step each reached: 1 referred, 2 the candidate confirmed, 3 applied (or the
 * team took them forward), 4 interviewed, 5 offer, 6 hired. A step counts every referral that reached it or a later
 * one, so the funnel never widens. The step is the referral's `funnel_level`, set from its consent and its pipeline
 * by the services that write them (referralFunnelLevel, packages/shared/src/rules/funnel.ts), so the period's
 * referrals are counted from their covering index with no join, and for the whole company from monthly counts per level (`referralsPerLevel`).
 */
export async function funnel(
  db: Executor,
  scope: JobScope,
  period: Period,
  requests: number,
): Promise<Analytics['funnel']> {
  const reached = (level: number) => sql.raw(`coalesce(sum(n) filter (where level >= ${level}), 0)`);
  const [row] = await preparedRows<{ levels: number[] }>(
    db,
    sql`select array[${sql.join([1, 2, 3, 4, 5, 6].map(reached), sql`, `)}]::int[] as levels
    from ${referralsPerLevel(scope, period)} counted(level, n)`,
  );
  const counts = [requests, ...(row?.levels ?? [0, 0, 0, 0, 0, 0])];
  const countOf = (step: (typeof FUNNEL_STEPS)[number]) => counts[FUNNEL_STEPS.indexOf(step)]!;
  return FUNNEL_STEPS.map((step, i) => {
    const of = FUNNEL_DENOMINATORS[step];
    return {
      step,
      count: counts[i]!,
      of,
      conversion: of === null || countOf(of) === 0 ? null : counts[i]! / countOf(of),
    };
  });
}

/**
 * The period's referrals as (level, n) rows: for the whole company its whole months from `referral_month_levels`
 * (kept by triggers, migration 0027_analytics4_month_rollups) and its partial first and last months from the
 * referrals; a job's or a department's from the referrals alone.
 */
function referralsPerLevel(scope: JobScope, period: Period): SQL {
  const rows = (from: Date, until: Date) => sql`select rf.funnel_level as level, 1 as n from referrals rf
    where ${referralsMadeInScope(scope, 'rf')} and rf.created_at >= ${from} and rf.created_at < ${until}`;
  if (scope.jobId || scope.department) return sql`(${rows(period.from, period.until)})`;
  const months = (monthsFrom: Date, monthsUntil: Date) => sql`select m.funnel_level, m.referrals
    from referral_month_levels m
    where m.company_id = ${scope.companyId}::uuid and m.month >= ${dayText(monthsFrom)}::date
      and m.month < ${dayText(monthsUntil)}::date`;
  return sql`(${monthsAndEdges(period, months, rows)})`;
}

/**
 * Hires made in the period by how the candidate first came to the job (first touch: the pipeline's entry), with
 * days from that first touch to the hire.
 */
export async function hireSources(db: Executor, scope: JobScope, period: Period): Promise<Analytics['sources']> {
  const rows = await preparedRows<{ source: HireSource; hires: number; median: number | null; p75: number | null }>(
    db,
    sql`with hires as (
      select case when p.source = 'shared_link' then 'shared_link'
          when p.entry = 'applied' then 'direct'
          -- A scalar probe per hire (referrals_requested_idx), never hashed: exists() became a hashed subplan that
          -- read every requested referral of the database, whatever the period.
          when (select true from referrals rf where rf.job_id = p.job_id and rf.talent_id = p.talent_id
            and rf.request_id is not null limit 1) then 'requested'
          else 'referral' end as source,
        date_part('epoch', p.hired_at - p.created_at) / 86400 as days
      from candidate_pipelines p
      where p.job_id in ${jobsInScope(scope)} and p.stage = 'hired'
        and p.hired_at >= ${period.from} and p.hired_at < ${period.until})
    select source, count(*)::int as hires,
      ${rounded(sql`percentile_cont(0.5) within group (order by days)`)} as median,
      ${rounded(sql`percentile_cont(0.75) within group (order by days)`)} as p75
    from hires group by source`,
  );
  return HIRE_SOURCES.map((source) => {
    const row = rows.find((r) => r.source === source);
    return {
      source,
      hires: row?.hires ?? 0,
      medianDaysToHire: row?.median ?? null,
      p75DaysToHire: row?.p75 ?? null,
    };
  });
}

/**
 * The period as a union of its parts: its whole months from a monthly rollup (`months`) and the rows outside them,
 * [from, monthsFrom) and [monthsUntil, until), each one index range (`rows`). An empty part is left out of the text
 * rather than run: an empty month range was a sequential scan of the whole rollup (a 30-day period's per-job table
 * read all 12,000 rows of each monthly rollup for nothing). Branches differ in column names, so the caller names the
 * union's columns (`… counted(a, b)`). Each combination of parts is its own text, so its own prepared statement.
 */
export function monthsAndEdges(
  period: Period,
  months: (monthsFrom: Date, monthsUntil: Date) => SQL,
  rows: (from: Date, until: Date) => SQL,
): SQL {
  const { monthsFrom, monthsUntil } = splitByMonths(period);
  const parts: SQL[] = [];
  if (monthsFrom < monthsUntil) parts.push(months(monthsFrom, monthsUntil));
  if (period.from < monthsFrom) parts.push(rows(period.from, monthsFrom));
  if (monthsUntil < period.until) parts.push(rows(monthsUntil, period.until));
  return sql.join(parts, sql` union all `);
}

/**
 * Per job of the statement's `jobs`: the period's whole months summed from a monthly per-job rollup and its partial
 * edge months counted from the rows `edgeRows` selects (job_id, 1).
 */
function perJobCount(
  period: Period,
  rollup: { table: 'application_month_jobs' | 'referral_month_jobs'; count: 'applications' | 'referrals' },
  edgeRows: (from: Date, until: Date) => SQL,
): SQL {
  const months = (monthsFrom: Date, monthsUntil: Date) => sql`select m.job_id,
      m.${sql.identifier(rollup.count)} from ${sql.identifier(rollup.table)} m
    where m.job_id in (select id from jobs) and m.month >= ${dayText(monthsFrom)}::date
      and m.month < ${dayText(monthsUntil)}::date`;
  return sql`select counted.job_id, sum(counted.n)::int as n
    from (${monthsAndEdges(period, months, edgeRows)}) counted(job_id, n)
    group by counted.job_id`;
}

/** At most this many jobs in the per-job table (newest first). */
const JOB_ROWS = 500;

/**
 * Per job: applications and referrals in the period, where its candidates are now, and the days it has been open.
 * Where candidates are now is the job's stage counts (`job_stage_counts`, kept by triggers on the pipelines);
 * applications and referrals of the period's whole months come from the monthly rollups (`application_month_jobs`,
 * `referral_month_jobs`), its partial edge months from the rows, index-only.
 */
export async function jobFigures(db: Executor, scope: JobScope, period: Period): Promise<Analytics['jobs']> {
  const rows = await preparedRows<Omit<Analytics['jobs'][number], 'stages'> & { stages: Record<string, number> }>(
    db,
    sql`with jobs as (
      select j.id, j.title, j.department, j.status, j.created_at, j.updated_at from job_postings j
      where j.id in ${jobsInScope(scope)} and j.status <> 'DRAFT'
      order by j.created_at desc, j.id
      limit ${JOB_ROWS}),
    stages as (
      select c.job_id, jsonb_object_agg(c.stage, c.candidates) as stages from job_stage_counts c
      where c.job_id in (select id from jobs) group by c.job_id),
    applied as (${perJobCount(
      period,
      { table: 'application_month_jobs', count: 'applications' },
      (from, until) => sql`select p.job_id, 1 from candidate_pipelines p
        where p.job_id in (select id from jobs) and p.applied_at >= ${from} and p.applied_at < ${until}`,
    )}),
    referred as (${perJobCount(
      period,
      { table: 'referral_month_jobs', count: 'referrals' },
      (from, until) => sql`select rf.job_id, 1 from referrals rf
        where ${referralsMadeInScope(scope, 'rf')} and rf.job_id in (select id from jobs)
          and rf.created_at >= ${from} and rf.created_at < ${until}`,
    )})
    select j.id as "jobId", j.title, j.department, j.status::text as status,
      coalesce(a.n, 0) as applicants, coalesce(r.n, 0) as referrals,
      coalesce(s.stages, '{}'::jsonb) as stages,
      floor(extract(epoch from ((case when j.status = 'OPEN' then now() else j.updated_at end) - j.created_at))
        / 86400)::int as "daysOpen"
    from jobs j
    left join stages s on s.job_id = j.id
    left join applied a on a.job_id = j.id
    left join referred r on r.job_id = j.id
    order by j.created_at desc, j.id`,
  );
  return rows.map((row) => ({
    ...row,
    stages: Object.fromEntries(
      PIPELINE_STAGES.map((stage) => [stage, row.stages[stage] ?? 0]),
    ) as Analytics['jobs'][number]['stages'],
    daysOpen: Math.max(0, row.daysOpen),
  }));
}
