/**
 * The companies feature's port: the only part of features/companies another feature may import (eslint.config.js).
 * Used by: dashboard (the company's profile and team on the referrer dashboard).
 */
export { companyQueryOptions, teamQueryOptions } from './api';
// Used by: jobs (a job of a company listed from its job board offers "Work here? Claim this company", ADR 0053).
export { ClaimCompanyCallout } from './claim-callout';
