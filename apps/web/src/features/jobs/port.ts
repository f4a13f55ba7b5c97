/**
 * The jobs feature's port: the only part of features/jobs another feature may import (eslint.config.js).
 * Used by: referrals (the job a referral request is about; who applied to a job, for applicant tracking).
 */
export { jobApplicationsQueryOptions, jobQueryOptions } from './api';
