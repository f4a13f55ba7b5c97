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

/** A row without skills holds this one array (JSON.parse makes a new empty array for each). */
const NO_SKILLS: string[] = [];

/** The three numbers a window keeps per row, in this order (see WindowRows). */
const NUMBERS = 3;

/**
 * A window's rows kept in columns, newest first: the ids, one array of numbers (each row's time in microseconds,
 * relevance and top salary) and the skill keys where any row has some. Kept as row objects, each with its time key as
 * a string, a row held ~200 B; in columns ~90 B (search-memory.test.ts measures windows against `bytes`), so the same
 * windows take less than half the heap (ADR 0019). A time key is written only for the rows a page shows.
 */
export class WindowRows {
  private constructor(
    private readonly ids: readonly string[],
    /** Per row: its time (microseconds since 1970 UTC), its relevance, its top salary (NaN: none). */
    private readonly numbers: Float64Array,
    /** Per row, its skill keys; null when no row has any. */
    private readonly skills: readonly string[][] | null,
  ) {}

  /** The rows of a window's statement (search.ts readWindow). */
  static fromTuples(tuples: readonly WindowTuple[]): WindowRows {
    const numbers = new Float64Array(tuples.length * NUMBERS);
    let skills: string[][] | null = null;
    tuples.forEach(([, utc, relevance, salary, keys], i) => {
      numbers[i * NUMBERS] = keyMicros(utc);
      numbers[i * NUMBERS + 1] = relevance;
      numbers[i * NUMBERS + 2] = salary ?? Number.NaN;
      if (keys.length) (skills ??= new Array<string[]>(tuples.length).fill(NO_SKILLS))[i] = keys;
    });
    return new WindowRows(
      tuples.map(([id]) => id),
      numbers,
      skills,
    );
  }

  /** Rows given as objects, newest first. */
  static of(rows: readonly WindowRow[]): WindowRows {
    return WindowRows.fromTuples(rows.map((row) => [row.id, row.key, row.relevance, row.salary_max, row.skill_keys]));
  }

  get length(): number {
    return this.ids.length;
  }

  id(i: number): string {
    return this.ids[i]!;
  }

  /** The row's time in microseconds since 1970 UTC (see keyMicros). */
  micros(i: number): number {
    return this.numbers[i * NUMBERS]!;
  }

  /** The row's time key (see WindowRow). */
  key(i: number): string {
    return microsKey(this.micros(i));
  }

  row(i: number): WindowRow {
    const salary = this.numbers[i * NUMBERS + 2]!;
    return {
      id: this.id(i),
      key: this.key(i),
      relevance: this.numbers[i * NUMBERS + 1]!,
      salary_max: Number.isNaN(salary) ? null : salary,
      skill_keys: this.skills?.[i] ?? NO_SKILLS,
    };
  }

  rows(): WindowRow[] {
    return this.ids.map((_, i) => this.row(i));
  }

  /** Row `i`'s rank for a sort and viewer (see rankWindow). */
  rank(i: number, sort: JobSort, viewerKeys: string[] | null): number {
    if (sort === 'newest') return 0;
    if (sort === 'salary') {
      const salary = this.numbers[i * NUMBERS + 2]!;
      return Number.isNaN(salary) ? 0 : salary;
    }
    const relevance = this.numbers[i * NUMBERS + 1]!;
    const score = viewerKeys ? matchScore(this.skills?.[i] ?? NO_SKILLS, viewerKeys) : 0;
    return sort === 'match' ? score * 1_000_000 + relevance : relevance * 1000 + score;
  }

  /** These rows with `row` at index `at`, at most `size` of them. */
  with(at: number, row: WindowRow, size: number): WindowRows {
    const count = Math.min(this.length + 1, size);
    const ids = [...this.ids.slice(0, at), row.id, ...this.ids.slice(at, count - 1)];
    const numbers = new Float64Array(count * NUMBERS);
    numbers.set(this.numbers.subarray(0, at * NUMBERS));
    numbers.set([keyMicros(row.key), row.relevance, row.salary_max ?? Number.NaN], at * NUMBERS);
    numbers.set(this.numbers.subarray(at * NUMBERS, (count - 1) * NUMBERS), (at + 1) * NUMBERS);
    const keys = row.skill_keys.length ? row.skill_keys : NO_SKILLS;
    const skills =
      this.skills || keys !== NO_SKILLS
        ? [
            ...(this.skills?.slice(0, at) ?? new Array<string[]>(at).fill(NO_SKILLS)),
            keys,
            ...(this.skills?.slice(at, count - 1) ?? new Array<string[]>(Math.max(0, count - 1 - at)).fill(NO_SKILLS)),
          ]
        : null;
    return new WindowRows(ids, numbers, skills);
  }

  /**
   * The heap and buffer bytes they keep, measured with ~10% to spare (search-memory.test.ts): per row an id (a
   * string and its slot) and three numbers; where any row has skills, a slot each and the arrays of those that have.
   */
  get bytes(): number {
    let bytes = 400 + this.length * 100;
    if (this.skills) for (const keys of this.skills) bytes += keys.length ? 48 + 9 * keys.length : 9;
    return bytes;
  }
}

