import { z } from 'zod';
import { EMPLOYMENT_TYPES } from './jobs';
import { PIPELINE_STAGES } from '../rules/pipeline';
import {
  REFERRAL_CONSENT_STATES,
  referralRequestSchema,
  referralSummarySchema,
  referralTotalsSchema,
} from './referrals';
import { JOB_VIEWER_STATES } from './referral-credit';
import { rolesToReferSchema } from './company-jobs';

export const DASHBOARD_MESSAGES = {
  noRecommendedJobs: 'No matching jobs found. Try updating your skills to see more recommendations.',
  noRequests: "You haven't requested any referrals yet.",
  noReferrals: 'No referrals yet',
  noTalentMatches: 'No matches found for this position',
  noAppliedJobs: "You haven't applied to any jobs yet.",
  noMyJobs: 'Nothing yet. Apply to a job, or ask a referrer from its page: it appears here with where it stands.',
  noAvailableJobs: 'No job postings found.',
} as const;

const dashboardJobSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  companyName: z.string(),
  companySlug: z.string(),
  location: z.string(),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  createdAt: z.string(),
});
export type DashboardJob = z.infer<typeof dashboardJobSchema>;

/**
 * One job the seeker is part of (applied, or referred by someone), with where they stand as the job page says it, the
 * stage the hiring team has them at, and the referral when there is one (waiting for their answer, or answered).
 */
export const myJobSchema = dashboardJobSchema.extend({
  state: z.enum(JOB_VIEWER_STATES),
  headline: z.string().nullable(),
  stage: z.enum(PIPELINE_STAGES).nullable(),
  referral: z
    .object({ id: z.uuid(), referrerName: z.string().nullable(), consent: z.enum(REFERRAL_CONSENT_STATES) })
    .nullable(),
  /** The latest thing that happened: applied, referred, answered, or moved by the team. */
  at: z.string(),
});
export type MyJob = z.infer<typeof myJobSchema>;

/** Everything on /jobseeker-dashboard, computed from the database. */
export const jobseekerDashboardSchema = z.object({
  referralRequests: z.object({ items: z.array(referralRequestSchema), total: z.number().int() }),
  /** One list of the jobs they applied to or were referred for: the ones waiting for their answer first, then newest. */
  myJobs: z.array(myJobSchema),
  /** Open jobs whose match score (SPEC §9) reaches the 30 % minimum, best first. */
  recommendedJobs: z.array(dashboardJobSchema.extend({ matchScore: z.number().int() })),
  /** The newest open jobs the job seeker has not applied to. */
  availableJobs: z.array(dashboardJobSchema),
});
export type JobseekerDashboard = z.infer<typeof jobseekerDashboardSchema>;

/** Everything on /referrer-dashboard and /company-dashboard, computed from the database. */
export const referrerDashboardSchema = z.object({
  totals: referralTotalsSchema,
  recentReferrals: z.array(referralSummarySchema),
  pendingRequests: z.number().int(),
  /** Up to 3 job seekers scoring at least 40 % on one of the company's open jobs that does not have them yet. */
  talentMatches: z.array(
    z.object({
      talent: z.object({
        id: z.uuid(),
        name: z.string(),
        title: z.string().nullable(),
        location: z.string().nullable(),
      }),
      job: z.object({ id: z.uuid(), title: z.string() }),
      matchScore: z.number().int(),
    }),
  ),
  /** The company's open roles with what a referral pays, bonus first (the first few; null without a company). */
  rolesToRefer: rolesToReferSchema.nullable(),
  /** Company admins only. */
  company: z
    .object({
      teamMemberCount: z.number().int(),
      openPositions: z.number().int(),
      /** Referrals at the company still waiting for a decision. */
      pendingApprovals: z.number().int(),
    })
    .nullable(),
});
export type ReferrerDashboard = z.infer<typeof referrerDashboardSchema>;
