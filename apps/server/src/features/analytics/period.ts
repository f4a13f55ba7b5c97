import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsPeriod } from '@referwell/shared';

/** An analytics period as half-open instants [from, until) and its inclusive calendar days. */
export interface Period {
  from: Date;
  until: Date;
  fromDay: string;
  toDay: string;
}

const DAY_MS = 86_400_000;
const PRESET_DAYS: Record<Exclude<AnalyticsPeriod, 'custom'>, number> = { '30d': 30, '90d': 90, '365d': 365 };

const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);

/** The days a period covers (UTC): a preset ends today; a custom range is its first to last day. */
export function resolvePeriod(
  query: { period: AnalyticsPeriod; from?: string; to?: string },
  now = new Date(),
): Period {
  if (query.period === 'custom' && query.from && query.to) {
    const from = new Date(`${query.from}T00:00:00Z`);
    const until = new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS);
    return { from, until, fromDay: query.from, toDay: query.to };
  }
  const days = PRESET_DAYS[query.period === 'custom' ? '90d' : query.period];
  const until = new Date(Date.parse(`${dayOf(now)}T00:00:00Z`) + DAY_MS);
  const from = new Date(until.getTime() - days * DAY_MS);
  return { from, until, fromDay: dayOf(from), toDay: dayOf(new Date(until.getTime() - DAY_MS)) };
}

/**
 * A period split for the monthly rollups (`referral_month_*`): the whole UTC months inside it, [monthsFrom,
 * monthsUntil), are read from the rollups; the rest of the period, [from, monthsFrom) and [monthsUntil, until), from
 * the rows. A period holding no whole month has monthsFrom = monthsUntil = until: no months, and its rows are the
 * first range.
 */
export interface MonthSplit {
  monthsFrom: Date;
  monthsUntil: Date;
}

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));

export function splitByMonths(period: Period): MonthSplit {
  const { from, until } = period;
  const startOfFirst = monthStart(from.getUTCFullYear(), from.getUTCMonth());
  const first =
    startOfFirst.getTime() === from.getTime() ? from : monthStart(from.getUTCFullYear(), from.getUTCMonth() + 1);
  const last = monthStart(until.getUTCFullYear(), until.getUTCMonth());
  if (first.getTime() >= last.getTime()) return { monthsFrom: until, monthsUntil: until };
  return { monthsFrom: first, monthsUntil: last };
}

/** The UTC day of an instant, as the rollups' `month` column compares (a date). */
export const dayText = (instant: Date) => instant.toISOString().slice(0, 10);

/** Which of a company's jobs the figures cover: all, one job, or one department's. */
export interface JobScope {
  companyId: string;
  jobId?: string;
  department?: string;
}

/**
 * The scope's jobs as a subquery of ids. Each kind of scope (the whole company, a job, a department, both) is its own
 * SQL text and so its own prepared statement, planned for that kind: one text with `$job is null or …` got one
 * generic plan for all of them. Every value stays a parameter.
 */
export function jobsInScope(scope: JobScope): SQL {
  const conditions = [sql`j.company_id = ${scope.companyId}::uuid`];
  if (scope.jobId) conditions.push(sql`j.id = ${scope.jobId}::uuid`);
  if (scope.department) conditions.push(sql`j.department = ${scope.department}::text`);
  return sql`(select j.id from job_postings j where ${sql.join(conditions, sql` and `)})`;
}

/**
 * The condition for rows of a table that carries the company and the job (`referrals`): the company's own column
 * alone for the whole company (read from its covering index), narrowed to the scope's jobs otherwise.
 */
export function referralsInScope(scope: JobScope, alias: string): SQL {
  const company = sql`${sql.identifier(alias)}.company_id = ${scope.companyId}::uuid`;
  if (!scope.jobId && !scope.department) return company;
  return sql`${company} and ${sql.identifier(alias)}.job_id in ${jobsInScope(scope)}`;
}

/**
 * The referrals made in a period of the scope, for a condition beside the period's range on `created_at`: the whole
 * company's from `referrals_company_idx` (company, time); a job's or a department's by job alone, so each job's range of
 * `referrals_job_created_idx` (job, time) INCLUDE (referrer, status, level) is read index-only instead of the whole
 * company's period filtered by job (department, 365 days: 50k index entries read for 4k). The scope's jobs are the
 * company's, and a referral's company is its job's, so no company test is needed.
 */
export function referralsMadeInScope(scope: JobScope, alias: string): SQL {
  if (!scope.jobId && !scope.department) return sql`${sql.identifier(alias)}.company_id = ${scope.companyId}::uuid`;
  return sql`${sql.identifier(alias)}.job_id in ${jobsInScope(scope)}`;
}
