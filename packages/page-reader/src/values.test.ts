import { describe, expect, it } from 'vitest';
import { cleanEmail, findSalary, formatSalary, mapEmploymentType, parseDate, resolveUrl } from './values';

describe('findSalary', () => {
  it.each([
    ['Pay range: $120k - $150k', '$120,000 - $150,000'],
    ['$120,000–$150,000 per year', '$120,000 - $150,000 per year'],
    ['USD 100,000 a year', '$100,000 per year'],
    ['£50,000 to £60,000 annually', '£50,000 - £60,000 per year'],
    ['$45 - $60/hr', '$45 - $60 per hour'],
    ['$120 - 150K DOE', '$120,000 - $150,000'],
    ['Base salary: $95,000', '$95,000'],
    ['USD 78,000 - 92,000 a year', '$78,000 - $92,000 per year'],
  ])('%s → %s', (text, expected) => {
    expect(findSalary(text)).toBe(expected);
  });

  it('ignores amounts that are not pay', () => {
    expect(findSalary('We raised $40 million in our Series B and serve 2,000 clinics.')).toBe('');
    expect(findSalary('No numbers here')).toBe('');
  });
});

describe('formatSalary', () => {
  it('formats ranges, single amounts, decimals and other currencies', () => {
    expect(formatSalary(120000, 150000, 'USD', 'YEAR')).toBe('$120,000 - $150,000 per year');
    expect(formatSalary(32.5, 32.5, 'USD', 'HOUR')).toBe('$32.50 per hour');
    expect(formatSalary(100000, undefined, 'CHF', 'MONTH')).toBe('CHF 100,000 per month');
    expect(formatSalary(undefined, undefined, 'USD', 'YEAR')).toBe('');
  });
});

describe('parseDate', () => {
  it.each([
    ['2026-03-31T23:59:59-05:00', '2026-03-31'],
    ['2026-3-5', '2026-03-05'],
    ['March 20, 2026.', '2026-03-20'],
    ['1st May 2026', '2026-05-01'],
    ['04/15/2026', '2026-04-15'],
    ['2026-02-30', ''],
    ['soon', ''],
  ])('%s → %s', (value, expected) => {
    expect(parseDate(value)).toBe(expected);
  });
});

describe('mapEmploymentType', () => {
  it.each([
    ['FULL_TIME', 'full-time'],
    ['Full-time', 'full-time'],
    ['PART_TIME', 'part-time'],
    ['CONTRACTOR', 'contract'],
    ['TEMPORARY', 'contract'],
    ['INTERN', 'internship'],
    ['PER_DIEM', ''],
    ['VOLUNTEER', ''],
  ])('%s → %s', (value, expected) => {
    expect(mapEmploymentType(value)).toBe(expected);
  });
});

describe('cleanEmail and resolveUrl', () => {
  it('cleans mailto links and rejects non-addresses', () => {
    expect(cleanEmail('mailto:jobs@acme.example?subject=Hi')).toBe('jobs@acme.example');
    expect(cleanEmail('mailto:not-an-email')).toBe('');
    expect(cleanEmail('mailto:%E0%A4%A')).toBe('');
  });

  it('resolves relative links and keeps only http(s)', () => {
    expect(resolveUrl('/apply', 'https://acme.example/jobs/1')).toBe('https://acme.example/apply');
    expect(resolveUrl('javascript:void(0)', 'https://acme.example/')).toBe('');
    expect(resolveUrl(true, 'https://acme.example/')).toBe('');
  });
});