const digitAt = (text: string, at: number) => text.charCodeAt(at) - 48;
const numberAt = (text: string, from: number, to: number) => {
  let n = 0;
  for (let at = from; at < to; at++) n = n * 10 + digitAt(text, at);
  return n;
};

const DAY_MS = 86_400_000;
/** The last date read or written (`YYYY-MM-DD`) and its day as milliseconds since 1970: a window's rows share a few. */
let lastDate = '';
let lastDayMs = 0;

/** The day of `key` (its first ten characters, `YYYY-MM-DD`) as milliseconds since 1970 UTC. */
function dayMs(key: string): number {
  if (lastDate === '' || !key.startsWith(lastDate)) {
    // setUTCFullYear, not Date.UTC, which reads the years 0–99 as 1900–1999.
    lastDayMs = new Date(0).setUTCFullYear(numberAt(key, 0, 4), numberAt(key, 5, 7) - 1, numberAt(key, 8, 10));
    lastDate = key.slice(0, 10);
  }
  return lastDayMs;
}

/** The day starting at `ms` (milliseconds since 1970 UTC) as `YYYY-MM-DD`. */
function dateOf(ms: number): string {
  if (ms !== lastDayMs || lastDate === '') {
    lastDate = new Date(ms).toISOString().slice(0, 10);
    lastDayMs = ms;
  }
  return lastDate;
}

const twoDigits = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * A time key, or a time as PostgreSQL writes it in JSON (see timeKeyOf: fewer fraction digits, or none), as
 * microseconds since 1970 UTC: a number ordered as the keys are, exact (below 2^53 until the year 2255).
 */
export function keyMicros(key: string): number {
  const ms =
    dayMs(key) + numberAt(key, 11, 13) * 3_600_000 + numberAt(key, 14, 16) * 60_000 + numberAt(key, 17, 19) * 1000;
  let fraction = 0;
  for (let at = 20; at < 26; at++) fraction = fraction * 10 + (at < key.length ? digitAt(key, at) : 0);
  return ms * 1000 + fraction;
}

/** Microseconds since 1970 UTC as a time key (see WindowRow). */
export function microsKey(micros: number): string {
  const day = Math.floor(micros / (DAY_MS * 1000)) * DAY_MS;
  let rest = micros - day * 1000;
  const hours = Math.floor(rest / 3_600_000_000);
  rest -= hours * 3_600_000_000;
  const minutes = Math.floor(rest / 60_000_000);
  rest -= minutes * 60_000_000;
  const seconds = Math.floor(rest / 1_000_000);
  rest -= seconds * 1_000_000;
  return `${dateOf(day)}T${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(seconds)}.${String(rest).padStart(6, '0')}`;
}

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
 * parsed them. A window keeps its times as numbers instead (keyMicros).
 */
export function timeKeyOf(utc: string): string {
  return utc.length === 26 ? utc : utc.padEnd(26, utc.length === 19 ? '.000000' : '0');
}

/** A time key as a page cursor writes it (TIME_KEY), so the statements read it as UTC. */
export const cursorTime = (key: string): string => `${key}Z`;

/** A cursor's time (TIME_KEY, as cursorTime wrote it) as a row's time key, to compare with the window's rows. */
export const keyOfCursorTime = (time: string): string => time.slice(0, -1);

/**
 * The window's rows in page order for this sort and viewer, from just after `after` (a cursor's keyset, its time
 * written by cursorTime; all of them without it): the first `limit`, and whether more follow. A row's rank is one
 * number, so a page resumes from one keyset: relevance with the viewer's match score (SPEC §9) as tie-breaker; best
 * match is the score with relevance as tie-breaker; salary its top; newest none (time order). Descending by rank,
 * then newest, then id.
 */
export function rankWindow(
  rows: WindowRows,
  sort: JobSort,
  viewerKeys: string[] | null,
  after: Keyset | undefined,
  limit: number,
): { rows: RankedRow[]; more: boolean } {
  const ranks = new Float64Array(rows.length);
  const from = after && { rank: after.r, micros: keyMicros(keyOfCursorTime(after.c)), id: after.i };
  const order: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const rank = (ranks[i] = rows.rank(i, sort, viewerKeys));
    // After the keyset: a lower rank, or the same and older, or the same time and a lower id.
    if (
      !from ||
      rank < from.rank ||
      (rank === from.rank && (rows.micros(i) < from.micros || (rows.micros(i) === from.micros && rows.id(i) < from.id)))
    )
      order.push(i);
  }
  order.sort((a, b) => {
    if (ranks[a] !== ranks[b]) return ranks[b]! - ranks[a]!;
    if (rows.micros(a) !== rows.micros(b)) return rows.micros(b) - rows.micros(a);
    return rows.id(a) < rows.id(b) ? 1 : rows.id(a) > rows.id(b) ? -1 : 0;
  });
  return {
    rows: order.slice(0, limit).map((i) => ({ id: rows.id(i), key: rows.key(i), rank: ranks[i]! })),
    more: order.length > limit,
  };
}
