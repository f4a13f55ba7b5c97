import { z } from 'zod';
import { jobSearchFiltersSchema } from './job-search';
import { EMAIL_FREQUENCIES, type EmailFrequency } from './mail';

/** A job seeker keeps at most this many saved searches. */
export const SAVED_SEARCH_LIMIT = 20;
/** "New since last look" stops counting here ("99+"). */
export const SAVED_SEARCH_NEW_LIMIT = 99;
/** An alert lists at most this many jobs (the rest follow in the next one). */
export const SEARCH_ALERT_MAX_JOBS = 20;

export const SEARCH_ALERT_LABELS: Record<EmailFrequency, string> = {
  instant: 'Instantly',
  daily: 'Daily',
  weekly: 'Weekly',
  off: 'Off',
};

export const SAVED_SEARCH_MESSAGES = {
  nameRequired: 'Please name your search',
  nameTooLong: 'Please keep the name under 80 characters',
  onlyJobseekers: 'Only job seekers can save searches.',
  tooMany: `You can keep up to ${SAVED_SEARCH_LIMIT} saved searches. Delete one to save another.`,
  notFound: 'Saved search not found',
  saved: 'Search saved',
  deleted: 'Saved search deleted',
  alertChanged: 'Job alert updated',
} as const;

const name = z
  .string({ error: SAVED_SEARCH_MESSAGES.nameRequired })
  .trim()
  .min(1, SAVED_SEARCH_MESSAGES.nameRequired)
  .max(80, SAVED_SEARCH_MESSAGES.nameTooLong);

/** POST /api/saved-searches: the page's current search, named, with an alert choice. */
export const savedSearchCreateSchema = z.object({
  name,
  filters: jobSearchFiltersSchema,
  alert: z.enum(EMAIL_FREQUENCIES).default('daily'),
});
export type SavedSearchCreate = z.input<typeof savedSearchCreateSchema>;

/** PATCH /api/saved-searches/:id */
export const savedSearchUpdateSchema = z
  .object({ name: name.optional(), alert: z.enum(EMAIL_FREQUENCIES).optional() })
  .refine((v) => v.name !== undefined || v.alert !== undefined, { message: 'Nothing to change' });
export type SavedSearchUpdate = z.input<typeof savedSearchUpdateSchema>;

export const savedSearchSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The search as /search-jobs URL parameters (jobSearchUrl, url-filters/job-search.ts). */
  query: z.string(),
  alert: z.enum(EMAIL_FREQUENCIES),
  /** Open matching jobs posted since the owner last opened it, at most SAVED_SEARCH_NEW_LIMIT + 1. */
  newJobs: z.number().int(),
  lastSeenAt: z.string(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchIdParamSchema = z.object({ id: z.uuid() });
