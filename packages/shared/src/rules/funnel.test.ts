import { describe, expect, it } from 'vitest';
import { FUNNEL_LEVELS, referralFunnelLevel, STAGE_RANKS } from './funnel';
import { PIPELINE_STAGES } from './pipeline';

const at = (stage: keyof typeof STAGE_RANKS, appliedAt: Date | null = null) => ({
  reachedRank: STAGE_RANKS[stage],
  appliedAt,
});

describe('referralFunnelLevel', () => {
  it('is 0 while the referral has no pipeline, whatever its consent', () => {
    for (const consent of ['pending', 'confirmed', 'declined'] as const)
      expect(referralFunnelLevel({ consent, pipeline: null })).toBe(FUNNEL_LEVELS.none);
  });

  it('counts a referred candidate at 1, and at 2 once they confirm', () => {
    expect(referralFunnelLevel({ consent: 'pending', pipeline: at('referred') })).toBe(1);
    expect(referralFunnelLevel({ consent: 'declined', pipeline: at('withdrawn') })).toBe(1);
    expect(referralFunnelLevel({ consent: 'confirmed', pipeline: at('referred') })).toBe(2);
  });

  it('counts an application or any stage the team moved them to past referred as applied (3)', () => {
    expect(referralFunnelLevel({ consent: 'pending', pipeline: at('referred', new Date()) })).toBe(3);
    expect(referralFunnelLevel({ consent: 'confirmed', pipeline: at('contacted') })).toBe(3);
    expect(referralFunnelLevel({ consent: 'confirmed', pipeline: at('scheduled') })).toBe(3);
  });

  it('follows the furthest stage reached: interviewed 4, offer 5, hired 6, whatever the consent or application', () => {
    expect(referralFunnelLevel({ consent: 'pending', pipeline: at('interviewed') })).toBe(4);
    expect(referralFunnelLevel({ consent: 'confirmed', pipeline: at('offer', new Date()) })).toBe(5);
    expect(referralFunnelLevel({ consent: 'confirmed', pipeline: at('hired') })).toBe(6);
  });

  it('ranks every stage: coming in and leaving add nothing, the hiring path climbs to hired', () => {
    expect(PIPELINE_STAGES.filter((stage) => STAGE_RANKS[stage] === 0)).toEqual([
      'applied',
      'referred',
      'declined',
      'withdrawn',
    ]);
    const path = ['contacted', 'scheduled', 'interviewed', 'offer', 'hired'] as const;
    expect(path.map((stage) => STAGE_RANKS[stage])).toEqual([1, 2, 3, 4, 5]);
  });
});
