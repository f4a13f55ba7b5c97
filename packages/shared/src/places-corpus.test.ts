import { describe, expect, it } from 'vitest';
import { HELD_OUT, TUNING } from './places-corpus';
import { placeSummary, readLocation } from './places';

const score = (corpus: [string, string][]) => {
  const misses = corpus
    .map(([location, expected]) => ({ location, expected, got: placeSummary(readLocation(location)) }))
    .filter((r) => r.got !== r.expected);
  return { share: (corpus.length - misses.length) / corpus.length, misses };
};

describe('the place reader on its corpus', () => {
  it('reads the tuning locations', () => {
    const { share, misses } = score(TUNING);
    console.log(`place reader, tuning: ${(share * 100).toFixed(0)} % of ${TUNING.length}`, misses);
    expect(share).toBeGreaterThanOrEqual(0.95);
  });

  it('reads locations it was not tuned on (held out)', () => {
    const { share, misses } = score(HELD_OUT);
    console.log(`place reader, held out: ${(share * 100).toFixed(0)} % of ${HELD_OUT.length}`, misses);
    expect(share).toBeGreaterThanOrEqual(0.8);
  });
});
