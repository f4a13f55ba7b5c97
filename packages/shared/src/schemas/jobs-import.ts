import { z } from 'zod';

/** Job import texts (SPEC §5 'Job URL import', §8 'Job import (form)'). */
export const JOB_IMPORT_MESSAGES = {
  urlRequired: 'Please enter a job URL',
  urlInvalid: 'Please enter a valid URL (e.g., https://example.com/job)',
  failedAlert:
    'Failed to import job details. The URL might be unsupported or the service may be temporarily unavailable. Please try again or enter details manually.',
  failedTitle: 'Error',
  failed: 'Failed to import job details. Please try entering details manually.',
  successTitle: 'Success',
  success: 'Job details imported successfully',
  noJobFound: 'Could not find a job posting on that page.',
  noTitle:
    'That page opened, but no job title could be read on it, so nothing was imported. Check that the link opens one job posting, or enter the details manually.',
  articlePage: 'That page is an article, not a job posting. Open the job posting itself and import its address.',
  jobList:
    'That page lists several jobs rather than one. Open the job you want and import its address, or use "Import all open roles" below.',
  unreadable: 'That page could not be read: it is too large or its markup is broken. Enter the details manually.',
  notHtml: 'That link is not a web page.',
  siteError: (status: number) => `The site answered with an error (HTTP ${status}).`,
  tooSlow: 'Reading that page took too long.',
  crawlNoJobs: 'No open roles were found on that site.',
  crawlFailed: 'Could not search that website. Check the address, or import a single job posting instead.',
  importLimited: 'Too many job imports.',
  crawlLimited: 'Too many website searches.',
} as const;

/** Where an imported job's data came from: an applicant-tracking API, the page's structured data, the page, or the LLM. */
export const JOB_IMPORT_SOURCES = [
  'greenhouse',
  'lever',
  'ashby',
  'workable',
  'json-ld',
  'microdata',
  'page',
  'llm',
] as const;
export type JobImportSource = (typeof JOB_IMPORT_SOURCES)[number];

/** The imported job data fields (SPEC §3, 'Imported job data fields read'). Missing values are ''. */
export const importedJobSchema = z.object({
  title: z.string(),
  company: z.string(),
  location: z.string(),
  job_type: z.string(),
  description: z.string(),
  responsibilities: z.string(),
  requirements: z.string(),
  salary_range: z.string(),
  application_url: z.string(),
  contact_email: z.string(),
  deadline: z.string(),
  skills: z.array(z.string()),
});
export type ImportedJob = z.infer<typeof importedJobSchema>;

/** POST /api/jobs/import and POST /api/jobs/crawl: `{ url }`, trimmed, an http(s) URL. */
export const jobImportRequestSchema = z.object({
  url: z
    .string({ error: JOB_IMPORT_MESSAGES.urlRequired })
    .trim()
    .min(1, JOB_IMPORT_MESSAGES.urlRequired)
    .max(2048, JOB_IMPORT_MESSAGES.urlInvalid)
    .pipe(z.url({ protocol: /^https?$/, error: JOB_IMPORT_MESSAGES.urlInvalid })),
});
export type JobImportRequest = z.input<typeof jobImportRequestSchema>;

export const jobImportResponseSchema = z.object({
  success: z.boolean(),
  data: importedJobSchema.optional(),
  source: z.enum(JOB_IMPORT_SOURCES).optional(),
  /** Fields read from weak evidence on a page without structured data: the form asks the user to check them. */
  uncertain: z.array(importedJobSchema.keyof()).optional(),
  /** Tools the requirements name that the skills vocabulary does not know: offered as chips, not added. */
  suggested_skills: z.array(z.string()).optional(),
  error: z.string().optional(),
});
export type JobImportResponse = z.infer<typeof jobImportResponseSchema>;

export const CRAWL_STOP_REASONS = ['pages', 'depth', 'bytes', 'time'] as const;
export type CrawlStopReason = (typeof CRAWL_STOP_REASONS)[number];

export const jobCrawlResponseSchema = z.object({
  jobs: z.array(z.object({ url: z.string(), job: importedJobSchema, source: z.enum(JOB_IMPORT_SOURCES) })),
  pagesVisited: z.number().int(),
  /** Which cap ended the crawl early, or null when the site was fully explored. */
  stoppedBy: z.enum(CRAWL_STOP_REASONS).nullable(),
});
export type JobCrawlResponse = z.infer<typeof jobCrawlResponseSchema>;

/** A careers-site crawl runs in the background: queued, running, then done (with its result) or failed. */
export const JOB_CRAWL_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobCrawlState = (typeof JOB_CRAWL_STATES)[number];

export const JOB_CRAWL_MESSAGES = {
  notFound: 'That website search was not found.',
} as const;

