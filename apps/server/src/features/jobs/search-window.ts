import { sql, type SQL } from 'drizzle-orm';

/**
 * A text search first reads this many open jobs per window row (5,000 for a window of 500) in index order, newest
 * first: a word in one job of ten or more fills its window from them; a rarer one goes on below.
 */
export const SCAN_PER_ROW = 10;
/**
 * Below the newest scanned, the rest of a window is read in index order again only when at least this share of
 * them matched (so reading on costs at most about as many rows again); a rarer match is fetched through the indexes
 * of its conditions (the text's GIN index first) and sorted.
 */
const WALK_ON_SHARE = 0.02;

/** The columns of a window row, all in job_postings_open_window_idx, so the newest are read from the index alone. */
const windowColumns = sql`j.id, j.created_at, j.search, j.job_type, j.workplace, j.skills, j.skill_keys,
  j.company_id, j.salary_max`;

/**
 * The `win` CTE (and the CTEs it needs): the `size` newest open jobs before `start` that meet `conditions` (on `j`,
 * status aside), with their window columns. Work is bounded whatever the planner believes of the text: it cannot
 * tell "clinical" (in every job) from "designer" with the skill Epic (in none), and a wrong guess either ranks the
 * whole table or walks it for matches that are not there. So the newest `size` × SCAN_PER_ROW open jobs are read in index
 * order first; when they hold fewer than `size` matches, the share they did hold picks how to read the older jobs:
 * on down the index, or through the condition indexes with a sort (the ordering expression keeps the planner off
 * the index order there).
 */
export function matchWindowCtes(conditions: SQL[], start: { c: string; i: string } | undefined, size: number): SQL {
  const where = sql.join(conditions, sql` and `);
  const before = start ? sql`and (j.created_at, j.id) < (${start.c}::timestamptz, ${start.i}::uuid)` : sql``;
  const older = sql`j.status = 'OPEN' and (j.created_at, j.id) < (select created_at, id from newest_end)`;
  const headCount = sql`(select count(*) from head)`;
  const scan = size * SCAN_PER_ROW;
  const walkOnFrom = Math.ceil(scan * WALK_ON_SHARE);
  const readOn = sql`${headCount} < ${size} and exists(select 1 from newest_end)`;
  // `head` reads the newest rows lazily (a subquery, not a CTE, keeps the index order without a sort): a word in
  // most jobs stops after about `size` of them; only a rarer one reads all `scan`.
  return sql`head as (
      select j.id, j.created_at, j.search, j.skill_keys, j.salary_max from (
        select ${windowColumns} from job_postings j where j.status = 'OPEN' ${before}
        order by j.created_at desc, j.id desc limit ${scan}
      ) j where ${where}
      order by j.created_at desc, j.id desc limit ${size}
    ),
    newest_end as (
      select j.created_at, j.id from job_postings j where j.status = 'OPEN' ${before}
      order by j.created_at desc, j.id desc offset ${scan - 1} limit 1
    ),
    walk_on as (
      select j.id, j.created_at, j.search, j.skill_keys, j.salary_max from job_postings j
      where ${readOn} and ${headCount} >= ${walkOnFrom} and ${older} and ${where}
      order by j.created_at desc, j.id desc limit ${size}
    ),
    look_up as (
      select j.id, j.created_at, j.search, j.skill_keys, j.salary_max from job_postings j
      where ${readOn} and ${headCount} < ${walkOnFrom} and ${older} and ${where}
      order by j.created_at + interval '0 seconds' desc, j.id desc limit ${size}
    ),
    win as (
      select * from head
      union all (select * from (select * from walk_on union all select * from look_up) tail
        order by created_at desc, id desc limit ${size} - ${headCount})
    )`;
}
