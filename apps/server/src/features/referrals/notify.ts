/**
 * Who is told about a referral and a candidate's progress, and in which words: the one place that decides it. Every
 * referral, request and pipeline change calls these in its own transaction (stage moves hold theirs for the undo
 * window, pipeline.ts). No database trigger tells anyone anything.
 *
 * A notification is shown in the app and mailed under the person's preferences (platform/notifications). A person
 * referred by e-mail who has not claimed their profile cannot sign in to follow a notification's link, so they get
 * the same news by e-mail with a link of their own (their invitation), unless they turned referral e-mails off.
 */
import { and, eq, ne } from 'drizzle-orm';
import {
  BONUS_DUE_MESSAGES,
  CANDIDATE_TOLD_STAGES,
  DECLINE_REASON_LABELS,
  formatDate,
  formatMoney,
  NOTIFICATION_TYPES_COMPANY,
  NOTIFICATION_TYPES_REFERRALS,
  REFERRAL_MESSAGES,
  REQUEST_CLOSED_FOR_REFERRER,
  REQUEST_CLOSED_FOR_SEEKER,
  STAGE_LABELS,
  type DeclineReason,
  type PipelineStage,
  type ReferralStatus,
  type RequestCloseReason,
} from '@referwell/shared';
import type { Executor } from '../../db/repository';
import { companyMembers, users, type HeldNotification } from '../../db/schema';
import { enqueueMail } from '../../lib/mail/send';
import { createNotification, type NewNotification } from '../../platform/notifications/service';
import { frequencyFor } from '../../platform/notifications/preferences';
import { notifyTeamOfReferral } from '../../platform/notifications/company-events';
import { INVITATION_DAYS, issueInvitationPath } from './invitation-links';

/** Tells one person: in the app and by e-mail (see the header for people who have not claimed their profile). */
export async function tell(tx: Executor, notification: NewNotification, extra: { note?: string | null } = {}) {
  const created = await createNotification(tx, notification);
  const [user] = await tx
    .select({ name: users.name, email: users.email, unclaimed: users.unclaimed })
    .from(users)
    .where(eq(users.id, notification.userId));
  if (!user?.unclaimed || (await frequencyFor(tx, notification.userId, 'referral_updates')) === 'off') return;
  const path = await issueInvitationPath(tx, notification.userId);
  await enqueueMail(tx, {
    key: `referral-invitation:${created.id}`,
    template: 'referral-invitation',
    to: user.email,
    userId: notification.userId,
    props: {
      name: user.name,
      title: notification.title,
      message: notification.message,
      note: extra.note ?? null,
      path,
      days: INVITATION_DAYS,
    },
  });
}

/** A referral waits for its candidate's answer: they are asked; the company hears nothing until they confirm. */
export async function askCandidateToConfirm(
  tx: Executor,
  event: {
    referralId: string;
    talentId: string;
    referrerName: string;
    jobTitle: string;
    companyName: string;
    candidateNote: string | null;
  },
) {
  await tell(
    tx,
    {
      userId: event.talentId,
      title: 'You have been referred',
      message: `${event.referrerName} referred you for ${event.jobTitle} at ${event.companyName}. Please confirm you want to be put forward.`,
      type: NOTIFICATION_TYPES_REFERRALS.consent,
      referenceId: event.referralId,
    },
    { note: event.candidateNote },
  );
}

/**
 * A referral reached the company with the candidate's consent (confirmed now, or made at their request): the job's
 * team hears of it (the referrer excepted).
 */
export async function tellTeamOfReferral(
  tx: Executor,
  event: {
    referralId: string;
    jobId: string;
    jobTitle: string;
    referrer: { id: string; name: string } | null;
    candidateName: string;
  },
) {
  await notifyTeamOfReferral(tx, {
    referralId: event.referralId,
    jobId: event.jobId,
    jobTitle: event.jobTitle,
    referrer: event.referrer ?? { id: '00000000-0000-0000-0000-000000000000', name: 'A former member' },
    candidateName: event.candidateName,
  });
}

/** The candidate answered: the referrer hears it, with what it means for their credit. */
export async function tellReferrerOfAnswer(
  tx: Executor,
  event: { referralId: string; referrerId: string | null; candidateName: string; confirmed: boolean; credit: string },
) {
  if (!event.referrerId) return;
  await tell(tx, {
    userId: event.referrerId,
    title: event.confirmed ? 'Referral confirmed by candidate' : 'Referral declined by candidate',
    message: event.confirmed
      ? `${event.candidateName} confirmed they want to be put forward. ${event.credit}`
      : `${event.candidateName} declined to be put forward.`,
    type: NOTIFICATION_TYPES_REFERRALS.statusUpdate,
    referenceId: event.referralId,
  });
}

/** A seeker's request was accepted: they hear who referred them. */
export async function tellSeekerOfAcceptance(
  tx: Executor,
  event: { talentId: string; referralId: string; referrerName: string; jobTitle: string; companyName: string },
) {
  await tell(tx, {
    userId: event.talentId,
    title: 'Referral request accepted',
    message: `${event.referrerName} referred you for ${event.jobTitle} at ${event.companyName}.`,
    type: NOTIFICATION_TYPES_REFERRALS.statusUpdate,
    referenceId: event.referralId,
  });
}

/**
 * A request closed before its referrer answered: the referrer is told why (in place of an Accept that would fail),
 * and the seeker hears it only when the job closed (the other reasons are their own doing).
 */
