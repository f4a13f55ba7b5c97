import { sql, type SQL } from 'drizzle-orm';
import {
  JOB_COUNT_LIMIT,
  POSTED_WITHIN_DAYS,
  effectiveJobSort,
  type JobSearchFilters,
  type JobSearchRequest,
  type JobSearchResponse,
  type JobSort,
  type JobSummary,
} from '@referwell/shared';
import { matchScore } from '@referwell/shared/rules/match';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/repository';
import { preparedRows } from '../../db/prepared';
import { badRequest } from '../../lib/errors';
import { ShortCache } from '../../lib/short-cache';
import { textQuery, tsQuery } from '../../lib/search/text-query';
import { matchWindowCtes } from './search-window';
import type { AuthContext } from '../auth/sessions';

/**
 * A text search ranks the newest WINDOW matches (read in index order), not every match: a broad term ("engineer")
 * costs the same as a narrow one. Paging goes on inside the window, then to the next window of older matches.
 */
export const SEARCH_WINDOW = 500;
/**
 * Searches are answered from memory this long. Every statement that writes job_postings clears them in every process
 * (a database trigger's NOTIFY, see forgetJobSearches), so this bounds only what no trigger sees, like a company's
 * first referrer joining (the "has a referrer" filter).
 */
export const SEARCH_TTL_MS = 5_000;

const keysetSchema = z.object({ r: z.number(), c: z.string().max(40), i: z.uuid() });
const cursorSchema = z.object({ k: keysetSchema.optional(), w: keysetSchema.omit({ r: true }).optional() });
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

/** What a search runs with once its text is resolved (typo alternatives) and its sort settled. */
interface SearchPlan {
  filters: SearchFilters;
  /** The to_tsquery text, null without text. */
  text: string | null;
  sort: JobSort;
  /** The viewer's skill keys when the order depends on them (best match, relevance's tie-breaker). */
  viewerKeys: string[] | null;
}

interface SearchRow {
  window_size: number;
  window_end_c: string | null;
  window_end_i: string | null;
  id: string | null;
  title: string;
  company_name: string;
  company_slug: string;
  location: string;
  workplace: JobSummary['workplace'];
  job_type: JobSummary['employmentType'];
  salary_range: string | null;
  skills: string[];
  created_at: string;
  created_at_key: string;
  status: JobSummary['status'];
  referral_bonus_amount: number | null;
  referral_bonus_currency: string | null;
  excerpt: string;
  has_internal_referrer: boolean;
  rank: number;
}

// An internal referrer is an employee on Referwell who is not one of the company's HR admins.
const referrerExists = sql`exists(select 1 from company_members m where m.company_id = j.company_id and m.role = 'member')`;

/** The filters and text, not paging; every value is a parameter, so one filter combination is one statement. */
function filterConditions(plan: SearchPlan): SQL[] {
  return [sql`j.status = 'OPEN'`, ...matchConditions(plan)];
}

/** filterConditions but the status: what a text search's window (search-window.ts) checks on its rows. */
function matchConditions({ filters, text }: SearchPlan): SQL[] {
  const conditions: SQL[] = [];
  if (filters.type.length) conditions.push(sql`j.job_type = any(${sql.param(filters.type)}::employment_type[])`);
  if (filters.workplace.length) conditions.push(sql`j.workplace = any(${sql.param(filters.workplace)}::workplace[])`);
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
  // Last: PostgreSQL tests conditions of equal estimated cost in the order written, and testing the text reads the
  // job's search document (kilobytes), so the cheap filters turn most rows away first.
  if (text) conditions.push(sql`j.search @@ ${tsQuery(text)}`);
  return conditions;
}

/** Text searches are planned for their words on each call (see PreparedOptions): broad and rare words want other plans. */
const planFor = ({ text }: { text: string | null }) => ({ planEachCall: text !== null });

