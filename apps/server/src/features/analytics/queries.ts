import { sql, type SQL } from 'drizzle-orm';
import { FUNNEL_STEPS, HIRE_SOURCES, PIPELINE_STAGES, type Analytics, type HireSource } from '@referwell/shared';
import type { Executor } from '../../db/repository';
import { preparedRows } from '../../db/prepared';
import { dayText, jobsInScope, referralsInScope, splitByMonths, type JobScope, type Period } from './period';

/**
 * The programme's figures, each one SQL statement over the pipeline, the referrals and the referral requests.
 * "Reached a stage" and "hired at" read the pipeline's rollups of its stage history (undone changes excluded,
 * kept by features/referrals/rollups.ts), so a candidate interviewed and then declined still counts as interviewed.
 */

const rounded = (value: ReturnType<typeof sql.raw> | ReturnType<typeof sql>) =>
  sql`round(cast(${value} as numeric), 1)::float8`;

/**
 * The funnel: the referral requests made in the period (counted with their response times, `requestResponse`), then
 * the referrals made in it by the furthest step each reached: 1 referred, 2 the candidate confirmed, 3 applied (or the
 * team took them forward), 4 interviewed, 5 offer, 6 hired. A step counts every referral that reached it or a later
 * one, so the funnel never widens. The step is the referral's `funnel_level`, kept from its consent and its pipeline
 * by triggers (migration 0023_analytics3_funnel_level), so the period's referrals are counted from their covering
 * index with no join, and for the whole company from monthly counts per level (`referralsPerLevel`).
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
  return FUNNEL_STEPS.map((step, i) => ({
    step,
    count: counts[i]!,
    conversion: i === 0 || counts[i - 1] === 0 ? null : counts[i]! / counts[i - 1]!,
  }));
}

/**
 * The period's referrals as (level, n) rows: for the whole company its whole months from `referral_month_levels`
 * (kept by triggers, migration 0027_analytics4_month_rollups) and its partial first and last months from the
 * referrals; a job's or a department's from the referrals alone.
 */
