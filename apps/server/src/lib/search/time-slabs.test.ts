import { describe, expect, it } from 'vitest';
import { firstWindowSlabs, floorSlabHour, hourNumber, slabHours, slabKey, timeSlabs } from './time-slabs';

const sizes = (keys: number[]) => keys.map((key) => slabHours(key).last - slabHours(key).first + 1);

/** The slabs cover every hour from `last` down to `floor` once, newest first, each an aligned span. */
function expectCover(keys: number[], last: number, floor: number) {
  let next = last;
  for (const key of keys) {
    const { first, last: end } = slabHours(key);
    expect(end, `slab ${key} from ${last}`).toBe(next);
    expect(first % (end - first + 1)).toBe(0); // aligned: one index entry per slab
    expect(slabKey(Math.floor(key / 10_000_000), first)).toBe(key);
    next = first - 1;
  }
  expect(next).toBe(floor - 1); // down to the floor exactly: no hour older than it is read
}

describe('time slabs', () => {
  it('cover every hour from the last down to the floor once, newest first, each an aligned span', () => {
    for (const [last, floor] of [
      [498_803, 0],
      [498_803, 498_700],
      [491_520, 490_000],
      [498_479, 498_479],
      [1, 0],
      [0, 0],
    ] as const) {
      const keys = timeSlabs(last, floor);
      expectCover(keys, last, floor);
      expect(slabHours(keys.at(-1)!).first).toBeGreaterThanOrEqual(0);
    }
  });

  it('start within four hours, each span at most as long as its place allows (4, 8, 16, ... hours)', () => {
    // From 2026-11-28T00:59Z back: a span must end where the last began and start on a multiple of its length.
    expect(sizes(timeSlabs(498_840, 0)).slice(0, 10)).toEqual([1, 8, 16, 32, 32, 64, 256, 256, 512, 2048]);
    for (const last of [498_803, 498_802, 491_520, 2 ** 20 - 1]) {
      const spans = sizes(timeSlabs(last, 0));
      const caps = spans.map((_, i) => 2 ** (i + 2));
      spans.forEach((span, i) => expect(span, `slab ${i} from ${last}`).toBeLessThanOrEqual(caps[i]!));
    }
    expect(timeSlabs(2 ** 20 - 1, 0).length).toBeLessThan(25);
  });

  it('reach back to 1970 in a few dozen slabs, and to a posted-within cut-off in a few', () => {
    const now = new Date('2026-11-26T12:30:00Z');
    expect(hourNumber(now)).toBe(20_783 * 24 + 12);
    const all = firstWindowSlabs(0, now);
    expect(all.length).toBeLessThan(45);
    expectCover(all, hourNumber(now) + 24, 0); // a day ahead too: a job stamped by a clock ahead of ours
    // From now down, the first slabs are hours: a common word reads hours of jobs, not a day.
    const fromNow = all.filter((key) => slabHours(key).first <= hourNumber(now));
    expect(sizes(fromNow).slice(0, 4)).toEqual([1, 4, 16, 32]);
    expect(all.length - fromNow.length).toBeLessThanOrEqual(8); // the day ahead in a few slabs
    const week = firstWindowSlabs(floorSlabHour(7, now), now);
    expect(slabHours(week.at(-1)!).first).toBe(hourNumber(now) - 8 * 24); // the cut-off's hour, less the margin
    expect(week.length).toBeLessThan(25);
    expect(floorSlabHour(undefined, now)).toBe(0);
  });
});