/** POST /api/jobs/crawl (202) and GET /api/jobs/crawl/:id: a crawl's state and progress, and its result once done. */
export const jobCrawlStatusSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  state: z.enum(JOB_CRAWL_STATES),
  pagesVisited: z.number().int(),
  jobsFound: z.number().int(),
  /** Only when `state` is 'done': the same shape the crawl has always answered. */
  result: jobCrawlResponseSchema.nullable(),
  /** Only when `state` is 'failed': why, in words for the person who asked. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type JobCrawlStatus = z.infer<typeof jobCrawlStatusSchema>;

/** A company's job sources: careers pages and job boards crawled again on a schedule (issue 38). */
export const JOB_SOURCE_MESSAGES = {
  notFound: 'That job source was not found.',
  duplicate: 'This address is already one of your job sources.',
  tooMany: (max: number) => `A company can have up to ${max} job sources. Remove one to add another.`,
  noJobs: 'The source listed no jobs, so no job was changed. It will be tried again later.',
  invalidJobs: 'The source listed jobs, but none had a title, location, description and requirements.',
  nameNeeded: 'Please enter the company’s name: the board does not give one.',
  onlyPlatformAdmins: 'Only the platform’s administrators can list boards of companies not on Referwell.',
  companyOnReferwell: (name: string) =>
    `${name} is on Referwell: its own admins add its job sources (Company dashboard › Job sources).`,
  failingTitle: 'A job source keeps failing',
  failing: (url: string, failures: number, error: string | null) =>
    `${url} failed ${failures} crawls in a row${error ? `: ${error}` : '.'} Its jobs stay as they were; it is tried again later and later.`,
} as const;

/** After this many failed crawls in a row, the people who look after a source are told (once per streak). */
export const JOB_SOURCE_FAILURE_NOTICE = 3;

/** A company may keep this many job sources. */
export const JOB_SOURCES_MAX = 20;

/** A job source as GET /api/jobs/sources lists it. */
export const jobSourceSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  lastCrawledAt: z.string().nullable(),
  nextCrawlAt: z.string(),
  /** Why the last crawl failed (null after a good one). */
  lastError: z.string().nullable(),
  /** Failed crawls in a row: each waits longer before the next. */
  failures: z.number().int(),
  /** Jobs the last good crawl listed. */
  jobsListed: z.number().int(),
  /** Open jobs read from this source now. */
  openJobs: z.number().int(),
});
export type JobSource = z.infer<typeof jobSourceSchema>;
export const jobSourceListSchema = z.object({ items: z.array(jobSourceSchema) });
export type JobSourceList = z.infer<typeof jobSourceListSchema>;
export const jobSourceParamsSchema = z.object({ companyId: z.uuid(), sourceId: z.uuid() });

/** A job source as the platform's admins list it: one of a company not on Referwell yet, with its company. */
export const platformJobSourceSchema = jobSourceSchema.extend({
  companyId: z.uuid(),
  companyName: z.string(),
  companySlug: z.string(),
});
export type PlatformJobSource = z.infer<typeof platformJobSourceSchema>;
export const platformJobSourceListSchema = z.object({ items: z.array(platformJobSourceSchema) });

/**
 * POST /api/admin/job-sources: a public board of a company not on Referwell, listed under that company's name. The
 * name may be left out (or empty) for an applicant-tracking board: named from the board's slug, then its first queued read
 * renames it to the board's own name (ADR 0051).
 */
export const platformJobSourceRequestSchema = jobImportRequestSchema.extend({
  companyName: z
    .string({ error: 'Please enter the company’s name.' })
    .trim()
    .max(120, 'Please keep the name under 120 characters.')
    .refine((name) => name === '' || name.length >= 2, 'Please enter the company’s name.')
    .optional(),
});
export type PlatformJobSourceRequest = z.infer<typeof platformJobSourceRequestSchema>;
export const platformJobSourceParamsSchema = z.object({ sourceId: z.uuid() });

/** The job sources pages (a company's own, and the platform's boards of companies not on Referwell). */
export const JOB_SOURCES_PAGE_TEXT = {
  title: 'Job sources',
  intro:
    'Careers pages and job boards read every few hours: new postings become jobs, changed ones are updated and those gone are closed.',
  platformTitle: 'Boards of companies not on Referwell',
  platformIntro:
    'Public job boards of companies that are not on Referwell yet. Their jobs are listed with a “Not yet on Referwell” label and Apply goes to the board. When someone from the company joins, its admins take the sources over.',
  notAdmin: 'Only the company’s admins manage its job sources.',
  addTitle: 'Add a source',
  addHelp: 'A careers page on the company’s site, or a Greenhouse, Lever, Ashby or Workable board.',
  url: 'Address',
  companyName: 'Company name (optional for a Greenhouse, Lever, Ashby or Workable board)',
  add: 'Add source',
  added: 'Source added: it is being read now.',
  loadError: 'The job sources could not be loaded.',
  tryAgain: 'Try again',
  emptyTitle: 'No job sources yet',
  empty: 'Add a careers page or a job board and its jobs are listed here and kept up to date.',
  columns: {
    source: 'Source',
    company: 'Company',
    lastRead: 'Last read',
    nextRead: 'Next read',
    jobs: 'Jobs listed',
    open: 'Open jobs',
    status: 'Status',
    actions: 'Actions',
  },
  never: 'Not yet',
  ok: 'OK',
  failures: (n: number) => `${n} failed ${n === 1 ? 'read' : 'reads'} in a row`,
  remove: 'Remove',
  removeLabel: (url: string) => `Remove ${url}`,
  removeTitle: 'Remove this source?',
  removeBody: 'Its jobs stay as they are, but are no longer kept up to date.',
  removePlatformBody: 'Its open jobs close, since no one at the company keeps them up to date.',
  cancel: 'Cancel',
  removed: 'Source removed',
  undo: 'Undo',
} as const;
