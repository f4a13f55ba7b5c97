/**
 * Talent searches for the benchmark, in the dataset's vocabulary (bench/talent-dataset.ts): five shapes of text plus
 * three filter categories (one at a time latency), the load mix (the shapes, browse, later pages), and an endless
 * stream of searches no process has kept, each one a different combination of text, location, involvement, one list
 * filter, page and page size (as people refine a search), in a fixed shuffled order so runs compare.
 */
import { INVOLVEMENT_OPTIONS, type CandidateSearchQuery } from '@referwell/shared';
import { candidateSearchUrl } from '@referwell/shared/url-filters/candidate-search';

/** Text plus three filter categories each; every shape matches some of the dataset's people (talent.ts prints how many). */
export const SHAPES: CandidateSearchQuery[] = [
  { q: 'analyst', skills: ['Data Analysis', 'Training'], technicalSkills: ['SQL'], industries: ['EHR', 'Telehealth'] },
  { q: 'engineer', technicalSkills: ['FHIR', 'HL7'], softwareTools: ['Epic'], locations: ['Boston, MA', 'Remote'] },
  { q: 'nurse', skills: ['Clinical Workflows'], interests: ['Telehealth'], involvement: ['full-time', 'contract'] },
  {
    q: 'integration engineer',
    industries: ['Pharmacy'],
    softwareTools: ['Tableau', 'Looker'],
    locations: ['Chicago, IL'],
  },
  { q: 'manager', skills: ['Agile'], titles: ['Product Manager'], interests: ['AI in Healthcare'] },
];

/** The search URL the Find Candidates screen sends: filter lists as repeated query parameters. */
export function searchPath(shape: CandidateSearchQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(shape))
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  return `/api/talent/search?${params}`;
}

/** The load mix: the shapes, browse without filters, and a few pages of each. */
export const MIX = [
  ...SHAPES.map(searchPath),
  '/api/talent/search',
  ...[2, 3, 10].flatMap((page) => [`/api/talent/search?page=${page}`, `${searchPath(SHAPES[1]!)}&page=${page}`]),
];

const TERMS = [
  undefined,
  'analyst',
  'engineer',
  'nurse',
  'manager',
  'designer',
  'clinical',
  'data',
  'product',
  'devops',
];
const LOCATIONS = [
  undefined,
  'Boston, MA',
  'Remote',
  'Chicago, IL',
  'Austin, TX',
  'Nashville, TN',
  'Denver, CO',
  'New York, NY',
  'Seattle, WA',
];
const INVOLVEMENT = [undefined, ...INVOLVEMENT_OPTIONS];
type ListFilter = 'skills' | 'technicalSkills' | 'softwareTools' | 'industries' | 'interests' | 'titles';
const LIST_VALUES: Record<ListFilter, string[]> = {
  skills: ['Data Analysis', 'Training', 'Clinical Workflows', 'Patient Safety', 'Agile', 'Process Improvement'],
  technicalSkills: ['SQL', 'Python', 'FHIR', 'HL7', 'TypeScript', 'React', 'AWS', 'Kubernetes', 'Java'],
  softwareTools: ['Epic', 'Cerner', 'Tableau', 'Looker', 'Figma', 'Jira', 'Power BI'],
  industries: ['EHR', 'Telehealth', 'Digital Health', 'Pharmacy', 'Hospitals', 'Health Insurance'],
  interests: ['Telehealth', 'AI in Healthcare', 'Interoperability', 'Mental Health', 'Value-Based Care'],
  titles: ['Clinical Data Analyst', 'Senior Backend Engineer', 'Nurse Informaticist', 'Product Manager', 'UX Designer'],
};
const LISTS: ([ListFilter, string] | undefined)[] = [
  undefined,
  ...(Object.entries(LIST_VALUES) as [ListFilter, string[]][]).flatMap(([k, values]) =>
    values.map((v): [ListFilter, string] => [k, v]),
  ),
];
const PAGES = [1, 2, 3];
const PAGE_SIZES = [12, 24];
const DIMENSIONS = [TERMS.length, LOCATIONS.length, INVOLVEMENT.length, LISTS.length, PAGES.length, PAGE_SIZES.length];
/** Every combination once: 10 × 9 × 5 × 39 × 3 × 2 = 105,300. */
const SPACE = DIMENSIONS.reduce((a, b) => a * b, 1);
/** A prime that divides no dimension's size: stepping by it visits every combination once, well mixed. */
const STRIDE = 7_919;

/**
 * A stream of talent searches no earlier one of the stream was (see the file comment). Deterministic: two streams
 * give the same searches in the same order (the scale row sends the same ones to each dataset's own server).
 */
export function neverSeenTalentSearches(): () => string {
  let drawn = 0;
  return () => {
    if (drawn >= SPACE) throw new Error(`bench/talent-queries.ts: all ${SPACE} never-seen talent searches are used`);
    let index = (drawn++ * STRIDE) % SPACE;
    const [term, location, involvement, list, page, pageSize] = DIMENSIONS.map((size) => {
      const digit = index % size;
      index = Math.floor(index / size);
      return digit;
    }) as [number, number, number, number, number, number];
    const filter = LISTS[list];
    const params = candidateSearchUrl.format({
      q: TERMS[term],
      locations: LOCATIONS[location] ? [LOCATIONS[location]] : [],
      involvement: INVOLVEMENT[involvement] ? [INVOLVEMENT[involvement]] : [],
      ...(filter ? { [filter[0]]: [filter[1]] } : {}),
      page: PAGES[page],
      pageSize: PAGE_SIZES[pageSize],
    });
    return `/api/talent/search?${params}`;
  };
}

/** This process's stream: no two of an area's rows send the same talent search. */
export const nextNeverSeenTalentSearch = neverSeenTalentSearches();
