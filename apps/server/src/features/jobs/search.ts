import { sql, type SQL } from 'drizzle-orm';
import {
  JOB_COUNT_LIMIT,
  POSTED_WITHIN_DAYS,
  effectiveJobSort,
  type JobSearchFilters,
  type JobSearchRequest,
  type JobSearchResponse,
  type JobSort,
} from '@referwell/shared';
import { matchScore } from '@referwell/shared/rules/match';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/repository';
import { preparedRows } from '../../db/prepared';
import { badRequest } from '../../lib/errors';
import { KeptJson } from '../../lib/kept-json';
import { ShortCache, type Tag } from '../../lib/short-cache';
import { tsQuery } from '../../lib/search/text-query';
import { matchingQuery, matchWindowCtes, OPEN_UNINDEXED, rowMatchingQuery, type TimeKey } from './search-window';
import {
  resolveSearchTerms,
  resolveSearchTermsOf,
  type MatchPart,
  type Near,
  type SearchTerms,
} from '../../lib/search/search-terms';
import { floorSlabHour } from '../../lib/search/time-slabs';
import {
  cursorTime,
  rankWindow,
  TIME_KEY,
  timeKeyOf,
  WindowRows,
  type RankedRow,
  type WindowTuple,
} from './search-rank';
import { forgetJobDetails, jobDetails } from './search-details';
import { FACET_LIMIT, pageWith, windowWith, type AddedRow, type Facet, type Window } from './search-revise';
import type { AuthContext } from '../../platform/sessions/sessions';

/**
 * A text search ranks the newest WINDOW matches (read in index order), not every match: a broad term ("engineer")
 * costs the same as a narrow one. Paging goes on inside the window, then to the next window of older matches.
 */
export const SEARCH_WINDOW = 500;
/**
 * Windows, counts and pages are answered from memory this long. Every statement that writes job_postings, a
 * company or its members clears them in every process (a database trigger's NOTIFY, see forgetJobSearches; jobs
 * added drop only the searches they match, see forgetAddedJobs), so this only bounds a lost notification (ADR 0009).
 */
export const SEARCH_TTL_MS = 60_000;

const keysetSchema = z.object({ r: z.number(), c: z.string().regex(TIME_KEY), i: z.uuid() });
/** k: after this row of a ranked window; w: the window starting before this job; p: in the partial matches. */
const cursorSchema = z.object({
  k: keysetSchema.optional(),
  w: keysetSchema.omit({ r: true }).optional(),
  p: z.literal(1).optional(),
});
type Cursor = z.infer<typeof cursorSchema>;

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
function decodeCursor(value: string): Cursor {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
  } catch {
    throw badRequest('This page link is no longer valid. Start the search again.', { cursor: 'Invalid cursor' });
  }
}

export type SearchFilters = JobSearchRequest;

/**
 * What a search runs with once its words and place are resolved (search-terms.ts) and its sort settled: one part of
 * its matches (those with every word, or those with some).
 */
interface SearchPlan extends MatchPart {
  filters: SearchFilters;
  sort: JobSort;
  /** The viewer's skill keys when the order depends on them (best match, relevance's tie-breaker). */
  viewerKeys: string[] | null;
}

/**
 * An internal referrer is an employee on Referwell who is not one of the company's HR admins. Written as a test of the
 * row against the companies that have one, not as a semi-join: wrapped (`is true`) so that PostgreSQL keeps it a
 * hashed sub-plan, the referrers' companies read once per statement from company_members_referrer_idx and each row
 * tested in memory, where the semi-join probed the index for every row the text's index found (two buffers each:
 * two thirds of a text window's reads with this filter, ADR 0009).
 */
const referrerExists = sql`(j.company_id in (select m.company_id from company_members m where m.role = 'member')) is true`;

/**
 * The filters and text, not paging; every value is a parameter, so one filter combination is one statement. With
 * text, written so that the text's index is the only way to the rows (see textThroughIndex in db/prepared.ts).
 * `textQuery`: how the text becomes a tsquery (see rowConditions).
 */
