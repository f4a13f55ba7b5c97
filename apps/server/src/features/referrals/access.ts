import { and, eq } from 'drizzle-orm';
import { JOB_MESSAGES, REFERRAL_MESSAGES } from '@referwell/shared';
import type { Executor } from '../../db/repository';
import { companies, companyMembers, jobPostings, type referrals, users } from '../../db/schema';
import type { AuthContext } from '../../platform/sessions/sessions';
import { forbidden, notFound } from '../../lib/errors';
import { onJobTeam, seesJob } from '../../platform/access/guards';

/**
 * A job with its company, or 404, whoever asks: for a job already tied to the record at hand (a referral request's
 * job, the seed). A job a caller names goes through findVisibleJob.
 */
export async function findJob(db: Executor, jobId: string) {
  const [job] = await db
    .select({
      id: jobPostings.id,
      title: jobPostings.title,
      status: jobPostings.status,
      companyId: jobPostings.companyId,
      companyName: companies.name,
      companySlug: companies.slug,
      createdBy: jobPostings.createdBy,
      bonusAmount: jobPostings.referralBonusAmount,
      bonusCurrency: jobPostings.referralBonusCurrency,
    })
    .from(jobPostings)
    .innerJoin(companies, eq(companies.id, jobPostings.companyId))
    .where(eq(jobPostings.id, jobId));
  if (!job) throw notFound(JOB_MESSAGES.notFound);
  return job;
}

/** A job a caller named, or 404 when it does not exist or they may not see it (another company's draft). */
export async function findVisibleJob(db: Executor, viewer: AuthContext | null, jobId: string) {
  const job = await findJob(db, jobId);
  if (!seesJob(viewer, job)) throw notFound(JOB_MESSAGES.notFound);
  return job;
}

/** The job's company team for applicant tracking: its creator and the company's admins (SPEC §6). */
export async function requireJobTeam(db: Executor, auth: AuthContext, jobId: string) {
  const job = await findVisibleJob(db, auth, jobId);
  if (!onJobTeam(auth, job)) throw forbidden(REFERRAL_MESSAGES.onlyJobTeam);
  return { auth, job };
}

/** A company user who belongs to the given company, with their display name. */
export async function findCompanyMember(db: Executor, companyId: string, userId: string) {
  const [member] = await db
    .select({ id: users.id, name: users.name, title: companyMembers.title })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  return member ?? null;
}

/** Who may read a referral: its referrer, the candidate and members of the referral's company. Others get 404. */
export function canReadReferral(
  auth: AuthContext,
  referral: Pick<typeof referrals.$inferSelect, 'referrerId' | 'talentId' | 'companyId'>,
) {
  return (
    referral.referrerId === auth.user.id ||
    referral.talentId === auth.user.id ||
    auth.company?.id === referral.companyId
  );
}
