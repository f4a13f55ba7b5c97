import { aliasedTable, and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  REFERRAL_MESSAGES,
  SCREENING_MESSAGES,
  type CandidateIds,
  TRACKING_STAGE,
  trackingStatusOf,
  type DeclineReason,
  type JobComment,
  type TrackingEntry,
  type TrackingStatus,
  type UndoableChange,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/repository';
import { candidatePipelines, jobComments, referrals, users } from '../../db/schema';
import type { AuthContext } from '../../platform/sessions/sessions';
import { forbidden, notFound } from '../../lib/errors';
import { isCompanyAdminOf } from '../../platform/access/guards';
import { isTalentVisibleTo } from '../talent/port';
import { requireJobTeam } from './access';
import { lockLiveReferral, moveStage, openPipeline } from './pipeline';

const talentUser = aliasedTable(users, 'talent_user');

/** Every candidate's pipeline on a job with how they came in: the Applications and Talent Tracking tabs. */
function selectEntries(db: Executor) {
  return db
    .select({
      pipeline: candidatePipelines,
      talentName: talentUser.name,
      referral: referrals,
      referrerName: sql<string | null>`(select u.name from users u where u.id = ${referrals.referrerId})`,
    })
    .from(candidatePipelines)
    .innerJoin(talentUser, eq(talentUser.id, candidatePipelines.talentId))
    .leftJoin(
      referrals,
      and(eq(referrals.jobId, candidatePipelines.jobId), eq(referrals.talentId, candidatePipelines.talentId)),
    );
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof selectEntries>['execute']>>[number];

/**
 * Nothing reaches the company before the candidate consents: a pipeline that exists only because of a referral its
 * candidate has not confirmed (or declined) is not the team's to see. The same condition for every company read.
 */
export const seenByCompany: SQL = sql`not (${candidatePipelines.entry} = 'referred'
  and ${candidatePipelines.appliedAt} is null and coalesce(${referrals.consent}, 'confirmed') <> 'confirmed')`;

const toEntry = ({ pipeline, talentName, referral, referrerName }: EntryRow): TrackingEntry => ({
  talentId: pipeline.talentId,
  talentName,
  stage: pipeline.stage,
  status: trackingStatusOf(pipeline.stage),
  appliedAt: pipeline.appliedAt?.toISOString() ?? null,
  applicationNote: pipeline.applicationNote,
  referral: referral
    ? {
        id: referral.id,
        referrerName,
        status: referral.status,
        relationship: referral.relationship,
        vouch: referral.vouch,
        notes: referral.notes,
        candidateNote: referral.candidateNote,
      }
    : null,
  declineReason: (pipeline.declineReason as DeclineReason | null) ?? null,
  declineNote: pipeline.declineNote,
  updatedAt: pipeline.updatedAt.toISOString(),
});

/** Talent Tracking: every candidate's pipeline on the job (its creator and the company's admins). */
export async function listTracking(db: Db, auth: AuthContext, jobId: string): Promise<TrackingEntry[]> {
  await requireJobTeam(db, auth, jobId);
  const rows = await selectEntries(db)
    .where(and(eq(candidatePipelines.jobId, jobId), seenByCompany))
    .orderBy(desc(candidatePipelines.updatedAt), desc(candidatePipelines.id));
  return rows.map(toEntry);
}

/**
 * Contact adds a candidate at 'Contacted'; later steps and 'Decline' move them along, and their referral with
 * them (Hired completes it, Decline rejects it). The answer carries the change's undo handle.
 */
export async function setTracking(
  db: Db,
  auth: AuthContext,
  jobId: string,
  talentId: string,
  status: TrackingStatus,
  startDate?: string,
  decline: { reason?: DeclineReason | undefined; reasonNote?: string | undefined } = {},
  ids: CandidateIds = {},
): Promise<TrackingEntry> {
  const { auth: me, job } = await requireJobTeam(db, auth, jobId);
  // A date of birth or NPI for exclusion screening: the company's admins add it, at Offer (the schema checks the stage).
  const givenIds = ids.dob !== undefined || ids.npi !== undefined;
  if (givenIds && !isCompanyAdminOf(me, job.companyId)) throw forbidden(SCREENING_MESSAGES.idsAdminsOnly);
  // Only a job seeker the team may see is a candidate: not a colleague, another company's admin or a hidden profile.
  if (!(await isTalentVisibleTo(db, me, talentId))) throw notFound(REFERRAL_MESSAGES.notACandidate);
  const stage = TRACKING_STAGE[status];
  const undoable: UndoableChange | null = await db.transaction(async (tx) => {
    const { pipeline, created } = await openPipeline(tx, jobId, talentId, stage, me.user.id);
    if (created) {
      if (stage === 'declined')
        await tx
          .update(candidatePipelines)
          .set({ declineReason: decline.reason ?? null, declineNote: decline.reasonNote ?? null })
          .where(eq(candidatePipelines.id, pipeline.id));
      return null;
    }
    const referral = await lockLiveReferral(tx, jobId, talentId);
    if (givenIds) {
      const known = { dob: ids.dob ?? pipeline.dob, npi: ids.npi ?? pipeline.npi };
      await tx.update(candidatePipelines).set(known).where(eq(candidatePipelines.id, pipeline.id));
      Object.assign(pipeline, known);
    }
    return moveStage(tx, me, { pipeline, referral, stage, startDate, ...decline });
  });
  const [row] = await selectEntries(db).where(
    and(eq(candidatePipelines.jobId, jobId), eq(candidatePipelines.talentId, talentId)),
  );
  return { ...toEntry(row!), undoable };
}

export async function listJobComments(db: Db, auth: AuthContext, jobId: string): Promise<JobComment[]> {
  await requireJobTeam(db, auth, jobId);
  const rows = await db
    .select({ comment: jobComments, authorName: users.name })
    .from(jobComments)
    .leftJoin(users, eq(users.id, jobComments.authorId))
    .where(eq(jobComments.jobId, jobId))
    .orderBy(asc(jobComments.createdAt), asc(jobComments.id));
  return rows.map(({ comment, authorName }) => ({
    id: comment.id,
    body: comment.body,
    author: comment.authorId && authorName ? { id: comment.authorId, name: authorName } : null,
    createdAt: comment.createdAt.toISOString(),
  }));
}

export async function addJobComment(db: Db, auth: AuthContext, jobId: string, body: string): Promise<JobComment> {
  const { auth: me } = await requireJobTeam(db, auth, jobId);
  const [row] = await db.insert(jobComments).values({ jobId, authorId: me.user.id, body }).returning();
  return {
    id: row!.id,
    body: row!.body,
    author: { id: me.user.id, name: me.user.name },
    createdAt: row!.createdAt.toISOString(),
  };
}