/** The page's wide columns, after the narrow rows were ranked and paged (`page`: id, created_at, rank). */
const pageColumns = sql`j.id, j.title, j.company_name, c.slug as company_slug, j.location, j.workplace, j.job_type,
  j.salary_range, j.skills, j.created_at, j.created_at::text as created_at_key, j.status,
  j.referral_bonus_amount, j.referral_bonus_currency,
  left(regexp_replace(j.description, '\\s+', ' ', 'g'), 220) as excerpt,
  ${referrerExists} as has_internal_referrer, page.rank`;

/**
 * Newest first: straight from the (created_at DESC, id DESC) index of open jobs without text; with text, its bounded
 * window (search-window.ts) of `take` rows.
 */
function browse(db: Db, plan: SearchPlan, after: Cursor['k'], take: number) {
  let page: SQL;
  if (plan.text) {
    page = sql`${matchWindowCtes(matchConditions(plan), after, take)},
        page as (select id, created_at, cast(0 as double precision) as rank from win)`;
  } else {
    const conditions = filterConditions(plan);
    if (after) conditions.push(sql`(j.created_at, j.id) < (${after.c}::timestamptz, ${after.i}::uuid)`);
    page = sql`page as (
          select j.id, j.created_at, cast(0 as double precision) as rank from job_postings j
          where ${sql.join(conditions, sql` and `)}
          order by j.created_at desc, j.id desc
          limit ${take}
        )`;
  }
  return preparedRows<SearchRow>(
    db,
    sql`with ${page}
        select 0 as window_size, null as window_end_c, null as window_end_i, ${pageColumns}
        from page join job_postings j on j.id = page.id join companies c on c.id = j.company_id
        order by page.created_at desc, page.id desc`,
    planFor(plan),
  );
}

/** The viewer's match score (SPEC §9: percent of the job's skills they have) of a window row. */
const windowMatchScore = (keys: string[]) =>
  sql`(case when cardinality(w.skill_keys) = 0 then 0 else round((select count(*) from unnest(${sql.param(keys)}::text[]) k
    where k = any(w.skill_keys)) * 100.0 / cardinality(w.skill_keys)) end)`;

/**
 * A window row's rank as one number, so a page resumes from one keyset: relevance is ts_rank (4 decimals) with the
 * match score as tie-breaker; best match is the match score with relevance as tie-breaker; salary its top.
 */
function rankOf({ text, sort, viewerKeys }: SearchPlan): SQL {
  const relevance = text ? sql`round(ts_rank(w.search, ${tsQuery(text)}) * 10000)` : sql`0`;
  const score = viewerKeys ? windowMatchScore(viewerKeys) : sql`0`;
  if (sort === 'salary') return sql`coalesce(w.salary_max, 0)`;
  if (sort === 'match') return sql`${score} * 1000000 + ${relevance}`;
  return sql`${relevance} * 1000 + ${score}`;
}

/** The `win` CTE: the `size` newest matches before `start` (bounded for text, see search-window.ts). */
function windowCtes(plan: SearchPlan, start: Cursor['w'], size: number): SQL {
  if (plan.text) return matchWindowCtes(matchConditions(plan), start, size);
  const conditions = filterConditions(plan);
  if (start) conditions.push(sql`(j.created_at, j.id) < (${start.c}::timestamptz, ${start.i}::uuid)`);
  return sql`win as (
      select j.id, j.created_at, j.search, j.skill_keys, j.salary_max from job_postings j
      where ${sql.join(conditions, sql` and `)}
      order by j.created_at desc, j.id desc
      limit ${size}
    )`;
}

/**
 * One window of matches (the SEARCH_WINDOW newest before `windowStart`), ranked; the page after `after` in rank
 * order. The first row always exists and carries the window's size and its oldest row, even for an empty page.
 */