export function filterConditions(
  plan: Pick<SearchPlan, 'filters' | 'text' | 'near'>,
  textQuery: (text: string) => SQL = matchingQuery,
): SQL[] {
  if (!plan.text) return [sql`j.status = 'OPEN'`, ...matchConditions(plan)];
  return [...matchConditions(plan), OPEN_UNINDEXED, sql`j.search @@ ${textQuery(plan.text)}`];
}

/**
 * A search's conditions for testing given job rows (a new job against kept or saved searches), not for finding rows
 * through the index: the same matches, the text as written (rowMatchingQuery).
 */
export const rowConditions = (plan: Pick<SearchPlan, 'filters' | 'text' | 'near'>): SQL[] =>
  filterConditions(plan, rowMatchingQuery);

/**
 * The filters but status and text, on `j`. The text's GIN index also carries the UTC day, job type, workplace and
 * skills, so a text search tests them with its words in the index (one type or workplace is written as an equality,
 * which it can use); no other index reaches rows by them, which would leave the words to the documents. Salary and
 * referrers are tested on the rows the index found.
 */
function matchConditions({ filters, near }: Pick<SearchPlan, 'filters' | 'near'>): SQL[] {
  const conditions: SQL[] = [];
  if (near) conditions.push(withinDistance(near));
  if (filters.type.length) conditions.push(oneOf(sql`j.job_type`, filters.type, sql`employment_type`));
  if (filters.workplace.length) conditions.push(oneOf(sql`j.workplace`, filters.workplace, sql`workplace`));
  if (filters.skills.length) conditions.push(sql`j.skills && ${sql.param(filters.skills)}::text[]`);
  if (filters.hasReferrer) conditions.push(referrerExists);
  if (filters.companyId) conditions.push(sql`j.company_id = ${filters.companyId}::uuid`);
  if (filters.company)
    conditions.push(sql`j.company_id = (select c2.id from companies c2 where c2.slug = ${filters.company})`);
  if (filters.minSalary !== undefined) conditions.push(sql`j.salary_max >= ${filters.minSalary}::int`);
  if (filters.postedWithin)
    conditions.push(
      sql`j.created_at >= now() - make_interval(days => ${POSTED_WITHIN_DAYS[filters.postedWithin]}::int)`,
    );
  return conditions;
}

/**
 * Within a distance of a point (great-circle, as distanceKm of @referwell/shared/places), tested on the rows the
 * text's index found: the search's text holds the one-degree cells around the point (search-terms.ts), so the index
 * already narrowed the rows to a few cells.
 */
const withinDistance = ({ lat, lon, km }: Near) =>
  sql`2 * 6371 * asin(least(1, sqrt(power(sin(radians(j.place_lat - ${lat}::float8) / 2), 2)
        + cos(radians(${lat}::float8)) * cos(radians(j.place_lat)) * power(sin(radians(j.place_lon - ${lon}::float8) / 2), 2))))
      <= ${km}::float8`;

/**
 * Text searches test their words in the index alone (see textThroughIndex): their plan does not depend on the words,
 * so it is kept. Filter-only searches keep theirs too.
 */
const planFor = ({ text }: { text: string | null }) => ({ textThroughIndex: text !== null });

/** `column` is one of `values` (of enum `type`): an equality for one value, so the text's GIN index can test it. */
const oneOf = (column: SQL, values: readonly string[], type: SQL): SQL =>
  values.length === 1 ? sql`${column} = ${values[0]}::${type}` : sql`${column} = any(${sql.param(values)}::${type}[])`;

/** A job's creation time as its time key's JSON form (see timeKeyOf in search-rank.ts). */
const timeKey = sql`to_json(j.created_at at time zone 'UTC')`;

/**
 * A window row's relevance (see readWindow): ranked by the document's head (title, company, skills), so a match in the
 * description alone ranks 0, below any title or skill match, and newest first among its kind (the description's
 * kilobytes are never read); by the words, not the place (a place is matched, not ranked); a partial match by every
 * word it holds. 0 without words. The query is made once (a sub-select), not once per row.
 */
const relevanceOf = (rank: string | null) =>
  rank
    ? sql`cast(round(ts_rank(j.search_head, (select ${tsQuery(rank)})) * 10000) as double precision)`
    : sql`cast(0 as double precision)`;

