/**
 * A company's referral bonus policy: the pure rules the server applies when a referral is made and when its
 * candidate is hired, and the words the referrer reads before referring. The bonus's states stay those of the one
 * state machine in ./pipeline.ts; these rules only decide where it starts and when a due bonus is payable.
 */
import { formatMoney } from '../format';

export const DEFAULT_PAYOUT_DELAY_DAYS = 90;
export const DEFAULT_DIRECT_APPLICATION_WINDOW_DAYS = 180;
export const MAX_POLICY_DAYS = 730;

export interface BonusPolicy {
  defaultBonusAmount: number | null;
  defaultBonusCurrency: string | null;
  payoutDelayDays: number;
  directApplicationWindowDays: number;
  /**
   * The optional retention check: the hire must still be employed on this day after the start date, which the admin
   * confirms when paying (null: no check).
   */
  retentionCheckDays: number | null;
}

export const DEFAULT_BONUS_POLICY: BonusPolicy = {
  defaultBonusAmount: null,
  defaultBonusCurrency: null,
  payoutDelayDays: DEFAULT_PAYOUT_DELAY_DAYS,
  directApplicationWindowDays: DEFAULT_DIRECT_APPLICATION_WINDOW_DAYS,
  retentionCheckDays: null,
};

/** Why a referral earns no bonus. */
export const BONUS_INELIGIBLE_REASONS = ['no_bonus', 'self_referral', 'applied_directly'] as const;
export type BonusIneligibleReason = (typeof BONUS_INELIGIBLE_REASONS)[number];

/** The bonus a referral for a job carries: the job's own bonus, else the company's default, else none. */
export function effectiveBonus(
  job: { bonusAmount: number | null; bonusCurrency: string | null },
  policy: BonusPolicy,
): { amount: number; currency: string } | null {
  if (job.bonusAmount !== null) return { amount: job.bonusAmount, currency: job.bonusCurrency ?? 'USD' };
  if (policy.defaultBonusAmount !== null)
    return { amount: policy.defaultBonusAmount, currency: policy.defaultBonusCurrency ?? 'USD' };
  return null;
}

const DAY_MS = 86_400_000;

/**
 * Whether a referral can earn a bonus. First touch wins: a candidate who applied directly to the job within the
 * window before the referral came through their own application, so the referral earns nothing; nor does
 * referring yourself.
 */
export function bonusIneligibility(input: {
  referrerId: string;
  talentId: string;
  hasBonus: boolean;
  appliedDirectlyAt: Date | null;
  referredAt: Date;
  windowDays: number;
}): BonusIneligibleReason | null {
  if (!input.hasBonus) return 'no_bonus';
  if (input.referrerId === input.talentId) return 'self_referral';
  const applied = input.appliedDirectlyAt;
  if (
    applied &&
    applied <= input.referredAt &&
    input.referredAt.getTime() - applied.getTime() <= input.windowDays * DAY_MS
  )
    return 'applied_directly';
  return null;
}

/** Days after the start date until a bonus is payable: the payout delay, or the retention check's day when later. */
export function payableAfterDays(policy: Pick<BonusPolicy, 'payoutDelayDays' | 'retentionCheckDays'>): number {
  return Math.max(policy.payoutDelayDays, policy.retentionCheckDays ?? 0);
}

/** The day a hire's bonus becomes payable: the start date plus the days of payableAfterDays (yyyy-mm-dd). */
export function bonusDueOn(startDate: string, days: number): string {
  return new Date(Date.parse(`${startDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Whether a bonus in the due state can be paid on `today` (yyyy-mm-dd) without the explicit early payment: its due
 * day has come (a due bonus without a day is payable at once).
 */
export function bonusPayableOn(dueOn: string | null, today: string): boolean {
  return dueOn === null || dueOn <= today;
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** When a due bonus is paid, counted from the hire's start date: 'on the start date', '1 day after start'. */
export function payoutDelayWords(payoutDelayDays: number): string {
  return payoutDelayDays <= 0 ? 'on the start date' : `${days(payoutDelayDays)} after start`;
}

/** What referring for a job pays, and when: read by referrers where they decide. */
export interface BonusOffer {
  amount: number;
  currency: string;
  payoutDelayDays: number;
}

/** The bonus a referral for this job would carry under the policy (effectiveBonus), with when it is paid. */
export function bonusOffer(
  job: { bonusAmount: number | null; bonusCurrency: string | null },
  policy: BonusPolicy,
): BonusOffer | null {
  const bonus = effectiveBonus(job, policy);
  return bonus && { ...bonus, payoutDelayDays: payableAfterDays(policy) };
}

/** The offer in words: '$3,000 paid 90 days after start', '€500 paid on the start date'. */
export function bonusOfferWords(offer: BonusOffer): string {
  return `${formatMoney(offer.amount, offer.currency)} paid ${payoutDelayWords(offer.payoutDelayDays)}`;
}

/** The rule the referrer reads before referring. */
export function bonusRuleText(policy: BonusPolicy): string {
  const payable = payableAfterDays(policy);
  const paid = payable <= 0 ? "on your referral's start date" : `${days(payable)} after your referral's start date`;
  const retention =
    policy.retentionCheckDays === null
      ? ''
      : `, once the company confirms they are still employed on day ${policy.retentionCheckDays}`;
  return (
    `A bonus is paid ${paid}${retention}. ` +
    `No bonus for referring yourself, or for a candidate who applied to the job directly in the ${days(policy.directApplicationWindowDays)} before your referral: the first touch wins.`
  );
}

/** The sentence under a not-eligible bonus. */
export const BONUS_INELIGIBLE_TEXT: Record<BonusIneligibleReason, string> = {
  no_bonus: 'This job has no referral bonus.',
  self_referral: 'Referring yourself earns no bonus.',
  applied_directly: 'The candidate applied directly before your referral, so no bonus is due (first touch wins).',
};
