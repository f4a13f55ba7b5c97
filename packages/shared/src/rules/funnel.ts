import type { ReferralConsent } from '../schemas/referrals';
import type { PipelineStage } from './pipeline';

/**
 * How far each stage is along the hiring path: 0 for how a candidate came in (applied, referred) and for leaving
 * (declined, withdrawn), 5 for hired. A pipeline's `reached_rank` is the highest rank in its stage history without
 * undone changes (apps/server/src/features/referrals/rollups.ts writes it from this table).
 */
export const STAGE_RANKS: Record<PipelineStage, number> = {
  applied: 0,
  referred: 0,
  contacted: 1,
  scheduled: 2,
  interviewed: 3,
  offer: 4,
  hired: 5,
  declined: 0,
  withdrawn: 0,
};

/** The referral funnel's levels (the analytics funnel's steps after 'requests'), and 0 while there is no pipeline. */
export const FUNNEL_LEVELS = {
  none: 0,
  referred: 1,
  confirmed: 2,
  applied: 3,
  interviewed: 4,
  offer: 5,
  hired: 6,
} as const;
export type FunnelLevel = (typeof FUNNEL_LEVELS)[keyof typeof FUNNEL_LEVELS];

/** What a referral's funnel level is read from: its consent and the candidate's pipeline on the job, if any. */
export interface FunnelInputs {
  consent: ReferralConsent;
  pipeline: { reachedRank: number; appliedAt: Date | string | null } | null;
}

/**
 * A referral's funnel level: the furthest step it reached. 1 referred, 2 the candidate confirmed, 3 applied or taken
 * forward by the team (any stage past 'referred'), 4 interviewed, 5 offer, 6 hired; 0 while it has no pipeline.
 * The analytics funnel counts a referral at every step up to its level, so the funnel never widens. The server sets
 * it wherever an input is written: a referral made, a consent answered, an application, a stage moved or undone.
 */
export function referralFunnelLevel({ consent, pipeline }: FunnelInputs): FunnelLevel {
  if (!pipeline) return FUNNEL_LEVELS.none;
  const rank = pipeline.reachedRank;
  if (rank >= STAGE_RANKS.hired) return FUNNEL_LEVELS.hired;
  if (rank >= STAGE_RANKS.offer) return FUNNEL_LEVELS.offer;
  if (rank >= STAGE_RANKS.interviewed) return FUNNEL_LEVELS.interviewed;
  if (pipeline.appliedAt !== null || rank >= STAGE_RANKS.contacted) return FUNNEL_LEVELS.applied;
  return consent === 'confirmed' ? FUNNEL_LEVELS.confirmed : FUNNEL_LEVELS.referred;
}
