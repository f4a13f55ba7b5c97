import { describe, expect, it } from 'vitest';
import {
  BONUS_STATES,
  PIPELINE_STAGES,
  REFERRAL_STATUSES,
  bonusStateAfter,
  canMarkBonusPaid,
  initialBonusState,
  referralStatusForStage,
  stageForReferralStatus,
  sumBonuses,
  trackingStatusOf,
} from './pipeline';

describe('stage ⇄ referral status', () => {
  it('maps every stage to the referral status it means', () => {
    expect(PIPELINE_STAGES.map((s) => [s, referralStatusForStage(s)])).toEqual([
      ['applied', 'pending'],
      ['referred', 'pending'],
      ['contacted', 'accepted'],
      ['scheduled', 'accepted'],
      ['interviewed', 'accepted'],
      ['offer', 'accepted'],
      ['hired', 'completed'],
      ['declined', 'rejected'],
      ['withdrawn', 'rejected'],
    ]);
  });
  it('moves the stage only when the status says something else', () => {
    expect(stageForReferralStatus('accepted', { stage: 'interviewed', entry: 'referred' })).toBe('interviewed');
    expect(stageForReferralStatus('accepted', { stage: 'referred', entry: 'referred' })).toBe('contacted');
    expect(stageForReferralStatus('completed', { stage: 'offer', entry: 'referred' })).toBe('hired');
    expect(stageForReferralStatus('rejected', { stage: 'hired', entry: 'applied' })).toBe('declined');
    expect(stageForReferralStatus('pending', { stage: 'declined', entry: 'applied' })).toBe('applied');
    expect(stageForReferralStatus('pending', { stage: 'hired', entry: 'referred' })).toBe('referred');
  });
  it('round-trips: the stage a status sets means that status, from every stage', () => {
    for (const stage of PIPELINE_STAGES)
      for (const status of REFERRAL_STATUSES)
        expect(referralStatusForStage(stageForReferralStatus(status, { stage, entry: 'referred' }))).toBe(status);
  });
  it('shows applied and referred candidates without a tracking choice', () => {
    expect(trackingStatusOf('referred')).toBeNull();
    expect(trackingStatusOf('hired')).toBe('Hired');
    expect(trackingStatusOf('declined')).toBe('Decline');
  });
});

describe('bonus state machine', () => {
  it('starts awaiting hire when the job has a bonus, else not eligible', () => {
    expect(initialBonusState(true)).toBe('awaiting_hire');
    expect(initialBonusState(false)).toBe('not_eligible');
  });
  it('is due on hire, void on rejection and waits again when a hire is undone', () => {
    expect(bonusStateAfter('awaiting_hire', 'completed')).toBe('due');
    expect(bonusStateAfter('awaiting_hire', 'rejected')).toBe('void');
    expect(bonusStateAfter('awaiting_hire', 'accepted')).toBe('awaiting_hire');
    expect(bonusStateAfter('due', 'accepted')).toBe('awaiting_hire');
    expect(bonusStateAfter('due', 'rejected')).toBe('void');
    expect(bonusStateAfter('void', 'completed')).toBe('due');
    expect(bonusStateAfter('void', 'pending')).toBe('awaiting_hire');
  });
  it('never leaves not eligible or paid through a status change', () => {
    for (const status of REFERRAL_STATUSES) {
      expect(bonusStateAfter('not_eligible', status)).toBe('not_eligible');
      expect(bonusStateAfter('paid', status)).toBe('paid');
    }
  });
  it('can be marked paid only when due', () => {
    expect(BONUS_STATES.filter(canMarkBonusPaid)).toEqual(['due']);
  });
  it('sums by state and currency, leaving out void and not eligible', () => {
    expect(
      sumBonuses([
        { state: 'due', currency: 'USD', amount: 2500 },
        { state: 'due', currency: 'USD', amount: 500 },
        { state: 'due', currency: 'EUR', amount: 1000 },
        { state: 'void', currency: 'USD', amount: 2500 },
        { state: 'not_eligible', currency: 'USD', amount: 0 },
        { state: 'awaiting_hire', currency: 'USD', amount: 1000 },
        { state: 'paid', currency: 'USD', amount: 2000 },
      ]),
    ).toEqual({
      awaitingHire: [{ currency: 'USD', amount: 1000 }],
      due: [
        { currency: 'EUR', amount: 1000 },
        { currency: 'USD', amount: 3000 },
      ],
      paid: [{ currency: 'USD', amount: 2000 }],
    });
  });
});
