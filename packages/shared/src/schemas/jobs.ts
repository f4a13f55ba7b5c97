import { z } from 'zod';
import { optionalText } from './common';
import { candidateIdsFields } from './screening';
import { isCalendarDate } from '../rules/input';
import { PIPELINE_STAGES } from '../rules/pipeline';
import { PAY_PERIODS } from '../rules/salary';
import { cleanSkillList } from '../skills';
import { jobViewerStatusSchema } from './referral-credit';

export const EMPLOYMENT_TYPES = ['full-time', 'part-time', 'contract', 'internship', 'freelance'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export const EMPLOYMENT_TYPE_LABELS: Record<EmploymentType, string> = {
  'full-time': 'Full-time',
  'part-time': 'Part-time',
  contract: 'Contract',
  internship: 'Internship',
  freelance: 'Freelance',
};

/** Job search filters (SPEC §9): job type and workplace. */
export const JOB_TYPE_FILTERS = ['full-time', 'part-time', 'contract'] as const;
export const WORKPLACES = ['remote', 'onsite', 'hybrid'] as const;
export type Workplace = (typeof WORKPLACES)[number];
export const WORKPLACE_LABELS: Record<Workplace, string> = { remote: 'Remote', onsite: 'On-site', hybrid: 'Hybrid' };

/** A draft is not public yet; a filled job found its hire; only OPEN jobs take applications and referrals. */
export const JOB_STATUSES = ['DRAFT', 'OPEN', 'CLOSED', 'FILLED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  DRAFT: 'Draft',
  OPEN: 'Open',
  CLOSED: 'Closed',
  FILLED: 'Filled',
};

export const JOB_MESSAGES = {
  applyAtSource: 'This company is not on Referwell yet: apply on its own site, from the job page.',
  notOnReferwell: 'Not yet on Referwell',
  notOnReferwellHint: 'Listed from its public job board. Apply on its site; ask its referrers here once any join.',
  applyAtSourceButton: 'Apply on the company’s site',
  titleRequired: 'Job title is required',
  companyRequired: 'Company name is required',
  locationRequired: 'Location is required',
  employmentTypeRequired: 'Employment type is required',
  descriptionRequired: 'Job description is required',
  requirementsRequired: 'Job requirements are required',
  applicationUrlInvalid: 'Please enter a valid URL',
  contactEmailInvalid: 'Please enter a valid email address',
  deadlineInvalid: 'Please enter a valid date',
  bonusInvalid: 'Please enter a bonus amount of 0 or more',
  currencyInvalid: 'Please enter a 3-letter currency code such as USD',
  notLoggedInTitle: 'Authentication Error',
  notLoggedIn: 'You must be logged in to post a job',
  postFailedTitle: 'Error',
  postFailed: 'Failed to post job. Please try again.',
  postedTitle: 'Job Posted',
  posted: 'Your job has been successfully posted',
  loadFailed: 'Failed to load job details. Please try again.',
  notFound: 'Job not found',
  noJobs: 'No job postings found.',
  notAllowedToPost: 'Only referrers and admins of a company can post jobs.',
  notAllowedToEdit: "Only the job's creator and its company's admins can change it.",
  applyOnlyJobseekers: 'Only job seekers can apply to jobs.',
  jobClosed: 'This job is no longer accepting applications.',
  alreadyApplied: 'You have already applied to this job.',
  appliedTitle: 'Application Submitted',
  applied: (poster: string, company: string) => `Your profile has been sent to ${poster} at ${company}.`,
  payRangeRequiredTitle: 'Pay range required',
  salaryLabel: 'Salary Range',
  salaryHint:
    'Minimum and maximum, e.g. $120,000 - $150,000 per year. Required where a pay transparency law applies (Colorado, California, Washington, New York and others).',
  payExemptTitle: 'Exempt from pay transparency',
  payHeldTitle: 'Held as a draft',
  payRulesNote: (laws: string) => `Pay transparency: ${laws} requires a pay range in this posting.`,
  payExemptOnlyAdmins: "Only the company's admins can mark a job exempt from pay transparency.",
  payExemptReasonRequired: 'Please give the reason this job is exempt (at least 10 characters).',
  payExemptSaved: 'The job is marked exempt from pay transparency.',
  payExemptCleared: 'The job is no longer exempt from pay transparency.',
  payHeld: (rules: string) =>
    `Saved as a draft: a pay range is required by ${rules}. Add the range, or ask a company admin to mark the job exempt, then publish it.`,
} as const;

const required = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max);

