import type { JobSort } from '@referwell/shared';
import { matchScore } from '@referwell/shared/rules/match';

/**
 * One job of a search window, as the database read it: what every sort and every viewer needs to order the window,
 * so one window serves them all (search.ts caches it) and only the page's own rows are read in full.
 */
export interface WindowRow {
  id: string;
  /** created_at in UTC, fixed width to the microsecond (`2026-11-26T03:00:00.123456`): string order is time order. */
  key: string;
  /** ts_rank of the text, to 4 decimals, × 10,000 (0 without text). */
  relevance: number;
  salary_max: number | null;
  skill_keys: string[];
}

/**
 * A window row as its statement sends it: one tuple of a JSON array (search.ts readWindow), its time as the
 * statement's JSON writes it (see timeKeyOf).
 */
export type WindowTuple = [id: string, utc: string, relevance: number, salaryMax: number | null, skillKeys: string[]];

export const windowRowOf = ([id, utc, relevance, salary_max, skill_keys]: WindowTuple): WindowRow => ({
  id,
  key: timeKeyOf(utc),
  relevance,
  salary_max,
  skill_keys,
});

/** Where a page starts inside a ranked window: after the row with this rank, time key and id. */
export interface Keyset {
  r: number;
  c: string;
  i: string;
}

export interface RankedRow {
  id: string;
  key: string;
  rank: number;
}

/** A time key as a cursor carries it (see cursorTime): UTC to the microsecond, with its zone. */
export const TIME_KEY = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

/**
 * A job's time key (see WindowRow) from its creation time as PostgreSQL writes a UTC timestamp in JSON
 * (`to_json(created_at at time zone 'UTC')`: ISO 8601 without a zone, the fraction's trailing zeros left out, none
 * at all on a whole second). Padded here rather than formatted in the statement: to_char cost about 1 µs a row, a
 * tenth of a 500-row window's statement (docs/benchmarks.md). Most times have six digits and are kept as the driver
 * parsed them (one string: search-memory.test.ts weighs it).
 */
export function timeKeyOf(utc: string): string {
  return utc.length === 26 ? utc : utc.padEnd(26, utc.length === 19 ? '.000000' : '0');
}

/** A time key as a page cursor writes it (TIME_KEY), so the statements read it as UTC. */
export const cursorTime = (key: string): string => `${key}Z`;

/** A cursor's time (TIME_KEY, as cursorTime wrote it) as a row's time key, to compare with the window's rows. */
export const keyOfCursorTime = (time: string): string => time.slice(0, -1);

/**
 * A row's rank as one number, so a page resumes from one keyset: relevance with the viewer's match score (SPEC §9)
 * as tie-breaker; best match is the score with relevance as tie-breaker; salary its top; newest none (time order).
 */
function rankOf(row: WindowRow, sort: JobSort, viewerKeys: string[] | null): number {
  if (sort === 'newest') return 0;
  if (sort === 'salary') return row.salary_max ?? 0;
  const score = viewerKeys ? matchScore(row.skill_keys, viewerKeys) : 0;
  return sort === 'match' ? score * 1_000_000 + row.relevance : row.relevance * 1000 + score;
}

/** Descending by rank, then newest (time key), then id: the order of every ranked page. */
function before(a: RankedRow, b: RankedRow): number {
  if (a.rank !== b.rank) return b.rank - a.rank;
  if (a.key !== b.key) return a.key < b.key ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** `row` comes after the keyset `k` (its time `c` written as a row's time key). */
const isAfter = (row: RankedRow, k: Keyset) =>
  row.rank < k.r || (row.rank === k.r && (row.key < k.c || (row.key === k.c && row.id < k.i)));

/**
 * The window's rows in page order for this sort and viewer, from just after `after` (a cursor's keyset, its time
 * written by cursorTime; all of them without it).
 */
export function rankWindow(
  rows: WindowRow[],
  sort: JobSort,
  viewerKeys: string[] | null,
  after: Keyset | undefined,
): RankedRow[] {
  const ranked = rows.map((row) => ({ id: row.id, key: row.key, rank: rankOf(row, sort, viewerKeys) }));
  const from = after && { ...after, c: keyOfCursorTime(after.c) };
  const rest = from ? ranked.filter((row) => isAfter(row, from)) : ranked;
  return rest.sort(before);
}
