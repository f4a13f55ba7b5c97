import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/repository';
import { preparedRows } from '../../db/prepared';

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

/**
 * The documents a job search's text (a `textQuery` text) matches, as a tsquery for `j.search @@`: its prefixes written
 * as the exact lexemes job documents hold (job_search_query, migration 0033), so the text's GIN index skips through
 * their posting lists with the filters' instead of reading a prefix's entries whole. Made once per statement (a
 * sub-select). Ranking keeps the query as written (ts_rank depends on the number of its terms).
 */
export const matchingQuery = (text: string): SQL => sql`(select job_search_query(${text}))`;

/** A job's UTC day: the text's GIN index carries it (a day is one index entry; a time, one entry per job). */
const DAY = sql`(j.created_at at time zone 'UTC')::date`;

/** The columns of a window row: what ranking needs (the document's short head, inline in the row). */
const windowColumns = sql`j.id, j.created_at, j.search_head, j.skill_keys, j.salary_max`;

/** Where a window starts (before this job) or a scan ends (at this job). */
export interface TimeKey {
  c: string;
  i: string;
}

/**
 * The oldest of the `size` × SCAN_PER_ROW newest open jobs before `start` (from the newest-first index alone), or
 * null when there are fewer: where a text window stops searching the newest jobs. The same for every search, so
 * search.ts keeps it like the windows.
 */
export async function scanBoundary(db: Executor, start: TimeKey | undefined, size: number): Promise<TimeKey | null> {
  const before = start ? sql`and (j.created_at, j.id) < (${start.c}::timestamptz, ${start.i}::uuid)` : sql``;
  const [row] = await preparedRows<TimeKey>(
    db,
    sql`select to_char(j.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as c, j.id as i
        from job_postings j where j.status = 'OPEN' ${before}
        order by j.created_at desc, j.id desc offset ${size * SCAN_PER_ROW - 1} limit 1`,
  );
  return row ?? null;
}

/** A text window's CTEs, and what its statement knows of the count (see matchWindowCtes). */
export interface MatchWindow {
  ctes: SQL;
  /**
   * How many jobs match (before `start`), an int expression over the CTEs: exact up to `countLimit` + 1, or a lower
   * bound above `countLimit` (every match among the newest jobs searched first, when there are more).
   */
  total: SQL;
}

/**
 * The `win` CTE (and the CTEs it needs): the `size` newest open jobs before `start` that meet `conditions` (on `j`,
 * status aside) and contain `text` (a tsquery), with their window columns; and `near`, every match among the newest
 * jobs searched first, down to `boundary`.
 *
 * Testing a job's words on its search document decompresses kilobytes (about 5 KB on real descriptions), so words
 * are tested in the text's GIN index only (with the filters and the day it carries), and the statement runs with
 * sequential scans off (see `textThroughIndex` in db/prepared.ts): the jobs down to `boundary` are searched in one
 * index scan, so a word in every job reads at most that many rows, none of them a document; older matches, needed
 * only by rarer words or narrower filters, come from the same index (words and filters only).
 *
 * The count comes with the window, from the rows its scans read anyway: a GIN scan is a bitmap, not an order, so the
 * look-up of older matches reads every one of them to keep the newest; counting them there is nearly free, where a
 * count of its own read them all again (and cost a statement). Only when the newest jobs hold a full window but no
 * more than `countLimit` matches are older matches counted apart, up to `countLimit` + 1 in all.
 */
export function matchWindowCtes(
  conditions: SQL[],
  text: SQL,
  start: TimeKey | undefined,
  boundary: TimeKey | null,
  size: number,
  countLimit: number,
): MatchWindow {
  const where = sql.join([...conditions, OPEN_UNINDEXED, sql`j.search @@ ${text}`], sql` and `);
  const before = start
    ? sql`and ${DAY} <= (${start.c}::timestamptz at time zone 'UTC')::date
          and (j.created_at, j.id) < (${start.c}::timestamptz, ${start.i}::uuid)`
    : sql``;
  const nearCount = sql`(select count(*) from near)`;
  if (!boundary)
    return {
      ctes: sql`near as (select ${windowColumns} from job_postings j where ${where} ${before}),
        win as (select * from near order by created_at desc, id desc limit ${size})`,
      total: sql`cast(${nearCount} as int)`,
    };
  const b = sql`(${boundary.c}::timestamptz, ${boundary.i}::uuid)`;
  const headCount = sql`(select count(*) from head)`;
  // Not the day in the index here: "every day before the boundary's" is most of the index's day entries, read whole
  // into a bitmap before any word narrows it (measured: a look-up 12–20 % dearer with it). The rows found are tested.
  const older = sql`(j.created_at, j.id) < ${b} ${before} and ${where}`;
  const ctes = sql`near as (
      select ${windowColumns} from job_postings j
      where ${DAY} >= (${boundary.c}::timestamptz at time zone 'UTC')::date and (j.created_at, j.id) >= ${b}
        ${before} and ${where}
    ),
    head as (select * from near order by created_at desc, id desc limit ${size}),
    look_up as (
      select ${windowColumns}, count(*) over () as older from job_postings j
      where ${headCount} < ${size} and ${older}
      order by j.created_at desc, j.id desc limit ${size}
    ),
    older_count as (
      select count(*) as n from (
        select 1 from job_postings j
        where ${headCount} = ${size} and ${nearCount} <= ${countLimit} and ${older}
        limit greatest(0, ${countLimit + 1} - ${nearCount})
      ) counted
    ),
    win as (
      select * from head
      union all (
        select id, created_at, search_head, skill_keys, salary_max from look_up
        order by created_at desc, id desc limit ${size} - ${headCount}
      )
    )`;
  const total = sql`cast(${nearCount} + coalesce((select max(older) from look_up), 0)
    + (select n from older_count) as int)`;
  return { ctes, total };
}
