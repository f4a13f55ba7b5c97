/**
 * Requests close themselves once they stop mattering: the seeker was referred for the job (by anyone), applied, was
 * hired, or the job closed. The referrer it was sent to is told why instead of finding an Accept that would fail; a
 * referrer who referred the seeker themselves has their request answered by that referral.
 */
import { and, eq } from 'drizzle-orm';
import type { RequestCloseReason } from '@referwell/shared';
import type { Executor } from '../../db/repository';
import { jobPostings, referralRequests, users } from '../../db/schema';
import { tellOfClosedRequest } from './notify';

export async function closeRequestsFor(
  tx: Executor,
  event: {
    jobId: string;
    /** Only this seeker's requests; all of the job's when it closed. */
    talentId?: string;
    reason: RequestCloseReason;
    /** The referral that made the requests moot, and its referrer (whose own request it answers). */
    referralId?: string;
    byReferrerId?: string | null;
  },
): Promise<number> {
  const open = await tx
    .select({ request: referralRequests, seekerName: users.name, jobTitle: jobPostings.title })
    .from(referralRequests)
    .innerJoin(users, eq(users.id, referralRequests.talentId))
    .innerJoin(jobPostings, eq(jobPostings.id, referralRequests.jobId))
    .where(
      and(
        eq(referralRequests.jobId, event.jobId),
        event.talentId ? eq(referralRequests.talentId, event.talentId) : undefined,
        eq(referralRequests.status, 'pending'),
      ),
    )
    .for('update', { of: referralRequests });
  const now = new Date();
  for (const { request, seekerName, jobTitle } of open) {
    if (event.referralId && event.byReferrerId && request.referrerId === event.byReferrerId) {
      await tx
        .update(referralRequests)
        .set({ status: 'accepted', referralId: event.referralId, respondedAt: now, updatedAt: now })
        .where(eq(referralRequests.id, request.id));
      continue;
    }
    await tx
      .update(referralRequests)
      .set({ status: 'closed', closedReason: event.reason, closedAt: now, updatedAt: now })
      .where(eq(referralRequests.id, request.id));
    await tellOfClosedRequest(tx, {
      requestId: request.id,
      referrerId: request.referrerId,
      talentId: request.talentId,
      seekerName,
      jobTitle,
      reason: event.reason,
    });
  }
  return open.length;
}
