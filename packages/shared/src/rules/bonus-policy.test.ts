import { describe, expect, it } from 'vitest';
import {
  bonusDueOn,
  bonusIneligibility,
  bonusOffer,
  bonusOfferWords,
  bonusPayableOn,
  bonusRuleText,
  creditWords,
  DEFAULT_BONUS_POLICY,
  effectiveBonus,
  isRefusal,
  ownershipRuleText,
  payableAfterDays,
  payoutDelayWords,
} from './bonus-policy';
import { bonusDescription, initialBonusState } from './pipeline';

const DAY = 86_400_000;
const referredAt = new Date('2026-06-30T12:00:00Z');
const base = {
  referrerId: 'r',
  talentId: 't',
  hasBonus: true,
  appliedDirectlyAt: null,
  referredAt,
  ownershipMonths: 6,
};
const monthsAgo = (months: number, days = 0) => {
  const d = new Date(referredAt);
  d.setUTCMonth(d.getUTCMonth() - months);
  return new Date(d.getTime() - days * DAY);
};

describe('bonus policy', () => {
  it("takes the job's own bonus over the company's default", () => {
    const policy = { ...DEFAULT_BONUS_POLICY, defaultBonusAmount: 750, defaultBonusCurrency: 'EUR' };
    expect(effectiveBonus({ bonusAmount: 2000, bonusCurrency: 'USD' }, policy)).toEqual({
      amount: 2000,
      currency: 'USD',
    });
    expect(effectiveBonus({ bonusAmount: null, bonusCurrency: null }, policy)).toEqual({
      amount: 750,
      currency: 'EUR',
    });
    expect(effectiveBonus({ bonusAmount: null, bonusCurrency: null }, DEFAULT_BONUS_POLICY)).toBeNull();
  });

  it('gives no credit for referring yourself or a candidate who applied directly within N months (first touch)', () => {
    expect(bonusIneligibility(base)).toBeNull();
    expect(bonusIneligibility({ ...base, hasBonus: false })).toBe('no_bonus');
    expect(bonusIneligibility({ ...base, talentId: 'r' })).toBe('self_referral');
    expect(bonusIneligibility({ ...base, appliedDirectlyAt: monthsAgo(5, 29) })).toBe('applied_directly');
    // A re-application after N months starts fresh.
    expect(bonusIneligibility({ ...base, appliedDirectlyAt: monthsAgo(6) })).toBeNull();
    // Applying after being referred is the referral working, not a first touch.
    expect(bonusIneligibility({ ...base, appliedDirectlyAt: new Date(referredAt.getTime() + DAY) })).toBeNull();
    // A direct application refuses even a referral without a bonus: the credit rule comes before the money.
    expect(bonusIneligibility({ ...base, hasBonus: false, appliedDirectlyAt: monthsAgo(1) })).toBe('applied_directly');
  });

  it('credits the first confirmed referral for N months; its own referrer may refer again, others may not', () => {
    const owner = { referrerId: 'someone-else', since: monthsAgo(2) };
    expect(bonusIneligibility({ ...base, owner })).toBe('owned_by_another');
    expect(bonusIneligibility({ ...base, owner: { ...owner, referrerId: 'r' } })).toBeNull();
    expect(bonusIneligibility({ ...base, owner: { ...owner, since: monthsAgo(6) } })).toBeNull();
    // A referrer who left (no referrer any more) still owned the candidate.
    expect(bonusIneligibility({ ...base, owner: { referrerId: null, since: monthsAgo(1) } })).toBe('owned_by_another');
    expect(isRefusal('owned_by_another')).toBe(true);
    expect(isRefusal('applied_directly')).toBe(true);
    expect(isRefusal('no_bonus')).toBe(false);
    expect(isRefusal(null)).toBe(false);
  });

  it('says the rule and each answer in words', () => {
    expect(ownershipRuleText({ ownershipMonths: 6 }, 'Acme Health')).toContain(
      'the first referral a candidate confirms counts for 6 months',
    );
    const context = { company: 'Acme Health', candidate: 'Dana Reyes', ownershipMonths: 1 };
    expect(creditWords('owned_by_another', context)).toContain('within the last 1 month.');
    expect(creditWords('applied_directly', context)).toContain('Dana Reyes applied to this job directly');
    expect(creditWords(null, context)).toMatch(/^This referral will count/);
  });

  it('starts an excluded bonus as not eligible and says why', () => {
    expect(initialBonusState(true, null)).toBe('awaiting_hire');
    expect(initialBonusState(true, 'applied_directly')).toBe('not_eligible');
    expect(bonusDescription('not_eligible', null, { ineligible: 'self_referral' })).toBe(
      'Referring yourself earns no bonus.',
    );
    expect(bonusDescription('due', null, { dueOn: '2026-10-01' })).toContain('payable from 2026-10-01');
  });

  it('makes a bonus payable the payout delay after the start date and states the rule', () => {
    expect(bonusDueOn('2026-07-01', 90)).toBe('2026-09-29');
    expect(bonusRuleText(DEFAULT_BONUS_POLICY)).toBe(
      "A bonus is paid 90 days after your referral's start date. No bonus for referring yourself, or for a candidate who applied to the job directly in the 6 months before your referral: the first touch wins.",
    );
  });

  it('says when a bonus is paid in words a person would write, 0 and 1 day included', () => {
    expect(payoutDelayWords(90)).toBe('90 days after start');
    expect(payoutDelayWords(1)).toBe('1 day after start');
    expect(payoutDelayWords(0)).toBe('on the start date');
    expect(bonusRuleText({ ...DEFAULT_BONUS_POLICY, payoutDelayDays: 0 })).toMatch(
      /^A bonus is paid on your referral's start date\. /,
    );
    expect(bonusRuleText({ ...DEFAULT_BONUS_POLICY, payoutDelayDays: 1 })).toMatch(
      /^A bonus is paid 1 day after your referral's start date\. /,
    );
    expect(bonusRuleText({ ...DEFAULT_BONUS_POLICY, payoutDelayDays: 0 })).not.toMatch(/\b0 days/);
  });

  it("offers the job's bonus (else the company default) with the payout rule, in words", () => {
    const policy = {
      ...DEFAULT_BONUS_POLICY,
      defaultBonusAmount: 500,
      defaultBonusCurrency: 'EUR',
      payoutDelayDays: 0,
    };
    const own = bonusOffer({ bonusAmount: 3000, bonusCurrency: 'USD' }, { ...policy, payoutDelayDays: 90 });
    expect(own).toEqual({ amount: 3000, currency: 'USD', payoutDelayDays: 90 });
    expect(bonusOfferWords(own!)).toBe('$3,000 paid 90 days after start');
    expect(bonusOfferWords(bonusOffer({ bonusAmount: null, bonusCurrency: null }, policy)!)).toBe(
      '€500 paid on the start date',
    );
    expect(bonusOffer({ bonusAmount: null, bonusCurrency: null }, DEFAULT_BONUS_POLICY)).toBeNull();
  });

  it('makes a bonus payable on the later of the payout delay and the retention check, and only from that day', () => {
    expect(payableAfterDays({ payoutDelayDays: 90, retentionCheckDays: null })).toBe(90);
    expect(payableAfterDays({ payoutDelayDays: 30, retentionCheckDays: 60 })).toBe(60);
    expect(payableAfterDays({ payoutDelayDays: 90, retentionCheckDays: 60 })).toBe(90);
    expect(bonusPayableOn('2027-03-01', '2026-12-02')).toBe(false);
    expect(bonusPayableOn('2027-03-01', '2027-03-01')).toBe(true);
    expect(bonusPayableOn(null, '2026-12-02')).toBe(true);
    expect(
      bonusOffer({ bonusAmount: 100, bonusCurrency: 'USD' }, { ...DEFAULT_BONUS_POLICY, retentionCheckDays: 120 }),
    ).toMatchObject({ payoutDelayDays: 120 });
  });
});
