import { addMonths } from 'date-fns';

/**
 * A company's referral bonus policy: the pure rules the server applies when a referral is made, when its candidate
 * confirms it and when they are hired, and the words everyone reads before acting. The bonus's states stay those of
 * the one state machine in ./pipeline.ts; these rules decide who is credited (the ownership rule), where a bonus
 * starts and when a due bonus is payable.
 */
import { formatMoney } from '../format';

export const DEFAULT_PAYOUT_DELAY_DAYS = 90;
export const MAX_POLICY_DAYS = 730;
/** The ownership rule's N: how many months a confirmed referral (or a direct application) holds a candidate. */
export const DEFAULT_OWNERSHIP_MONTHS = 6;
export const MAX_OWNERSHIP_MONTHS = 24;

export interface BonusPolicy {
  defaultBonusAmount: number | null;
  defaultBonusCurrency: string | null;
  payoutDelayDays: number;
  /**
   * The ownership rule: the first referral a candidate confirms counts for this many months (other referrers'
   * referrals of them in that time earn no credit); a direct application to a job in the months before a referral
   * for it means no credit; after this many months a new referral or application starts fresh.
   */
  ownershipMonths: number;
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
  ownershipMonths: DEFAULT_OWNERSHIP_MONTHS,
  retentionCheckDays: null,
};

/**
 * Why a referral earns no credit or no bonus. `owned_by_another` and `applied_directly` are the ownership rule's
 * refusals (REFUSED_REASONS): a new referral they apply to is refused, not made; a referral already made whose
 * candidate confirms someone else's first is kept without credit.
 */
export const BONUS_INELIGIBLE_REASONS = ['no_bonus', 'self_referral', 'applied_directly', 'owned_by_another'] as const;
export type BonusIneligibleReason = (typeof BONUS_INELIGIBLE_REASONS)[number];
/** The reasons that stop a referral from being made at all (409 with the rule's words). */
export const REFUSED_REASONS: readonly BonusIneligibleReason[] = [
  'self_referral',
  'applied_directly',
  'owned_by_another',
];

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

/** Whether `at` falls within `months` calendar months after `since` (a touch that long ago no longer counts). */
export const withinMonths = (since: Date, at: Date, months: number) => since <= at && at < addMonths(since, months);

/** What the ownership rule reads about a candidate, a job and a referrer when a referral is made or confirmed. */
export interface CreditFacts {
  referrerId: string;
  talentId: string;
  hasBonus: boolean;
  /** When the referral is made (or confirmed). */
  referredAt: Date;
  ownershipMonths: number;
  /** When the candidate applied to this job on their own, before any referral of them for it; null if not. */
  appliedDirectlyAt: Date | null;
  /** The referral of the candidate at this company they confirmed first in the window: its referrer and when. */
  owner?: { referrerId: string | null; since: Date } | null;
}

/**
 * The one credit rule (the company's ownership rule; every screen's words come from creditWords). In order:
 * referring yourself earns nothing; another referrer owns the candidate when the candidate confirmed that
 * referrer's referral within the last N months (first confirmed referral wins); a candidate who applied to the job
 * directly within N months before the referral came through their own application (a direct application before any
 * referral means no credit); touches older than N months start fresh. Otherwise the referral counts, with a bonus
 * when the job carries one.
 */
export function bonusIneligibility(input: CreditFacts): BonusIneligibleReason | null {
  if (input.referrerId === input.talentId) return 'self_referral';
  const owner = input.owner;
  if (
    owner &&
    owner.referrerId !== input.referrerId &&
    withinMonths(owner.since, input.referredAt, input.ownershipMonths)
  )
    return 'owned_by_another';
  const applied = input.appliedDirectlyAt;
  if (applied && withinMonths(applied, input.referredAt, input.ownershipMonths)) return 'applied_directly';
  if (!input.hasBonus) return 'no_bonus';
  return null;
}

/** A reason that refuses a new referral (the rule forbids it). */
export const isRefusal = (reason: BonusIneligibleReason | null): reason is BonusIneligibleReason =>
  reason !== null && REFUSED_REASONS.includes(reason);

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

const months = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`;
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
    `No bonus for referring yourself, or for a candidate who applied to the job directly in the ${months(policy.ownershipMonths)} before your referral: the first touch wins.`
  );
}

/** The company's ownership rule in words, as the job page, the refer dialog and every referral show it. */
export function ownershipRuleText(policy: Pick<BonusPolicy, 'ownershipMonths'>, company: string): string {
  const n = months(policy.ownershipMonths);
  return (
    `${company}'s referral rule: the first referral a candidate confirms counts for ${n}, so later referrals of ` +
    `the same person by others earn no credit. A candidate who applied to a job directly before any referral came ` +
    `through their own application, so no referral for that job counts. After ${n}, a new referral or application starts fresh.`
  );
}

/** What a job seeker reads on the job page of a company that pays referral bonuses. */
export function askBeforeApplyingText(policy: Pick<BonusPolicy, 'ownershipMonths'>, company: string): string {
  return (
    `${company} rewards referrals. Ask a referrer before you apply: once you apply directly, no referrer can be ` +
    `credited for this job for ${months(policy.ownershipMonths)}.`
  );
}

/**
 * The answer to "will this referral count?" in the referrer's words, the same before they submit (the check), in
 * the 409 that refuses it and on the referral. `reason` is bonusIneligibility's verdict.
 */
export function creditWords(
  reason: BonusIneligibleReason | null,
  context: { company: string; candidate: string; ownershipMonths: number },
): string {
  const n = months(context.ownershipMonths);
  switch (reason) {
    case 'owned_by_another':
      return (
        `Another referrer at ${context.company} referred ${context.candidate} and they confirmed it within the last ${n}. ` +
        `Under ${context.company}'s rule the first confirmed referral counts for ${n}, so this referral would not count.`
      );
    case 'applied_directly':
      return (
        `${context.candidate} applied to this job directly within the last ${n}, so they are already in ` +
        `${context.company}'s pipeline for it. Under ${context.company}'s rule a direct application before any referral means no referrer is credited.`
      );
    case 'self_referral':
      return 'Referring yourself does not count.';
    case 'no_bonus':
      return `This referral will count once ${context.candidate} confirms it, but this job has no referral bonus.`;
    case null:
      return `This referral will count: you are credited once ${context.candidate} confirms it, unless they confirm someone else's referral first.`;
  }
}

/** The sentence under a not-eligible bonus. */
export const BONUS_INELIGIBLE_TEXT: Record<BonusIneligibleReason, string> = {
  no_bonus: 'This job has no referral bonus.',
  self_referral: 'Referring yourself earns no bonus.',
  applied_directly: 'The candidate applied directly before your referral, so no bonus is due (first touch wins).',
  owned_by_another:
    "The candidate confirmed another referrer's referral first, so this referral earns no credit (first confirmed referral wins).",
};