/** Newest first without text, straight from the (created_at DESC, id DESC) index of open jobs: `take` rows. */
async function browse(db: Db, plan: SearchPlan, after: Cursor['k'], take: number): Promise<RankedRow[]> {
  const conditions = filterConditions(plan);
  if (after) conditions.push(sql`(j.created_at, j.id) < (${after.c}::timestamptz, ${after.i}::uuid)`);
  const rows = await preparedRows<RankedRow>(
    db,
    sql`select j.id, ${timeKey} as key, 0 as rank from job_postings j
        where ${sql.join(conditions, sql` and `)}
        order by j.created_at desc, j.id desc
        limit ${take}`,
  );
  return rows.map((row) => ({ ...row, key: timeKeyOf(row.key) }));
}

/**
 * The `win` CTE: the `size` newest matches before `start` (for text, read a time slab at a time, see
 * search-window.ts), and the count when the statement knows it (text windows; null otherwise).
 */
function windowCtes(plan: SearchPlan, start: Cursor['w'], size: number) {
  if (plan.text) {
    const { postedWithin } = plan.filters;
    const floorHour = floorSlabHour(postedWithin ? POSTED_WITHIN_DAYS[postedWithin] : undefined);
    return matchWindowCtes(matchConditions(plan), matchingQuery(plan.text), start, floorHour, size, JOB_COUNT_LIMIT);
  }
  const conditions = filterConditions(plan);
  if (start) conditions.push(sql`(j.created_at, j.id) < (${start.c}::timestamptz, ${start.i}::uuid)`);
  return {
    ctes: sql`win as (
      select j.id, j.created_at, j.skill_keys, j.salary_max from job_postings j
      where ${sql.join(conditions, sql` and `)}
      order by j.created_at desc, j.id desc
      limit ${size}
    )`,
    total: null,
  };
}

/**
 * The location facets of the `matches` rows (place_label), as a JSON array of [label, count]: most first, then by
 * label in byte order (`collate "C"`, whatever the database's locale), the order a kept search's facets are revised
 * in when a job is added (search-revise.ts).
 */
const facetsOf = (matches: SQL) =>
  sql`(select coalesce(json_agg(json_build_array(f.place_label, f.n) order by f.n desc, f.place_label collate "C"), '[]')
       from (select m.place_label, count(*) as n from ${matches} m where m.place_label is not null
             group by m.place_label order by n desc, m.place_label collate "C" limit ${FACET_LIMIT}) f)`;

const facetRows = (rows: [string, number][] | null | undefined): Facet[] =>
  (rows ?? []).map(([value, count]) => ({ value, count: Number(count) }));

/** One window of matches (the `size` newest before `start`), newest first, with what every sort ranks them by. */
async function readWindow(db: Db, plan: SearchPlan, start: Cursor['w'], size: number): Promise<Window> {
  const { ctes, total } = windowCtes(plan, start, size);
  // The rows as one JSON array of tuples: the driver builds one value instead of a row object per job (measured: a
  // 500-row window's client CPU 1.9 → 1.2 ms).
  const [read] = await preparedRows<{ rows: WindowTuple[]; total: number | null; facets: [string, number][] | null }>(
    db,
    sql`with ${ctes}
        select coalesce(json_agg(json_build_array(j.id, ${timeKey}, ${relevanceOf(plan.rank)},
                 j.salary_max, j.skill_keys) order by j.created_at desc, j.id desc), '[]') as rows,
          ${total ?? sql`null::int`} as total,
          ${total ? facetsOf(sql`matches`) : sql`null::json`} as facets
        from win j`,
    planFor(plan),
  );
  return {
    rows: WindowRows.fromTuples(read?.rows ?? []),
    total: total ? Number(read?.total ?? 0) : null,
    facets: total ? facetRows(read?.facets) : null,
  };
}

/**
 * How many jobs match, counting at most JOB_COUNT_LIMIT + 1 of them: text matches through the text's index alone (see
 * textThroughIndex, rows read only until the count is reached), other filters in whichever index order is cheaper.
 */
