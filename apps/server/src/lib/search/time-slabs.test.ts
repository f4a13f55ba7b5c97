import { describe, expect, it } from 'vitest';
import { dayNumber, floorSlabDay, newestSlabDay, slabDays, slabKey, timeSlabs } from './time-slabs';

const sizes = (keys: number[]) => keys.map((key) => slabDays(key).last - slabDays(key).first + 1);

describe('time slabs', () => {
  it('cover every day from the last down to the floor once, newest first, each an aligned span', () => {
    for (const [last, floor] of [
      [20_783, 0],
      [20_783, 20_700],
      [20_480, 20_000],
      [20_479, 20_479],
      [1, 0],
      [0, 0],
    ] as const) {
      const keys = timeSlabs(last, floor);
      let next = last;
      for (const key of keys) {
        const { first, last: end } = slabDays(key);
        expect(end, `slab ${key} from ${last}`).toBe(next);
        expect(first % (end - first + 1)).toBe(0); // aligned: one index entry per slab
        expect(slabKey(Math.floor(key / 1_000_000), first)).toBe(key);
        next = first - 1;
      }
      expect(next).toBe(floor - 1); // down to the floor exactly: no day older than it is read
      expect(slabDays(keys.at(-1)!).first).toBeGreaterThanOrEqual(0);
    }
  });

  it('start with single days, each span twice up to eight days, then spans that double', () => {
    // From 2026-11-28 back: a span must end where the last began and start on a multiple of its length.
    expect(sizes(timeSlabs(20_785, 0)).slice(0, 10)).toEqual([1, 1, 2, 2, 4, 4, 4, 8, 8, 16]);
    for (const last of [20_783, 20_782, 20_480, 2 ** 15 - 1]) {
      const spans = sizes(timeSlabs(last, 0));
      const caps = spans.map((_, i) => (i < 8 ? 2 ** (i >> 1) : 2 ** (i - 4)));
      spans.forEach((span, i) => expect(span, `slab ${i} from ${last}`).toBeLessThanOrEqual(caps[i]!));
    }
    expect(timeSlabs(2 ** 15 - 1, 0).length).toBeLessThan(20);
  });

  it('reach back to 1970 in a few dozen slabs, and to a posted-within cut-off in a few', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(dayNumber(now)).toBe(20_783);
    expect(timeSlabs(newestSlabDay(now)).length).toBeLessThan(40);
    const week = timeSlabs(newestSlabDay(now), floorSlabDay(7, now));
    expect(slabDays(week.at(-1)!).first).toBe(20_783 - 7 - 1); // the cut-off's day, less the clock margin
    expect(week.length).toBeLessThan(10);
    expect(floorSlabDay(undefined, now)).toBe(0);
  });
});
