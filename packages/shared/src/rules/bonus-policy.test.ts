import { describe, expect, it } from 'vitest';
import {
  bonusDueOn,
  bonusIneligibility,
  bonusOffer,
  bonusOfferWords,
  bonusPayableOn,
  bonusRuleText,
  DEFAULT_BONUS_POLICY,
  effectiveBonus,
  payableAfterDays,
  payoutDelayWords,
} from './bonus-policy';
import { bonusDescription, initialBonusState } from './pipeline';

const DAY = 86_400_000;
const referredAt = new Date('2026-06-30T12:00:00Z');
const base = { referrerId: 'r', talentId: 't', hasBonus: true, appliedDirectlyAt: null, referredAt, windowDays: 30 };

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

  it('gives no bonus for referring yourself or a candidate who applied directly within the window (first touch)', () => {
    expect(bonusIneligibility(base)).toBeNull();
    expect(bonusIneligibility({ ...base, hasBonus: false })).toBe('no_bonus');
    expect(bonusIneligibility({ ...base, talentId: 'r' })).toBe('self_referral');
    const applied = (days: number) => new Date(referredAt.getTime() - days * DAY);
    expect(bonusIneligibility({ ...base, appliedDirectlyAt: applied(30) })).toBe('applied_directly');
    expect(bonusIneligibility({ ...base, appliedDirectlyAt: applied(31) })).toBeNull();
    // Applying after being referred is the referral working, not a first touch.
    expect(bonusIneligibility({ ...base, appliedDirectlyAt: applied(-1) })).toBeNull();
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
      "A bonus is paid 90 days after your referral's start date. No bonus for referring yourself, or for a candidate who applied to the job directly in the 180 days before your referral: the first touch wins.",
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