async function countMatches(db: Db, plan: SearchPlan): Promise<Count> {
  const [row] = await preparedRows<{ n: number; facets: [string, number][] }>(
    db,
    sql`with matches as (
          select j.place_label from job_postings j where ${sql.join(filterConditions(plan), sql` and `)}
          limit ${JOB_COUNT_LIMIT + 1}
        )
        select cast(count(*) as int) as n, ${facetsOf(sql`matches`)} as facets from matches`,
    planFor(plan),
  );
  return { total: Number(row?.n ?? 0), facets: facetRows(row?.facets) };
}

/** How many jobs match (see countMatches) and their places. */
interface Count {
  total: number;
  facets: Facet[];
}

/**
 * What searches keep per database (see SEARCH_TTL_MS): windows and counts by filters (whatever the sort, page size
 * and viewer: the order is made per request from the window's rows), browse pages by filters and cursor. Identical
 * concurrent reads share one run. Every kept value is tagged with the matchKey of each part it read, so jobs added
 * drop only what they match (forgetAddedJobs).
 */
interface Caches {
  windows: ShortCache<Window>;
  counts: ShortCache<Count>;
  pages: ShortCache<RankedRow[]>;
  /** Whole answers as JSON text, for everyone but a job seeker (theirs carry match scores). */
  answers: ShortCache<KeptJson>;
  /** The parts behind the tags (by matchKey): what an added job is tested against, and ranked by. */
  plans: Map<string, KeptPart>;
  /** Jobs added whose searches this process has dropped or is dropping (forgetAddedJobs), and when. */
  added: Map<string, { at: number; done: Promise<void> }>;
}
const caches = new WeakMap<Db, Caches>();

/**
 * What each kind of kept search may hold per database, in bytes (estimates of what a value keeps alive, measured for
 * windows: WindowRows.bytes), so the server's memory stays bounded whatever the searches (issue #22: 300 MB RSS for
 * the whole server after the benchmark; ADR 0019). The windows' 10 MB hold as many rows without skills as 24 MB did
 * when a row was an object (245 B a row then, 101 B now).
 */
const WINDOW_BYTES = 10 << 20;
const PAGE_BYTES = 4 << 20;
const ANSWER_BYTES = 16 << 20;
function newCaches(): Caches {
  return {
    windows: new ShortCache(1_000, { maxBytes: WINDOW_BYTES, bytesOf: (window) => 64 + window.rows.bytes }),
    counts: new ShortCache(),
    pages: new ShortCache(1_000, { maxBytes: PAGE_BYTES, bytesOf: (rows) => 64 + rows.length * 120 }),
    answers: new ShortCache(1_000, { maxBytes: ANSWER_BYTES, bytesOf: (answer) => answer.bytes }),
    plans: new Map(),
    added: new Map(),
  };
}

function cachesOf(db: Db): Caches {
  let found = caches.get(db);
  if (!found) caches.set(db, (found = newCaches()));
  return found;
}

/**
 * The filters that choose matches (not paging, sort or page size), and the words a window ranks them by, as a cache
 * key.
 */
const matchKey = ({ filters, text, rank, near }: SearchPlan) =>
  JSON.stringify([
    text,
    rank,
    near,
    filters.type,
    filters.workplace,
    filters.skills,
    filters.hasReferrer,
    filters.companyId,
    filters.company,
    filters.minSalary,
    filters.postedWithin,
  ]);

/**
 * Parts kept past this many are pruned to those a kept value or a load under way still carries (a few thousand at
 * most: the caches' entries), so never-seen searches between two posts cannot grow the map without bound.
 */
const PLANS_BEFORE_PRUNING = 8_000;

/** The parts some kept value or load under way carries (their keys), after dropping the others from `plans`. */
function prunePlans(found: Caches): Set<string> {
  const caches = [found.windows, found.counts, found.pages, found.answers];
  const live = new Set(caches.flatMap((cache) => [...cache.tags()]));
  for (const key of found.plans.keys()) if (!live.has(key)) found.plans.delete(key);
  return live;
}

/** Tags a kept value with the part it read (see Caches), keeping the part to test added jobs against. */
function tagPart(db: Db, plan: SearchPlan, tag: Tag): void {
  const key = matchKey(plan);
  const found = cachesOf(db);
  if (!found.plans.has(key)) {
    if (found.plans.size >= PLANS_BEFORE_PRUNING) prunePlans(found);
    found.plans.set(key, { filters: plan.filters, text: plan.text, near: plan.near, rank: plan.rank });
  }
  tag(key);
}

