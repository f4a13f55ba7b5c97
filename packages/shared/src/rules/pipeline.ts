import { BONUS_INELIGIBLE_TEXT, type BonusIneligibleReason } from './bonus-policy';

/**
 * One pipeline per candidate and job: the application, the referral and Talent Tracking are views of it.
 * These pure rules are the only place that says how a stage and a referral status follow each other and
 * where a referral bonus stands; the server applies them to transitions and every screen uses their words.
 */

/** Where a candidate has got to on a job. The first stage is how they came in (applied or referred). */
export const PIPELINE_STAGES = [
  'applied',
  'referred',
  'contacted',
  'scheduled',
  'interviewed',
  'offer',
  'hired',
  'declined',
  'withdrawn',
] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

/**
 * How a candidate reached a job: applied on their own, referred by a company member, or applied through a link a
 * company member shared (which also makes that member their referrer).
 */
export const PIPELINE_SOURCES = ['direct', 'referral', 'shared_link'] as const;
export type PipelineSource = (typeof PIPELINE_SOURCES)[number];

/** The job team's words for a stage (Talent Tracking, referral pages). */
export const STAGE_LABELS: Record<PipelineStage, string> = {
  applied: 'Applied',
  referred: 'Referred',
  contacted: 'Contacted',
  scheduled: 'Scheduled',
  interviewed: 'Interviewed',
  offer: 'Offer',
  hired: 'Hired',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

/** The candidate's words for a stage (their dashboard). */
export const CANDIDATE_STAGE_LABELS: Record<PipelineStage, string> = {
  applied: 'Applied',
  referred: 'Referred',
  contacted: 'Contacted',
  scheduled: 'Interview scheduled',
  interviewed: 'Interviewed',
  offer: 'Offer',
  hired: 'Hired',
  declined: 'Not selected',
  withdrawn: 'Withdrawn',
};

/** Talent Tracking's choices (SPEC §4) and the stage each one sets. */
export const TRACKING_STATUSES = ['Contacted', 'Scheduled', 'Interviewed', 'Offer', 'Hired', 'Decline'] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];
export const TRACKING_STAGE: Record<TrackingStatus, PipelineStage> = {
  Contacted: 'contacted',
  Scheduled: 'scheduled',
  Interviewed: 'interviewed',
  Offer: 'offer',
  Hired: 'hired',
  Decline: 'declined',
};
/** The Talent Tracking choice showing a stage, or null while the candidate is only applied/referred. */
export function trackingStatusOf(stage: PipelineStage): TrackingStatus | null {
  const found = TRACKING_STATUSES.find((status) => TRACKING_STAGE[status] === stage);
  return found ?? (stage === 'withdrawn' ? 'Decline' : null);
}

