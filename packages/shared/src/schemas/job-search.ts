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

/** Distance filter choices around a searched place, in DISTANCE_UNITS. */
export const DISTANCES = [25, 50, 100] as const;
export type Distance = (typeof DISTANCES)[number];
export const DISTANCE_UNITS = ['mi', 'km'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];
export const DISTANCE_UNIT_LABELS: Record<DistanceUnit, string> = { mi: 'miles', km: 'km' };

/** The search pages' words for places, distance, partial matches and corrections (issue 38). */
export const SEARCH_TEXTS = {
  placeLabel: 'Location',
  placePlaceholder: 'City, state, country or Remote',
  placeApply: 'Apply location',
  placeClear: 'Remove location',
  distanceLabel: 'Distance',
  anyDistance: 'Any distance',
  distance: (distance: number, unit: DistanceUnit) => `Within ${distance} ${DISTANCE_UNIT_LABELS[unit]}`,
  workplaceLegend: 'Workplace',
  facetsHeading: 'Places in these results',
  near: (label: string, distance: number, unit: DistanceUnit) =>
    `Within ${distance} ${DISTANCE_UNIT_LABELS[unit]} of ${label}.`,
  ambiguous: (text: string) => `Several places are called "${text}": showing all of them. Pick one:`,
  unknown: (text: string) => `No place called "${text}" is known, so it was searched as written.`,
  unknownSuggestions: 'Places with a similar name:',
  distanceIgnored: (label: string) => `A distance is measured from a town or city, so all of ${label} is shown.`,
  corrected: (word: string) => `Nothing holds "${word}", so words like it were searched. Did you mean:`,
  /** After the count of jobs with every word: how many more have some. */
  partialMore: (count: number, isLowerBound: boolean) =>
    `${count.toLocaleString('en-US')}${isLowerBound ? '+' : ''} more match some of your words`,
  /** The count when no job has every word. */
  partialOnly: (count: number, isLowerBound: boolean) =>
    `No job has every word; ${count.toLocaleString('en-US')}${isLowerBound ? '+' : ''} ${count === 1 && !isLowerBound ? 'has' : 'have'} some`,
  partialHeading: 'Matching some of your words',
} as const;

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
  /** A place: a city ('Boston, MA', 'Boston'), a region ('Massachusetts', 'MA'), a country, or 'Remote (US)'. */
  location: optionalText(120),
  /** Only places within this distance of the location (or of a place named in `q`). */
  distance: z.coerce
    .number()
    .pipe(z.literal([...DISTANCES]))
    .optional(),
  /** The distance's unit (miles unless 'km'). */
  unit: z.enum(DISTANCE_UNITS).optional(),
});
export type JobSearchFilters = z.output<typeof jobSearchFiltersSchema>;

/** GET /api/jobs */
export const jobSearchQuerySchema = jobSearchFiltersSchema.extend({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type JobSearchQuery = z.input<typeof jobSearchQuerySchema>;
export type JobSearchRequest = z.output<typeof jobSearchQuerySchema>;

/** One thing a searched place may mean: its label and the location text that means only it. */
export const placeChoiceSchema = z.object({ label: z.string(), value: z.string() });
export type PlaceChoice = z.infer<typeof placeChoiceSchema>;

/**
 * How a search understood its place (issue 38): from the location filter, or named among the words ('fhir boston').
 * A place that may mean several ('Portland') is searched as all of them, with `choices` to narrow it; an unknown one
 * is searched as written, with `suggestions`. Never a silent zero.
 */
export const placeInterpretationSchema = z.object({
  source: z.enum(['location', 'query']),
  /** As typed. */
  text: z.string(),
  kind: z.enum(['city', 'region', 'country', 'remote', 'unknown']),
  /** How it was understood: 'Boston, MA', 'Massachusetts', 'Remote (United States)', 'Every place called Portland'. */
  label: z.string(),
  /** The places it may mean, when more than one (every one of them is searched). */
  choices: z.array(placeChoiceSchema),
  /** Known places with names like an unknown one. */
  suggestions: z.array(z.string()),
  /** The distance filter in force: around which place, how far. Null without one. */
  near: z.object({ label: z.string(), distance: z.number(), unit: z.enum(DISTANCE_UNITS) }).nullable(),
  /** A distance was asked for a place without coordinates (a region, remote work, an unknown town): not applied. */
  distanceIgnored: z.boolean(),
  /** With source 'query': the words without the place (to keep as the text when the place becomes the filter). */
  rest: z.string().nullable(),
});
export type PlaceInterpretation = z.infer<typeof placeInterpretationSchema>;

/** A query word that no document holds, searched as the known words like it. */
export const searchCorrectionSchema = z.object({ word: z.string(), suggestions: z.array(z.string()) });

export const facetCountSchema = z.object({ value: z.string(), count: z.number().int() });

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
  /**
   * Jobs that match some of the words but not all, listed after the `total` that match all: counted when the
   * results reach them (null before that, and without two or more words). At most JOB_COUNT_LIMIT.
   */
  partialTotal: z.number().int().nullable(),
  partialIsLowerBound: z.boolean(),
  /** The place searched, as understood; null without one. */
  place: placeInterpretationSchema.nullable(),
  /** Query words searched as other known words ("did you mean"). */
  corrections: z.array(searchCorrectionSchema),
  /**
   * First page only (null on later ones): the matches' places with how many of them are in each, most first (when
   * `totalIsLowerBound`, of the first JOB_COUNT_LIMIT matches read and the jobs posted since they were).
   */
  locationFacets: z.array(facetCountSchema).nullable(),
});
export type JobSearchResponse = z.infer<typeof jobSearchResponseSchema>;

/** The sort a search runs with: relevance needs text, best match needs a job seeker's skills. */
export function effectiveJobSort(filters: Pick<JobSearchFilters, 'q' | 'sort'>): JobSort {
  const sort = filters.sort ?? (filters.q ? 'relevance' : 'newest');
  return sort === 'relevance' && !filters.q ? 'newest' : sort;
}
