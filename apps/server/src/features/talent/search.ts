import { eq, sql, type SQL } from 'drizzle-orm';
import { MATCHING, TALENT_MESSAGES, skillKey, type CandidateSearchFilters } from '@referwell/shared';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { jobPostings } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { tsQuery } from '../../lib/search/text-query';
import { resolveSearchTerms, type MatchPart, type Near, type SearchTerms } from '../../lib/search/search-terms';
import type { CompanyAuth } from '../../platform/access/guards';
import { ARRAY_COLUMNS, POOL, talentFacetsBytes } from './facets';
import { answerBytes, openCards, visibleContacts } from './search-answer';
import { matchedPages, TALENT_SEARCH_TTL_MS, type MatchedPage, type MatchedRow } from './search-cache';
import { firstWindowSlabs, slabHours } from '../../lib/search/time-slabs';

/** Counting stops this many talents past the page: "1,000+" instead of counting every match (see matchPage). */
export const COUNT_AHEAD = 1_000;
/** Matches are ranked this many at a time, newest first (see matchPage): the window of job search (ADR 0009). */
export const TALENT_SEARCH_WINDOW = 500;

const textList = (values: readonly string[]) => sql`${sql.param(values)}::text[]`;

/** The job a search is ranked for: one of the viewer's company's jobs, or 403. */
async function rankingJob(db: Db, jobId: string, companyId: string) {
  const [row] = await db
    .select({
      id: jobPostings.id,
      title: jobPostings.title,
      skills: jobPostings.skills,
      companyId: jobPostings.companyId,
    })
    .from(jobPostings)
    .where(eq(jobPostings.id, jobId));
  if (!row || row.companyId !== companyId)
    throw new AppError(403, 'FORBIDDEN', TALENT_MESSAGES.jobNotYours, { jobId: TALENT_MESSAGES.jobNotYours });
  return {
    job: { id: row.id, title: row.title, skills: row.skills },
    keys: [...new Set(row.skills.map(skillKey).filter(Boolean))],
  };
}

/** Within a distance of a point, tested on the rows (the text holds the cells around it, see search-terms.ts). */
const withinDistance = ({ lat, lon, km }: Near) =>
  sql`2 * 6371 * asin(least(1, sqrt(power(sin(radians(p.place_lat - ${lat}::float8) / 2), 2)
        + cos(radians(${lat}::float8)) * cos(radians(p.place_lat)) * power(sin(radians(p.place_lon - ${lon}::float8) / 2), 2))))
      <= ${km}::float8`;

/**
 * The conditions every match meets besides its words (the pool, the filters, the ranking job's skills), and the
 * job's match score. Like job search, every word counts but not every word must match: a search lists the talents
 * with every word (`terms.all`), then those with some of them (`terms.some`), each part read by recency and ranked a
 * window at a time (see matchPage).
 */
function matchConditions(filters: CandidateSearchFilters, rankingKeys: string[] | null) {
  const conditions: SQL[] = [POOL];
  // The location facet's values are places as read from profiles ('Boston, MA'), whatever their spelling. Place and
  // involvement are tested as one-value arrays, as the search GIN index holds them (talent_profiles_search_idx), so
  // the index tests them with the words, the lists and the time slab (`= any(…)` it cannot: rows were tested one by
  // one). Involvement as the enum, not cast to text: a cast hid its statistics from the planner (benchmarks.md, run F).
  if (filters.locations.length) conditions.push(sql`array[p.place_label] && ${textList(filters.locations)}`);
  if (filters.involvement.length)
    conditions.push(sql`array[p.involvement] && ${sql.param(filters.involvement)}::involvement[]`);
  for (const [category, column] of Object.entries(ARRAY_COLUMNS) as [keyof typeof ARRAY_COLUMNS, string][]) {
    const selected = filters[category];
    if (selected.length) conditions.push(sql`p.${sql.raw(column)} && ${textList(selected)}`);
  }
  let matchScore: SQL = sql`cast(null as int)`;
  if (rankingKeys) {
    if (rankingKeys.length === 0) conditions.push(sql`false`);
    else {
      const keys = textList(rankingKeys);
      matchScore = sql`cast(round((select count(*) from unnest(${keys}) k where k = any(p.skill_keys)) * 100.0 / cardinality(${keys})) as int)`;
      conditions.push(sql`p.skill_keys && ${keys}`);
      conditions.push(sql`${matchScore} >= ${MATCHING.defaultMinScorePercent}`);
    }
  }
  return { conditions, matchScore };
}

/** What each part of a search matches (a tsquery's text with its prefixes written out, see exactWords). */
interface ExactWords {
  all: string | null;
  some: string | null;
}

/**
 * The parts' words as the documents hold them, resolved once per computed search: each prefix (`engin:*`) written as
 * the exact lexemes talent documents have held beginning with it, up to 8 (talent_search_query: exact_prefix_query,
 * migration 0065, the one job search uses, over talent's vocabulary). The same matches, but the search GIN index, which also
 * carries the filters, then intersects the words' posting lists with the filters' and skips through them, where a
 * prefix made it read every profile the prefix matches into a bitmap first (ADR 0045). Passed to the statement as a
 * value, so its plan is made for the words' real frequencies (a sub-select would hide them from the planner).
 */
