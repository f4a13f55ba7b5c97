import { sql } from 'drizzle-orm';
import type { Analytics, AnalyticsQuery } from '@referwell/shared';
import { analyticsQuerySchema } from '@referwell/shared';
import type { Executor } from '../../db/repository';
import { preparedRows } from '../../db/prepared';
import { bonusLiability } from './bonuses';
import { resolvePeriod, type JobScope } from './period';
import { funnel, hireSources, jobFigures } from './queries';
import { requestResponse, teamFigures } from './team';

const conversionOf = (hires: number, referrals: number) => (referrals === 0 ? null : hires / referrals);

/** The company's referral programme analytics for a period and optional job or department (company admins). */
export async function companyAnalytics(
  db: Executor,
  companyId: string,
  input: AnalyticsQuery,
  now = new Date(),
): Promise<Analytics> {
  const query = analyticsQuerySchema.parse(input);
  const period = resolvePeriod(query, now);
  const scope: JobScope = { companyId, jobId: query.jobId, department: query.department };
  const today = now.toISOString().slice(0, 10);
  // The funnel's first step is the requests received, counted once with their response times.
  const response = requestResponse(db, scope, period);
  const [funnelSteps, sources, { referrers, departments }, requests, jobs, bonuses, filters] = await Promise.all([
    response.then(({ received }) => funnel(db, scope, period, received)),
    hireSources(db, scope, period),
    teamFigures(db, scope, period),
    response,
    jobFigures(db, scope, period),
    bonusLiability(db, scope, period, today),
    filterChoices(db, companyId),
  ]);
  return {
    period: { from: period.fromDay, to: period.toDay },
    funnel: funnelSteps,
    sources,
    requestResponse: requests,
    referrers: referrers.map(({ userId, name, ...row }) => ({
      ...row,
      userId: userId!,
      name: name ?? '',
      conversion: conversionOf(row.hires, row.referrals),
    })),
    departments: departments.map(({ department, requestsReceived, referrals, hires, medianResponseHours }) => ({
      department,
      requestsReceived,
      referrals,
      hires,
      medianResponseHours,
      conversion: conversionOf(hires, referrals),
    })),
    jobs,
    bonuses,
    filters,
  };
}

/** The jobs and departments an admin can narrow the figures to. */
async function filterChoices(db: Executor, companyId: string): Promise<Analytics['filters']> {
  const jobs = await preparedRows<{ id: string; title: string }>(
    db,
    sql`select id, title from job_postings where company_id = ${companyId}::uuid and status <> 'DRAFT'
      order by created_at desc, id limit 500`,
  );
  const departments = await preparedRows<{ department: string }>(
    db,
    sql`select distinct department from job_postings
      where company_id = ${companyId}::uuid and department is not null order by department limit 200`,
  );
  return { jobs, departments: departments.map((row) => row.department) };
}
