import { describe, expect, it } from 'vitest';
import { hasNulByte, isCalendarDate } from './input';

describe('isCalendarDate', () => {
  it.each(['2024-02-29', '2025-04-30', '0001-01-01', '9999-12-31', '2026-11-25'])('accepts %s', (d) =>
    expect(isCalendarDate(d)).toBe(true),
  );
  it.each(['2024-02-30', '2025-04-31', '0000-01-01', '2023-02-29', '2025-13-01', '2025-00-10', '2025-1-1', ''])(
    'refuses %s',
    (d) => expect(isCalendarDate(d)).toBe(false),
  );
});

describe('hasNulByte', () => {
  it('finds NUL in nested strings and keys', () => {
    expect(hasNulByte({ a: ['x', { b: 'y\u0000' }] })).toBe(true);
    expect(hasNulByte({ ['k\u0000']: 1 })).toBe(true);
    expect(hasNulByte({ a: ['x', { b: 'y' }], n: 1, z: null })).toBe(false);
  });
});
