import { aliasedTable, and, desc, eq } from 'drizzle-orm';
import {
  NOTIFICATION_TYPES_REFERRALS,
  REFERRAL_MESSAGES,
  type ReferralRequest,
  type ReferralStatus,
  type ReferrerRelationship,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { isUniqueViolation, type Executor } from '../../db/repository';
import { companies, jobPostings, referralRequests, referrerProfiles, users } from '../../db/schema';
import type { AuthContext } from '../../platform/sessions/sessions';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { createNotification } from '../../platform/notifications/service';
import { findCompanyMember, findJob, findVisibleJob } from './access';
import { insertReferral } from './create';

type RequestRow = typeof referralRequests.$inferSelect;

const talentUser = aliasedTable(users, 'talent_user');
const referrerUser = aliasedTable(users, 'referrer_user');

function selectRequests(db: Executor) {
  return db
    .select({
      row: referralRequests,
      jobTitle: jobPostings.title,
      companyName: companies.name,
      companySlug: companies.slug,
      talentName: talentUser.name,
      referrerName: referrerUser.name,
    })
    .from(referralRequests)
    .innerJoin(jobPostings, eq(jobPostings.id, referralRequests.jobId))
    .innerJoin(companies, eq(companies.id, jobPostings.companyId))
    .innerJoin(talentUser, eq(talentUser.id, referralRequests.talentId))
    .innerJoin(referrerUser, eq(referrerUser.id, referralRequests.referrerId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectRequests>['execute']>>[number];

const toRequest = ({
  row,
  jobTitle,
  companyName,
  companySlug,
  talentName,
  referrerName,
}: Selected): ReferralRequest => ({
  id: row.id,
  jobId: row.jobId,
  jobTitle,
  companyName,
  companySlug,
  talent: { id: row.talentId, name: talentName },
  referrer: { id: row.referrerId, name: referrerName },
  message: row.message,
  status: row.status,
  declineReason: row.declineReason,
  referralId: row.referralId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

async function readRequest(db: Executor, id: string): Promise<ReferralRequest> {
  const [found] = await selectRequests(db).where(eq(referralRequests.id, id));
  if (!found) throw notFound(REFERRAL_MESSAGES.requestNotFound);
  return toRequest(found);
}

/**
 * The signed-in job seeker asks a referrer of the job's company for a referral. One open request per job seeker,
 * job and referrer; the referrer is notified in the same transaction.
 */
export async function createReferralRequest(
  db: Db,
  me: AuthContext,
  input: { jobId: string; referrerId: string; message: string },
): Promise<ReferralRequest> {
  const job = await findVisibleJob(db, me, input.jobId);
  if (job.status !== 'OPEN') throw conflict(REFERRAL_MESSAGES.jobClosed);
  const referrer = await findCompanyMember(db, job.companyId, input.referrerId);
  const [optedOut] = await db
    .select({ accepts: referrerProfiles.acceptsRequests })
    .from(referrerProfiles)
    .where(eq(referrerProfiles.userId, input.referrerId));
  if (!referrer || optedOut?.accepts === false) throw notFound(REFERRAL_MESSAGES.referrerUnavailable);
  const id = await db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: referralRequests.id })
      .from(referralRequests)
      .where(
        and(
          eq(referralRequests.talentId, me.user.id),
          eq(referralRequests.jobId, job.id),
          eq(referralRequests.referrerId, referrer.id),
          eq(referralRequests.status, 'pending'),
        ),
      );
    if (open) throw conflict(REFERRAL_MESSAGES.duplicateRequest);
    let row: RequestRow;
    try {
      [row] = (await tx
        .insert(referralRequests)
        .values({ jobId: job.id, talentId: me.user.id, referrerId: referrer.id, message: input.message })
        .returning()) as [RequestRow];
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(REFERRAL_MESSAGES.duplicateRequest);
      throw error;
    }
    await createNotification(tx, {
      userId: referrer.id,
      title: 'New referral request',
      message: `${me.user.name} asked you for a referral for ${job.title}.`,
      type: NOTIFICATION_TYPES_REFERRALS.request,
      referenceId: row.id,
    });
    return row.id;
  });
  return readRequest(db, id);
}

/** 'sent': the job seeker's own requests; 'received': the requests sent to the signed-in referrer. */
export async function listReferralRequests(
  db: Db,
  me: AuthContext,
  query: { box: 'sent' | 'received'; status?: ReferralStatus; limit: number },
): Promise<ReferralRequest[]> {
  const owner =
    query.box === 'sent' ? eq(referralRequests.talentId, me.user.id) : eq(referralRequests.referrerId, me.user.id);
  const rows = await selectRequests(db)
    .where(query.status ? and(owner, eq(referralRequests.status, query.status)) : owner)
    .orderBy(desc(referralRequests.createdAt), desc(referralRequests.id))
    .limit(query.limit);
  return rows.map(toRequest);
}

/** The request, locked, when the signed-in user is the referrer it was sent to and it is still open. */
async function openRequestForReferrer(tx: Executor, auth: AuthContext, id: string): Promise<RequestRow> {
  const [row] = await tx.select().from(referralRequests).where(eq(referralRequests.id, id)).for('update');
  if (!row || (row.referrerId !== auth.user.id && row.talentId !== auth.user.id))
    throw notFound(REFERRAL_MESSAGES.requestNotFound);
  if (row.referrerId !== auth.user.id) throw forbidden(REFERRAL_MESSAGES.onlyReferrerAnswers);
  if (row.status !== 'pending') throw conflict(REFERRAL_MESSAGES.requestAlreadyAnswered);
  return row;
}

/**
 * Accepting creates the referral for that job and candidate (consent given: they asked) with the referrer's own
 * note and how they know the candidate; the candidate's message stays on the request. The job seeker is told.
 */
export async function acceptReferralRequest(
  db: Db,
  me: AuthContext,
  id: string,
  input: { note?: string | undefined; relationship: ReferrerRelationship },
): Promise<ReferralRequest> {
  await db.transaction(async (tx) => {
    const request = await openRequestForReferrer(tx, me, id);
    const job = await findJob(tx, request.jobId);
    const referrer = await findCompanyMember(tx, job.companyId, me.user.id);
    if (!referrer) throw forbidden(REFERRAL_MESSAGES.onlyReferrerAnswers);
    const referral = await insertReferral(tx, {
      job,
      referrer,
      talentId: request.talentId,
      notes: input.note?.trim() || null,
      relationship: input.relationship,
      consent: 'confirmed',
      requestId: request.id,
    });
    await tx
      .update(referralRequests)
      .set({ status: 'accepted', referralId: referral.id, updatedAt: new Date(), respondedAt: new Date() })
      .where(eq(referralRequests.id, id));
    await createNotification(tx, {
      userId: request.talentId,
      title: 'Referral request accepted',
      message: `${me.user.name} referred you for ${job.title} at ${job.companyName}.`,
      type: NOTIFICATION_TYPES_REFERRALS.statusUpdate,
      referenceId: referral.id,
    });
  });
  return readRequest(db, id);
}

/** Declining, with an optional reason the job seeker sees. */
export async function declineReferralRequest(
  db: Db,
  me: AuthContext,
  id: string,
  reason: string | undefined,
): Promise<ReferralRequest> {
  await db.transaction(async (tx) => {
    const request = await openRequestForReferrer(tx, me, id);
    const job = await findJob(tx, request.jobId);
    await tx
      .update(referralRequests)
      .set({
        status: 'rejected',
        declineReason: reason?.trim() || null,
        updatedAt: new Date(),
        respondedAt: new Date(),
      })
      .where(eq(referralRequests.id, id));
    await createNotification(tx, {
      userId: request.talentId,
      title: 'Referral request declined',
      message: reason?.trim()
        ? `${me.user.name} declined your referral request for ${job.title}: ${reason.trim()}`
        : `${me.user.name} declined your referral request for ${job.title}.`,
      type: NOTIFICATION_TYPES_REFERRALS.requestAnswered,
      referenceId: id,
    });
  });
  return readRequest(db, id);
}