/** Referral statuses (SPEC §5). */
export const REFERRAL_STATUSES = ['pending', 'accepted', 'rejected', 'completed'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** The referral status a stage means: in progress is accepted, Hired completes it, Decline rejects it. */
export function referralStatusForStage(stage: PipelineStage): ReferralStatus {
  switch (stage) {
    case 'applied':
    case 'referred':
      return 'pending';
    case 'hired':
      return 'completed';
    case 'declined':
    case 'withdrawn':
      return 'rejected';
    default:
      return 'accepted';
  }
}

/**
 * The stage an admin's referral status sets. A status the current stage already means keeps the stage
 * (accepting a candidate at 'interviewed' leaves them there); otherwise pending goes back to how they came in
 * (applied, or referred for a candidate the team found themselves).
 */
export function stageForReferralStatus(
  status: ReferralStatus,
  current: { stage: PipelineStage; entry: PipelineStage },
): PipelineStage {
  if (referralStatusForStage(current.stage) === status) return current.stage;
  switch (status) {
    case 'pending':
      return current.entry === 'applied' ? 'applied' : 'referred';
    case 'accepted':
      return 'contacted';
    case 'completed':
      return 'hired';
    case 'rejected':
      return 'declined';
  }
}

// ---------- The referral bonus ----------

/** Not eligible (no bonus on the job), awaiting hire, due (hired), paid, void (the referral did not succeed). */
export const BONUS_STATES = ['not_eligible', 'awaiting_hire', 'due', 'paid', 'void'] as const;
export type BonusState = (typeof BONUS_STATES)[number];

export const BONUS_STATE_LABELS: Record<BonusState, string> = {
  not_eligible: 'Not eligible',
  awaiting_hire: 'Awaiting hire',
  due: 'Due',
  paid: 'Paid',
  void: 'Void',
};

/** Said beside a due day counted from the hire day because the start date is not known. */
export const BONUS_FROM_HIRE_DATE = 'from the hire date; start date unknown';

/** The sentence under a bonus amount, the same on every screen. */
export function bonusDescription(
  state: BonusState,
  paidOn: string | null = null,
  detail: { ineligible?: BonusIneligibleReason | null; dueOn?: string | null; fromHire?: boolean } = {},
): string {
  switch (state) {
    case 'not_eligible':
      return BONUS_INELIGIBLE_TEXT[detail.ineligible ?? 'no_bonus'];
    case 'awaiting_hire':
      return 'Due once the candidate is hired.';
    case 'due':
      if (!detail.dueOn) return 'The candidate was hired: the bonus is due to the referrer.';
      return detail.fromHire
        ? `The candidate was hired: the bonus is payable from ${detail.dueOn} (${BONUS_FROM_HIRE_DATE}).`
        : `The candidate was hired: the bonus is payable from ${detail.dueOn}.`;
    case 'paid':
      return paidOn ? `Paid on ${paidOn}.` : 'Paid.';
    case 'void':
      return 'The referral did not lead to a hire, so no bonus is due.';
  }
}

/** The bonus state a referral starts in: not eligible without a bonus or when the policy excludes it. */
export const initialBonusState = (hasBonus: boolean, ineligible: BonusIneligibleReason | null = null): BonusState =>
  hasBonus && ineligible === null ? 'awaiting_hire' : 'not_eligible';

/**
 * Where the bonus goes when the referral takes a status. A job without a bonus stays not eligible and a paid
 * bonus stays paid (money that went out is not taken back by a status change); otherwise hired makes it due,
 * rejected voids it, and anything else (including undoing a hire) waits for the hire again.
 */
export function bonusStateAfter(current: BonusState, status: ReferralStatus): BonusState {
  if (current === 'not_eligible' || current === 'paid') return current;
  if (status === 'completed') return 'due';
  if (status === 'rejected') return 'void';
  return 'awaiting_hire';
}

/** Only a due bonus can be marked paid. */
export const canMarkBonusPaid = (state: BonusState) => state === 'due';

export interface Money {
  currency: string;
  amount: number;
}
/** The bonus figures a dashboard shows, per currency: what waits for a hire, what is due and what was paid. */
export interface BonusSums {
  awaitingHire: Money[];
  due: Money[];
  paid: Money[];
}

/** Sums bonuses by state and currency; not eligible and void bonuses count nowhere. Every dashboard uses this. */
export function sumBonuses(bonuses: { state: BonusState; currency: string; amount: number }[]): BonusSums {
  const sums: Record<keyof BonusSums, Map<string, number>> = {
    awaitingHire: new Map(),
    due: new Map(),
    paid: new Map(),
  };
  const bucket: Partial<Record<BonusState, keyof BonusSums>> = {
    awaiting_hire: 'awaitingHire',
    due: 'due',
    paid: 'paid',
  };
  for (const bonus of bonuses) {
    const key = bucket[bonus.state];
    if (!key) continue;
    sums[key].set(bonus.currency, (sums[key].get(bonus.currency) ?? 0) + bonus.amount);
  }
  const list = (map: Map<string, number>) =>
    [...map].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount }));
  return { awaitingHire: list(sums.awaitingHire), due: list(sums.due), paid: list(sums.paid) };
}

/** How a referrer knows the candidate they refer (shown to the company). */
export const REFERRER_RELATIONSHIPS = ['worked_together', 'know_personally', 'met_through_network'] as const;
export type ReferrerRelationship = (typeof REFERRER_RELATIONSHIPS)[number];
export const REFERRER_RELATIONSHIP_LABELS: Record<ReferrerRelationship, string> = {
  worked_together: 'Worked together',
  know_personally: 'Know personally',
  met_through_network: 'Met through the network',
};

/** How strongly the referrer can vouch for the person (shown to the hiring team). */
export const VOUCH_STRENGTHS = ['worked_directly', 'know_professionally', 'know_of'] as const;
export type VouchStrength = (typeof VOUCH_STRENGTHS)[number];
export const VOUCH_STRENGTH_LABELS: Record<VouchStrength, string> = {
  worked_directly: 'Worked with them directly',
  know_professionally: 'Know them professionally',
  know_of: 'Know of them',
};

/**
 * Why a candidate is not moving forward: the category the admin picks when declining. The referrer is told the
 * category; the free-text note beside it stays with the hiring team; the candidate hears only "not moving forward".
 */
export const DECLINE_REASONS = [
  'position_filled',
  'not_enough_experience',
  'skills_mismatch',
  'another_candidate',
  'location_or_schedule',
  'compensation',
  'candidate_withdrew',
  'other',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];
export const DECLINE_REASON_LABELS: Record<DeclineReason, string> = {
  position_filled: 'Position filled',
  not_enough_experience: 'Not enough experience',
  skills_mismatch: 'Skills do not match the role',
  another_candidate: 'Went with another candidate',
  location_or_schedule: 'Location or schedule',
  compensation: 'Compensation expectations',
  candidate_withdrew: 'Candidate withdrew',
  other: 'Other',
};
export const DECLINE_REASON_REQUIRED = 'Please choose why the candidate is not moving forward';

/** The stages a candidate is told about (in the app and by e-mail), in their words. */
export const CANDIDATE_TOLD_STAGES: Partial<Record<PipelineStage, string>> = {
  contacted: 'the hiring team is moving you forward.',
  scheduled: 'your interview is being scheduled.',
  interviewed: 'the hiring team has your interview and is deciding on next steps.',
  offer: 'the hiring team is making you an offer.',
  hired: 'you are hired. Congratulations!',
  declined: 'the hiring team decided not to move forward this time.',
};

/** How long a referral status or stage change can be undone before its notifications go out. */
export const UNDO_WINDOW_MS = 10_000;
