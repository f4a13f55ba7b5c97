import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatMoneyList } from './format';

describe('formatMoney', () => {
  it('writes an amount in its currency with thousands separators', () => {
    expect(formatMoney(3000, 'USD')).toBe('$3,000');
    expect(formatMoney(1500, 'EUR')).toBe('€1,500');
    expect(formatMoney(750, 'cad')).toBe('CA$750');
    expect(formatMoney(31.5, 'USD')).toBe('$31.50');
    expect(formatMoney(0, null)).toBe('$0');
  });

  it('falls back to the code after the number for a code Intl does not know', () => {
    expect(formatMoney(1200, 'XYZ1')).toBe('1,200 XYZ1');
  });

  it('joins sums kept per currency, and says $0 for none', () => {
    expect(
      formatMoneyList([
        { amount: 2000, currency: 'USD' },
        { amount: 500, currency: 'EUR' },
      ]),
    ).toBe('$2,000 + €500');
    expect(formatMoneyList([])).toBe('$0');
  });
});

describe('formatDate', () => {
  it("writes a calendar day as 'MMM dd, yyyy' without shifting it", () => {
    expect(formatDate('2026-12-02')).toBe('Dec 02, 2026');
    expect(formatDate('2027-01-01')).toBe('Jan 01, 2027');
  });

  it('writes instants and Dates as their day, and leaves text that is no date alone', () => {
    expect(formatDate('2026-12-02T12:00:00.000Z')).toBe('Dec 02, 2026');
    expect(formatDate(new Date(2026, 11, 2, 12))).toBe('Dec 02, 2026');
    expect(formatDate('next spring')).toBe('next spring');
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });
});