const windowOf = (db: Db, plan: SearchPlan, start: Cursor['w'], size: number) =>
  cachesOf(db).windows.get(JSON.stringify([matchKey(plan), start, size]), SEARCH_TTL_MS, (tag) => {
    tagPart(db, plan, tag);
    return readWindow(db, plan, start, size);
  });

const keyOf = (row: RankedRow) => ({ r: Number(row.rank), c: cursorTime(row.key), i: row.id });

/**
 * A page of one part of the matches (see SearchPlan) from `cursor`, the cursor of the page after it (null after the
 * last), and what reading it told: the number of matches (a first page that reached the last match, or a text
 * search's first page: its window's statement counts, see matchWindowCtes) and the first text window's facets.
 */
interface Page {
  rows: RankedRow[];
  next: Cursor | null;
  allMatches: number | null;
  facets: Facet[] | null;
}

async function pageOf(
  db: Db,
  plan: SearchPlan,
  cursor: Cursor,
  first: boolean,
  limit: number,
  windowSize: number,
): Promise<Page> {
  if (plan.sort === 'newest' && !plan.text) {
    const key = JSON.stringify([matchKey(plan), cursor.k, limit]);
    const rows = await cachesOf(db).pages.get(key, SEARCH_TTL_MS, (tag) => {
      tagPart(db, plan, tag);
      return browse(db, plan, cursor.k, limit + 1);
    });
    const page = rows.slice(0, limit);
    if (rows.length > limit) return { rows: page, next: { k: keyOf(page.at(-1)!) }, allMatches: null, facets: null };
    return { rows: page, next: null, allMatches: first ? page.length : null, facets: null };
  }
  const rows: RankedRow[] = [];
  let windowStart = cursor.w;
  let after = cursor.k;
  let windowsRead = 0;
  let known: number | null = null;
  let facets: Facet[] | null = null;
  for (;;) {
    const need = limit - rows.length;
    const window = await windowOf(db, plan, windowStart, windowSize);
    // A first page whose first window told the count (a text search) needs no count of its own.
    if (first && windowsRead === 0) ({ total: known, facets } = window);
    const ranked = rankWindow(window.rows, plan.sort, plan.viewerKeys, after, need);
    rows.push(...ranked.rows);
    if (ranked.more) return { rows, next: { k: keyOf(rows.at(-1)!), w: windowStart }, allMatches: known, facets };
    const read = window.rows.length;
    windowsRead += read;
    if (read < windowSize || read === 0) return { rows, next: null, allMatches: first ? windowsRead : null, facets };
    windowStart = { c: cursorTime(window.rows.key(read - 1)), i: window.rows.id(read - 1) };
    after = undefined;
    if (rows.length === limit) return { rows, next: { w: windowStart }, allMatches: known, facets };
  }
}

/** How many jobs a part matches and their places, counted once per minute (see countMatches). */
const countOf = (db: Db, plan: SearchPlan) =>
  cachesOf(db).counts.get(matchKey(plan), SEARCH_TTL_MS, (tag) => {
    tagPart(db, plan, tag);
    return countMatches(db, plan);
  });

interface SearchResult {
  rows: (RankedRow & { partial: boolean })[];
  nextCursor: string | null;
  /** Jobs with every word: on the first page (null on later ones). */
  total: number | null;
  /** Jobs with some words but not all: on the page where they begin (null elsewhere). */
  partialTotal: number | null;
  facets: Facet[] | null;
  sort: JobSort;
  terms: SearchTerms;
}

/**
 * The page: jobs with every word first (the first page also counts them and their places: known already when the
 * page reached the last match or the search has text, its window counted, else counted up to JOB_COUNT_LIMIT + 1),
 * then, once those end, jobs with some of the words but not all (counted where they begin). The cursor says which
 * part a page continues.
 */
