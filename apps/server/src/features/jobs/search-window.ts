import { sql, type SQL } from 'drizzle-orm';

/**
 * A text search looks for its matches among this many open jobs per window row (5,000 for a window of 500), the
 * newest; a rarer word is looked up among the older jobs.
 */
export const SCAN_PER_ROW = 10;

/**
 * An open job, written so that no index but the text's can reach the table with it: the newest-first index of open
 * jobs is partial on this condition, and reaching rows through it would test their words on their documents.
 */
export const OPEN_UNINDEXED = sql`j.status::text = 'OPEN'`;

/** The columns of a window row: what ranking needs (the document's short head, inline in the row). */
const windowColumns = sql`j.id, j.created_at, j.search_head, j.skill_keys, j.salary_max`;

/** No job is older: the boundary when fewer open jobs than a scan exist. */
const NO_BOUNDARY = sql`'-infinity'::timestamptz, '00000000-0000-0000-0000-000000000000'::uuid, false`;

/**
 * The `win` CTE (and the CTEs it needs): the `size` newest open jobs before `start` that meet `conditions` (on `j`,
 * status aside) and contain `text` (a tsquery), with their window columns.
 *
 * Testing a job's words on its search document decompresses kilobytes (about 5 KB on real descriptions), so words
 * are tested in the GIN index of (search, created_at) only, and the statement runs with sequential scans off (see
 * `textThroughIndex` in db/prepared.ts): the newest `size` × SCAN_PER_ROW open jobs (their oldest found from the
 * newest-first index alone) are searched for the words and the time range in one index scan, so a word in every job
 * reads at most that many rows, none of them a document; older matches, needed only by rarer words, come from the
 * same index without the time range (a range over most jobs costs the index more than reading the matches' rows).
 */
export function matchWindowCtes(
  conditions: SQL[],
  text: SQL,
  start: { c: string; i: string } | undefined,
  size: number,
): SQL {
  const where = sql.join([...conditions, OPEN_UNINDEXED, sql`j.search @@ ${text}`], sql` and `);
  const before = start
    ? sql`and j.created_at <= ${start.c}::timestamptz and (j.created_at, j.id) < (${start.c}::timestamptz, ${start.i}::uuid)`
    : sql``;
  const headCount = sql`(select count(*) from head)`;
  return sql`boundary as (
      (select j.created_at, j.id, true as older_exist from job_postings j where j.status = 'OPEN'
       ${start ? sql`and (j.created_at, j.id) < (${start.c}::timestamptz, ${start.i}::uuid)` : sql``}
       order by j.created_at desc, j.id desc offset ${size * SCAN_PER_ROW - 1} limit 1)
      union all select ${NO_BOUNDARY}
      limit 1
    ),
    head as (
      select ${windowColumns} from job_postings j
      where j.created_at >= (select created_at from boundary) and (j.created_at, j.id) >= (select created_at, id from boundary)
        ${before} and ${where}
      order by j.created_at desc, j.id desc limit ${size}
    ),
    look_up as (
      select ${windowColumns} from job_postings j
      where (select older_exist from boundary) and ${headCount} < ${size}
        and (j.created_at, j.id) < (select created_at, id from boundary) and ${where}
      order by j.created_at desc, j.id desc limit ${size}
    ),
    win as (
      select * from head
      union all (select * from look_up order by created_at desc, id desc limit ${size} - ${headCount})
    )`;
}
