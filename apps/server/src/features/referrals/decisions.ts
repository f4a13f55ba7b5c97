/** What happens to a referral after it is made: its status, the candidate's consent, and the bonus being paid. */
import { and, eq } from 'drizzle-orm';
import {
  bonusDueOn,
  bonusStateAfter,
  payableAfterDays,
  creditWords,
  REFERRAL_MESSAGES,
  stageForReferralStatus,
  type DeclineReason,
  type MarkBonusPaid,
  type ReferralDetail,
  type ReferralStatus,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { type Tx } from '../../db/repository';
import { candidatePipelines, pipelineStageChanges, referrals, users } from '../../db/schema';
import type { AuthContext } from '../../platform/sessions/sessions';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { recordAudit } from '../../platform/audit/service';
import { requireCompanyAdmin } from '../../platform/access/guards';
import { canReadReferral, findJob } from './access';
import { lockLiveReferral, moveStage, openPipeline } from './pipeline';
import { refreshFunnelLevel, refreshPipelineRollups } from './rollups';
import { bonusPolicyOf, recordBonusPaid, todayUtc } from '../bonuses/port';
import { getReferral } from './read';
import { creditVerdict, ledgerWords, lockCandidateCredit, recordCredit } from './credit';
import { referralReachedCompany } from './create';
import { tellReferrerOfAnswer } from './notify';

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
  decline: { reason?: DeclineReason | undefined; reasonNote?: string | undefined } = {},
): Promise<ReferralDetail> {
  await db.transaction(async (tx) => {
    const row = await lockReferral(tx, me, id);
    requireCompanyAdmin(me, row.companyId, REFERRAL_MESSAGES.onlyAdminsUpdate);
    if (row.consent === 'declined')
      throw conflict('The candidate declined this referral, so its status can no longer change.');
    if (row.consent !== 'confirmed') throw notFound(REFERRAL_MESSAGES.notFound);
    const { pipeline } = await openPipeline(tx, row.jobId, row.talentId, 'referred', row.referrerId);
    const referral = await lockLiveReferral(tx, row.jobId, row.talentId);
    await moveStage(tx, me, {
      pipeline,
      referral,
      stage: stageForReferralStatus(status, pipeline),
      status,
      startDate,
      reason: decline.reason,
      reasonNote: decline.reasonNote,
    });
  });
  return getReferral(db, me, id);
}

/**
 * A company admin gives (or corrects) a hire's start date after the hire was recorded. A bonus still to be paid is
 * then due the policy's delay after it, in place of the hire day the clock ran from (moveStage). Audited.
 */