async function runSearch(
  db: Db,
  filters: SearchFilters,
  viewerKeys: string[] | null,
  windowSize: number,
  tag?: Tag,
): Promise<SearchResult> {
  const terms = await resolveSearchTerms(db, filters);
  const words = terms.all.text !== null && filters.q ? filters.q : undefined;
  let sort = effectiveJobSort({ q: words, sort: filters.sort });
  if (sort === 'match' && !viewerKeys) sort = words ? 'relevance' : 'newest';
  const base = { filters, sort, viewerKeys: sort === 'salary' ? null : viewerKeys };
  const all: SearchPlan = { ...base, ...terms.all };
  const some: SearchPlan | null = terms.some ? { ...base, ...terms.some } : null;
  if (tag) for (const part of some ? [all, some] : [all]) tagPart(db, part, tag);
  const cursor = filters.cursor ? decodeCursor(filters.cursor) : {};
  const result: SearchResult = {
    rows: [],
    nextCursor: null,
    total: null,
    partialTotal: null,
    facets: null,
    sort,
    terms,
  };
  let next: Cursor | null = null;
  if (!cursor.p) {
    const first = !filters.cursor;
    const page = await pageOf(db, all, cursor, first, filters.limit, windowSize);
    result.rows = page.rows.map((row) => ({ ...row, partial: false }));
    next = page.next;
    if (first) {
      const counted = page.facets ? null : await countOf(db, all);
      result.total = page.allMatches ?? counted?.total ?? 0;
      result.facets = page.facets ?? counted?.facets ?? [];
    }
    if (next || !some) return { ...result, nextCursor: next && encodeCursor(next) };
    // Every job with all the words is listed: the page goes on with those that have some.
    const need = filters.limit - result.rows.length;
    const partial = await pageOf(db, some, {}, true, Math.max(need, 1), windowSize);
    result.partialTotal = partial.allMatches ?? (await countOf(db, some)).total;
    if (need === 0) return { ...result, nextCursor: partial.rows.length ? encodeCursor({ p: 1 }) : null };
    result.rows.push(...partial.rows.map((row) => ({ ...row, partial: true })));
    return { ...result, nextCursor: partial.next && encodeCursor({ ...partial.next, p: 1 }) };
  }
  if (!some) return result;
  const starting = !cursor.k && !cursor.w;
  const partial = await pageOf(db, some, cursor, starting, filters.limit, windowSize);
  if (starting) result.partialTotal = partial.allMatches ?? (await countOf(db, some)).total;
  result.rows = partial.rows.map((row) => ({ ...row, partial: true }));
  return { ...result, nextCursor: partial.next && encodeCursor({ ...partial.next, p: 1 }) };
}

export interface MatchingJob {
  id: string;
  title: string;
  company_name: string;
  location: string;
}

/** What a saved search's filters match: its every-word part (alerts and counts list no partial matches). */
export type MatchPlan = Pick<SearchPlan, 'filters' | 'text' | 'near'>;

/** A part of the kept searches (see Caches): what it matches, and what its windows rank by. */
type KeptPart = MatchPlan & Pick<SearchPlan, 'rank'>;

/** The match plans of saved searches' filters, their words resolved with one lookup. */
export async function matchPlans(db: Executor, list: JobSearchFilters[]): Promise<MatchPlan[]> {
  const terms = await resolveSearchTermsOf(db, list);
  return list.map((filters, i) => ({
    filters: { ...filters, limit: 1 },
    text: terms[i]!.all.text,
    near: terms[i]!.all.near,
  }));
}

/**
 * Open jobs matching a saved search's filters, newest first, narrowed by `extra` conditions on `j` (a single job,
 * posted since, not sent yet): for saved-search counts and alerts, not the search page.
 */
export async function matchingJobs(
  db: Executor,
  filters: JobSearchFilters,
  extra: SQL[],
  limit: number,
): Promise<MatchingJob[]> {
  const [plan] = await matchPlans(db, [filters]);
  return preparedRows<MatchingJob>(
    db,
    sql`select j.id, j.title, j.company_name, j.location from job_postings j
        where ${sql.join([...filterConditions(plan!), ...extra], sql` and `)}
        order by j.created_at desc, j.id desc limit ${limit}`,
    planFor(plan!),
  );
}

/**
 * The signed-in job seeker's skill keys, for match scores; null for everyone else and for a seeker whose profile
 * has no skills yet (no "0% match" badges).
 */
