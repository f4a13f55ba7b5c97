import { sql, type SQL } from 'drizzle-orm';
import type { Analytics } from '@referwell/shared';
import type { Executor } from '../../db/repository';
import { preparedRows } from '../../db/prepared';
import { dayText, jobsInScope, referralsInScope, referralsMadeInScope, type JobScope, type Period } from './period';
import { monthsAndEdges, rounded } from './queries';

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
      where ${referralsMadeInScope(scope, 'rf')} and rf.created_at >= ${period.from} and rf.created_at < ${period.until}
      group by rf.referrer_id)`;
  }
  const months = (monthsFrom: Date, monthsUntil: Date) => sql`select m.referrer_id, m.referrals, m.hires
    from referral_month_referrers m
    where m.company_id = ${scope.companyId}::uuid and m.month >= ${dayText(monthsFrom)}::date
      and m.month < ${dayText(monthsUntil)}::date`;
  const rows = (from: Date, until: Date) => sql`select rf.referrer_id, 1, (rf.status = 'completed')::int
    from referrals rf
    where ${referralsMadeInScope(scope, 'rf')} and rf.created_at >= ${from} and rf.created_at < ${until}`;
  return sql`(select counted.uid, sum(counted.n)::int as n, sum(counted.hires)::int as hires
    from (${monthsAndEdges(period, months, rows)}) counted(uid, n, hires)
    group by counted.uid)`;
}

/**
 * A job's or a department's requests: the scope's jobs as an array computed once (an init plan), tested on each index
 * entry of the members' ranges.
 */
const jobsOf = (scope: JobScope): SQL =>
  scope.jobId || scope.department ? sql`and q.job_id = any(array${jobsInScope(scope)})` : sql``;

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
}

/**
 * Per member of the company and per department of the members: requests they received and referrals they made in the
 * period, how many of those referrals were hired, and their median response time (percentile_cont ignores unanswered
 * requests). Each member gets two small integers (`people`: the department's rank in byte order, "C", and the person's
 * number); the members, sorted by those keys, drive one index-only range per member of
 * `referral_request_facts_referrer_idx` (company, referrer, creation time) INCLUDE (job, hours), so the period's
 * requests arrive already ordered by (department, person) and one pass of grouping sets gives each person's and each
 * department's count and exact median with no sort of the period's rows (ADR 0013, analytics7: the sort of ~38k rows
 * by their keys was over half of the statement's CPU). A referrer who is not a member is in no person or department:
 * their requests count only in `requestResponse`. Referrals per person come from the monthly rollups
 * (`referralsPerReferrer`). Names are joined last (a few dozen rows), so no wide row is sorted.
 */
export async function teamFigures(db: Executor, scope: JobScope, period: Period): Promise<TeamFigures> {
  const rows = await preparedRows<TeamRow & { kind: 'person' | 'department' }>(
    db,
    sql`with people as (
      select m.user_id, m.department,
        dense_rank() over (order by m.department collate "C" nulls last)::int as dept,
        row_number() over (order by m.user_id)::int as person
      from company_members m where m.company_id = ${scope.companyId}::uuid),
    requests as (
      select p.dept, p.person, q.response
      from (select p.user_id, p.dept, p.person from people p order by p.dept, p.person) p
      -- A fenced lateral (offset 0): a nested loop over the sorted members whatever the plan (a generic plan
      -- otherwise hash-joined the period's rows and sorted them).
      cross join lateral (select q.response_hours as response from referral_request_facts q
        where q.company_id = ${scope.companyId}::uuid and q.referrer_id = p.user_id ${jobsOf(scope)}
          and q.created_at >= ${period.from} and q.created_at < ${period.until}
        offset 0) q),
    asked as (
      select r.dept, r.person, grouping(r.dept, r.person) as level, count(*)::int as n,
        percentile_cont(0.5) within group (order by r.response) as median
      from requests r
      group by grouping sets ((r.dept, r.person), (r.dept))),
    made as ${referralsPerReferrer(scope, period)},
    members as (
      select p.user_id, u.name, p.department, p.dept, coalesce(a.n, 0) as requests, a.median,
        coalesce(f.n, 0) as referrals, coalesce(f.hires, 0) as hires
      from people p
      join users u on u.id = p.user_id
      left join asked a on a.person = p.person and a.dept = p.dept and a.level = 0
      left join made f on f.uid = p.user_id),
    department_medians as (select a.dept, a.median from asked a where a.level = 1)
    select m.user_id as "userId", m.name, m.department, 'person' as kind,
      m.requests as "requestsReceived", m.referrals, m.hires, ${rounded(sql`m.median`)} as "medianResponseHours"
    from members m
    union all
    select null, null, m.department, 'department', sum(m.requests)::int, sum(m.referrals)::int, sum(m.hires)::int,
      ${rounded(sql`min(d.median)`)}
    from members m left join department_medians d on d.dept = m.dept
    group by m.department
    order by hires desc, referrals desc, "requestsReceived" desc, name asc nulls last, department asc nulls last`,
  );
  const strip = ({ kind: _, ...row }: (typeof rows)[number]): TeamRow => row;
  return {
    referrers: rows.filter((row) => row.kind === 'person').map(strip),
    departments: rows.filter((row) => row.kind === 'department').map(strip),
  };
}

/**
 * Every request received in the period (from members or not: the programme's health, and the funnel's first step),
 * how many were answered and the median hours to the answer: one index-only range of
 * `referral_request_facts_company_idx` and one sort of the hours, run beside the team figures.
 */
export async function requestResponse(
  db: Executor,
  scope: JobScope,
  period: Period,
): Promise<Analytics['requestResponse']> {
  const [row] = await preparedRows<Analytics['requestResponse']>(
    db,
    sql`select count(*)::int as received, count(q.response_hours)::int as answered,
      ${rounded(sql`percentile_cont(0.5) within group (order by q.response_hours)`)} as "medianHours"
    from referral_request_facts q
    where ${referralsInScope(scope, 'q')} and q.created_at >= ${period.from} and q.created_at < ${period.until}`,
  );
  return row ?? { received: 0, answered: 0, medianHours: null };
}
