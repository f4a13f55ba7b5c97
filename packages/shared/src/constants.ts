/** Business constants and limits from SPEC §9. One place, imported by web and server. */

export const PRICING = {
  monthlyAccessUsd: 500,
  enterpriseLicenseUsdPerYear: 10_000,
  betaProgramMonths: 6,
} as const;

export const BETA_REQUIREMENTS = {
  jobSeekerMinYearsExperience: 2,
  jobSeekerReadyToMoveWithinMonths: 6,
  companyMinHiresWithinMonths: 6,
  companyMinHires: 1,
} as const;

export const TIMING = {
  simulatedLoadMs: 500,
  postSignupRedirectMs: 1500,
  loginErrorToastMs: 2000,
  extractionTimeoutMs: 120_000,
} as const;

export const UI = {
  mobileBreakpointPx: 768,
  chatBubbleMaxWidthPercent: 70,
  referralDialogMaxWidthPx: 500,
} as const;

export const MATCHING = {
  defaultMinScorePercent: 30,
  talentMatchMinScorePercent: 40,
  talentMatchMaxShown: 3,
  topTalentCount: 3,
} as const;

export const DASHBOARD_LIMITS = {
  referralRequestsShown: 3,
  referralsShown: 5,
  rolesToReferShown: 5,
} as const;

export const PAGINATION = {
  defaultPageSize: 20,
  maxPageSize: 100,
} as const;

export const BRAND = {
  name: 'Referwell',
  tagline: 'Referral-driven recruiting for healthcare technology',
} as const;

/** Company size choices on the company profile form. */
export const EMPLOYEE_COUNT_RANGES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'] as const;
