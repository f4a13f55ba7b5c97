import { describe, expect, it } from 'vitest';
import { CURRENCY_MARKS, parseLocaleAmount } from './currencies';

describe('parseLocaleAmount', () => {
  it('reads the digit grouping of every locale', () => {
    expect(parseLocaleAmount('120,000')).toBe(120000);
    expect(parseLocaleAmount('3.900')).toBe(3900);
    expect(parseLocaleAmount('18,00,000')).toBe(1800000);
    expect(parseLocaleAmount("105'000")).toBe(105000);
    expect(parseLocaleAmount('7\u202f800')).toBe(7800);
    expect(parseLocaleAmount('12.000,00')).toBe(12000);
    expect(parseLocaleAmount('31.50')).toBe(31.5);
    expect(parseLocaleAmount('4,5')).toBe(4.5);
    expect(parseLocaleAmount('abc')).toBeNaN();
  });

  it('names currencies by their local marks', () => {
    expect(CURRENCY_MARKS['zł']).toBe('PLN');
    expect(CURRENCY_MARKS['R$']).toBe('BRL');
    expect(CURRENCY_MARKS['Kč']).toBe('CZK');
    expect(CURRENCY_MARKS.lei).toBe('RON');
  });
});