async function exactWords(db: Db, terms: SearchTerms): Promise<ExactWords> {
  // A part without words tests none (an empty text is no condition, as before).
  const all = terms.all.text || null;
  const some = terms.some?.text || null;
  if (all === null && some === null) return { all, some };
  const [row] = await preparedRows<ExactWords>(
    db,
    sql`select talent_search_query(${all}::text)::text as "all", talent_search_query(${some}::text)::text as "some"`,
  );
  return { all: row?.all ?? null, some: row?.some ?? null };
}

/** One part's conditions: the search's, its words (exact, in the search GIN index) and its distance. */
function partConditions(conditions: SQL[], part: MatchPart, words: string | null): SQL {
  const all = [...conditions];
  if (words !== null) all.push(sql`p.search @@ ${words}::tsquery`);
  if (part.near) all.push(withinDistance(part.near));
  return sql.join(all, sql` and `);
}

/** The newest or the oldest discoverable profile's UTC hour of last update, as an hour number (newest-first index). */
const poolHour = (order: SQL) =>
  sql`(select floor(extract(epoch from p.updated_at) / 3600)::int from talent_profiles p
       where ${POOL} order by ${order} limit 1)`;

/**
 * The `slabs` CTE: the time slabs (lib/search/time-slabs.ts, as job search's first window reads them) from the clock
 * margin ahead of now down to the oldest profile, newest first, those older than every profile or newer than the
 * newest skipped.
 */
function slabsCte(): SQL {
  const slabs = firstWindowSlabs(0);
  const column = (pick: (key: number) => number) => sql`${sql.param(slabs.map(pick))}::int[]`;
  return sql`slabs as (
      select s.key from unnest(${column((key) => key)}, ${column((key) => slabHours(key).first)},
        ${column((key) => slabHours(key).last)}) with ordinality as s(key, first_hour, last_hour, n)
      where s.last_hour >= ${poolHour(sql`p.updated_at, p.id`)}
        and s.first_hour <= ${poolHour(sql`p.updated_at desc, p.id desc`)}
      order by s.n
    )`;
}

/**
 * The newest `limit` profiles meeting `where`, newest first, read a time slab at a time: each slab one scan of the
 * search GIN index with the words, the filters and the slab's key (job_time_keys(updated_at)), so a search stops
 * after the slabs that hold its page and count instead of gathering every match (ADR 0045).
 */
const recentMatches = (where: SQL, limit: SQL) =>
  sql`select m.* from slabs s cross join lateral (
        select p.id, p.updated_at, p.search, p.skill_keys from talent_profiles p
        where job_time_keys(p.updated_at) @> array[s.key] and ${where}
        order by p.updated_at desc, p.id desc
      ) m limit ${limit}`;

/** `n` up to the next multiple of the window, as SQL on an int expression (0 for 0 or less). */
const windowEnd = (n: SQL, window: number) =>
  sql`cast(greatest(0, ceil((${n}) / ${window}::numeric)) * ${window} as int)`;

/**
 * The page's talents in order and the bounded count: one prepared statement, the same for every viewer.
 *
 * Its cost follows the page, not the number of matches (a word or filter held by a quarter of a million-profile pool
 * used to be read, ranked and sorted whole; docs/benchmarks.md run E). As in job search (ADR 0009), each part's
 * matches are read newest first, a time slab at a time (recentMatches), and only as far as the page and the count
 * need: `countAhead` past the page ("1,000+" when there are more), and the whole windows the page falls in. A window
 * is `window` matches in recency order (the part's newest `window`, then the next, ...); within a window talents are
 * ranked by the job's match score when ranking for a job, then how many of the words they hold and where (ts_rank:
 * name and titles above skills), then recency. The windows are fixed by recency alone, so every page of a search cuts the same ranked list. The
 * talents with every word come first; those with some follow once the count reached the end of the first part.
 */
