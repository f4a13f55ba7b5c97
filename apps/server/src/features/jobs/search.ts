import { sql, type SQL } from 'drizzle-orm';
import type { JobSearchResponse, JobSummary } from '@referwell/shared';
import { matchScore } from '@referwell/shared/rules/match';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { badRequest } from '../../lib/errors';
import { ShortCache } from '../../lib/short-cache';
import type { AuthContext } from '../auth/sessions';

/**
 * A text search ranks the newest WINDOW matches (read in index order), not every match: a broad term ("engineer")
 * costs the same as a narrow one. Paging goes on inside the window, then to the next window of older matches.
 */
export const SEARCH_WINDOW = 500;
/** Anonymous searches are answered from memory this long (the same results for every visitor). */
const ANONYMOUS_TTL_MS = 5_000;

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

export interface SearchFilters {
  q?: string | undefined;
  type: string[];
  workplace: string[];
  skills: string[];
  hasReferrer: boolean;
  companyId?: string | undefined;
  cursor?: string | undefined;
  limit: number;
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

/** The filters other than text and paging; every value is a parameter, so one filter combination is one statement. */
function filterConditions(filters: SearchFilters): SQL[] {
  const conditions: SQL[] = [sql`j.status = 'OPEN'`];
  if (filters.type.length) conditions.push(sql`j.job_type = any(${sql.param(filters.type)}::employment_type[])`);
  if (filters.workplace.length) conditions.push(sql`j.workplace = any(${sql.param(filters.workplace)}::workplace[])`);
  if (filters.skills.length) conditions.push(sql`j.skills && ${sql.param(filters.skills)}::text[]`);
  if (filters.hasReferrer) conditions.push(referrerExists);
  if (filters.companyId) conditions.push(sql`j.company_id = ${filters.companyId}::uuid`);
  return conditions;
}

/** The page's wide columns, after the narrow rows were ranked and paged (`page`: id, created_at, rank). */
const pageColumns = sql`j.id, j.title, j.company_name, c.slug as company_slug, j.location, j.workplace, j.job_type,
  j.salary_range, j.skills, j.created_at, j.created_at::text as created_at_key, j.status,
  j.referral_bonus_amount, j.referral_bonus_currency,
  left(regexp_replace(j.description, '\\s+', ' ', 'g'), 220) as excerpt,
  ${referrerExists} as has_internal_referrer, page.rank`;

/** Newest first, straight from the (status, created_at DESC, id DESC) index. */
function browse(db: Db, filters: SearchFilters, after: Cursor['k'], take: number) {
  const conditions = filterConditions(filters);
  if (after) conditions.push(sql`(j.created_at, j.id) < (${after.c}::timestamptz, ${after.i}::uuid)`);
  return preparedRows<SearchRow>(
    db,
    sql`with page as (
          select j.id, j.created_at, cast(0 as double precision) as rank from job_postings j
          where ${sql.join(conditions, sql` and `)}
          order by j.created_at desc, j.id desc
          limit ${take}
        )
        select 0 as window_size, null as window_end_c, null as window_end_i, ${pageColumns}
        from page join job_postings j on j.id = page.id join companies c on c.id = j.company_id
        order by page.created_at desc, page.id desc`,
  );
}

/**
 * One window of text matches (the SEARCH_WINDOW newest before `windowStart`), ranked; the page after `after` in
 * rank order. The first row always exists and carries the window's size and its oldest row, even for an empty page.
 */
function rankWindow(
  db: Db,
  filters: SearchFilters & { q: string },
  windowSize: number,
  windowStart: Cursor['w'],
  after: Cursor['k'],
  take: number,
) {
  const conditions = filterConditions(filters);
  conditions.push(sql`j.search @@ websearch_to_tsquery('english', ${filters.q})`);
  if (windowStart) conditions.push(sql`(j.created_at, j.id) < (${windowStart.c}::timestamptz, ${windowStart.i}::uuid)`);
  const pageFilter = after
    ? sql`where (rank, created_at, id) < (${after.r}::double precision, ${after.c}::timestamptz, ${after.i}::uuid)`
    : sql``;
  return preparedRows<SearchRow>(
    db,
    sql`with win as (
          select j.id, j.created_at, j.search from job_postings j
          where ${sql.join(conditions, sql` and `)}
          order by j.created_at desc, j.id desc
          limit ${windowSize}
        ),
        ranked as (
          select id, created_at, cast(ts_rank(search, websearch_to_tsquery('english', ${filters.q})) as double precision) as rank
          from win
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
  );
}

interface SearchResult {
  rows: SearchRow[];
  nextCursor: string | null;
}

const keyOf = (row: SearchRow) => ({ r: Number(row.rank), c: row.created_at_key, i: row.id! });

async function runSearch(db: Db, filters: SearchFilters, windowSize: number): Promise<SearchResult> {
  const cursor = filters.cursor ? decodeCursor(filters.cursor) : {};
  const { q } = filters;
  if (!q) {
    const rows = await browse(db, filters, cursor.k, filters.limit + 1);
    const page = rows.slice(0, filters.limit);
    return { rows: page, nextCursor: rows.length > filters.limit ? encodeCursor({ k: keyOf(page.at(-1)!) }) : null };
  }
  const rows: SearchRow[] = [];
  let windowStart = cursor.w;
  let after = cursor.k;
  for (;;) {
    const need = filters.limit - rows.length;
    const found = await rankWindow(db, { ...filters, q }, windowSize, windowStart, after, need + 1);
    const page = found.filter((r) => r.id !== null);
    rows.push(...page.slice(0, need));
    if (page.length > need) return { rows, nextCursor: encodeCursor({ k: keyOf(rows.at(-1)!), w: windowStart }) };
    const meta = found[0]!;
    if (meta.window_size < windowSize || !meta.window_end_c || !meta.window_end_i) return { rows, nextCursor: null };
    windowStart = { c: meta.window_end_c, i: meta.window_end_i };
    after = undefined;
    if (rows.length === filters.limit) return { rows, nextCursor: encodeCursor({ w: windowStart }) };
  }
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

/** Searches by database: identical concurrent searches share one run; anonymous ones are kept a few seconds. */
const searches = new WeakMap<Db, ShortCache<SearchResult>>();
function searchCache(db: Db): ShortCache<SearchResult> {
  let cache = searches.get(db);
  if (!cache) searches.set(db, (cache = new ShortCache()));
  return cache;
}

/** A job was posted, edited or closed in this process: searches run afresh (other processes wait out the TTL). */
export function forgetJobSearches(db: Db): void {
  searches.get(db)?.clear();
}

/**
 * Open jobs matching the filters: ranked by full-text relevance within the newest matches when there is a query
 * (see SEARCH_WINDOW), newest first otherwise; keyset-paginated so pages stay stable and cheap.
 */
export async function searchJobs(
  db: Db,
  auth: AuthContext | null,
  filters: SearchFilters,
  windowSize = SEARCH_WINDOW,
): Promise<JobSearchResponse> {
  const key = JSON.stringify([filters, windowSize]);
  const [viewerKeys, result] = await Promise.all([
    viewerSkillKeys(db, auth),
    searchCache(db).get(key, auth ? 0 : ANONYMOUS_TTL_MS, () => runSearch(db, filters, windowSize)),
  ]);
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
  };
}