async function viewerSkillKeys(db: Db, auth: AuthContext | null): Promise<string[] | null> {
  if (auth?.user.type !== 'jobseeker') return null;
  const [profile] = await preparedRows<{ skill_keys: string[] }>(
    db,
    sql`select skill_keys from talent_profiles where id = ${auth.user.id}`,
  );
  return profile?.skill_keys.length ? profile.skill_keys : null;
}

/**
 * Jobs, a company or its members changed: searches run afresh. Called by the jobs service after its own writes (its
 * caller's next search must see them) and on the jobs notification every such write sends to every process
 * (platform/events/publish.ts, the jobs envelope).
 */
export function forgetJobSearches(db: Db): void {
  const found = caches.get(db);
  found?.windows.clear();
  found?.counts.clear();
  found?.pages.clear();
  found?.answers.clear();
  found?.plans.clear();
  forgetJobDetails(db);
}

/** Parts tested against added jobs per statement (each a handful of parameters). */
const PARTS_PER_TEST = 100;
/** How long an added job is remembered as handled (its notification comes back within milliseconds). */
const ADDED_MEMORY_MS = 60_000;

/**
 * The `parts` (by matchKey) the jobs `ids` match, tested with the parts' own filters, each with the jobs it matches as
 * its windows would hold them (ranked by the part's words).
 */
async function partsMatching(db: Db, parts: [string, KeptPart][], ids: string[]): Promise<Map<string, AddedRow[]>> {
  const touched = new Map<string, AddedRow[]>();
  for (let from = 0; from < parts.length; from += PARTS_PER_TEST) {
    const chunk = parts.slice(from, from + PARTS_PER_TEST);
    const tests = chunk.map(
      ([, plan]) => sql`case when ${sql.join(rowConditions(plan), sql` and `)} then ${relevanceOf(plan.rank)} end`,
    );
    // One statement per chunk, each of its texts different: planned for the call, not kept.
    const rows = await preparedRows<{
      id: string;
      utc: string;
      salary_max: number | null;
      skill_keys: string[];
      place_label: string | null;
      relevance: (number | null)[];
    }>(
      db,
      sql`select j.id, ${timeKey} as utc, j.salary_max, j.skill_keys, j.place_label,
            array[${sql.join(tests, sql`, `)}]::float8[] as relevance
          from job_postings j where j.id = any(${sql.param(ids)}::uuid[])`,
      { planEachCall: true },
    );
    for (const row of rows) {
      const { id, salary_max, skill_keys, place_label: place } = row;
      const key = timeKeyOf(row.utc);
      row.relevance.forEach((relevance, n) => {
        if (relevance === null) return;
        const part = chunk[n]![0];
        const added = touched.get(part) ?? [];
        added.push({ id, key, relevance, salary_max, skill_keys, place });
        touched.set(part, added);
      });
    }
  }
  return touched;
}

/**
 * Jobs were added (committed; the jobs service after posting, and the jobs notification of an insert from any process):
 * only the kept searches they match change, tested with each search's own filters in the database, so a job posted
 * every few seconds no longer makes every kept search run again at once. A matched search's windows and browse pages
 * take the jobs in where they belong (search-revise.ts; dropped where that cannot be told exactly), those being read
 * when they arrive; its counts and whole answers are dropped and made again from them. Values tagged with a part not
 * tested (tagged while the test ran, possibly by a search that began before the jobs were added) and loads not tagged
 * yet (an answer resolving its words) are dropped. A failed test drops everything. A job already handled here (the
 * poster's own, whose notification follows) is not tested again.
 */