async function matchPage(
  db: Db,
  filters: CandidateSearchFilters,
  terms: SearchTerms,
  rankingKeys: string[] | null,
  countAhead: number,
  window: number,
): Promise<{ rows: MatchedRow[]; matches: number; partials: number }> {
  const { conditions, matchScore } = matchConditions(filters, rankingKeys);
  const rank = (terms.any ?? terms.all).rank;
  const textRank = rank ? sql`cast(ts_rank(p.search, ${tsQuery(rank)}) as real)` : sql`cast(0 as real)`;
  const offset = (filters.page - 1) * filters.pageSize;
  const end = offset + filters.pageSize;
  const countLimit = offset + countAhead;
  const completeRead = Math.max(countLimit + 1, Math.ceil(end / window) * window);
  const ranked = sql.raw(`${rankingKeys ? 'match_score desc, ' : ''}text_rank desc, updated_at desc, id desc`);
  // Each part read by recency, a time slab at a time (recentMatches), stopping at the limit.
  const words = await exactWords(db, terms);
  const partial = terms.some ? partConditions(conditions, terms.some, words.some) : sql`false`;
  const rows = await preparedRows<{
    id: string | null;
    match_score: number | null;
    partial: boolean | null;
    total: number;
    partials: number;
  }>(
    db,
    sql`with ${slabsCte()},
        complete as materialized (${recentMatches(partConditions(conditions, terms.all, words.all), sql`${completeRead}::int`)}),
        complete_n as (select cast(count(*) as int) as n from complete),
        partial as materialized (${recentMatches(
          partial,
          sql`(select greatest(${countLimit + 1}::int - c.n, ${windowEnd(sql`${end}::int - c.n`, window)}) from complete_n c)`,
        )}),
        numbered as (
          select x.*, 0 as part, row_number() over (order by x.updated_at desc, x.id desc) - 1 as r from complete x
          union all
          select x.*, 1 as part, row_number() over (order by x.updated_at desc, x.id desc) - 1 as r from partial x
        ),
        touched as (
          select x.*, x.part * c.n + (x.r / ${window}::int) * ${window}::int as block_start
          from numbered x cross join complete_n c
        ),
        scored as (
          select p.id, p.part, p.block_start, p.updated_at, ${matchScore} as match_score, ${textRank} as text_rank
          from touched p where p.block_start < ${end}::int and p.block_start + ${window}::int > ${offset}::int
        ),
        page as (
          select s.id, s.part, s.match_score,
            s.block_start + row_number() over (partition by s.part, s.block_start order by ${ranked}) - 1 as pos
          from scored s
        ),
        counted as (
          select c.n + (select cast(count(*) as int) from partial) as total,
            least((select cast(count(*) as int) from partial), greatest(0, ${countLimit}::int - c.n)) as partials
          from complete_n c
        )
        select page.id, page.match_score, page.part = 1 as partial, counted.total, counted.partials
        from counted left join page on page.pos >= ${offset}::int and page.pos < ${end}::int
        order by page.pos`,
    // Planned for its values: which of the words' and filters' index keys a slab's scan tests depends on how common
    // they are (a key in most profiles costs more to read than to test on the rows).
    { planEachCall: conditions.length > 1 || terms.all.text !== null || terms.all.near !== null },
  );
  return {
    rows: rows.flatMap((r) =>
      r.id === null ? [] : [{ id: r.id, match_score: r.match_score, partial: r.partial === true }],
    ),
    matches: Number(rows[0]?.total ?? 0),
    partials: Number(rows[0]?.partials ?? 0),
  };
}

/**
 * The part of a search that is the same for every viewer, with its cards as JSON text: kept (search-cache.ts), and
 * identical concurrent searches share one run.
 */
async function keptPage(
  db: Db,
  filters: CandidateSearchFilters,
  terms: SearchTerms,
  rankingKeys: string[] | null,
  countAhead: number,
  window: number,
): Promise<MatchedPage> {
  const { rows, matches, partials } = await matchPage(db, filters, terms, rankingKeys, countAhead, window);
  return { ...(await openCards(db, rows)), matches, partials };
}

/**
 * SPEC §5 'Candidate filtering': text over name, titles and skills (the job search's matcher: punctuation, prefixes,
 * typos), location and
 * involvement by value, list categories any-of, every category AND-ed, titles applied. With a job,
 * candidates are ranked by the SPEC §9 match score and those under 30 % are left out. Which talents match, in order,
 * and their cards are kept for everyone (keptPage); this viewer's contact details and the stored facet counts are
 * read beside them. The answer is JSON bytes (search-answer.ts), sent as they are.
 */
export async function searchCandidatesJson(
  db: Db,
  viewer: CompanyAuth,
  filters: CandidateSearchFilters,
  countAhead = COUNT_AHEAD,
  window = TALENT_SEARCH_WINDOW,
): Promise<Buffer> {
  const ranking = filters.jobId ? await rankingJob(db, filters.jobId, viewer.company.id) : null;
  // The words and place as the database tests them (the words' alternatives are kept a minute, text-query.ts).
  const terms = await resolveSearchTerms(db, filters);
  const { jobId: _job, ...matchFilters } = filters;
  const keys = ranking?.keys ?? null;
  const [matched, facets] = await Promise.all([
    matchedPages(db).get(JSON.stringify([matchFilters, keys, countAhead, window]), TALENT_SEARCH_TTL_MS, () =>
      keptPage(db, filters, terms, keys, countAhead, window),
    ),
    talentFacetsBytes(db),
  ]);
  const contacts = await visibleContacts(db, viewer, matched.ids);
  const countLimit = (filters.page - 1) * filters.pageSize + countAhead;
  const total = Math.min(matched.matches, countLimit);
  return answerBytes(matched, contacts, facets, {
    page: filters.page,
    pageSize: filters.pageSize,
    total,
    totalIsLowerBound: matched.matches > countLimit,
    totalPages: Math.max(1, Math.ceil(total / filters.pageSize)),
    partialTotal: matched.partials,
    job: ranking?.job ?? null,
    place: terms.place,
    corrections: terms.corrections,
  });
}
