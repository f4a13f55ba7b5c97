import { aliasedTable, and, asc, desc, eq, gt, isNull, lte } from 'drizzle-orm';
import {
  bonusDueOn,
  payableAfterDays,
  bonusStateAfter,
  DECLINE_REASON_REQUIRED,
  REFERRAL_MESSAGES,
  referralStatusForStage,
  UNDO_WINDOW_MS,
  type BonusState,
  type DeclineReason,
  type PipelineStage,
  type ReferralStatus,
  type StageChange,
  type UndoableChange,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import type { Executor, Tx } from '../../db/repository';
import { candidatePipelines, companies, jobPostings, pipelineStageChanges, referrals, users } from '../../db/schema';
import { enqueue } from '../../lib/queue/enqueue';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { AuthContext } from '../../platform/sessions/sessions';
import { recordAudit } from '../../platform/audit/service';
import { isCompanyAdminOf } from '../../platform/access/guards';
import { bonusPolicyOf, todayUtc } from '../bonuses/port';
import { screenAtStage } from '../screening/port';
import { refreshPipelineRollups } from './rollups';
import { bonusDueAudience, stageMoveAudience, tell } from './notify';
import { closeRequestsFor } from './request-closing';

export type PipelineRow = typeof candidatePipelines.$inferSelect;
type ReferralRow = typeof referrals.$inferSelect;

/**
 * The candidate's pipeline on the job, locked for this transaction; created at `entry` (with its first history
 * row) when this is the first contact between them and the job.
 */
export async function openPipeline(
  tx: Tx,
  jobId: string,
  talentId: string,
  entry: PipelineStage,
  by: string | null,
): Promise<{ pipeline: PipelineRow; created: boolean }> {
  const [inserted] = await tx
    .insert(candidatePipelines)
    .values({
      jobId,
      talentId,
      stage: entry,
      entry,
      source: entry === 'referred' ? 'referral' : 'direct',
      updatedBy: by,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) {
    await tx.insert(pipelineStageChanges).values({
      pipelineId: inserted.id,
      fromStage: null,
      toStage: entry,
      changedBy: by,
      notifiedAt: new Date(),
    });
    return { pipeline: inserted, created: true };
  }
  const pipeline = await lockPipeline(tx, jobId, talentId);
  return { pipeline: pipeline!, created: false };
}

export async function lockPipeline(tx: Executor, jobId: string, talentId: string): Promise<PipelineRow | null> {
  const [row] = await tx
    .select()
    .from(candidatePipelines)
    .where(and(eq(candidatePipelines.jobId, jobId), eq(candidatePipelines.talentId, talentId)))
    .for('update');
  return row ?? null;
}

/**
 * The referral that goes with a pipeline, locked, once its candidate confirmed it: one they declined no longer moves,
 * and one still waiting for their answer is not the company's to move.
 */
export async function lockLiveReferral(tx: Executor, jobId: string, talentId: string): Promise<ReferralRow | null> {
  const [row] = await tx
    .select()
    .from(referrals)
    .where(and(eq(referrals.jobId, jobId), eq(referrals.talentId, talentId)))
    .for('update');
  return row && row.consent === 'confirmed' ? row : null;
}

interface Move {
  pipeline: PipelineRow;
  referral: ReferralRow | null;
  stage: PipelineStage;
  /** The referral status the admin chose; by default the one the stage means. */
  status?: ReferralStatus;
  /** The hire's start date, asked when moving to Hired: the bonus is payable the policy's delay after it. */
  startDate?: string;
  /** Why the candidate is not moving forward (required to decline) and the team's own words. */
  reason?: DeclineReason | undefined;
  reasonNote?: string | undefined;
}

/**
 * Moves a candidate's stage and, in the same transaction, their referral and its bonus. Only a company admin may
 * change a referral's status (SPEC §6), so a job creator's stage move that would change it is refused.
 *
 * Undo: the change is saved at once (a reload or a crash keeps it) and the referrer's notification is written
 * to the history row, held until `notifyAfter`. The notification sweep delivers it afterwards; an undo before
 * then restores the stage, referral status and bonus from the same row and cancels the notification. Locking
 * the row decides a race between the two: delivery skips rows an undo holds, an undo waits for a delivery and
 * then finds it already sent.
 */
export async function moveStage(tx: Tx, me: AuthContext, move: Move): Promise<UndoableChange | null> {
  const { pipeline, referral, stage } = move;
  const status = referral ? (move.status ?? referralStatusForStage(stage)) : null;
  const referralMoves = referral !== null && status !== referral.status;
  if (stage === pipeline.stage && !referralMoves) return null;
  if (referralMoves && !isCompanyAdminOf(me, referral.companyId)) throw forbidden(REFERRAL_MESSAGES.stageNeedsAdmin);
  const declining = stage === 'declined';
  if (declining && stage !== pipeline.stage && !move.reason)
    throw badRequest(DECLINE_REASON_REQUIRED, { reason: DECLINE_REASON_REQUIRED });
  const reason = declining ? (move.reason ?? pipeline.declineReason) : null;
  const reasonNote = declining ? (move.reason ? (move.reasonNote ?? null) : pipeline.declineNote) : null;

  // Exclusion screening (issue 36): Offer screens the candidate; Hired waits for an admin's decision on a possible match.
  await screenAtStage(tx, pipeline, stage);
  const now = new Date();
  const startDate = stage === 'hired' ? (move.startDate ?? pipeline.startDate) : pipeline.startDate;
  await tx
    .update(candidatePipelines)
    .set({ stage, startDate, declineReason: reason, declineNote: reasonNote, updatedBy: me.user.id, updatedAt: now })
    .where(eq(candidatePipelines.id, pipeline.id));
  let bonusNowDue: { dueOn: string | null } | null = null;
  if (referral && referralMoves) {
    const bonusState = bonusStateAfter(referral.bonusState, status!);
    // The bonus clock runs from the start date; a hire recorded without one runs it from the hire day, so the bonus
    // is never payable at once by a missing date. Setting the start date later moves it (setHireStartDate).
    const dueOn =
      bonusState === 'due' && (startDate || referral.bonusState !== 'due' || referral.bonusDueOn === null)
        ? bonusDueOn(startDate ?? todayUtc(), payableAfterDays(await bonusPolicyOf(tx, referral.companyId)))
        : referral.bonusDueOn;
    await tx
      .update(referrals)
      .set({ status: status!, bonusState, bonusDueOn: dueOn, updatedAt: now })
      .where(eq(referrals.id, referral.id));
    if (bonusState === 'due' && referral.bonusState !== 'due') bonusNowDue = { dueOn };
  }
  const names = await jobAndCandidate(tx, pipeline);
  const held = stageMoveAudience({
    ...names,
    jobId: pipeline.jobId,
    talentId: pipeline.talentId,
    applied: pipeline.appliedAt !== null,
    fromStage: pipeline.stage,
    toStage: stage,
    referral,
    newStatus: referralMoves ? status : null,
    declineReason: (reason as DeclineReason | null) ?? null,
  });
  if (referral && bonusNowDue)
    held.push(
      ...(await bonusDueAudience(tx, {
        referral,
        jobTitle: names.jobTitle,
        candidateName: names.candidateName,
        dueOn: bonusNowDue.dueOn,
        actorId: me.user.id,
      })),
    );
  if (stage === 'hired' && pipeline.stage !== 'hired')
    await closeRequestsFor(tx, { jobId: pipeline.jobId, talentId: pipeline.talentId, reason: 'hired' });
  const notifyAfter = new Date(now.getTime() + UNDO_WINDOW_MS);
  const [change] = await tx
    .insert(pipelineStageChanges)
    .values({
      pipelineId: pipeline.id,
      fromStage: pipeline.stage,
      toStage: stage,
      referralId: referral?.id ?? null,
      fromReferralStatus: referral?.status ?? null,
      fromBonusState: referral?.bonusState ?? null,
      changedBy: me.user.id,
      reason: declining ? reason : null,
      reasonNote: declining ? reasonNote : null,
      createdAt: now,
      notifyAfter,
      heldNotifications: held,
    })
    .returning({ id: pipelineStageChanges.id });
  await refreshPipelineRollups(tx, pipeline.id);
  if (held.length > 0) {
    await enqueue(tx, 'deliver-held-notifications', {}, { runAt: notifyAfter, jobKey: `held:${change!.id}` });
  }
  await auditMove(tx, me.user.id, {
    pipeline,
    referralId: referral?.id ?? null,
    before: { stage: pipeline.stage, status: referral?.status ?? null, bonusState: referral?.bonusState ?? null },
    after: {
      stage,
      status: referralMoves ? status! : (referral?.status ?? null),
      bonusState: referralMoves ? bonusStateAfter(referral.bonusState, status!) : (referral?.bonusState ?? null),
    },
  });
  return { id: change!.id, undoUntil: notifyAfter.toISOString() };
}

type MoveValues = {
  stage: PipelineStage;
  status: ReferralStatus | null;
  bonusState: BonusState | null;
};

/** One audit row for a stage move and one for the referral status it changed (each only when it changed). */
async function auditMove(
  tx: Tx,
  actorId: string,
  move: { pipeline: PipelineRow; referralId: string | null; before: MoveValues; after: MoveValues; undo?: boolean },
) {
  const { pipeline, before, after } = move;
  const companyId = await companyOfJob(tx, pipeline.jobId);
  if (!companyId) return;
  if (before.stage !== after.stage || move.undo)
    await recordAudit(tx, {
      companyId,
      actorId,
      action: move.undo ? 'pipeline.stage_change_undone' : 'pipeline.stage_changed',
      subject: { type: 'pipeline', id: pipeline.id, userId: pipeline.talentId },
      before: move.undo ? before : { stage: before.stage },
      after: move.undo ? after : { stage: after.stage },
    });
  if (move.referralId && before.status !== after.status && !move.undo)
    await recordAudit(tx, {
      companyId,
      actorId,
      action: 'referral.status_changed',
      subject: { type: 'referral', id: move.referralId, userId: pipeline.talentId },
      before: { status: before.status, bonusState: before.bonusState },
      after: { status: after.status, bonusState: after.bonusState },
    });
}

async function companyOfJob(tx: Tx, jobId: string): Promise<string | null> {
  const [job] = await tx
    .select({ companyId: jobPostings.companyId })
    .from(jobPostings)
    .where(eq(jobPostings.id, jobId));
  return job?.companyId ?? null;
}

/** Undoes the signed-in user's change while its notifications are still held; returns the pipeline it was on. */
export async function undoChange(db: Db, me: AuthContext, changeId: string): Promise<PipelineRow> {
  return db.transaction(async (tx) => {
    const [change] = await tx
      .select()
      .from(pipelineStageChanges)
      .where(eq(pipelineStageChanges.id, changeId))
      .for('update');
    if (!change || change.changedBy !== me.user.id || !change.notifyAfter) throw notFound('Change not found');
    const [pipeline] = await tx
      .select()
      .from(candidatePipelines)
      .where(eq(candidatePipelines.id, change.pipelineId))
      .for('update');
    const [later] = await tx
      .select({ id: pipelineStageChanges.id })
      .from(pipelineStageChanges)
      .where(
        and(
          eq(pipelineStageChanges.pipelineId, change.pipelineId),
          gt(pipelineStageChanges.createdAt, change.createdAt),
          isNull(pipelineStageChanges.undoneAt),
        ),
      )
      .limit(1);
    const expired = change.notifiedAt !== null || change.undoneAt !== null || change.notifyAfter <= new Date();
    if (expired || later || !pipeline || change.fromStage === null) throw conflict(REFERRAL_MESSAGES.undoExpired);
    const now = new Date();
    // The decline's reason leaves with the decline (an earlier one, undone back to, is asked again when declining).
    await tx
      .update(candidatePipelines)
      .set({
        stage: change.fromStage,
        ...(change.fromStage === 'declined' ? {} : { declineReason: null, declineNote: null }),
        updatedBy: me.user.id,
        updatedAt: now,
      })
      .where(eq(candidatePipelines.id, pipeline.id));
    if (change.referralId && change.fromReferralStatus && change.fromBonusState)
      await tx
        .update(referrals)
        .set({ status: change.fromReferralStatus, bonusState: change.fromBonusState, updatedAt: now })
        .where(eq(referrals.id, change.referralId));
    await tx.update(pipelineStageChanges).set({ undoneAt: now }).where(eq(pipelineStageChanges.id, changeId));
    await refreshPipelineRollups(tx, pipeline.id);
    const referral = change.referralId
      ? ((await tx.select().from(referrals).where(eq(referrals.id, change.referralId)))[0] ?? null)
      : null;
    await auditMove(tx, me.user.id, {
      pipeline,
      referralId: change.referralId,
      undo: true,
      before: { stage: pipeline.stage, status: referral?.status ?? null, bonusState: referral?.bonusState ?? null },
      after: {
        stage: change.fromStage,
        status: change.fromReferralStatus ?? referral?.status ?? null,
        bonusState: change.fromBonusState ?? referral?.bonusState ?? null,
      },
    });
    return { ...pipeline, stage: change.fromStage };
  });
}

/** The latest change on a pipeline that its author can still undo. */
export async function undoableChangeOf(
  db: Executor,
  pipelineId: string,
  userId: string,
): Promise<UndoableChange | null> {
  const [latest] = await db
    .select()
    .from(pipelineStageChanges)
    .where(and(eq(pipelineStageChanges.pipelineId, pipelineId), isNull(pipelineStageChanges.undoneAt)))
    .orderBy(desc(pipelineStageChanges.createdAt), desc(pipelineStageChanges.id))
    .limit(1);
  if (!latest?.notifyAfter || latest.changedBy !== userId || latest.notifiedAt) return null;
  if (latest.notifyAfter <= new Date()) return null;
  return { id: latest.id, undoUntil: latest.notifyAfter.toISOString() };
}

declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    'deliver-held-notifications': Record<string, never>;
  }
}

