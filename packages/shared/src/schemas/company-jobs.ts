import { z } from 'zod';
import { bonusOfferSchema, paginatedSchema, paginationQuerySchema } from './common';
import { EMPLOYMENT_TYPES, JOB_STATUSES } from './jobs';

export const COMPANY_JOBS_MESSAGES = {
  notAllowed: "Only your company's members can see its jobs board.",
  empty: 'No job postings found.',
  emptyFiltered: 'No jobs match these filters.',
  closedTitle: 'Job closed',
  closed: (title: string) => `${title} no longer takes applications or referrals.`,
  reopenedTitle: 'Job reopened',
  reopened: (title: string) => `${title} is open again.`,
  filledTitle: 'Job filled',
  filled: (title: string) => `${title} is marked filled and no longer takes applications or referrals.`,
  publishedTitle: 'Job published',
  published: (title: string) => `${title} is now open for applications and referrals.`,
  draftSavedTitle: 'Draft saved',
  draftSaved: 'Only your team sees this job until you publish it from the Jobs board.',
  draftNote: 'This job is a draft: only your team sees it. Publish it from the Jobs board.',
  payRangeNeeded: (laws: string) => `Needs a pay range: ${laws}. Edit the job to add it.`,
} as const;

export const COMPANY_JOBS_PAGE_SIZE = 10;

/** GET /api/company/jobs: the signed-in member's company jobs, newest first. */
export const companyJobsQuerySchema = paginationQuerySchema.extend({
  status: z.enum(JOB_STATUSES).optional(),
  q: z.string().trim().max(200).optional(),
  pageSize: z.coerce.number().int().min(1).max(50).default(COMPANY_JOBS_PAGE_SIZE),
});
export type CompanyJobsQuery = z.input<typeof companyJobsQuerySchema>;
export type CompanyJobsQueryInput = z.output<typeof companyJobsQuerySchema>;

export const companyJobSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  location: z.string(),
  status: z.enum(JOB_STATUSES),
  createdAt: z.string(),
  postedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  applicantCount: z.number().int(),
  referralCount: z.number().int(),
  /** Applications and referrals since the member last opened the job's tracking view (all, if never). */
  newApplicants: z.number().int(),
  newReferrals: z.number().int(),
  lastVisitedAt: z.string().nullable(),
  /** The job's creator or a company admin: may close and reopen it and open its tracking view. */
  canManage: z.boolean(),
  /** What a referral for it pays: the job's bonus, else the company's default; null when neither. */
  bonus: bonusOfferSchema.nullable(),
  /**
   * Pay transparency laws this open job breaks today (no range, not exempt): a job can come under one when its
   * company adds a state it employs people in. It stays open, flagged here; its next edit must add the range.
   */
  payRangeNeeded: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type CompanyJob = z.infer<typeof companyJobSchema>;

export const companyJobsResponseSchema = paginatedSchema(companyJobSchema).extend({
  /** Jobs per status over the whole company, for the filter's counts. */
  statusCounts: z.record(z.enum(JOB_STATUSES), z.number().int()),
});
export type CompanyJobsResponse = z.infer<typeof companyJobsResponseSchema>;

/** PUT /api/jobs/{id}/status: close, reopen, or mark a job filled (its creator or the company's admins). */
export const jobStatusChangeSchema = z.object({ status: z.enum(['OPEN', 'CLOSED', 'FILLED']) });
export type JobStatusChange = z.infer<typeof jobStatusChangeSchema>;

/** POST /api/jobs?draft=true saves a draft only the company's team sees; publishing sets it OPEN. */
export const createJobQuerySchema = z.object({
  draft: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  /**
   * The job comes from an import (a posting's URL or a careers-site crawl): when a pay-transparency law asks for a
   * range it lacks, it is kept as a draft with the reason instead of refused (issue 36).
   */
  imported: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** GET /api/company/roles-to-refer: the member's company's open jobs with what referring pays, bonus first. */
export const rolesToReferQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const roleToReferSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  location: z.string(),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  department: z.string().nullable(),
  createdAt: z.string(),
  bonus: bonusOfferSchema.nullable(),
});
export type RoleToRefer = z.infer<typeof roleToReferSchema>;

export const rolesToReferSchema = z.object({ items: z.array(roleToReferSchema), total: z.number().int() });
export type RolesToRefer = z.infer<typeof rolesToReferSchema>;

export const ROLES_TO_REFER_MESSAGES = {
  title: 'Roles to refer',
  description: 'Open roles at your company and what a referral pays.',
  empty: 'Your company has no open roles right now.',
  noBonus: 'No referral bonus',
} as const;
