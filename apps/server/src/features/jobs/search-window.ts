import { sql, type SQL } from 'drizzle-orm';

/**
 * A text search looks for its matches among this many open jobs per window row (5,000 for a window of 500), the
 * newest, reading them in index order until the window is full: a word in most jobs fills it after a few hundred;
 * a rarer one is looked up among the older jobs through the indexes of its conditions.
 */
export const SCAN_PER_ROW = 10;

/** The columns of a window row: what ranking needs. */
const windowColumns = sql`j.id, j.created_at, j.search, j.skill_keys, j.salary_max`;

/** No job is older: the boundary when fewer open jobs than a scan exist. */
const NO_BOUNDARY = sql`'-infinity'::timestamptz, '00000000-0000-0000-0000-000000000000'::uuid, false`;

/**
 * The `win` CTE (and the CTEs it needs): the `size` newest open jobs before `start` that meet `conditions` (on `j`,
 * status aside), with their window columns. Work is bounded whatever the planner believes of the text: it cannot
 * tell "clinical" (in every job) from "designer" with the skill Epic (in none), and a wrong guess either ranks the
 * whole table or walks it for matches that are not there. Testing a job's text reads its search document (several
 * kilobytes), so the walk stops as soon as the window is full, and never goes below the newest `size` ×
 * SCAN_PER_ROW open jobs (their oldest found from the index alone); older matches, needed only by rarer words, are
 * fetched through the indexes of their conditions (the text's GIN index first) and sorted (the ordering
 * expression keeps the planner off the index order there).
 */
export function matchWindowCtes(conditions: SQL[], start: { c: string; i: string } | undefined, size: number): SQL {
  const where = sql.join(conditions, sql` and `);
  const before = start ? sql`and (j.created_at, j.id) < (${start.c}::timestamptz, ${start.i}::uuid)` : sql``;
  const headCount = sql`(select count(*) from head)`;
  return sql`boundary as (
      (select j.created_at, j.id, true as older_exist from job_postings j where j.status = 'OPEN' ${before}
       order by j.created_at desc, j.id desc offset ${size * SCAN_PER_ROW - 1} limit 1)
      union all select ${NO_BOUNDARY}
      limit 1
    ),
    head as (
      select ${windowColumns} from job_postings j
      where j.status = 'OPEN' ${before} and (j.created_at, j.id) >= (select created_at, id from boundary) and ${where}
      order by j.created_at desc, j.id desc limit ${size}
    ),
    look_up as (
      select ${windowColumns} from job_postings j
      where (select older_exist from boundary) and ${headCount} < ${size}
        and j.status = 'OPEN' and (j.created_at, j.id) < (select created_at, id from boundary) and ${where}
      order by j.created_at + interval '0 seconds' desc, j.id desc limit ${size}
    ),
    win as (
      select * from head
      union all (select * from look_up order by created_at desc, id desc limit ${size} - ${headCount})
    )`;
}
