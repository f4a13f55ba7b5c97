import { JOB_COUNT_LIMIT } from '@referwell/shared';
import { keyMicros, keyOfCursorTime, type RankedRow, type WindowRow, type WindowRows } from './search-rank';
import type { TimeKey } from './search-window';

/**
 * What a job added does to the searches kept in memory that it matches (ADR 0049): it is the newest job (or near it),
 * so a first window or a first browse page takes it in at its place, a count goes up by one and its place's facet
 * with it; windows and pages that start before an older job than it do not change. Where the change cannot be told
 * exactly from what is kept, the value is dropped and read again.
 */

/** A location facet: a place label and how many matches are there. */
export interface Facet {
  value: string;
  count: number;
}

/** Location facets shown, most matches first (then by label, in the statement's order: see labelOrder). */
export const FACET_LIMIT = 12;

/** One window of matches (see search.ts readWindow). */
export interface Window {
  rows: WindowRows;
  /**
   * A first text window: how many jobs match, told by the window's own statement (exact up to JOB_COUNT_LIMIT,
   * JOB_COUNT_LIMIT + 1 above; see matchWindowCtes), so a text search needs no count of its own. Null otherwise.
   */
  total: number | null;
  /**
   * A first text window: the places of the matches it counted (of the newest JOB_COUNT_LIMIT + 1 above the limit,
   * and of the jobs added since it was read). Null otherwise.
   */
  facets: Facet[] | null;
}

/** A job added, as a window of a search it matches holds it (its relevance to that search), with its place. */
export interface AddedRow extends WindowRow {
  place: string | null;
}

/** Place labels in the order the facets' statement sorts them (`collate "C"`: by UTF-8 bytes). */
const labelOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

interface Ordered {
  key: string;
  id: string;
}

/** Rows newest first (created_at, then id, descending: every window's and browse page's order), read by index. */
interface Sequence {
  readonly length: number;
  id(i: number): string;
  micros(i: number): number;
}

const sequenceOf = (rows: readonly Ordered[]): Sequence => ({
  length: rows.length,
  id: (i) => rows[i]!.id,
  micros: (i) => keyMicros(rows[i]!.key),
});

/** A row at `micros` with `id` comes after one at `thanMicros` with `thanId`, newest first. */
const older = (micros: number, id: string, thanMicros: number, thanId: string) =>
  micros < thanMicros || (micros === thanMicros && id < thanId);

/** `row` is older than `start`, so a window or page that starts there reads it. */
const olderThan = (row: Ordered, start: TimeKey) =>
  older(keyMicros(row.key), row.id, keyMicros(keyOfCursorTime(start.c)), start.i);

/**
 * Where a job added goes among the rows of a window or browse page that starts at `start` (null: the first), newest
 * first: its index (rows.length when it is older than all of them); 'unchanged' when the rows already hold it (read
 * after it was added) or start before an older job than it; 'unknown' when it is older than `start` (it belongs
 * there or further on).
 */
function placeOf(rows: Sequence, row: Ordered, start: TimeKey | null): number | 'unchanged' | 'unknown' {
  if (start) return olderThan(row, start) ? 'unknown' : 'unchanged';
  let at = -1;
  const micros = keyMicros(row.key);
  for (let i = 0; i < rows.length; i++) {
    if (rows.id(i) === row.id) return 'unchanged';
    if (at === -1 && older(rows.micros(i), rows.id(i), micros, row.id)) at = i;
  }
  return at === -1 ? rows.length : at;
}

/**
 * The facets with one more match at `place` (unchanged without one). Undefined when that cannot be told: a place not
 * among the FACET_LIMIT listed may have had as many matches as the last of them.
 */
export function facetsWith(facets: readonly Facet[], place: string | null): Facet[] | undefined {
  if (place === null) return [...facets];
  const found = facets.find((facet) => facet.value === place);
  if (!found && facets.length >= FACET_LIMIT) return undefined;
  const count = (found?.count ?? 0) + 1;
  const rest = facets.filter((facet) => facet !== found);
  const at = rest.findIndex((f) => f.count < count || (f.count === count && labelOrder(f.value, place) > 0));
  rest.splice(at === -1 ? rest.length : at, 0, { value: place, count });
  return rest;
}

/**
 * A kept window of a search the jobs `added` match, with them in it. `start`: where the window starts (after the
 * first); `size`: how many rows it holds when full. A job already in it (the window was read after it was added)
 * changes nothing. Undefined when the window cannot be revised exactly: a job older than a later window's start
 * (it belongs there or further), or one older than a full first window's last row (whether the window's count has
 * it cannot be told), or a place not among the FACET_LIMIT listed (see facetsWith).
 */
export function windowWith(
  window: Window,
  start: TimeKey | null,
  size: number,
  added: readonly AddedRow[],
): Window | undefined {
  let { rows, total, facets } = window;
  for (const row of added) {
    const at = placeOf(rows, row, start);
    if (at === 'unknown') return undefined;
    if (at === 'unchanged') continue;
    if (at >= size) {
      if (total === null) continue;
      return undefined;
    }
    rows = rows.with(at, row, size);
    if (total === null) continue;
    if (total <= JOB_COUNT_LIMIT) total += 1;
    const revised = facets && facetsWith(facets, row.place);
    if (revised === undefined) return undefined;
    facets = revised;
  }
  return { rows, total, facets };
}

/**
 * A kept browse page (the `limit` + 1 newest matches after `after`, newest first) of a search the jobs `added`
 * match, with them in it where they belong. Undefined when a job is older than the page's cursor (it belongs there).
 */
export function pageWith(
  rows: RankedRow[],
  after: TimeKey | null,
  limit: number,
  added: readonly AddedRow[],
): RankedRow[] | undefined {
  let revised = rows;
  for (const row of added) {
    const at = placeOf(sequenceOf(revised), row, after);
    if (at === 'unknown') return undefined;
    if (at !== 'unchanged' && at <= limit)
      revised = [...revised.slice(0, at), { id: row.id, key: row.key, rank: 0 }, ...revised.slice(at, limit)];
  }
  return revised;
}
