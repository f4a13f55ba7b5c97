/**
 * A mix of distinct job searches generated from the benchmark dataset's vocabulary (bench/dataset.ts: titles,
 * skills, job types, workplaces): text alone and with filters, browse with filters, several page sizes, and second
 * pages reached through the cursor the first page returned. Deterministic, so runs compare.
 */
export const TERMS = [
  'engineer',
  'senior engineer',
  'backend',
  'frontend',
  'clinical',
  'clinical data',
  'data analyst',
  'analyst',
  'nurse',
  'nurse informaticist',
  'informaticist',
  'product manager',
  'patient experience',
  'healthcare integration',
  'integration',
  'devops',
  'ux designer',
  'designer',
  'machine learning',
  'revenue cycle',
  'security',
  'qa engineer',
  'patients',
  'clinicians',
  'typescript',
  'python',
  'fhir',
  'hl7',
  'kubernetes',
  'epic',
  // Issue 17: punctuation, prefixes, typos.
  'hl7/fhir',
  'informat',
  'enginer',
];
const SKILLS = ['TypeScript', 'React', 'Python', 'SQL', 'FHIR', 'HL7', 'AWS', 'Kubernetes', 'Epic', 'Figma'];
const TYPES = ['full-time', 'part-time', 'contract'];
const WORKPLACES = ['remote', 'onsite', 'hybrid'];
const LIMITS = [10, 20, 50];

/** `count` distinct query strings (without the leading `?`), at most 612. */
export function jobSearchQueries(count: number): string[] {
  const all: string[] = [];
  let n = 0;
  for (const term of [...TERMS, null])
    for (let shape = 0; shape < 6; shape++)
      for (const limit of LIMITS) {
        n++;
        const params = new URLSearchParams();
        if (term) params.set('q', term);
        if (shape === 1 || shape === 4) params.set('type', TYPES[n % 3]!);
        if (shape === 2 || shape === 4) params.set('workplace', WORKPLACES[(n >> 1) % 3]!);
        if (shape === 3) params.set('skills', SKILLS[n % SKILLS.length]!);
        if (shape === 5) params.set('hasReferrer', 'true');
        // Issue 17's filters and sorts on a share of the mix.
        if (n % 4 === 1) params.set('minSalary', String(80_000 + (n % 5) * 20_000));
        if (n % 5 === 2) params.set('postedWithin', ['24h', '7d', '30d'][n % 3]!);
        if (n % 3 === 0) params.set('sort', ['salary', 'newest', 'relevance'][(n >> 2) % 3]!);
        params.set('limit', String(limit));
        all.push(params.toString());
      }
  // A fixed shuffle (multiplicative stride), so a prefix mixes terms, shapes and sizes.
  const stride = 97;
  return Array.from({ length: Math.min(count, all.length) }, (_, i) => all[(i * stride) % all.length]!);
}

/** Adds the second page of the first `pages` queries (their first page's nextCursor), fetched from the server. */
export async function withSecondPages(baseUrl: string, queries: string[], pages: number): Promise<string[]> {
  const more: string[] = [];
  for (const query of queries.slice(0, pages)) {
    const response = await fetch(`${baseUrl}/api/jobs?${query}`);
    if (!response.ok) throw new Error(`GET /api/jobs?${query} failed: ${response.status}`);
    const { nextCursor } = (await response.json()) as { nextCursor: string | null };
    if (nextCursor) more.push(`${query}&cursor=${nextCursor}`);
  }
  return [...queries, ...more];
}

/**
 * `count` searches of issue 17's shape, text + 3 filters + sort, none like another: a term of the mix, two filters
 * from a cycle of pairs, and a minimum salary (the third filter) that no other search of this process used, so nothing
 * a process keeps (windows, counts, answers) can answer it. Deterministic.
 */
export function freshIssueSearches(count: number, made = neverSeen): string[] {
  const pairs = [
    (p: URLSearchParams, n: number) => (p.set('type', TYPES[n % 3]!), p.set('workplace', WORKPLACES[(n >> 2) % 3]!)),
    (p: URLSearchParams, n: number) => (p.set('type', TYPES[n % 3]!), p.set('postedWithin', ['7d', '30d'][n % 2]!)),
    (p: URLSearchParams, n: number) => (p.set('workplace', WORKPLACES[n % 3]!), p.set('hasReferrer', 'true')),
    (p: URLSearchParams, n: number) => (p.set('skills', SKILLS[n % SKILLS.length]!), p.set('type', TYPES[n % 3]!)),
  ];
  const sorts = ['relevance', 'newest', 'salary'];
  return Array.from({ length: count }, (_, n) => {
    const params = new URLSearchParams({ q: TERMS[(n * 7) % TERMS.length]! });
    pairs[n % pairs.length]!(params, n);
    params.set('minSalary', '100000');
    params.set('sort', sorts[(n >> 2) % sorts.length]!);
    return made(params.toString());
  });
}

/** Every search of the mix made new (see neverSeen). */
export const freshMix = (queries: string[], made = neverSeen): string[] => queries.map(made);

/**
 * An endless stream of never-seen searches: the mix's searches in turn, each made new. For loads whose length is not
 * known in advance (closed and open loop).
 */
export function neverSeenStream(queries: string[], made = neverSeen): () => string {
  let next = 0;
  return () => made(queries[next++ % queries.length]!);
}

/**
 * A maker of never-seen searches: each search it returns has a minimum salary (0 when it had none) raised by a few
 * dollars, more until the search as the server reads it (filters in a fixed order, the default page size filled in)
 * is one this maker never returned. The same matches, give or take the jobs at the boundary, but nothing kept can
 * answer it. Deterministic: two makers return the same searches in the same order (the scale row sends the same ones
 * to each dataset's own server).
 */
export function neverSeenMaker(): (query: string) => string {
  const issued = new Set<string>();
  let step = 0;
  return (query) => {
    const params = new URLSearchParams(query);
    const base = Number(params.get('minSalary') ?? 0);
    for (;;) {
      params.set('minSalary', String(base + ++step));
      const key = [...params].filter(([k]) => k !== 'limit').sort(([a], [b]) => a.localeCompare(b));
      const canonical = JSON.stringify([key, params.get('limit') ?? '20']);
      if (issued.has(canonical)) continue;
      issued.add(canonical);
      return params.toString();
    }
  };
}

/** This process's maker: no two searches made new by it, in any row of an area, are alike. */
export const neverSeen = neverSeenMaker();