export async function setHireStartDate(
  db: Db,
  me: AuthContext,
  id: string,
  startDate: string,
): Promise<ReferralDetail> {
  await db.transaction(async (tx) => {
    const row = await lockReferral(tx, me, id);
    requireCompanyAdmin(me, row.companyId, REFERRAL_MESSAGES.onlyAdminsUpdate);
    if (row.consent !== 'confirmed') throw notFound(REFERRAL_MESSAGES.notFound);
    const [pipeline] = await tx
      .select({ id: candidatePipelines.id, stage: candidatePipelines.stage, startDate: candidatePipelines.startDate })
      .from(candidatePipelines)
      .where(and(eq(candidatePipelines.jobId, row.jobId), eq(candidatePipelines.talentId, row.talentId)))
      .for('update');
    if (!pipeline || pipeline.stage !== 'hired') throw conflict(REFERRAL_MESSAGES.startDateNotHired);
    const now = new Date();
    await tx
      .update(candidatePipelines)
      .set({ startDate, updatedBy: me.user.id, updatedAt: now })
      .where(eq(candidatePipelines.id, pipeline.id));
    const dueOn =
      row.bonusState === 'due'
        ? bonusDueOn(startDate, payableAfterDays(await bonusPolicyOf(tx, row.companyId)))
        : row.bonusDueOn;
    if (dueOn !== row.bonusDueOn)
      await tx.update(referrals).set({ bonusDueOn: dueOn, updatedAt: now }).where(eq(referrals.id, row.id));
    await recordAudit(tx, {
      companyId: row.companyId,
      actorId: me.user.id,
      action: 'referral.start_date_set',
      subject: { type: 'referral', id: row.id, userId: row.talentId },
      before: { startDate: pipeline.startDate, dueOn: row.bonusDueOn },
      after: { startDate, dueOn },
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
): Promise<ReferralDetail> {
  await db.transaction(async (tx) => {
    const row = await lockReferral(tx, me, id);
    if (row.talentId !== me.user.id) throw forbidden(REFERRAL_MESSAGES.consentOnlyTalent);
    await answerConsent(tx, me.user.id, row, decision);
  });
  return getReferral(db, me, id);
}

/** The candidate's answer (signed in, or from their e-mailed link), on a referral about them that they locked. */
export async function answerConsentAsCandidate(db: Db, talentId: string, id: string, decision: 'confirm' | 'decline') {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(referrals).where(eq(referrals.id, id)).for('update');
    if (!row || row.talentId !== talentId) throw notFound(REFERRAL_MESSAGES.notFound);
    await answerConsent(tx, talentId, row, decision);
  });
}

/**
 * A confirmation is when the ownership rule credits a referral: the first one the candidate confirms holds them for
 * N months, so one confirmed while another referrer holds them earns no credit (the candidate still goes forward).
 * The referrer hears the answer with its credit; a confirmed referral reaches the job's team.
 */
async function answerConsent(tx: Tx, actorId: string, row: ReferralRow, decision: 'confirm' | 'decline') {
  if (row.consent !== 'pending') throw conflict(REFERRAL_MESSAGES.consentAlreadyGiven);
  const declined = decision === 'decline';
  const job = await findJob(tx, row.jobId);
  const [referrer] = row.referrerId
    ? await tx.select({ name: users.name }).from(users).where(eq(users.id, row.referrerId))
    : [];
  const now = new Date();
  await lockCandidateCredit(tx, row.companyId, row.talentId);
  const verdict = declined
    ? null
    : await creditVerdict(tx, {
        job,
        talentId: row.talentId,
        referrerId: row.referrerId ?? '',
        at: now,
        referredAt: row.createdAt,
        referralId: row.id,
      });
  const notCredited = verdict?.reason === 'owned_by_another' || verdict?.reason === 'applied_directly';
  await tx
    .update(referrals)
    .set({
      consent: declined ? 'declined' : 'confirmed',
      consentedAt: declined ? null : now,
      ...(declined ? { status: 'rejected' as const, bonusState: bonusStateAfter(row.bonusState, 'rejected') } : {}),
      ...(notCredited ? { bonusState: 'not_eligible' as const, bonusIneligibleReason: verdict.reason } : {}),
      updatedAt: now,
    })
    .where(eq(referrals.id, row.id));
  await refreshFunnelLevel(tx, row.jobId, row.talentId);
  const policyMonths = verdict?.policy.ownershipMonths ?? (await bonusPolicyOf(tx, row.companyId)).ownershipMonths;
  const context = {
    company: job.companyName,
    candidate: row.talentProfile.name,
    referrer: referrer?.name ?? 'A former member',
    job: job.title,
    ownershipMonths: policyMonths,
  };
  const [decisionMade, reason] = declined
    ? (['not_credited', 'declined_by_candidate'] as const)
    : notCredited
      ? (['not_credited', verdict.reason!] as const)
      : (['credited', verdict?.reason === 'no_bonus' ? 'no_bonus' : 'first_confirmed'] as const);
  await recordCredit(tx, {
    companyId: row.companyId,
    talentId: row.talentId,
    jobId: row.jobId,
    referralId: row.id,
    referrerId: row.referrerId,
    decision: decisionMade,
    reason,
    words: ledgerWords(decisionMade, reason, context),
  });
  if (declined) {
    await withdrawIfOnlyReferred(tx, actorId, row);
    if (row.status !== 'rejected')
      await recordAudit(tx, {
        companyId: row.companyId,
        actorId,
        action: 'referral.status_changed',
        subject: { type: 'referral', id: row.id, userId: row.talentId },
        before: { status: row.status, bonusState: row.bonusState },
        after: { status: 'rejected', bonusState: bonusStateAfter(row.bonusState, 'rejected'), consent: 'declined' },
      });
  } else {
    await referralReachedCompany(tx, row, job, referrer?.name ?? null);
  }
  await tellReferrerOfAnswer(tx, {
    referralId: row.id,
    referrerId: row.referrerId,
    candidateName: row.talentProfile.name,
    confirmed: !declined,
    credit: notCredited
      ? creditWords('owned_by_another', context)
      : "Under the company's referral rule, you are credited for them.",
  });
}

/** A candidate who declines a referral they did not also apply through leaves the job's pipeline. */
async function withdrawIfOnlyReferred(tx: Tx, actorId: string, row: ReferralRow) {
  const { pipeline } = await openPipeline(tx, row.jobId, row.talentId, 'referred', row.referrerId);
  if (pipeline.appliedAt) return;
  await tx
    .update(candidatePipelines)
    .set({ stage: 'withdrawn', updatedBy: actorId, updatedAt: new Date() })
    .where(eq(candidatePipelines.id, pipeline.id));
  await tx.insert(pipelineStageChanges).values({
    pipelineId: pipeline.id,
    fromStage: pipeline.stage,
    toStage: 'withdrawn',
    referralId: row.id,
    changedBy: actorId,
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
): Promise<ReferralDetail> {
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
