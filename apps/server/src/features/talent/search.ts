import { eq, sql, type SQL } from 'drizzle-orm';
import { MATCHING, TALENT_MESSAGES, skillKey, type CandidateSearchFilters } from '@referwell/shared';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { jobPostings } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { tsQuery } from '../../lib/search/text-query';
import { resolveSearchTerms, type Near, type SearchTerms } from '../../lib/search/search-terms';
import type { CompanyAuth } from '../../platform/access/guards';
import { ARRAY_COLUMNS, POOL, talentFacetsBytes } from './facets';
import { answerBytes, openCards, visibleContacts } from './search-answer';
import { matchedPages, TALENT_SEARCH_TTL_MS, type MatchedPage, type MatchedRow } from './search-cache';

/** Browsing, counting stops this many talents past the page: "1,000+" instead of counting the whole pool. */
export const COUNT_AHEAD = 1_000;

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
 * The conditions a search's matches meet, and how they are ranked (besides recency). Like job search, every word
 * counts but not every word must match: talents with some of the words are matches too, ranked after those with
 * every word (`complete`), by how many words they hold (ts_rank of any word: name and titles above skills).
 */
function matchConditions(filters: CandidateSearchFilters, terms: SearchTerms, rankingKeys: string[] | null) {
  const conditions: SQL[] = [POOL];
  const { text, rank, near } = terms.any ?? terms.all;
  if (text) conditions.push(sql`p.search @@ ${tsQuery(text)}`);
  if (near) conditions.push(withinDistance(near));
  const complete = terms.any && terms.all.text ? sql`p.search @@ ${tsQuery(terms.all.text)}` : sql`true`;
  // Text matches rank by relevance; the job's match score, when ranking, comes first after every word's matches.
  const textRank = rank ? sql`cast(ts_rank(p.search, ${tsQuery(rank)}) as real)` : sql`cast(0 as real)`;
  // The location facet's values are places as read from profiles ('Boston, MA'), whatever their spelling.
  if (filters.locations.length) conditions.push(sql`p.place_label = any(${textList(filters.locations)})`);
  if (filters.involvement.length) conditions.push(sql`p.involvement::text = any(${textList(filters.involvement)})`);
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
  return { conditions, textRank, matchScore, complete };
}

/** The page's talents in order and the (bounded) count: one prepared statement, the same for every viewer. */
async function matchPage(
  db: Db,
  filters: CandidateSearchFilters,
  terms: SearchTerms,
  rankingKeys: string[] | null,
  countAhead: number,
): Promise<{ rows: MatchedRow[]; matches: number; partials: number; bounded: boolean }> {
  const { conditions, textRank, matchScore, complete } = matchConditions(filters, terms, rankingKeys);
  const offset = (filters.page - 1) * filters.pageSize;
  const ranked = (t: string) =>
    sql.raw(
      `${t}complete desc, ${rankingKeys ? `${t}match_score desc, ` : ''}${t}text_rank desc, ${t}updated_at desc, ${t}id desc`,
    );
  // Browsing the whole pool reads it in index order and stops counting countLimit + 1 rows in; a filtered search
  // finds its matches through the filter indexes and counts them all (ordering it would make the planner walk the
  // whole pool in index order looking for them). One scan either way.
  const bounded = conditions.length === 1;
  const bound = bounded ? sql`order by p.updated_at desc, p.id desc limit ${offset + countAhead + 1}` : sql``;
  const rows = await preparedRows<{
    id: string | null;
    match_score: number | null;
    complete: boolean | null;
    total: number;
    partials: number;
  }>(
    db,
    sql`with matched as materialized (
          select p.id, p.updated_at, ${matchScore} as match_score, ${textRank} as text_rank, ${complete} as complete
          from talent_profiles p where ${sql.join(conditions, sql` and `)} ${bound}
        ),
        counted as (select cast(count(*) as int) as total, cast(count(*) filter (where not complete) as int) as partials
          from matched),
        page as (select id, updated_at, match_score, text_rank, complete from matched order by ${ranked('')}
          limit ${filters.pageSize} offset ${offset})
        select page.id, page.match_score, page.complete, counted.total, counted.partials
        from counted left join page on true
        order by ${ranked('page.')}`,
    // A text search is planned for its words: a kept generic plan would treat a word in half the pool like a rare one.
    { planEachCall: terms.all.text !== null },
  );
  return {
    rows: rows.flatMap((r) =>
      r.id === null ? [] : [{ id: r.id, match_score: r.match_score, partial: r.complete === false }],
    ),
    matches: Number(rows[0]?.total ?? 0),
    partials: Number(rows[0]?.partials ?? 0),
    bounded,
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
): Promise<MatchedPage> {
  const { rows, matches, partials, bounded } = await matchPage(db, filters, terms, rankingKeys, countAhead);
  return { ...(await openCards(db, rows)), matches, partials, bounded };
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
): Promise<Buffer> {
  const ranking = filters.jobId ? await rankingJob(db, filters.jobId, viewer.company.id) : null;
  // The words and place as the database tests them (the words' alternatives are kept a minute, text-query.ts).
  const terms = await resolveSearchTerms(db, filters);
  const { jobId: _job, ...matchFilters } = filters;
  const keys = ranking?.keys ?? null;
  const [matched, facets] = await Promise.all([
    matchedPages(db).get(JSON.stringify([matchFilters, keys, countAhead]), TALENT_SEARCH_TTL_MS, () =>
      keptPage(db, filters, terms, keys, countAhead),
    ),
    talentFacetsBytes(db),
  ]);
  const contacts = await visibleContacts(db, viewer, matched.ids);
  const browsing = matched.bounded;
  const countLimit = (filters.page - 1) * filters.pageSize + countAhead;
  const total = browsing ? Math.min(matched.matches, countLimit) : matched.matches;
  return answerBytes(matched, contacts, facets, {
    page: filters.page,
    pageSize: filters.pageSize,
    total,
    totalIsLowerBound: browsing && matched.matches > countLimit,
    totalPages: Math.max(1, Math.ceil(total / filters.pageSize)),
    partialTotal: matched.partials,
    job: ranking?.job ?? null,
    place: terms.place,
    corrections: terms.corrections,
  });
}