function referralsPerLevel(scope: JobScope, period: Period): SQL {
  const rows = (from: Date, until: Date) => sql`select rf.funnel_level as level, 1 as n from referrals rf
    where ${referralsInScope(scope, 'rf')} and rf.created_at >= ${from} and rf.created_at < ${until}`;
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
function monthsAndEdges(
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
 * Referrals made in the period and how many were hired, per referrer. For the whole company the period's whole
 * months come from `referral_month_referrers` (kept by triggers, migration 0027_analytics4_month_rollups) and only its
 * partial first and last months from the referrals; a job's or a department's referrals are counted from the rows
 * (the monthly rollup has no job).
 */
function referralsPerReferrer(scope: JobScope, period: Period): SQL {
  if (scope.jobId || scope.department) {
    return sql`(select rf.referrer_id as uid, count(*)::int as n,
        (count(*) filter (where rf.status = 'completed'))::int as hires
      from referrals rf
      where ${referralsInScope(scope, 'rf')} and rf.created_at >= ${period.from} and rf.created_at < ${period.until}
      group by rf.referrer_id)`;
  }
  const months = (monthsFrom: Date, monthsUntil: Date) => sql`select m.referrer_id, m.referrals, m.hires
    from referral_month_referrers m
    where m.company_id = ${scope.companyId}::uuid and m.month >= ${dayText(monthsFrom)}::date
      and m.month < ${dayText(monthsUntil)}::date`;
  const rows = (from: Date, until: Date) => sql`select rf.referrer_id, 1, (rf.status = 'completed')::int
    from referrals rf
    where ${referralsInScope(scope, 'rf')} and rf.created_at >= ${from} and rf.created_at < ${until}`;
  return sql`(select counted.uid, sum(counted.n)::int as n, sum(counted.hires)::int as hires
    from (${monthsAndEdges(period, months, rows)}) counted(uid, n, hires)
    group by counted.uid)`;
}

export interface TeamRow {
  userId: string | null;
  name: string | null;
  department: string | null;
  requestsReceived: number;
  referrals: number;
  hires: number;
  medianResponseHours: number | null;
}

export interface TeamFigures {
  referrers: TeamRow[];
  departments: TeamRow[];
  /** All the requests received in the period (members or not) and the median hours to their answer. */
  requestResponse: Analytics['requestResponse'];
}

/**
 * Per member of the company and per department of the referrers: requests they received and referrals they made
 * in the period, how many of those referrals were hired, and their median response time; and the same for every
 * request of the period (the programme's health, and the funnel's first step). The period's requests are read once,
 * from `referral_request_facts` (one narrow row per request with its answer time in hours, kept by triggers: migration
 * 0030_analytics6_request_facts; an index-only range of the company's rows, no per-job lookup), and each is keyed by two small integers given to the company's members (`people`: the department's rank in byte
 * order, "C", and the person's number; 0 for a referrer who is not a member): one rollup of grouping sets over those
 * keys gives each person's, each department's and the whole period's count and exact median (percentile_cont
 * ignores unanswered requests). Grouping on integers instead of (membership, department text, user id) made the
 * statement's sort of the period's rows about 40% cheaper (ADR 0013, analytics6). Referrals per person come from the
 * monthly rollups (`referralsPerReferrer`). Names are joined last (a few dozen rows), so no wide row is sorted.
 */
export async function teamFigures(db: Executor, scope: JobScope, period: Period): Promise<TeamFigures> {
  const rows = await preparedRows<TeamRow & { kind: 'person' | 'department' | 'all'; answered: number | null }>(
    db,
    sql`with people as (
      select m.user_id, m.department,
        dense_rank() over (order by m.department collate "C" nulls last)::int as dept,
        row_number() over (order by m.user_id)::int as person
      from company_members m where m.company_id = ${scope.companyId}::uuid),
    requests as (
      select coalesce(p.dept, 0) as dept, coalesce(p.person, 0) as person,
        q.response_hours as response
      from referral_request_facts q
      left join people p on p.user_id = q.referrer_id
      where ${referralsInScope(scope, 'q')} and q.created_at >= ${period.from} and q.created_at < ${period.until}),
    asked as (
      select r.dept, r.person, grouping(r.dept, r.person) as level, count(*)::int as n,
        count(r.response)::int as answered, percentile_cont(0.5) within group (order by r.response) as median
      from requests r
      group by grouping sets ((r.dept, r.person), (r.dept), ())),
    made as ${referralsPerReferrer(scope, period)},
    members as (
      select p.user_id, u.name, p.department, p.dept, coalesce(a.n, 0) as requests, a.median,
        coalesce(f.n, 0) as referrals, coalesce(f.hires, 0) as hires
      from people p
      join users u on u.id = p.user_id
      left join asked a on a.person = p.person and a.dept = p.dept and a.level = 0
      left join made f on f.uid = p.user_id),
    department_medians as (select a.dept, a.median from asked a where a.dept > 0 and a.level = 1),
    team as (
      select m.user_id as "userId", m.name, m.department, 'person' as kind,
        m.requests as "requestsReceived", m.referrals, m.hires, ${rounded(sql`m.median`)} as "medianResponseHours",
        null::int as answered
      from members m
      union all
      select null, null, m.department, 'department', sum(m.requests)::int, sum(m.referrals)::int, sum(m.hires)::int,
        ${rounded(sql`min(d.median)`)}, null
      from members m left join department_medians d on d.dept = m.dept
      group by m.department
      union all
      select null, null, null, 'all', a.n, 0, 0, ${rounded(sql`a.median`)}, a.answered from asked a where a.level = 3)
    select * from team
    order by hires desc, referrals desc, "requestsReceived" desc, name asc nulls last, department asc nulls last`,
  );
  const strip = ({ kind: _, answered: __, ...row }: (typeof rows)[number]): TeamRow => row;
  const all = rows.find((row) => row.kind === 'all');
  return {
    referrers: rows.filter((row) => row.kind === 'person').map(strip),
    departments: rows.filter((row) => row.kind === 'department').map(strip),
    requestResponse: {
      received: all?.requestsReceived ?? 0,
      answered: all?.answered ?? 0,
      medianHours: all?.medianResponseHours ?? null,
    },
  };
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
        where ${referralsInScope(scope, 'rf')} and rf.job_id in (select id from jobs)
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
