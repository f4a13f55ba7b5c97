import { describe, expect, it } from 'vitest';
import { resolvePeriod, splitByMonths } from './period';

const split = (from: string, to: string) => {
  const { monthsFrom, monthsUntil } = splitByMonths(resolvePeriod({ period: 'custom', from, to }));
  return [monthsFrom.toISOString().slice(0, 10), monthsUntil.toISOString().slice(0, 10)];
};

describe('a period split for the monthly rollups', () => {
  it('reads the whole months inside it from the rollups', () => {
    expect(split('2025-11-27', '2026-11-26')).toEqual(['2025-12-01', '2026-11-01']);
    expect(split('2025-05-27', '2026-11-26')).toEqual(['2025-06-01', '2026-11-01']);
  });

  it('takes a month that starts or ends the period whole', () => {
    expect(split('2026-01-01', '2026-03-31')).toEqual(['2026-01-01', '2026-04-01']);
    expect(split('2026-02-01', '2026-02-28')).toEqual(['2026-02-01', '2026-03-01']);
  });

  it('reads a period without a whole month from the rows alone', () => {
    expect(split('2026-01-10', '2026-02-20')).toEqual(['2026-02-21', '2026-02-21']);
    expect(split('2026-01-31', '2026-02-27')).toEqual(['2026-02-28', '2026-02-28']);
    expect(split('2026-03-05', '2026-03-05')).toEqual(['2026-03-06', '2026-03-06']);
  });
});
