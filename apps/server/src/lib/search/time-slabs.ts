/**
 * Time slabs: how a search reads its matches newest first in a few GIN scans (job search by created_at:
 * features/jobs/search-window.ts; talent search by updated_at: features/talent/search.ts). A row carries one key per
 * level l = 0..20 (`job_time_keys(t)`, migrations 0034 and 0063, in each table's search GIN index): the 2^l-hour span
 * of its UTC hour, aligned to the epoch, as l × 10,000,000 + ⌊hour ÷ 2^l⌋, hour counted from 1970-01-01T00:00Z. A slab
 * is one such key, one index entry. Hours, not days: a slab is read whole (its matches found in the index, then every
 * one read from the table and put in time order), so its length bounds what a common word reads past the 1,001
 * matches a window needs; a day of a marketplace with 14,000 jobs a day was 10,000 rows read for 1,001
 * (docs/benchmarks.md, run H).
 */

const HOUR_MS = 3_600_000;
/** Levels of job_time_keys: 2^20 hours is 119 years, so level 20 holds every hour from 1970 to 2089. */
export const TIME_LEVELS = 21;
const LEVEL_STEP = 10_000_000;
/**
 * Hours of margin above now: a job stamped by a database clock ahead of this process's is still read (and below a
 * posted-within cut-off, for a clock behind).
 */
const CLOCK_MARGIN_HOURS = 24;

/** The UTC hour number (hours since 1970-01-01T00:00Z) of a time. */
export const hourNumber = (time: Date): number => Math.floor(time.getTime() / HOUR_MS);

/** The key of the 2^level-hour span holding `hour` (as job_time_keys writes it). */
export const slabKey = (level: number, hour: number): number => level * LEVEL_STEP + Math.floor(hour / 2 ** level);

/** The hours a slab key spans, first and last. */
export function slabHours(key: number): { first: number; last: number } {
  const level = Math.floor(key / LEVEL_STEP);
  const bucket = key % LEVEL_STEP;
  return { first: bucket * 2 ** level, last: (bucket + 1) * 2 ** level - 1 };
}

/** The first slab's longest span, as a level: four hours. */
const FIRST_LEVEL = 2;

/**
 * The largest level a slab may have as the `index`-th (0-based): spans double from four hours (4, 8, 16, ... hours,
 * shorter where alignment asks), so a common word reads a few thousand rows at most at 600 jobs an hour (a day was
 * 14,400), and at 60 an hour stops within a few slabs, as with days; a rare word reaches a month back in about ten.
 */
const levelCap = (index: number): number => FIRST_LEVEL + index;

/**
 * The first hour a first window's slabs cover, below the margin ahead (see firstWindowSlabs): now (UTC, this process's
 * clock).
 */
export const newestSlabHour = (now = new Date()): number => hourNumber(now);

/**
 * The first hour slabs need to cover for jobs posted within `days` (all hours without): the hour of the cut-off, less
 * the clock margin (the cut-off itself is tested on the rows, with the database's clock).
 */
export const floorSlabHour = (days: number | undefined, now = new Date()): number =>
  days === undefined ? 0 : hourNumber(now) - days * 24 - CLOCK_MARGIN_HOURS;

/** Disjoint aligned spans from `last` down to `floor`, newest first, each as long as `cap(index)` and alignment allow. */
function spans(last: number, floor: number, cap: (index: number) => number): number[] {
  const keys: number[] = [];
  const lowest = Math.max(0, floor);
  while (last >= lowest) {
    let level = 0;
    while (
      level < Math.min(cap(keys.length), TIME_LEVELS - 1) &&
      (last + 1) % 2 ** (level + 1) === 0 &&
      last + 1 - 2 ** (level + 1) >= lowest
    )
      level++;
    keys.push(slabKey(level, last));
    last -= 2 ** level;
  }
  return keys;
}

/**
 * The slab keys covering every hour from `lastHour` down to `floorHour` (inclusive; 0 for all), newest first,
 * disjoint: each the longest aligned span that ends where the last one began, no longer than its place allows and
 * not reaching below the floor (a posted-within search reads no older jobs than it keeps), so a word in every job
 * stops after a few hours and a rare one needs few scans.
 */
export const timeSlabs = (lastHour: number, floorHour = 0): number[] => spans(lastHour, floorHour, levelCap);

/**
 * A first window's slabs: the clock margin ahead of now in as few slabs as alignment allows (empty but for a clock
 * ahead of ours; the statement skips slabs newer than the newest open job), then timeSlabs from now down.
 */
export function firstWindowSlabs(floorHour: number, now = new Date()): number[] {
  const newest = newestSlabHour(now);
  return [...spans(newest + CLOCK_MARGIN_HOURS, newest + 1, () => TIME_LEVELS), ...timeSlabs(newest, floorHour)];
}