export async function forgetAddedJobs(db: Db, ids: string[]): Promise<void> {
  const found = caches.get(db);
  if (!found || ids.length === 0) return;
  const now = Date.now();
  for (const [id, { at }] of found.added) if (now - at > ADDED_MEMORY_MS) found.added.delete(id);
  const handled = ids.flatMap((id) => found.added.get(id)?.done ?? []);
  const fresh = ids.filter((id) => !found.added.has(id));
  if (fresh.length === 0) {
    await Promise.all(handled);
    return;
  }
  prunePlans(found);
  const parts = [...found.plans];
  const tested = new Set(found.plans.keys());
  // The jobs' own columns are read once here, as the answers made again from the revised windows will show them,
  // instead of by each of those answers at once.
  const done = Promise.all([partsMatching(db, parts, fresh), jobDetails(db, fresh)]).then(
    ([added]) => {
      const touched = (key: string) => added.has(key) || !tested.has(key);
      // Windows and pages carry the one part they read; the key says where they start and how many rows they hold.
      const revise =
        <T>(apply: (value: T, start: TimeKey | null, size: number, rows: AddedRow[]) => T | undefined) =>
        (value: T, key: string, tags: string[]) => {
          const rows = tags.length === 1 ? added.get(tags[0]!) : undefined;
          const [, start, size] = JSON.parse(key) as [string, TimeKey | null, number];
          return rows && apply(value, start, size, rows);
        };
      found.windows.reviseTagged(touched, revise(windowWith));
      found.pages.reviseTagged(touched, revise(pageWith));
      found.counts.forgetTagged(touched);
      found.answers.forgetTagged(touched);
    },
    () => forgetJobSearches(db),
  );
  for (const id of fresh) found.added.set(id, { at: now, done });
  await Promise.all([done, ...handled]);
}

/**
 * Open jobs matching the filters: ranked within the newest matches (see SEARCH_WINDOW) by relevance, match score or
 * salary, or newest first; keyset-paginated so pages stay stable and cheap. The first page carries the count.
 * Everyone shares the database reads; a job seeker's skills only reorder a window in memory.
 */
export async function searchJobs(
  db: Db,
  auth: AuthContext | null,
  filters: SearchFilters,
  windowSize = SEARCH_WINDOW,
  /** Tags a kept answer with the parts it read (see Caches). */
  tag?: Tag,
): Promise<JobSearchResponse> {
  const viewerKeys = await viewerSkillKeys(db, auth);
  const result = await runSearch(db, filters, viewerKeys, windowSize, tag);
  const details = await jobDetails(
    db,
    result.rows.map((r) => r.id),
  );
  const partial = new Set(result.rows.filter((row) => row.partial).map((row) => row.id));
  const { terms } = result;
  return {
    items: details.map((r) => ({
      id: r.id,
      title: r.title,
      companyName: r.company_name,
      companySlug: r.company_slug,
      location: r.location,
      workplace: r.workplace,
      employmentType: r.job_type,
      salaryRange: r.salary_range,
      skills: r.skills,
      createdAt: new Date(r.created_at).toISOString(),
      status: r.status,
      referralBonus:
        r.referral_bonus_amount === null
          ? null
          : { amount: r.referral_bonus_amount, currency: r.referral_bonus_currency ?? 'USD' },
      excerpt: r.excerpt,
      hasInternalReferrer: r.has_internal_referrer,
      notOnReferwell: r.not_on_referwell,
      matchScore: viewerKeys ? matchScore(r.skills, viewerKeys) : null,
      partial: partial.has(r.id),
    })),
    nextCursor: result.nextCursor,
    total: result.total === null ? null : Math.min(result.total, JOB_COUNT_LIMIT),
    totalIsLowerBound: (result.total ?? 0) > JOB_COUNT_LIMIT,
    sort: result.sort,
    partialTotal: result.partialTotal === null ? null : Math.min(result.partialTotal, JOB_COUNT_LIMIT),
    partialIsLowerBound: (result.partialTotal ?? 0) > JOB_COUNT_LIMIT,
    place: terms.place,
    corrections: terms.corrections,
    locationFacets: result.facets,
  };
}

/**
 * searchJobs as the JSON text of its answer (jobSearchResponseSchema, held to it by the API tests): the same for
 * everyone but a job seeker on the same filters, so it is kept like the windows (and compressed once per encoding).
 */
export function searchJobsJson(db: Db, auth: AuthContext | null, filters: SearchFilters): Promise<KeptJson> {
  const answer = async (tag?: Tag) =>
    new KeptJson(JSON.stringify(await searchJobs(db, auth, filters, SEARCH_WINDOW, tag)));
  if (auth?.user.type === 'jobseeker') return answer();
  return cachesOf(db).answers.get(JSON.stringify(filters), SEARCH_TTL_MS, answer);
}