/** Skill chips: trimmed, empty ones dropped, duplicates dropped (SPEC §5), in the vocabulary's spelling. */
export const skillListSchema = z.array(z.string().max(60)).max(50).default([]).transform(cleanSkillList);

/** The Post a New Job form (SPEC §2, §5), plus the referral bonus companies pay per hire. */
export const jobFormSchema = z.object({
  title: required(JOB_MESSAGES.titleRequired, 160),
  company: required(JOB_MESSAGES.companyRequired, 160),
  location: required(JOB_MESSAGES.locationRequired, 160),
  employmentType: z.enum(EMPLOYMENT_TYPES, { error: JOB_MESSAGES.employmentTypeRequired }),
  description: required(JOB_MESSAGES.descriptionRequired, 20_000),
  responsibilities: optionalText(20_000),
  requirements: required(JOB_MESSAGES.requirementsRequired, 20_000),
  skills: skillListSchema,
  salary: optionalText(120),
  deadline: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isCalendarDate(v), {
      message: JOB_MESSAGES.deadlineInvalid,
    }),
  applicationUrl: z
    .string()
    .trim()
    .max(2000)
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.url({ protocol: /^https?$/, error: JOB_MESSAGES.applicationUrlInvalid }).optional()),
  contactEmail: z
    .string()
    .trim()
    .max(254)
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.email({ error: JOB_MESSAGES.contactEmailInvalid }).optional()),
  referralBonusAmount: z.coerce
    .number({ error: JOB_MESSAGES.bonusInvalid })
    .int(JOB_MESSAGES.bonusInvalid)
    .min(0, JOB_MESSAGES.bonusInvalid)
    .max(1_000_000, JOB_MESSAGES.bonusInvalid)
    .optional(),
  referralBonusCurrency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, JOB_MESSAGES.currencyInvalid)
    .optional(),
});
export type JobForm = z.input<typeof jobFormSchema>;
export type JobInput = z.output<typeof jobFormSchema>;

/** A job's pay as stated: min and max in the period and currency the posting names (issue 36). */
export const jobPaySchema = z.object({
  min: z.number(),
  max: z.number(),
  currency: z.string(),
  period: z.enum(PAY_PERIODS),
});
export type JobPay = z.infer<typeof jobPaySchema>;

/** Pay transparency on a job, for the people who may edit it (null for everyone else). */
export const jobPayTransparencySchema = z.object({
  /** The laws (ids and names) that require a range for this job where it is and who posts it. */
  rules: z.array(z.object({ id: z.string(), name: z.string() })),
  /** A company admin's reason for publishing it without a range; null when not exempt. */
  exemptReason: z.string().nullable(),
  /** Set on an imported job kept as a draft for want of a range: why. */
  heldReason: z.string().nullable(),
});
export type JobPayTransparency = z.infer<typeof jobPayTransparencySchema>;

/** PUT /api/jobs/:id/pay-exemption: a company admin marks a job exempt, with the reason (audited). */
export const jobPayExemptionSchema = z.object({
  reason: z
    .string({ error: JOB_MESSAGES.payExemptReasonRequired })
    .trim()
    .min(10, JOB_MESSAGES.payExemptReasonRequired)
    .max(500),
});
export type JobPayExemption = z.infer<typeof jobPayExemptionSchema>;

export const jobSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  companyName: z.string(),
  companyId: z.uuid(),
  companySlug: z.string(),
  location: z.string(),
  workplace: z.enum(WORKPLACES),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  description: z.string(),
  responsibilities: z.string().nullable(),
  requirements: z.string(),
  skills: z.array(z.string()),
  salaryRange: z.string().nullable(),
  pay: jobPaySchema.nullable(),
  payTransparency: jobPayTransparencySchema.nullable(),
  deadline: z.string().nullable(),
  applicationUrl: z.string().nullable(),
  /**
   * The company was listed from its public job board and nobody from it is on Referwell yet (issue 38): the job shows
   * "Not yet on Referwell" and Apply goes to `applyAt`, the posting at its source.
   */
  notOnReferwell: z.boolean(),
  applyAt: z.string().nullable(),
  contactEmail: z.string().nullable(),
  referralBonus: z.object({ amount: z.number(), currency: z.string() }).nullable(),
  status: z.enum(JOB_STATUSES),
  createdAt: z.string(),
  postedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  applicationCount: z.number().int(),
  /** What the logged-in viewer may do; all false for visitors. */
  viewer: z.object({ canEdit: z.boolean(), canApply: z.boolean(), hasApplied: z.boolean() }),
  /** Where the viewer stands on this job and the company's referral rule in their words (server-computed). */
  viewerStatus: jobViewerStatusSchema,
});
export type Job = z.infer<typeof jobSchema>;

