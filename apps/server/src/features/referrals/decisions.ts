/** What happens to a referral after it is made: its status, the candidate's consent, and the bonus being paid. */
import { eq } from 'drizzle-orm';
import {
  bonusStateAfter,
  NOTIFICATION_TYPES_REFERRALS,
  REFERRAL_MESSAGES,
  stageForReferralStatus,
  type MarkBonusPaid,
  type Referral,
  type ReferralStatus,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { type Tx } from '../../db/repository';
import { candidatePipelines, pipelineStageChanges, referrals } from '../../db/schema';
import type { AuthContext } from '../../platform/sessions/sessions';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { createNotification } from '../../platform/notifications/service';
import { recordAudit } from '../../platform/audit/service';
import { requireCompanyAdmin } from '../../platform/access/guards';
import { canReadReferral } from './access';
import { lockLiveReferral, moveStage, openPipeline } from './pipeline';
import { refreshFunnelLevel, refreshPipelineRollups } from './rollups';
import { recordBonusPaid, todayUtc } from '../bonuses/port';
import { getReferral } from './read';

type ReferralRow = typeof referrals.$inferSelect;

async function lockReferral(tx: Tx, auth: AuthContext, id: string): Promise<ReferralRow> {
  const [row] = await tx.select().from(referrals).where(eq(referrals.id, id)).for('update');
  if (!row || !canReadReferral(auth, row)) throw notFound(REFERRAL_MESSAGES.notFound);
  return row;
}

/**
 * Company admins set any status from any other (SPEC §5). The candidate's stage moves with it and the bonus
 * follows (see moveStage for the held notification and undo).
 */
export async function updateReferralStatus(
  db: Db,
  me: AuthContext,
  id: string,
  status: ReferralStatus,
  startDate?: string,
): Promise<Referral> {
  await db.transaction(async (tx) => {
    const row = await lockReferral(tx, me, id);
    requireCompanyAdmin(me, row.companyId, REFERRAL_MESSAGES.onlyAdminsUpdate);
    if (row.consent === 'declined')
      throw conflict('The candidate declined this referral, so its status can no longer change.');
    const { pipeline } = await openPipeline(tx, row.jobId, row.talentId, 'referred', row.referrerId);
    const referral = await lockLiveReferral(tx, row.jobId, row.talentId);
    await moveStage(tx, me, {
      pipeline,
      referral,
      stage: stageForReferralStatus(status, pipeline),
      status,
      startDate,
    });
  });
  return getReferral(db, me, id);
}

/** The candidate confirms or declines being put forward; a declined referral stops there. */
export async function answerReferralConsent(
  db: Db,
  me: AuthContext,
  id: string,
  decision: 'confirm' | 'decline',
): Promise<Referral> {
  await db.transaction(async (tx) => {
    const row = await lockReferral(tx, me, id);
    if (row.talentId !== me.user.id) throw forbidden(REFERRAL_MESSAGES.consentOnlyTalent);
    if (row.consent !== 'pending') throw conflict(REFERRAL_MESSAGES.consentAlreadyGiven);
    const declined = decision === 'decline';
    await tx
      .update(referrals)
      .set({
        consent: declined ? 'declined' : 'confirmed',
        ...(declined ? { status: 'rejected' as const, bonusState: bonusStateAfter(row.bonusState, 'rejected') } : {}),
        updatedAt: new Date(),
      })
      .where(eq(referrals.id, id));
    await refreshFunnelLevel(tx, row.jobId, row.talentId);
    if (declined) {
      await withdrawIfOnlyReferred(tx, me, row);
      if (row.status !== 'rejected')
        await recordAudit(tx, {
          companyId: row.companyId,
          actorId: me.user.id,
          action: 'referral.status_changed',
          subject: { type: 'referral', id: row.id, userId: row.talentId },
          before: { status: row.status, bonusState: row.bonusState },
          after: { status: 'rejected', bonusState: bonusStateAfter(row.bonusState, 'rejected'), consent: 'declined' },
        });
    }
    if (row.referrerId) {
      await createNotification(tx, {
        userId: row.referrerId,
        title: declined ? 'Referral declined by candidate' : 'Referral confirmed by candidate',
        message: declined
          ? `${row.talentProfile.name} declined to be put forward.`
          : `${row.talentProfile.name} confirmed they want to be put forward.`,
        type: NOTIFICATION_TYPES_REFERRALS.statusUpdate,
        referenceId: id,
      });
    }
  });
  return getReferral(db, me, id);
}

/** A candidate who declines a referral they did not also apply through leaves the job's pipeline. */
async function withdrawIfOnlyReferred(tx: Tx, me: AuthContext, row: ReferralRow) {
  const { pipeline } = await openPipeline(tx, row.jobId, row.talentId, 'referred', row.referrerId);
  if (pipeline.appliedAt) return;
  await tx
    .update(candidatePipelines)
    .set({ stage: 'withdrawn', updatedBy: me.user.id, updatedAt: new Date() })
    .where(eq(candidatePipelines.id, pipeline.id));
  await tx.insert(pipelineStageChanges).values({
    pipelineId: pipeline.id,
    fromStage: pipeline.stage,
    toStage: 'withdrawn',
    referralId: row.id,
    changedBy: me.user.id,
    notifiedAt: new Date(),
  });
  await refreshPipelineRollups(tx, pipeline.id);
}

/** A company admin records that a due bonus was paid to the referrer. */
export async function markReferralBonusPaid(
  db: Db,
  me: AuthContext,
  id: string,
  input: MarkBonusPaid,
): Promise<Referral> {
  await db.transaction(async (tx) => {
    const row = await lockReferral(tx, me, id);
    requireCompanyAdmin(me, row.companyId, 'Only company administrators can mark bonuses paid.');
    await recordBonusPaid(tx, row, me.user.id, {
      paidOn: input.paidOn || todayUtc(),
      reference: input.reference || null,
      stillEmployed: input.stillEmployed,
    });
  });
  return getReferral(db, me, id);
}
