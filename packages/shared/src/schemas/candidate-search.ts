import { z } from 'zod';
import { PAGINATION } from '../constants';
import { paginatedSchema } from './common';
import { INVOLVEMENT_OPTIONS } from './talent-options';
import { DISTANCES, DISTANCE_UNITS, placeInterpretationSchema, searchCorrectionSchema } from './job-search';
import { talentPublicProfileSchema } from './talent';

/** A filter list as repeated query parameters (`skills=Epic&skills=SQL`): values may hold commas ('Boston, MA'). */
const repeatedList = (max: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => [
      ...new Set((v === undefined ? [] : Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter(Boolean)),
    ])
    .pipe(z.array(z.string().max(80)).max(max));

/** Find Candidates filters (SPEC §5 'Candidate filtering'). */
export const FILTER_CATEGORIES = [
  'locations',
  'involvement',
  'skills',
  'technicalSkills',
  'softwareTools',
  'industries',
  'interests',
  'titles',
] as const;
export type FilterCategory = (typeof FILTER_CATEGORIES)[number];
export const FILTER_LABELS: Record<FilterCategory, string> = {
  locations: 'Location',
  involvement: 'Involvement',
  skills: 'Skills',
  technicalSkills: 'Technical Skills',
  softwareTools: 'Software & Tools',
  industries: 'Industries',
  interests: 'Areas of Interest',
  titles: 'Professional Titles',
};

export const candidateSearchQuerySchema = z.object({
  q: z.string().trim().max(120).optional(),
  locations: repeatedList(30),
  involvement: repeatedList(10).pipe(z.array(z.enum(INVOLVEMENT_OPTIONS))),
  skills: repeatedList(30),
  technicalSkills: repeatedList(30),
  softwareTools: repeatedList(30),
  industries: repeatedList(30),
  interests: repeatedList(30),
  titles: repeatedList(30),
  /** A place ('Boston, MA', 'Massachusetts', 'Remote (US)'), as in job search; `locations` are facet values. */
  location: z.string().trim().max(120).optional(),
  distance: z.coerce
    .number()
    .pipe(z.literal([...DISTANCES]))
    .optional(),
  unit: z.enum(DISTANCE_UNITS).optional(),
  /** Rank by the SPEC §9 match score for one of the viewer's company's jobs (minimum 30 %). */
  jobId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGINATION.maxPageSize).default(12),
});
export type CandidateSearchQuery = z.input<typeof candidateSearchQuerySchema>;
export type CandidateSearchFilters = z.output<typeof candidateSearchQuerySchema>;

export const talentCardSchema = talentPublicProfileSchema
  .pick({
    id: true,
    slug: true,
    name: true,
    title: true,
    location: true,
    rating: true,
    skills: true,
    technicalSkills: true,
    softwareTools: true,
    industries: true,
    interests: true,
    titles: true,
    involvement: true,
    yearsOfExperience: true,
    contact: true,
  })
  .extend({
    matchScore: z.number().int().nullable(),
    /** Holds some of the search's words but not every one (listed after those with every word). */
    partial: z.boolean(),
  });
export type TalentCard = z.infer<typeof talentCardSchema>;

export const facetValueSchema = z.object({ value: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof facetValueSchema>;
export const candidateFacetsSchema = z.object(
  Object.fromEntries(FILTER_CATEGORIES.map((c) => [c, z.array(facetValueSchema)])) as Record<
    FilterCategory,
    z.ZodArray<typeof facetValueSchema>
  >,
);
export type CandidateFacets = z.infer<typeof candidateFacetsSchema>;

/** A page of the one paginated shape (paginatedSchema), with the search's own fields. */
export const candidateSearchResponseSchema = paginatedSchema(talentCardSchema).extend({
  /** Counting stopped at `total`: there are at least that many matches ("1,000+"). */
  totalIsLowerBound: z.boolean(),
  /** Filter options with how many discoverable talents have each (the whole pool); locations by place. */
  facets: candidateFacetsSchema,
  /** The job the results are ranked for, when jobId was given. */
  job: z.object({ id: z.uuid(), title: z.string(), skills: z.array(z.string()) }).nullable(),
  /** The place searched, as understood (see job search); null without one. */
  place: placeInterpretationSchema.nullable(),
  /** Query words searched as other known words ("did you mean"). */
  corrections: z.array(searchCorrectionSchema),
  /** Of `total`, the talents with some of the search's words but not every one (0 for a search of one word). */
  partialTotal: z.number().int(),
});
export type CandidateSearchResponse = z.infer<typeof candidateSearchResponseSchema>;
