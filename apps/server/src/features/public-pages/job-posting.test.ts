import { describe, expect, it } from 'vitest';
import { EMPLOYMENT_TYPES, type Job, type JobInput } from '@referwell/shared';
import { createFactories } from '../../seed/factories';
import { payOf } from '../jobs/port';
import { jobPosting } from './job-posting';
import { placeParts, remoteCountry } from './location';

/**
 * Google's JobPosting lists (https://developers.google.com/search/docs/appearance/structured-data/job-posting,
 * "Structured data type definitions"), written down here so a missing property fails a test.
 * Required: datePosted, description, hiringOrganization, jobLocation (for a fully remote job,
 * applicantLocationRequirements with jobLocationType TELECOMMUTE stand in for it), title.
 * Recommended: applicantLocationRequirements, baseSalary, directApply, employmentType, identifier,
 * jobLocationType (both for remote jobs), validThrough.
 */
const REQUIRED = ['datePosted', 'description', 'hiringOrganization', 'title'] as const;
const RECOMMENDED = ['baseSalary', 'directApply', 'employmentType', 'identifier', 'validThrough'] as const;
const REMOTE = ['jobLocationType', 'applicantLocationRequirements'] as const;
const GOOGLE_EMPLOYMENT_TYPES = [
  'FULL_TIME',
  'PART_TIME',
  'CONTRACTOR',
  'TEMPORARY',
  'INTERN',
  'VOLUNTEER',
  'PER_DIEM',
  'OTHER',
];
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

const factories = createFactories(17);
const origin = 'https://referwell.example';
const now = new Date('2026-11-25T12:00:00Z');

/** A seeded job as the API gives it. */
function seededJob(overrides: Partial<JobInput> = {}): Job {
  const input = { ...factories.job({ company: 'Northwind Health' }), ...overrides };
  return {
    id: '6b1f3c1e-1111-4000-8000-000000000017',
    title: input.title,
    companyName: input.company,
    companyId: '6b1f3c1e-2222-4000-8000-000000000017',
    companySlug: 'northwind-health',
    location: input.location,
    workplace: /remote/i.test(input.location) ? 'remote' : /hybrid/i.test(input.location) ? 'hybrid' : 'onsite',
    employmentType: input.employmentType,
    description: input.description,
    responsibilities: input.responsibilities ?? null,
    requirements: input.requirements,
    skills: input.skills,
    salaryRange: input.salary ?? null,
    pay: payOf(input.salary),
    payTransparency: null,
    deadline: input.deadline ?? null,
    applicationUrl: input.applicationUrl ?? null,
    notOnReferwell: false,
    applyAt: null,
    contactEmail: null,
    referralBonus: null,
    status: 'OPEN',
    createdAt: '2026-11-20T09:30:00.000Z',
    postedBy: null,
    applicationCount: 0,
    viewer: { canEdit: false, canApply: false, hasApplied: false },
    viewerStatus: {
      state: 'visitor',
      headline: null,
      detail: null,
      askFirst: false,
      rule: null,
      referral: null,
      requests: [],
      stage: null,
    },
  };
}

/** Checks a JobPosting against Google's lists and value formats; returns what is wrong. */
function problemsOf(posting: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, what: string) => (ok ? undefined : problems.push(what));
  need(posting['@context'] === 'https://schema.org/' && posting['@type'] === 'JobPosting', '@context/@type');
  for (const key of [...REQUIRED, ...RECOMMENDED]) need(posting[key] !== undefined, `missing ${key}`);
  const remote = posting.jobLocationType === 'TELECOMMUTE';
  if (remote) for (const key of REMOTE) need(posting[key] !== undefined, `missing ${key} (remote)`);
  else need(posting.jobLocation !== undefined, 'missing jobLocation');

  need(typeof posting.title === 'string' && posting.title.length > 0, 'title');
  need(typeof posting.description === 'string' && /<(p|ul|h3)>/.test(posting.description), 'description as HTML');
  need(ISO_DATE_TIME.test(String(posting.datePosted)), 'datePosted ISO 8601');
  need(ISO_DATE_TIME.test(String(posting.validThrough)), 'validThrough ISO 8601');
  need(String(posting.validThrough) > String(posting.datePosted), 'validThrough after datePosted');
  need(GOOGLE_EMPLOYMENT_TYPES.includes(String(posting.employmentType)), 'employmentType value');
  need(typeof posting.directApply === 'boolean', 'directApply boolean');

  const org = posting.hiringOrganization as Record<string, unknown>;
  need(org?.['@type'] === 'Organization' && typeof org.name === 'string', 'hiringOrganization name');
  need(/^https?:\/\//.test(String(org?.sameAs)), 'hiringOrganization sameAs URL');
  need(/^https:\/\/.+\.(svg|png|jpg)$/.test(String(org?.logo)), 'hiringOrganization logo URL');

  if (remote) {
    const area = posting.applicantLocationRequirements as Record<string, unknown>;
    need(
      area?.['@type'] === 'Country' && /^[A-Z]{2}$/.test(String(area.name)),
      'applicantLocationRequirements country',
    );
  } else {
    const address = (posting.jobLocation as { address?: Record<string, unknown> })?.address;
    need(address?.['@type'] === 'PostalAddress', 'jobLocation PostalAddress');
    need(/^[A-Z]{2}$/.test(String(address?.addressCountry)), 'addressCountry');
    need(typeof address?.addressLocality === 'string', 'addressLocality');
  }

  const salary = posting.baseSalary as { currency?: string; value?: Record<string, unknown> } | undefined;
  need(/^[A-Z]{3}$/.test(String(salary?.currency)), 'baseSalary currency');
  need(salary?.value?.['@type'] === 'QuantitativeValue', 'baseSalary QuantitativeValue');
  need(['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'].includes(String(salary?.value?.unitText)), 'baseSalary unitText');
  need(Number(salary?.value?.minValue) <= Number(salary?.value?.maxValue), 'baseSalary min ≤ max');

  const id = posting.identifier as Record<string, unknown>;
  need(id?.['@type'] === 'PropertyValue' && !!id.name && !!id.value, 'identifier');
  return problems;
}