export async function tellOfClosedRequest(
  tx: Executor,
  event: {
    requestId: string;
    referrerId: string;
    talentId: string;
    seekerName: string;
    jobTitle: string;
    reason: RequestCloseReason;
  },
) {
  await tell(tx, {
    userId: event.referrerId,
    title: 'Referral request closed',
    message: REQUEST_CLOSED_FOR_REFERRER[event.reason](event.seekerName, event.jobTitle),
    type: NOTIFICATION_TYPES_REFERRALS.requestAnswered,
    referenceId: event.requestId,
  });
  if (event.reason === 'job_closed')
    await tell(tx, {
      userId: event.talentId,
      title: 'Referral request closed',
      message: `${event.jobTitle}: ${REQUEST_CLOSED_FOR_SEEKER.job_closed}`,
      type: NOTIFICATION_TYPES_REFERRALS.requestAnswered,
      referenceId: event.requestId,
    });
}

export interface StageMove {
  jobId: string;
  jobTitle: string;
  companyName: string;
  talentId: string;
  candidateName: string;
  /** The candidate applied themselves (they know they are in the pipeline). */
  applied: boolean;
  fromStage: PipelineStage;
  toStage: PipelineStage;
  referral: { id: string; referrerId: string | null; consent: string } | null;
  /** The referral's status when this move changed it. */
  newStatus: ReferralStatus | null;
  declineReason: DeclineReason | null;
}

/** The referrer's words for a move: the status they track (SPEC §4) or the stage reached, and why a decline. */
function referrerMessage(move: StageMove): string {
  const because = move.declineReason ? `: ${DECLINE_REASON_LABELS[move.declineReason]}` : '';
  if (move.newStatus) return `${REFERRAL_MESSAGES.notification(move.candidateName, move.newStatus)}${because}`;
  if (move.toStage === 'declined') return `${move.candidateName} is not moving forward for ${move.jobTitle}${because}.`;
  return `${move.candidateName} moved to ${STAGE_LABELS[move.toStage]} for ${move.jobTitle}.`;
}

/**
 * Who hears of a stage move, held until the undo window closes: the referrer of a confirmed referral, every move
 * (a decline with its reason category, never the team's own words); the candidate, each stage of
 * CANDIDATE_TOLD_STAGES once they know they are in the pipeline (they applied or confirmed a referral), without the
 * reason.
 */
export function stageMoveAudience(move: StageMove): HeldNotification[] {
  if (move.fromStage === move.toStage && !move.newStatus) return [];
  const told: HeldNotification[] = [];
  const referral = move.referral?.consent === 'confirmed' ? move.referral : null;
  const candidateWords = CANDIDATE_TOLD_STAGES[move.toStage];
  if (candidateWords && move.fromStage !== move.toStage && (move.applied || referral))
    told.push({
      userId: move.talentId,
      title: REFERRAL_MESSAGES.candidateNotificationTitle,
      message: `${move.jobTitle} at ${move.companyName}: ${candidateWords}`,
      type: referral ? NOTIFICATION_TYPES_REFERRALS.statusUpdate : NOTIFICATION_TYPES_REFERRALS.applicationUpdate,
      referenceId: referral ? referral.id : move.jobId,
    });
  if (referral?.referrerId)
    told.push({
      userId: referral.referrerId,
      title: REFERRAL_MESSAGES.notificationTitle,
      message: referrerMessage(move),
      type: NOTIFICATION_TYPES_REFERRALS.statusUpdate,
      referenceId: referral.id,
    });
  return told;
}

/**
 * "Bonus due": a hire made the referral's bonus due. The referrer hears it, and so do the company's admins (who pay
 * it), the admin who made the move excepted; held with the move's other notifications, so an undo cancels them too.
 * Each goes out as every notification does: the bell, e-mail under the person's preferences, and a Slack DM where
 * the company connected Slack (platform/notifications).
 */
export async function bonusDueAudience(
  tx: Executor,
  event: {
    referral: {
      id: string;
      companyId: string;
      referrerId: string | null;
      bonusAmount: number | null;
      bonusCurrency: string | null;
    };
    jobTitle: string;
    candidateName: string;
    dueOn: string | null;
    actorId: string;
  },
): Promise<HeldNotification[]> {
  const { referral } = event;
  const bonus =
    referral.bonusAmount === null
      ? BONUS_DUE_MESSAGES.unknownAmount
      : formatMoney(referral.bonusAmount, referral.bonusCurrency);
  const payableFrom = event.dueOn ? formatDate(event.dueOn) : null;
  const told: HeldNotification[] = [];
  let referrerName = 'A former member';
  if (referral.referrerId) {
    const [referrer] = await tx.select({ name: users.name }).from(users).where(eq(users.id, referral.referrerId));
    referrerName = referrer?.name ?? referrerName;
    told.push({
      userId: referral.referrerId,
      title: BONUS_DUE_MESSAGES.title,
      message: BONUS_DUE_MESSAGES.toReferrer(bonus, event.candidateName, event.jobTitle, payableFrom),
      type: NOTIFICATION_TYPES_REFERRALS.bonusDue,
      referenceId: referral.id,
    });
  }
  const admins = await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(
      and(
        eq(companyMembers.companyId, referral.companyId),
        eq(companyMembers.role, 'admin'),
        ne(companyMembers.userId, event.actorId),
      ),
    )
    .orderBy(companyMembers.userId);
  for (const { userId } of admins)
    if (userId !== referral.referrerId)
      told.push({
        userId,
        title: BONUS_DUE_MESSAGES.title,
        message: BONUS_DUE_MESSAGES.toAdmins(referrerName, bonus, event.candidateName, event.jobTitle, payableFrom),
        type: NOTIFICATION_TYPES_COMPANY.bonusDue,
        referenceId: referral.id,
      });
  return told;
}
