import { describe, expect, it } from 'vitest';
import { excerpt, formatDate, formatMoney } from './format';

describe('formatting', () => {
  it('formats referral bonuses in their currency and dates as the spec writes them', () => {
    expect(formatMoney(2000, 'USD')).toBe('$2,000');
    expect(formatMoney(1500, 'EUR')).toBe('€1,500');
    expect(formatDate('2026-12-02')).toBe('Dec 02, 2026');
  });

  it('shortens text at a word boundary', () => {
    expect(excerpt('one two three four', 9)).toBe('one two…');
    expect(excerpt('short')).toBe('short');
  });
});