function rankWindow(
  db: Db,
  plan: SearchPlan,
  windowSize: number,
  windowStart: Cursor['w'],
  after: Cursor['k'],
  take: number,
) {
  const pageFilter = after
    ? sql`where (rank, created_at, id) < (${after.r}::double precision, ${after.c}::timestamptz, ${after.i}::uuid)`
    : sql``;
  return preparedRows<SearchRow>(
    db,
    sql`with ${windowCtes(plan, windowStart, windowSize)},
        ranked as (
          select w.id, w.created_at, cast(${rankOf(plan)} as double precision) as rank from win w
        ),
        page as (
          select id, created_at, rank from ranked ${pageFilter}
          order by rank desc, created_at desc, id desc
          limit ${take}
        ),
        meta as (
          select cast(count(*) as int) as window_size,
            (select created_at::text from win order by created_at, id limit 1) as window_end_c,
            (select id::text from win order by created_at, id limit 1) as window_end_i
          from win
        )
        select meta.*, p.* from meta left join (
          select ${pageColumns}, page.created_at as page_created_at
          from page join job_postings j on j.id = page.id join companies c on c.id = j.company_id
        ) p on true
        order by p.rank desc, p.page_created_at desc, p.id desc`,
    planFor(plan),
  );
}

/**
 * How many jobs match, counting at most JOB_COUNT_LIMIT + 1 of them: text matches through the indexes alone (see
 * bitmapScansOnly), other filters in whichever index order is cheaper.
 */
async function countMatches(db: Db, plan: SearchPlan): Promise<number> {
  const [row] = await preparedRows<{ n: number }>(
    db,
    sql`select cast(count(*) as int) as n from (
          select 1 from job_postings j where ${sql.join(filterConditions(plan), sql` and `)} limit ${JOB_COUNT_LIMIT + 1}
        ) matches`,
    { ...planFor(plan), bitmapScansOnly: plan.text !== null },
  );
  return Number(row?.n ?? 0);
}

interface SearchResult {
  rows: SearchRow[];
  nextCursor: string | null;
  /** Null on later pages (the first page counted). */
  total: number | null;
}

const keyOf = (row: SearchRow) => ({ r: Number(row.rank), c: row.created_at_key, i: row.id! });

/** A page, and the number of matches when reading it saw them all (a first page that reached the last match). */
type Page = Omit<SearchResult, 'total'> & { allMatches: number | null };

async function pageOf(db: Db, plan: SearchPlan, windowSize: number): Promise<Page> {
  const { filters } = plan;
  const cursor = filters.cursor ? decodeCursor(filters.cursor) : {};
  const first = !filters.cursor;
  if (plan.sort === 'newest') {
    const rows = await browse(db, plan, cursor.k, filters.limit + 1);
    const page = rows.slice(0, filters.limit);
    if (rows.length > filters.limit)
      return { rows: page, nextCursor: encodeCursor({ k: keyOf(page.at(-1)!) }), allMatches: null };
    return { rows: page, nextCursor: null, allMatches: first ? page.length : null };
  }
  const rows: SearchRow[] = [];
  let windowStart = cursor.w;
  let after = cursor.k;
  let windowsRead = 0;
  for (;;) {
    const need = filters.limit - rows.length;
    const found = await rankWindow(db, plan, windowSize, windowStart, after, need + 1);
    const page = found.filter((r) => r.id !== null);
    rows.push(...page.slice(0, need));
    if (page.length > need)
      return { rows, nextCursor: encodeCursor({ k: keyOf(rows.at(-1)!), w: windowStart }), allMatches: null };
    const meta = found[0]!;
    windowsRead += meta.window_size;
    if (meta.window_size < windowSize || !meta.window_end_c || !meta.window_end_i)
      return { rows, nextCursor: null, allMatches: first ? windowsRead : null };
    windowStart = { c: meta.window_end_c, i: meta.window_end_i };
    after = undefined;
    if (rows.length === filters.limit) return { rows, nextCursor: encodeCursor({ w: windowStart }), allMatches: null };
  }
}

