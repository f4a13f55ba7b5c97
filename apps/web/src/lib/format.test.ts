import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';

describe('formatting', () => {
  it('formats referral bonuses in their currency', () => {
    expect(formatMoney(2000, 'USD')).toBe('$2,000');
    expect(formatMoney(1500, 'EUR')).toBe('€1,500');
  });
});
