import { describe, expect, it } from 'vitest';
import { placesNamed, readLocation } from '../places';
import { workplaceOf } from '../schemas/jobs';
import {
  isUsStateCode,
  largestHeadcount,
  PAY_TRANSPARENCY_RULES,
  payRangeRequiredMessage,
  payRulesFor,
  type PostingScope,
} from './pay-transparency';

const NOW = new Date('2026-12-01T12:00:00Z');

/** The scope of a job as the jobs service builds it: its location text read, its company's size and place. */
function scope(
  location: string,
  company: { employees?: string | null; location?: string | null; staffStates?: string[] } = {},
  at = NOW,
): PostingScope {
  return {
    places: placesNamed(location),
    workplace: workplaceOf(location),
    remoteCountries: readLocation(location).remoteCountries,
    employerPlaces: placesNamed(company.location ?? null),
    staffStates: company.staffStates ?? [],
    employeeCount: company.employees === undefined ? '51-200' : company.employees,
    at,
  };
}

const ids = (s: PostingScope) => payRulesFor(s).map((rule) => rule.id);

describe('pay transparency rules by jurisdiction', () => {
  it.each([
    ['Denver, CO', ['US-CO']],
    ['Hybrid — Boulder, Colorado', ['US-CO']],
    ['San Francisco, CA', ['US-CA']],
    ['Seattle, WA', ['US-WA']],
    ['Albany, NY', ['US-NY']],
    ['New York, NY', ['US-NY', 'US-NY-NYC']],
    ['Brooklyn, NY', ['US-NY', 'US-NY-NYC']],
    ['Jersey City, NJ', ['US-NJ-JC', 'US-NJ']],
    ['Newark, NJ', ['US-NJ']],
    ['Chicago, IL', ['US-IL']],
    ['Baltimore, MD', ['US-MD']],
    ['Washington, DC', ['US-DC']],
    ['Honolulu, HI', ['US-HI']],
    ['Minneapolis, MN', ['US-MN']],
    ['Burlington, VT', ['US-VT']],
    ['Boston, MA', ['US-MA']],
    ['Austin, TX', []],
    ['Nashville, TN', []],
    ['London, United Kingdom', []],
  ])('an on-site job in %s: %j', (location, expected) => {
    expect(ids(scope(location))).toEqual(expected);
  });

  it('counts every place a job names (Boston or Denver: both laws)', () => {
    expect(ids(scope('Boston, MA; Denver, CO'))).toEqual(['US-CO', 'US-MA']);
  });

  it('covers a remote job named in a state (Remote — Colorado, Remote (Denver, CO))', () => {
    expect(ids(scope('Remote (Colorado)'))).toEqual(['US-CO']);
    expect(ids(scope('Remote - Denver, CO'))).toEqual(['US-CO']);
    expect(ids(scope('Remote — California'))).toEqual(['US-CA']);
  });

  it('covers a US-wide remote job for the states the employer is in, when their law reaches remote jobs', () => {
    expect(ids(scope('Remote', { location: 'Denver, CO' }))).toEqual(['US-CO']);
    expect(ids(scope('Remote (US)', { location: 'Seattle, WA' }))).toEqual(['US-WA']);
    expect(ids(scope('Remote (US)', { location: 'New York, NY' }))).toEqual(['US-NY', 'US-NY-NYC']);
    // Hawaii's and Jersey City's laws say nothing of remote jobs: only jobs located there.
    expect(ids(scope('Remote (US)', { location: 'Honolulu, HI' }))).toEqual([]);
    expect(ids(scope('Remote (US)', { location: 'Jersey City, NJ' }))).toEqual(['US-NJ']);
    // A company with no place on its profile is bound by no state's remote reach.
    expect(ids(scope('Remote (US)'))).toEqual([]);
  });

  it('leaves out remote jobs open only outside the US, and remote jobs limited to another state', () => {
    expect(ids(scope('Remote (Canada)', { location: 'Denver, CO' }))).toEqual([]);
    expect(ids(scope('Remote - United Kingdom', { location: 'Denver, CO' }))).toEqual([]);
    expect(ids(scope('Remote (Texas)', { location: 'Denver, CO' }))).toEqual([]);
  });

  it('hybrid and on-site jobs are covered where they are, not where the employer is', () => {
    expect(ids(scope('Hybrid — Austin, TX', { location: 'Denver, CO' }))).toEqual([]);
    expect(ids(scope('Hybrid — Seattle, WA', { location: 'Austin, TX' }))).toEqual(['US-WA']);
  });

  it('covers a US-wide remote job for the states the company employs people in, wherever its profile is', () => {
    // A Texas company with staff in Colorado: Colorado's law reaches its remote jobs open to Colorado residents.
    const staffInCo = { location: 'Austin, TX', staffStates: ['CO'] };
    expect(ids(scope('Remote (US)', staffInCo))).toEqual(['US-CO']);
    expect(ids(scope('Remote', staffInCo))).toEqual(['US-CO']);
    expect(ids(scope('Remote - United States', staffInCo))).toEqual(['US-CO']);
    // No profile location at all: the states alone decide.
    expect(ids(scope('Remote (US)', { staffStates: ['CO', 'WA', 'TX'] }))).toEqual(['US-CO', 'US-WA']);
    // Not employing in Colorado: not covered (the profile in Texas, staff in Texas and Oklahoma).
    expect(ids(scope('Remote (US)', { location: 'Austin, TX', staffStates: ['OK', 'TX'] }))).toEqual([]);
    // Profile and staff states add up, without repeating a law.
    expect(ids(scope('Remote (US)', { location: 'Denver, CO', staffStates: ['CO', 'MD'] }))).toEqual([
      'US-CO',
      'US-MD',
    ]);
  });

  it('staff states reach only laws that reach remote jobs, never city laws, and never jobs closed to the state', () => {
    // Hawaii's and Jersey City's laws say nothing of remote jobs; a state's staff say nothing of New York City.
    expect(ids(scope('Remote (US)', { staffStates: ['HI'] }))).toEqual([]);
    expect(ids(scope('Remote (US)', { staffStates: ['NJ'] }))).toEqual(['US-NJ']);
    expect(ids(scope('Remote (US)', { staffStates: ['NY'] }))).toEqual(['US-NY']);
    // A remote job open only in Texas, or only outside the US, is not open to Colorado residents.
    expect(ids(scope('Remote (Texas)', { staffStates: ['CO'] }))).toEqual([]);
    expect(ids(scope('Remote (Canada)', { staffStates: ['CO'] }))).toEqual([]);
    // A remote job open in a listed state is covered there whoever posts it, as before.
    expect(ids(scope('Remote (Colorado)', { staffStates: ['TX'] }))).toEqual(['US-CO']);
    // Size thresholds stay: 1-10 people in Washington are under its 15.
    expect(ids(scope('Remote (US)', { employees: '1-10', staffStates: ['CO', 'WA'] }))).toEqual(['US-CO']);
    // Effective dates stay: Massachusetts from 2025-10-29.
    expect(ids(scope('Remote (US)', { staffStates: ['MA'] }, new Date('2025-10-28T12:00:00Z')))).toEqual([]);
  });

  it('hybrid and on-site jobs are covered where they are, whatever states the company employs in', () => {
    expect(ids(scope('Hybrid — Austin, TX', { staffStates: ['CO', 'CA'] }))).toEqual([]);
    expect(ids(scope('Dallas, TX', { staffStates: ['CO', 'CA'] }))).toEqual([]);
    expect(ids(scope('Hybrid — Seattle, WA', { staffStates: ['CO'] }))).toEqual(['US-WA']);
  });

  it('knows the US states a company can name', () => {
    expect(isUsStateCode('CO')).toBe(true);
    expect(isUsStateCode('DC')).toBe(true);
    expect(isUsStateCode('ZZ')).toBe(false);
    expect(isUsStateCode('co')).toBe(false);
  });

  it('reads the employer size from the company profile: thresholds by law', () => {
    // California, Washington and Illinois: 15 or more; New York: 4 or more; Hawaii: 50; Minnesota: 30; MA: 25.
    expect(ids(scope('San Francisco, CA', { employees: '1-10' }))).toEqual([]);
    expect(ids(scope('San Francisco, CA', { employees: '11-50' }))).toEqual(['US-CA']);
    expect(ids(scope('Seattle, WA', { employees: '12' }))).toEqual([]);
    expect(ids(scope('Seattle, WA', { employees: '15' }))).toEqual(['US-WA']);
    expect(ids(scope('New York, NY', { employees: '1-3' }))).toEqual([]);
    expect(ids(scope('Honolulu, HI', { employees: '11-49' }))).toEqual([]);
    expect(ids(scope('Honolulu, HI', { employees: '10,000+' }))).toEqual(['US-HI']);
    expect(ids(scope('Minneapolis, MN', { employees: '11-29' }))).toEqual([]);
    expect(ids(scope('Boston, MA', { employees: '2-24' }))).toEqual([]);
    // Colorado, Maryland and DC cover every employer.
    expect(ids(scope('Denver, CO', { employees: '1' }))).toEqual(['US-CO']);
    expect(ids(scope('Baltimore, MD', { employees: '1' }))).toEqual(['US-MD']);
    // An unknown size is taken as covered.
    expect(ids(scope('San Francisco, CA', { employees: null }))).toEqual(['US-CA']);
    expect(ids(scope('San Francisco, CA', { employees: 'a few' }))).toEqual(['US-CA']);
  });

  it('applies a law from its effective date', () => {
    expect(ids(scope('Denver, CO', {}, new Date('2020-12-31T12:00:00Z')))).toEqual([]);
    expect(ids(scope('Denver, CO', {}, new Date('2021-01-01T12:00:00Z')))).toEqual(['US-CO']);
    expect(ids(scope('Boston, MA', {}, new Date('2025-10-28T12:00:00Z')))).toEqual([]);
    expect(ids(scope('Boston, MA', {}, new Date('2025-10-29T12:00:00Z')))).toEqual(['US-MA']);
    expect(ids(scope('Chicago, IL', {}, new Date('2024-12-31T12:00:00Z')))).toEqual([]);
  });

  it('reads headcounts as profiles write them', () => {
    expect(largestHeadcount('51-200')).toBe(200);
    expect(largestHeadcount('1,001-5,000')).toBe(5000);
    expect(largestHeadcount('10,000+')).toBe(Number.POSITIVE_INFINITY);
    expect(largestHeadcount('12')).toBe(12);
    expect(largestHeadcount('1k-5k')).toBe(5000);
    expect(largestHeadcount(null)).toBeNull();
  });

  it('names the law in the refusal, and every rule cites its source and says what must be shown', () => {
    const message = payRangeRequiredMessage(payRulesFor(scope('Remote (Colorado)')));
    expect(message).toContain('Colorado Equal Pay for Equal Work Act (US-CO)');
    for (const rule of PAY_TRANSPARENCY_RULES) {
      expect(rule.source).toMatch(/^https:\/\//);
      expect(rule.effective).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(rule.mustShow).toContain('payRange');
    }
    expect(new Set(PAY_TRANSPARENCY_RULES.map((rule) => rule.id)).size).toBe(PAY_TRANSPARENCY_RULES.length);
  });
});
