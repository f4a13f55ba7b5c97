import { z } from 'zod';
import { optionalText } from './common';
import { JOB_TYPE_FILTERS, WORKPLACES, jobSummarySchema } from './jobs';

/** Sort orders of job search; without one, a text search sorts by relevance and browsing by date. */
export const JOB_SORTS = ['relevance', 'newest', 'match', 'salary'] as const;
export type JobSort = (typeof JOB_SORTS)[number];
export const JOB_SORT_LABELS: Record<JobSort, string> = {
  relevance: 'Most relevant',
  newest: 'Newest',
  match: 'Best match',
  salary: 'Highest salary',
};

export const POSTED_WITHIN = ['24h', '7d', '30d'] as const;
export type PostedWithin = (typeof POSTED_WITHIN)[number];
export const POSTED_WITHIN_LABELS: Record<PostedWithin, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
};
export const POSTED_WITHIN_DAYS: Record<PostedWithin, number> = { '24h': 1, '7d': 7, '30d': 30 };

/** Minimum-salary choices the page offers (annual, in the job's currency). */
export const MIN_SALARY_OPTIONS = [50_000, 80_000, 100_000, 120_000, 150_000, 200_000] as const;

/** The job search page's words, shown by the app and by the server's first response (public-pages). */
export const JOB_SEARCH_PAGE = {
  title: 'Find Your Next Job',
  intro: 'Open roles at healthcare technology companies, many with employees ready to refer you.',
  searchLabel: 'Search jobs',
  searchPlaceholder: 'Search by title, company, skills...',
  noResults: 'No jobs match your search. Try fewer words or clear the filters.',
} as const;

/** Results per page of GET /api/jobs as the search page asks for them (the server's first response has the first). */
export const JOB_SEARCH_PAGE_SIZE = 20;

/** Counting stops this many matches in: "1,000+ jobs". */
export const JOB_COUNT_LIMIT = 1_000;

const csvList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) =>
      v === undefined ? [] : [...new Set((Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))],
    )
    .pipe(z.array(item));

/**
 * What a job search asks for, as query parameters (comma-separated lists): the API's querystring, the page's URL
 * and a saved search all hold this shape.
 */
export const jobSearchFiltersSchema = z.object({
  q: optionalText(200),
  type: csvList(z.enum(JOB_TYPE_FILTERS)),
  workplace: csvList(z.enum(WORKPLACES)),
  skills: csvList(z.string().max(60)).pipe(z.array(z.string()).max(20)),
  hasReferrer: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .transform((v) => v === true || v === 'true'),
  /** A company's slug (its page's address). */
  company: optionalText(120),
  /** A company's id (the app's own lists of one company's jobs). */
  companyId: z.uuid().optional(),
  /** Annual pay: jobs whose stated salary reaches it (jobs without a salary are left out). */
  minSalary: z.coerce.number().int().min(0).max(10_000_000).optional(),
  postedWithin: z.enum(POSTED_WITHIN).optional(),
  sort: z.enum(JOB_SORTS).optional(),
});
export type JobSearchFilters = z.output<typeof jobSearchFiltersSchema>;

/** GET /api/jobs */
export const jobSearchQuerySchema = jobSearchFiltersSchema.extend({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type JobSearchQuery = z.input<typeof jobSearchQuerySchema>;
export type JobSearchRequest = z.output<typeof jobSearchQuerySchema>;

export const jobSearchResponseSchema = z.object({
  items: z.array(jobSummarySchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** How many jobs match, counted on the first page only (null on later pages); at most JOB_COUNT_LIMIT. */
  total: z.number().int().nullable(),
  /** Counting stopped at `total`: there are at least that many ("1,000+"). */
  totalIsLowerBound: z.boolean(),
  /** The order the results are in (the default depends on whether there is text). */
  sort: z.enum(JOB_SORTS),
});
export type JobSearchResponse = z.infer<typeof jobSearchResponseSchema>;

/** The sort a search runs with: relevance needs text, best match needs a job seeker's skills. */
export function effectiveJobSort(filters: Pick<JobSearchFilters, 'q' | 'sort'>): JobSort {
  const sort = filters.sort ?? (filters.q ? 'relevance' : 'newest');
  return sort === 'relevance' && !filters.q ? 'newest' : sort;
}
