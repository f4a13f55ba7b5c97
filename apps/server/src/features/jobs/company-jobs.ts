import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  COMPANY_JOBS_MESSAGES,
  JOB_MESSAGES,
  JOB_STATUSES,
  type CompanyJob,
  type CompanyJobsQueryInput,
  type CompanyJobsResponse,
  type JobStatus,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { countAll, likePattern, pageOffset, toPage } from '../../db/repository';
import { candidatePipelines, companyJobVisits, jobPostings, referrals, users } from '../../db/schema';
import { onJobTeam, seesJob, type CompanyAuth } from '../../platform/access/guards';
import { forbidden, notFound } from '../../lib/errors';
import { bonusOffersFor } from '../bonuses/port';
import { companyPayScope, payRulesBroken } from './pay-transparency';

const toIso = (column: SQL | typeof jobPostings.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The member's company jobs with their counts, each a correlated count over an index that starts with the job id
 * (candidate_pipelines' and referrals' (job, talent) keys); "new" is counted after the member's last visit.
 */
export async function listCompanyJobs(
  db: Db,
  me: CompanyAuth,
  query: CompanyJobsQueryInput,
): Promise<CompanyJobsResponse> {
  const since = sql`coalesce(${companyJobVisits.visitedAt}, '-infinity'::timestamptz)`;
  const inCompany = eq(jobPostings.companyId, me.company.id);
  const filters: SQL[] = [inCompany];
  if (query.status) filters.push(eq(jobPostings.status, query.status));
  if (query.q) filters.push(sql`${jobPostings.title} ilike ${likePattern(query.q)}`);
  const where = and(...filters)!;

  const [rows, [total], statusRows] = await Promise.all([
    db
      .select({
        id: jobPostings.id,
        title: jobPostings.title,
        location: jobPostings.location,
        status: jobPostings.status,
        createdAt: toIso(jobPostings.createdAt),
        createdBy: jobPostings.createdBy,
        posterName: users.name,
        bonusAmount: jobPostings.referralBonusAmount,
        bonusCurrency: jobPostings.referralBonusCurrency,
        pay: {
          salaryRange: jobPostings.salaryRange,
          payMin: jobPostings.payMin,
          payMax: jobPostings.payMax,
          payCurrency: jobPostings.payCurrency,
          payPeriod: jobPostings.payPeriod,
          payExemptReason: jobPostings.payExemptReason,
        },
        applicantCount: sql<number>`(select cast(count(*) as int) from ${candidatePipelines} a
          where a.job_id = ${jobPostings.id} and a.applied_at is not null)`,
        referralCount: sql<number>`(select cast(count(*) as int) from ${referrals} r where r.job_id = ${jobPostings.id})`,
        newApplicants: sql<number>`(select cast(count(*) as int) from ${candidatePipelines} a
          where a.job_id = ${jobPostings.id} and a.applied_at > ${since})`,
        newReferrals: sql<number>`(select cast(count(*) as int) from ${referrals} r
          where r.job_id = ${jobPostings.id} and r.created_at > ${since})`,
        lastVisitedAt: sql<string | null>`case when ${companyJobVisits.visitedAt} is null then null
          else ${toIso(sql`${companyJobVisits.visitedAt}`)} end`,
      })
      .from(jobPostings)
      .leftJoin(users, eq(users.id, jobPostings.createdBy))
      .leftJoin(
        companyJobVisits,
        and(eq(companyJobVisits.jobId, jobPostings.id), eq(companyJobVisits.userId, me.user.id)),
      )
      .where(where)
      .orderBy(desc(jobPostings.createdAt), desc(jobPostings.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: countAll() }).from(jobPostings).where(where),
    db
      .select({ status: jobPostings.status, n: countAll() })
      .from(jobPostings)
      .where(inCompany)
      .groupBy(jobPostings.status),
  ]);

  const statusCounts = Object.fromEntries(JOB_STATUSES.map((s) => [s, 0])) as Record<JobStatus, number>;
  for (const row of statusRows) statusCounts[row.status] = row.n;
  const offers = await bonusOffersFor(
    db,
    rows.map((row) => ({ ...row, companyId: me.company.id })),
  );
  const payScope = await companyPayScope(db, me.company.id);
  const items: CompanyJob[] = rows.map(
    ({ createdBy, posterName, bonusAmount: _a, bonusCurrency: _c, pay, ...row }) => ({
      ...row,
      postedBy: createdBy && posterName ? { id: createdBy, name: posterName } : null,
      canManage: onJobTeam(me, { companyId: me.company.id, createdBy }),
      bonus: offers.get(row.id) ?? null,
      payRangeNeeded: payRulesBroken(payScope, { ...pay, status: row.status, location: row.location }).map(
        ({ id, name }) => ({ id, name }),
      ),
    }),
  );
  return { ...toPage(items, total?.n ?? 0, query), statusCounts };
}

/** A member of the job's company opened the job: what came in until now is no longer new to them. */
export async function recordJobVisit(db: Db, me: CompanyAuth, jobId: string): Promise<void> {
  const [job] = await db
    .select({ companyId: jobPostings.companyId, status: jobPostings.status })
    .from(jobPostings)
    .where(eq(jobPostings.id, jobId));
  if (!job || !seesJob(me, job)) throw notFound(JOB_MESSAGES.notFound);
  if (job.companyId !== me.company.id) throw forbidden(COMPANY_JOBS_MESSAGES.notAllowed);
  await db
    .insert(companyJobVisits)
    .values({ userId: me.user.id, jobId })
    .onConflictDoUpdate({
      target: [companyJobVisits.userId, companyJobVisits.jobId],
      set: { visitedAt: sql`now()` },
    });
}