describe('JobPosting structured data', () => {
  it("carries every property Google requires and recommends, for each of the seed's locations and job types", () => {
    for (const location of ['Remote', 'Hybrid — Boston, MA', 'On-site — Nashville, TN', 'Remote (US)']) {
      for (const employmentType of EMPLOYMENT_TYPES) {
        const posting = jobPosting(seededJob({ location, employmentType }), {
          origin,
          companyWebsite: 'https://northwind.example',
          now,
        });
        expect(problemsOf(posting), `${location} ${employmentType}`).toEqual([]);
      }
    }
  });

  it('reads the seeded values into the right properties', () => {
    const job = seededJob({ location: 'Hybrid — Boston, MA', salary: '$120k - $150k', deadline: '2026-12-31' });
    const posting = jobPosting(job, { origin, companyWebsite: null, now });
    expect(posting).toMatchObject({
      title: job.title,
      datePosted: '2026-11-20T09:30:00.000Z',
      validThrough: '2026-12-31T23:59:59Z',
      hiringOrganization: {
        name: 'Northwind Health',
        sameAs: `${origin}/company/northwind-health`,
        logo: `${origin}/company-logos/northwind-health.svg`,
      },
      jobLocation: { address: { addressLocality: 'Boston', addressRegion: 'MA', addressCountry: 'US' } },
      baseSalary: { currency: 'USD', value: { minValue: 120_000, maxValue: 150_000, unitText: 'YEAR' } },
      identifier: { name: 'Northwind Health', value: job.id },
      directApply: true,
    });
    expect('jobLocationType' in posting).toBe(false);
    const remote = jobPosting(seededJob({ location: 'Remote (Canada)', applicationUrl: 'https://x.example/apply' }), {
      origin,
      companyWebsite: null,
      now,
    });
    expect(remote).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'CA' },
      directApply: false,
      validThrough: '2026-12-25T12:00:00.000Z',
    });
  });

  it('writes the description as escaped HTML', () => {
    const job = seededJob({
      description: 'Build <b>FHIR</b> feeds.\n\nShip "fast" & safely.',
      responsibilities: '- Own the interface engine\n- Mentor',
      requirements: 'HL7 v2.',
    });
    expect(jobPosting(job, { origin, companyWebsite: null, now }).description).toBe(
      '<p>Build &lt;b&gt;FHIR&lt;/b&gt; feeds.</p><p>Ship &quot;fast&quot; &amp; safely.</p>' +
        '<h3>Responsibilities</h3><ul><li>Own the interface engine</li><li>Mentor</li></ul>' +
        '<h3>Requirements</h3><p>HL7 v2.</p>',
    );
  });
});

describe('location and salary text', () => {
  it.each([
    ['Boston, MA', { city: 'Boston', region: 'MA', country: 'US' }],
    ['Hybrid — Boston, MA', { city: 'Boston', region: 'MA', country: 'US' }],
    ['On-site — Nashville, TN', { city: 'Nashville', region: 'TN', country: 'US' }],
    ['Toronto, ON', { city: 'Toronto', region: 'ON', country: 'CA' }],
    ['London, United Kingdom', { city: 'London', region: null, country: 'GB' }],
    ['Austin, TX, USA', { city: 'Austin', region: 'TX', country: 'US' }],
    ['Berlin', { city: 'Berlin', region: null, country: null }],
    ['Remote', { city: null, region: null, country: null }],
  ])('%s', (text, expected) => expect(placeParts(text)).toEqual(expected));

  it('finds the country a remote job hires in', () => {
    expect(remoteCountry('Remote (US)')).toBe('US');
    expect(remoteCountry('Remote — Canada')).toBe('CA');
    expect(remoteCountry('Remote')).toBeNull();
  });

  it('states the salary with the shared parser: "120-150k" is 120,000 to 150,000, as the search reads it', () => {
    const context = { origin, companyWebsite: null, now };
    const posting = jobPosting(seededJob({ salary: '120-150k' }), context) as { baseSalary?: unknown };
    expect(posting.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: { '@type': 'QuantitativeValue', minValue: 120_000, maxValue: 150_000, unitText: 'YEAR' },
    });
    const hourly = jobPosting(seededJob({ salary: '€40 - €55 / hour' }), context) as { baseSalary?: unknown };
    expect(hourly.baseSalary).toMatchObject({
      currency: 'EUR',
      value: { minValue: 40, maxValue: 55, unitText: 'HOUR' },
    });
    expect(jobPosting(seededJob({ salary: 'Competitive' }), context)).not.toHaveProperty('baseSalary');
  });
});