/** The job's title and company and the candidate's name, for the words of a move's notifications. */
async function jobAndCandidate(tx: Executor, pipeline: PipelineRow) {
  const [row] = await tx
    .select({ jobTitle: jobPostings.title, companyName: companies.name, candidateName: users.name })
    .from(jobPostings)
    .innerJoin(companies, eq(companies.id, jobPostings.companyId))
    .innerJoin(users, eq(users.id, pipeline.talentId))
    .where(eq(jobPostings.id, pipeline.jobId));
  return row ?? { jobTitle: 'A job', companyName: 'the company', candidateName: 'The candidate' };
}

/**
 * Sends the notifications of changes whose undo window has passed. A queued job runs it when a change's window
 * ends (enqueued with the change); `now` lets a test step past the window.
 */
export async function deliverHeldNotifications(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(pipelineStageChanges)
      .where(
        and(
          isNull(pipelineStageChanges.notifiedAt),
          isNull(pipelineStageChanges.undoneAt),
          lte(pipelineStageChanges.notifyAfter, now),
        ),
      )
      .orderBy(asc(pipelineStageChanges.createdAt))
      .limit(100)
      .for('update', { skipLocked: true });
    for (const change of due) {
      for (const notification of change.heldNotifications) await tell(tx, notification);
      await tx.update(pipelineStageChanges).set({ notifiedAt: now }).where(eq(pipelineStageChanges.id, change.id));
    }
    return due.length;
  });
}

const changedBy = aliasedTable(users, 'changed_by');

/** The stage history of a pipeline, oldest first, without undone changes. */
export async function stageHistory(db: Executor, pipelineId: string): Promise<StageChange[]> {
  const rows = await db
    .select({ change: pipelineStageChanges, byName: changedBy.name })
    .from(pipelineStageChanges)
    .leftJoin(changedBy, eq(changedBy.id, pipelineStageChanges.changedBy))
    .where(and(eq(pipelineStageChanges.pipelineId, pipelineId), isNull(pipelineStageChanges.undoneAt)))
    .orderBy(asc(pipelineStageChanges.createdAt), asc(pipelineStageChanges.id));
  return rows.map(({ change, byName }) => ({
    from: change.fromStage,
    to: change.toStage,
    by: change.changedBy && byName ? { id: change.changedBy, name: byName } : null,
    at: change.createdAt.toISOString(),
  }));
}
