/**
 * The talent feature's port: the only part of features/talent another feature may import (eslint.config.js).
 * Used by: dashboard (the job seeker's kudos and kudos-request cards); referrals (applicant tracking reads the
 * tracked people's profiles).
 */
export { talentProfileQueryOptions } from './api';
export { KudosCard, KudosRequestCard } from './kudos-parts';
