import { describe, expect, it } from 'vitest';
import { type Candidate, employmentTypesOf } from './page-evidence';
import { normaliseLocation, workModeOf } from './page-location';
import { chooseCompany, chooseLocation } from './page-scoring';
import { findSalary } from './values';

describe('page evidence: employment words in five languages (tables, not code paths)', () => {
  it.each([
    ['Vollzeit, unbefristet', 'full-time'],
    ['CDI - Temps plein', 'full-time'],
    ['Jornada completa', 'full-time'],
    ['Permanent', 'full-time'],
    ['Teilzeit', 'part-time'],
    ['Deeltijd (24 uur)', 'part-time'],
    ['6-month contract', 'contract'],
    ['Type: Contract', 'contract'],
    ['Intern', 'internship'],
    ['Prácticas', 'internship'],
    ['Stage', 'internship'],
  ])('%s → %s', (text, type) => {
    expect(employmentTypesOf(text)).toEqual([type]);
  });
});

describe('page evidence: pay formats', () => {
  it.each([
    ['58.000 € – 72.000 € brutto/Jahr', '€58,000 - €72,000 per year'],
    ['45.000 - 55.000 € par an', '€45,000 - €55,000 per year'],
    ['Salario: 30.000 € - 36.000 € anuales', '€30,000 - €36,000 per year'],
    ['€ 3.200 - € 4.100 per maand', '€3,200 - €4,100 per month'],
    ['25 € / Stunde', '€25 per hour'],
    ['Min $80,000 Max $95,000', '$80,000 - $95,000'],
    ['$120k-$150k', '$120,000 - $150,000'],
    ['£40,000 - £48,000 per annum', '£40,000 - £48,000 per year'],
  ])('%s → %s', (text, pay) => {
    expect(findSalary(text)).toBe(pay);
  });
});

describe('page evidence: locations normalised to City, Region, Country or a work mode with its region', () => {
  it.each([
    ['US-MA-Boston', 'Boston, MA, US'],
    ['CA-ON-Toronto', 'Toronto, ON, CA'],
    ['United States-Texas-Houston', 'Houston, Texas, United States'],
    ['München, Bayern, Deutschland', 'München, Bayern, Deutschland'],
    ['Remote - US', 'Remote, US'],
    ['Hybrid (Berlin)', 'Hybrid, Berlin'],
  ])('%s → %s', (raw, location) => {
    expect(normaliseLocation(raw)).toBe(location);
  });

  it('reads the work mode of a location', () => {
    expect(workModeOf('Remote - US')).toBe('Remote');
    expect(workModeOf('Hybrid (Berlin)')).toBe('Hybrid');
    expect(workModeOf('Boston, MA')).toBe('');
  });
});

describe('page scoring: values agreed on by several sources win', () => {
  const candidate = (field: Candidate['field'], value: string, source: string, weight: number): Candidate => ({
    field,
    value,
    source,
    weight,
  });

  it('a location from a label and the meta description beats one from prose', () => {
    const choice = chooseLocation([
      candidate('location', 'Boston, MA', 'label', 2.5),
      candidate('location', 'Boston, MA', 'og:description', 1.5),
      candidate('location', 'Austin, TX', 'prose', 1.5),
    ]);
    expect(choice).toEqual({ value: 'Boston, MA', score: 4 });
  });

  it("the logo and the footer together outweigh the hosting platform's site name", () => {
    const choice = chooseCompany(
      [
        candidate('company', 'Greenhouse', 'og:site_name', 2),
        candidate('company', 'Acme Health', 'logo', 2),
        candidate('company', 'Acme Health', 'footer', 1.5),
      ],
      'Acme Health is hiring',
    );
    expect(choice.value).toBe('Acme Health');
  });
});
