import { eq, sql, type SQL } from 'drizzle-orm';
import {
  MATCHING,
  TALENT_MESSAGES,
  skillKey,
  type CandidateSearchFilters,
  type CandidateSearchResponse,
  type TalentProfile,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { jobPostings } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { textQuery, tsQuery } from '../../lib/search/text-query';
import { requireCompanyUser } from '../auth/guards';
import { ARRAY_COLUMNS, POOL, talentFacets } from './facets';
import type { AuthContext } from '../auth/sessions';
import { contactVisibleSql } from './service';
import { matchedPages, TALENT_SEARCH_TTL_MS, type MatchedPage } from './search-cache';

/** Browsing, counting stops this many talents past the page: "1,000+" instead of counting the whole pool. */
export const COUNT_AHEAD = 1_000;

interface CandidateRow {
  id: string;
  slug: string;
  name: string;
  email: string;
  title: string | null;
  location: string | null;
  rating: number | null;
  phone: string | null;
  skills: string[];
  technical_skills: string[];
  software_tools: string[];
  industries: string[];
  interests: string[];
  titles: string[];
  involvement: TalentProfile['involvement'];
  years_of_experience: number | null;
  has_resume: boolean;
  contact_visible: boolean;
}

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

/** The conditions a search's matches meet, and how they are ranked (besides recency). */
function matchConditions(filters: CandidateSearchFilters, text: string | null, rankingKeys: string[] | null) {
  const conditions: SQL[] = [POOL];
  if (text) conditions.push(sql`p.search @@ ${tsQuery(text)}`);
  // Text matches rank by relevance (name and titles above skills); the job's match score, when ranking, comes first.
  const textRank = text ? sql`cast(ts_rank(p.search, ${tsQuery(text)}) as real)` : sql`cast(0 as real)`;
  if (filters.locations.length) conditions.push(sql`p.location = any(${textList(filters.locations)})`);
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
  return { conditions, textRank, matchScore };
}

/**
 * The page's talents in order and the (bounded) count: one prepared statement, the same for every viewer, so it is
 * kept (search-cache.ts) and identical concurrent searches share one run.
 */
async function matchPage(
  db: Db,
  filters: CandidateSearchFilters,
  rankingKeys: string[] | null,
  countAhead: number,
): Promise<MatchedPage> {
  const text = await textQuery(db, filters.q);
  const { conditions, textRank, matchScore } = matchConditions(filters, text, rankingKeys);
  const offset = (filters.page - 1) * filters.pageSize;
  const order = sql`${rankingKeys ? sql`match_score desc,` : sql``} text_rank desc, updated_at desc, id desc`;
  // Browsing the whole pool reads it in index order and stops counting countLimit + 1 rows in; a filtered search
  // finds its matches through the filter indexes and counts them all (ordering it would make the planner walk the
  // whole pool in index order looking for them). One scan either way.
  const bounded = conditions.length === 1;
  const bound = bounded ? sql`order by p.updated_at desc, p.id desc limit ${offset + countAhead + 1}` : sql``;
  const rows = await preparedRows<{ id: string | null; match_score: number | null; total: number }>(
    db,
    sql`with matched as materialized (
          select p.id, p.updated_at, ${matchScore} as match_score, ${textRank} as text_rank
          from talent_profiles p where ${sql.join(conditions, sql` and `)} ${bound}
        ),
        counted as (select cast(count(*) as int) as total from matched),
        page as (select id, updated_at, match_score, text_rank from matched order by ${order}
          limit ${filters.pageSize} offset ${offset})
        select page.id, page.match_score, counted.total from counted left join page on true
        order by ${rankingKeys ? sql`page.match_score desc,` : sql``} page.text_rank desc, page.updated_at desc, page.id desc`,
    // A text search is planned for its words: a kept generic plan would treat a word in half the pool like a rare one.
    { planEachCall: text !== null },
  );
  return {
    rows: rows.flatMap((r) => (r.id === null ? [] : [{ id: r.id, match_score: r.match_score }])),
    matches: Number(rows[0]?.total ?? 0),
    bounded,
  };
}

/** The page's talents as this viewer sees them (contact details only where the company may see them), in order. */
async function pageRows(db: Db, viewer: AuthContext | null, ids: string[]): Promise<CandidateRow[]> {
  if (ids.length === 0) return [];
  return preparedRows<CandidateRow>(
    db,
    sql`select p.id, p.slug, u.name, u.email, p.title, p.location, p.rating, p.phone, p.skills, p.technical_skills,
          p.software_tools, p.industries, p.interests, p.titles, p.involvement, p.years_of_experience,
          p.resume_file_id is not null as has_resume,
          ${contactVisibleSql(sql`p.id`, viewer)} as contact_visible
        from unnest(${sql.param(ids)}::uuid[]) with ordinality as page(id, n)
        join talent_profiles p on p.id = page.id join users u on u.id = p.id
        order by page.n`,
  );
}

/**
 * SPEC §5 'Candidate filtering': text over name, titles and skills (the job search's matcher: punctuation, prefixes,
 * typos), location and
 * involvement by value, list categories any-of, every category AND-ed, titles applied. With a job,
 * candidates are ranked by the SPEC §9 match score and those under 30 % are left out. Which talents match, in order,
 * is kept for everyone (matchPage); the page's rows for this viewer and the stored facet counts are read beside it.
 */
export async function searchCandidates(
  db: Db,
  auth: AuthContext | null,
  filters: CandidateSearchFilters,
  countAhead = COUNT_AHEAD,
): Promise<CandidateSearchResponse> {
  const viewer = requireCompanyUser(auth, TALENT_MESSAGES.searchOnlyCompanies);
  const ranking = filters.jobId ? await rankingJob(db, filters.jobId, viewer.company.id) : null;
  const { jobId: _job, ...matchFilters } = filters;
  const keys = ranking?.keys ?? null;
  const [matched, facets] = await Promise.all([
    matchedPages(db).get(JSON.stringify([matchFilters, keys, countAhead]), TALENT_SEARCH_TTL_MS, () =>
      matchPage(db, filters, keys, countAhead),
    ),
    talentFacets(db),
  ]);
  const found = await pageRows(
    db,
    viewer,
    matched.rows.map((r) => r.id),
  );
  const scores = new Map(matched.rows.map((r) => [r.id, r.match_score]));
  const browsing = matched.bounded;
  const countLimit = (filters.page - 1) * filters.pageSize + countAhead;
  const matches = matched.matches;
  const total = browsing ? Math.min(matches, countLimit) : matches;
  return {
    items: found.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      title: r.title,
      location: r.location,
      rating: r.rating === null ? null : Number(r.rating),
      skills: r.skills,
      technicalSkills: r.technical_skills,
      softwareTools: r.software_tools,
      industries: r.industries,
      interests: r.interests,
      titles: r.titles,
      involvement: r.involvement,
      yearsOfExperience: r.years_of_experience,
      contact: r.contact_visible ? { email: r.email, phone: r.phone, hasResume: r.has_resume } : null,
      matchScore: scores.get(r.id) == null ? null : Number(scores.get(r.id)),
    })),
    page: filters.page,
    pageSize: filters.pageSize,
    total,
    totalIsLowerBound: browsing && matches > countLimit,
    totalPages: Math.max(1, Math.ceil(total / filters.pageSize)),
    facets,
    job: ranking?.job ?? null,
  };
}
