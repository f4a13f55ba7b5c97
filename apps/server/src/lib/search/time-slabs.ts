/**
 * Time slabs: how a search reads its matches newest first in a few GIN scans (job search by created_at:
 * features/jobs/search-window.ts; talent search by updated_at: features/talent/search.ts). A row carries one key per level l = 0..15
 * (`job_time_keys(t)`, migration 0034, in each table's search GIN index): the 2^l-day span of its UTC day, aligned to
 * the epoch, as l × 1,000,000 + ⌊day ÷ 2^l⌋, day counted from 1970-01-01. A slab is one such key, one index entry.
 */

const DAY_MS = 86_400_000;
/** Levels of job_time_keys: 2^15 days is 89 years, so level 15 holds every day since 1970. */
export const TIME_LEVELS = 16;
const LEVEL_STEP = 1_000_000;
/** Days of margin above today: a job stamped by a database clock ahead of this process's is still read. */
const CLOCK_MARGIN_DAYS = 1;
/** Spans up to 2^3 days come twice each before spans start to double (1, 1, 2, 2, 4, 4, 8, 8, 16, 32, ... days). */
const TWICE_UP_TO_LEVEL = 3;

/** The UTC day number (days since 1970-01-01) of a time. */
export const dayNumber = (time: Date): number => Math.floor(time.getTime() / DAY_MS);

/** The key of the 2^level-day span holding `day` (as job_time_keys writes it). */
export const slabKey = (level: number, day: number): number => level * LEVEL_STEP + Math.floor(day / 2 ** level);

/** The days a slab key spans, first and last. */
export function slabDays(key: number): { first: number; last: number } {
  const level = Math.floor(key / LEVEL_STEP);
  const bucket = key % LEVEL_STEP;
  return { first: bucket * 2 ** level, last: (bucket + 1) * 2 ** level - 1 };
}

/** The largest level a slab may have as the `index`-th (0-based): spans come twice, then double (see above). */
function levelCap(index: number): number {
  const twice = (TWICE_UP_TO_LEVEL + 1) * 2;
  return index < twice ? index >> 1 : TWICE_UP_TO_LEVEL + index - twice + 1;
}

/** The last day a first window's slabs cover: today (UTC, this process's clock) and a margin. */
export const newestSlabDay = (now = new Date()): number => dayNumber(now) + CLOCK_MARGIN_DAYS;

/**
 * The first day slabs need to cover for jobs posted within `days` (all days without): the day of the cut-off, less
 * the clock margin (the cut-off itself is tested on the rows, with the database's clock).
 */
export const floorSlabDay = (days: number | undefined, now = new Date()): number =>
  days === undefined ? 0 : dayNumber(now) - days - CLOCK_MARGIN_DAYS;

/**
 * The slab keys covering every day from `lastDay` down to `floorDay` (inclusive; 0 for all), newest first,
 * disjoint: each the longest aligned span that ends where the last one began, no longer than its place allows and
 * not reaching below the floor (a posted-within search reads no older jobs than it keeps), so a word in every job
 * stops after a few days and a rare one needs few scans.
 */
export function timeSlabs(lastDay: number, floorDay = 0): number[] {
  const keys: number[] = [];
  let last = lastDay;
  const floor = Math.max(0, floorDay);
  while (last >= floor) {
    let level = 0;
    while (
      level < Math.min(levelCap(keys.length), TIME_LEVELS - 1) &&
      (last + 1) % 2 ** (level + 1) === 0 &&
      last + 1 - 2 ** (level + 1) >= floor
    )
      level++;
    keys.push(slabKey(level, last));
    last -= 2 ** level;
  }
  return keys;
}
