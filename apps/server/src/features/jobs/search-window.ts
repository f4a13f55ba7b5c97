import { sql, type SQL } from 'drizzle-orm';
import { firstWindowSlabs, hourNumber, slabHours, timeSlabs } from '../../lib/search/time-slabs';

/**
 * An open job, written so that no index but the text's can reach the table with it: the newest-first index of open
 * jobs is partial on this condition, and reaching rows through it would test their words on their documents.
 */
export const OPEN_UNINDEXED = sql`j.status::text = 'OPEN'`;

/**
 * The documents a job search's text (a `textQuery` text) matches, as a tsquery for `j.search @@`: its prefixes written
 * as the exact lexemes job documents hold (job_search_query: exact_prefix_query, migrations 0033 and 0065), so the text's GIN index skips through
 * their posting lists with the filters' instead of reading a prefix's entries whole. Made once per statement (a
 * sub-select). Ranking keeps the query as written (ts_rank depends on the number of its terms).
 */
export const matchingQuery = (text: string): SQL => sql`(select job_search_query(${text}))`;

/**
 * The same text as a tsquery for testing given rows, not for an index scan: the words as written. They match the
 * same documents as matchingQuery's (exact_prefix_query starts from this tsquery and writes a prefix as its exact
 * lexemes only when it has them all, at most 8), without reading the vocabulary for each prefix (about 0.2 ms
 * a text, what testing hundreds of kept searches against a new job spent: ADR 0049).
 */
export const rowMatchingQuery = (text: string): SQL => sql`to_tsquery('english', ${text})`;

/** The columns of a window row: what ranking needs (the document's short head, inline in the row) and the facets. */
const windowColumns = sql`j.id, j.created_at, j.search_head, j.skill_keys, j.salary_max, j.place_label`;

/** Where a window starts (before this job). */
export interface TimeKey {
  c: string;
  i: string;
}

/**
 * An open job's UTC hour as an hour number (hours since 1970-01-01T00:00Z, as job_time_keys reads it), the newest or
 * the oldest, from the newest-first index.
 */
const openHour = (order: SQL) =>
  sql`(select floor(extract(epoch from j.created_at at time zone 'UTC') / 3600)::int from job_postings j
       where j.status = 'OPEN' order by ${order} limit 1)`;

/** A text window's CTEs, and what its statement knows of the count (see matchWindowCtes). */
export interface MatchWindow {
  ctes: SQL;
  /**
   * How many jobs match, an int expression over the CTEs: exact up to `countLimit`, else `countLimit` + 1. Only on a
   * first window (without `start`): later windows read no more matches than they hold.
   */
  total: SQL;
}

/**
 * The `win` CTE: the `size` newest open jobs before `start` that meet `conditions` (on `j`, status aside) and contain
 * `text` (a tsquery), with their window columns; and `matches`, on a first window the newest `countLimit` + 1 of them,
 * so the statement also counts (a text search needs no count of its own).
 *
 * Testing a job's words on its search document decompresses kilobytes (about 5 KB on real descriptions), so words
 * are tested in the text's GIN index only, with the filters and a time slab it carries (`job_time_keys`, migration
 * 0034), and the statement runs with sequential scans off (see `textThroughIndex` in db/prepared.ts). A GIN scan is
 * a bitmap, not an order: one scan of every match reads all of them to keep the newest. So matches are read a time
 * slab at a time, newest first (time-slabs.ts: an hour, then spans that double), each slab whole and in time order,
 * until `countLimit` + 1 are found: a word in every job reads a few hours of jobs, a rare word every slab, each
 * cheap. `postedWithin` bounds the slabs (`floorHour`); slabs older than every open job or newer than the newest are
 * skipped inside the statement.
 */
export function matchWindowCtes(
  conditions: SQL[],
  text: SQL,
  start: TimeKey | undefined,
  floorHour: number,
  size: number,
  countLimit: number,
): MatchWindow {
  const where = sql.join([...conditions, OPEN_UNINDEXED, sql`j.search @@ ${text}`], sql` and `);
  const before = start ? sql`and (j.created_at, j.id) < (${start.c}::timestamptz, ${start.i}::uuid)` : sql``;
  const slabs = start ? timeSlabs(hourNumber(new Date(start.c)), floorHour) : firstWindowSlabs(floorHour);
  // Each slab with its hours (slabHours, the one reading of a key), so the statement can skip the empty ones.
  const column = (pick: (key: number) => number) => sql`${sql.param(slabs.map(pick))}::int[]`;
  const ctes = sql`slabs as (
      select s.key from unnest(${column((key) => key)}, ${column((key) => slabHours(key).first)},
        ${column((key) => slabHours(key).last)}) as s(key, first_hour, last_hour)
      where s.last_hour >= ${openHour(sql`j.created_at, j.id`)}
        and s.first_hour <= ${openHour(sql`j.created_at desc, j.id desc`)}
    ),
    matches as (
      select m.* from slabs s cross join lateral (
        select ${windowColumns} from job_postings j
        where job_time_keys(j.created_at) @> array[s.key] and ${where} ${before}
        order by j.created_at desc, j.id desc
      ) m
      limit ${start ? size : countLimit + 1}
    ),
    win as (select * from matches order by created_at desc, id desc limit ${size})`;
  return { ctes, total: sql`cast((select count(*) from matches) as int)` };
}