export const jobSummarySchema = jobSchema
  .pick({
    id: true,
    title: true,
    companyName: true,
    companySlug: true,
    location: true,
    workplace: true,
    employmentType: true,
    salaryRange: true,
    skills: true,
    createdAt: true,
    status: true,
    referralBonus: true,
    notOnReferwell: true,
  })
  .extend({
    /** Short plain-text start of the description. */
    excerpt: z.string(),
    /** True when the company has at least one referrer on Referwell. */
    hasInternalReferrer: z.boolean(),
    /**
     * SPEC §9 match score for a signed-in job seeker whose profile has skills (percent of the job's skills they
     * have); null otherwise.
     */
    matchScore: z.number().int().nullable(),
    /** A search result that matches some of the search's words but not all (listed after those that match all). */
    partial: z.boolean(),
  });
export type JobSummary = z.infer<typeof jobSummarySchema>;

export const jobApplicationSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  appliedAt: z.string(),
  /** The candidate's pipeline stage on the job. */
  status: z.enum(PIPELINE_STAGES),
  note: z.string().nullable(),
  /** Set when the applicant came through a referral ('Referred by {name}'). */
  referredBy: z.object({ referralId: z.uuid(), name: z.string().nullable() }).nullable(),
});
export type JobApplication = z.infer<typeof jobApplicationSchema>;

/** Apply Now's confirm: an optional note to the hiring team. */
export const JOB_APPLY_NOTE_MAX = 1000;
/**
 * The dialog's fields; the request body is the same, or none. The date of birth and NPI are optional and reach only
 * the company's admins, for exclusion screening (issue 36).
 */
export const jobApplyFormSchema = z.object({
  ...candidateIdsFields,
  note: z
    .string()
    .trim()
    .max(JOB_APPLY_NOTE_MAX, `Please keep your note under ${JOB_APPLY_NOTE_MAX} characters`)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export const jobApplySchema = jobApplyFormSchema
  // Applying without a body (no note) stays valid.
  .nullish()
  .transform((body) => body ?? { note: undefined });
export type JobApplyForm = z.input<typeof jobApplySchema>;
export type JobApplyInput = z.output<typeof jobApplySchema>;

export const jobIdParamSchema = z.object({ id: z.uuid() });

/** At most this many jobs' standing in one request (a page of search results is 20). */
export const WHERE_I_STAND_MAX_JOBS = 100;

/** GET /api/jobs/where-i-stand?ids=a,b: where the signed-in job seeker stands on each of these jobs. */
export const whereIStandQuerySchema = z.object({
  ids: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? [
            ...new Set(
              v
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean),
            ),
          ]
        : v,
    z
      .array(z.uuid())
      .min(1)
      .max(WHERE_I_STAND_MAX_JOBS, { error: `Ask for at most ${WHERE_I_STAND_MAX_JOBS} jobs at once` }),
  ),
});

/**
 * Each job where the seeker stands somewhere (asked, referred, applied, in process, hired, not selected), by job id,
 * with the job page's one line: jobs they have done nothing about are left out, as are jobs they may not see.
 */
export const whereIStandSchema = z.object({
  jobs: z.record(z.string(), jobViewerStatusSchema.pick({ state: true, headline: true })),
});
export type WhereIStand = z.infer<typeof whereIStandSchema>;

/** Where a job is done, read from its location text. */
export function workplaceOf(location: string): Workplace {
  const text = location.toLowerCase();
  if (text.includes('hybrid')) return 'hybrid';
  if (text.includes('remote')) return 'remote';
  return 'onsite';
}
