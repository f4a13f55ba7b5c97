import { describe, expect, it } from 'vitest';
import { annualSalaryBounds, parseSalary } from './salary';

describe('parseSalary', () => {
  it.each([
    ['$120k - $150k', { min: 120_000, max: 150_000, currency: 'USD', period: null }],
    ['$120,000–$150,000', { min: 120_000, max: 150_000, currency: 'USD', period: null }],
    ['95000', { min: 95_000, max: 95_000, currency: null, period: null }],
    ['€40 - €55 / hour', { min: 40, max: 55, currency: 'EUR', period: 'HOUR' }],
    ['CAD 8,000 per month', { min: 8_000, max: 8_000, currency: 'CAD', period: 'MONTH' }],
    ['$45.50 per hour', { min: 45.5, max: 45.5, currency: 'USD', period: 'HOUR' }],
    ['CA$95,000 - CA$110,000 per year', { min: 95_000, max: 110_000, currency: 'CAD', period: 'YEAR' }],
    ['A$120,000', { min: 120_000, max: 120_000, currency: 'AUD', period: null }],
    ['BRL 5,000 per month', { min: 5_000, max: 5_000, currency: 'BRL', period: 'MONTH' }],
    ['₹18,00,000 per year', { min: 1_800_000, max: 1_800_000, currency: 'INR', period: 'YEAR' }],
  ])('%s', (text, expected) => expect(parseSalary(text)).toEqual(expected));

  it('gives a bare first figure the scale of the last: "120-150k" is 120,000 to 150,000', () => {
    expect(parseSalary('120-150k')).toEqual({ min: 120_000, max: 150_000, currency: null, period: null });
  });

  it('reads the first part only: a second range after ";" or "·" is an alternative, as the import writes B2B pay', () => {
    const text = 'PLN 20,000 - PLN 26,000 per month; B2B: PLN 25,000 - PLN 30,000 per month';
    expect(parseSalary(text)).toEqual({ min: 20_000, max: 26_000, currency: 'PLN', period: 'MONTH' });
  });

  it('leaves out figures that are not pay in a year (a bonus percentage), and the m of "months"', () => {
    expect(parseSalary('$120,000 (10% bonus)')).toMatchObject({ min: 120_000, max: 120_000 });
    expect(parseSalary('$90k for 6 months')).toMatchObject({ min: 90_000, max: 90_000, period: null });
  });

  it('has no salary for text without an amount', () => {
    expect(parseSalary('Competitive')).toBeNull();
    expect(parseSalary('')).toBeNull();
    expect(parseSalary(null)).toBeNull();
  });
});

describe('annualSalaryBounds', () => {
  it('counts an hourly rate over 2,080 hours and takes other periods as stated', () => {
    expect(annualSalaryBounds('$60/hr')).toEqual({ min: 124_800, max: 124_800 });
    expect(annualSalaryBounds('$45.50 per hour')).toEqual({ min: 94_640, max: 94_640 });
    expect(annualSalaryBounds('$160k - $190k')).toEqual({ min: 160_000, max: 190_000 });
    expect(annualSalaryBounds('CAD 8,000 per month')).toEqual({ min: 8_000, max: 8_000 });
    expect(annualSalaryBounds('Competitive')).toBeNull();
  });
});