/**
 * The page, then, on a first page, the count: known already when the page reached the last match (a rare word's
 * count would cost a scan the page just made), else counted up to JOB_COUNT_LIMIT + 1.
 */
async function runSearch(
  db: Db,
  filters: SearchFilters,
  viewerKeys: string[] | null,
  windowSize: number,
): Promise<SearchResult & { sort: JobSort }> {
  const text = await textQuery(db, filters.q);
  let sort = effectiveJobSort({ q: text ? filters.q : undefined, sort: filters.sort });
  if (sort === 'match' && !viewerKeys) sort = text ? 'relevance' : 'newest';
  const plan: SearchPlan = { filters, text, sort, viewerKeys: sort === 'salary' ? null : viewerKeys };
  const { allMatches, ...page } = await pageOf(db, plan, windowSize);
  const total = filters.cursor ? null : (allMatches ?? (await countMatches(db, plan)));
  return { ...page, total, sort };
}

export interface MatchingJob {
  id: string;
  title: string;
  company_name: string;
  location: string;
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
  const text = await textQuery(db, filters.q);
  const plan: SearchPlan = { filters: { ...filters, limit }, text, sort: 'newest', viewerKeys: null };
  return preparedRows<MatchingJob>(
    db,
    sql`select j.id, j.title, j.company_name, j.location from job_postings j
        where ${sql.join([...filterConditions(plan), ...extra], sql` and `)}
        order by j.created_at desc, j.id desc limit ${limit}`,
    planFor(plan),
  );
}

/** The signed-in job seeker's skill keys, for match scores; null for everyone else. */
async function viewerSkillKeys(db: Db, auth: AuthContext | null): Promise<string[] | null> {
  if (auth?.user.type !== 'jobseeker') return null;
  const [profile] = await preparedRows<{ skill_keys: string[] }>(
    db,
    sql`select skill_keys from talent_profiles where id = ${auth.user.id}`,
  );
  return profile?.skill_keys ?? [];
}

/**
 * Searches by database: identical concurrent searches share one run, kept SEARCH_TTL_MS. Everyone but a job seeker
 * (whose skills order and score the results) shares them.
 */
const searches = new WeakMap<Db, ShortCache<SearchResult & { sort: JobSort }>>();
function searchCache(db: Db): ShortCache<SearchResult & { sort: JobSort }> {
  let cache = searches.get(db);
  if (!cache) searches.set(db, (cache = new ShortCache()));
  return cache;
}

/**
 * Jobs changed: searches run afresh. Called by the jobs service after its own writes (its caller's next search must
 * see them) and on the jobs notification every write sends to every process (features/realtime/publish.ts, the jobs envelope).
 */
export function forgetJobSearches(db: Db): void {
  searches.get(db)?.clear();
}

/**
 * Open jobs matching the filters: ranked within the newest matches (see SEARCH_WINDOW) by relevance, match score or
 * salary, or newest first; keyset-paginated so pages stay stable and cheap. The first page carries the count.
 */
export async function searchJobs(
  db: Db,
  auth: AuthContext | null,
  filters: SearchFilters,
  windowSize = SEARCH_WINDOW,
): Promise<JobSearchResponse> {
  const viewerKeys = await viewerSkillKeys(db, auth);
  const key = JSON.stringify([filters, windowSize, viewerKeys]);
  const result = await searchCache(db).get(key, SEARCH_TTL_MS, () => runSearch(db, filters, viewerKeys, windowSize));
  return {
    items: result.rows.map((r) => ({
      id: r.id!,
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
      matchScore: viewerKeys ? matchScore(r.skills, viewerKeys) : null,
    })),
    nextCursor: result.nextCursor,
    total: result.total === null ? null : Math.min(result.total, JOB_COUNT_LIMIT),
    totalIsLowerBound: (result.total ?? 0) > JOB_COUNT_LIMIT,
    sort: result.sort,
  };
}
