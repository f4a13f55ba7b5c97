import { describe, expect, it } from 'vitest';
import { analyticsUrl } from './analytics';
import { auditLogUrl } from './audit-log';
import { candidateSearchUrl } from './candidate-search';
import { jobSearchUrl } from './job-search';
import { jobsBoardUrl } from './jobs-board';
import { referralsUrl } from './referrals';

const params = (query: string) => new URLSearchParams(query);

describe('job search in the address', () => {
  it('reads lists written with commas and writes them back in one order', () => {
    const filters = jobSearchUrl.parse(params('sort=newest&workplace=remote,hybrid&q=fhir&hasReferrer=true'));
    expect(filters).toMatchObject({ q: 'fhir', workplace: ['remote', 'hybrid'], hasReferrer: true, sort: 'newest' });
    expect(jobSearchUrl.href(filters)).toBe(
      '/search-jobs?q=fhir&workplace=remote%2Chybrid&hasReferrer=true&sort=newest',
    );
  });

  it('writes every filter in one order, as saved searches and their alert e-mails link to the page', () => {
    const filters = jobSearchUrl.parse(
      params('postedWithin=7d&minSalary=120000&skills=Epic,SQL&type=full-time,contract&q=nurse informatics'),
    );
    expect(jobSearchUrl.format(filters).toString()).toBe(
      'q=nurse+informatics&type=full-time%2Ccontract&skills=Epic%2CSQL&minSalary=120000&postedWithin=7d',
    );
    expect(jobSearchUrl.href(jobSearchUrl.parse(params('q=fhir&workplace=remote')))).toBe(
      '/search-jobs?q=fhir&workplace=remote',
    );
  });

  it('drops a parameter that is not valid and keeps the others', () => {
    const filters = jobSearchUrl.parse(params('q=fhir&type=forever&minSalary=lots&postedWithin=7d'));
    expect(filters).toMatchObject({ q: 'fhir', type: [], minSalary: undefined, postedWithin: '7d' });
    expect(jobSearchUrl.format(filters).toString()).toBe('q=fhir&postedWithin=7d');
  });

  it('leaves out empty and default values', () => {
    expect(jobSearchUrl.href({ q: '', type: [], hasReferrer: false })).toBe('/search-jobs');
  });
});

describe('candidate search in the address', () => {
  it('round-trips every filter, keeping values that hold commas', () => {
    const filters = candidateSearchUrl.parse(params(''));
    Object.assign(filters, {
      q: 'nurse informaticist',
      jobId: '0b9a3f52-1c7e-4f43-9a55-5d4a1f0f8e21',
      locations: ['Boston, MA', 'Remote'],
      involvement: ['full-time'],
      skills: ['Epic', 'HL7'],
      page: 3,
    });
    const written = candidateSearchUrl.format(filters);
    expect(written.getAll('locations')).toEqual(['Boston, MA', 'Remote']);
    expect(candidateSearchUrl.parse(written)).toEqual(filters);
  });

  it('drops a parameter that is not valid and keeps the others', () => {
    const filters = candidateSearchUrl.parse(
      params('jobTitle=Analyst&involvement=sometimes&page=-4&skills=SQL&jobId=nope'),
    );
    expect(filters).toMatchObject({ q: 'Analyst', involvement: [], page: 1, skills: ['SQL'] });
    expect(filters.jobId).toBeUndefined();
  });

  it('repeats list parameters, so values may hold commas', () => {
    const filters = candidateSearchUrl.parse(params('locations=Boston%2C+MA&locations=Remote&skills=Epic&page=2'));
    expect(filters).toMatchObject({ locations: ['Boston, MA', 'Remote'], skills: ['Epic'], page: 2, pageSize: 12 });
    expect(candidateSearchUrl.format(filters).toString()).toBe(
      'locations=Boston%2C+MA&locations=Remote&skills=Epic&page=2',
    );
  });

  it('reads jobTitle, the older name of q, and writes q', () => {
    expect(candidateSearchUrl.parse(params('jobTitle=Data+Engineer')).q).toBe('Data Engineer');
    expect(candidateSearchUrl.parse(params('q=Analyst&jobTitle=Data+Engineer')).q).toBe('Analyst');
    expect(candidateSearchUrl.href({ q: 'Data Engineer' })).toBe('/search-candidates?q=Data+Engineer');
  });

  it('falls back to the first page for a page that is not a number', () => {
    expect(candidateSearchUrl.parse(params('page=two')).page).toBe(1);
    expect(candidateSearchUrl.format({ page: 1, pageSize: 12, skills: [], q: '' }).toString()).toBe('');
  });
});

describe('the jobs board in the address', () => {
  it('writes the status in lower case and reads it in any case', () => {
    expect(jobsBoardUrl.href({ status: 'OPEN' })).toBe('/jobs-board?status=open');
    expect(jobsBoardUrl.parse(params('status=closed')).status).toBe('CLOSED');
    expect(jobsBoardUrl.parse(params('status=Filled')).status).toBe('FILLED');
    expect(jobsBoardUrl.parse(params('status=archived')).status).toBeUndefined();
  });

  it('keeps the search as typed and leaves out the first page', () => {
    const filters = jobsBoardUrl.parse(params('q=nurse+&page=1'));
    expect(filters).toMatchObject({ q: 'nurse ', page: 1 });
    expect(jobsBoardUrl.format({ ...filters, page: 3 }).toString()).toBe('q=nurse+&page=3');
  });
});

describe('referrals, analytics and the audit log in the address', () => {
  it('links to the company’s pending referrals as the dashboard always has', () => {
    expect(referralsUrl.href({ scope: 'company', status: 'pending' })).toBe(
      '/referrer-dashboard/referrals?scope=company&status=pending',
    );
    expect(referralsUrl.href({ scope: 'mine' })).toBe('/referrer-dashboard/referrals');
    expect(referralsUrl.parse(params('status=lost&scope=company'))).toEqual({ scope: 'company', status: undefined });
  });

  it('keeps a custom analytics range and leaves out the default period', () => {
    const custom = analyticsUrl.parse(params('period=custom&from=2025-01-01&to=2025-03-31'));
    expect(custom).toMatchObject({ period: 'custom', from: '2025-01-01', to: '2025-03-31' });
    expect(analyticsUrl.format(custom).toString()).toBe('period=custom&from=2025-01-01&to=2025-03-31');
    // A custom period still waiting for its days stays in the address while the person picks them.
    expect(analyticsUrl.parse(params('period=custom')).period).toBe('custom');
    expect(analyticsUrl.parse(params('period=forever')).period).toBe('90d');
    expect(analyticsUrl.format({ period: '90d' }).toString()).toBe('');
  });

  it('names the audit log’s person actor in the address and drops days that are not dates', () => {
    const actorId = '00000000-0000-4000-8000-000000000001';
    const filters = auditLogUrl.parse(params(`actor=${actorId}&from=2025-02-30&to=2025-03-01&page=2`));
    expect(filters).toMatchObject({ actorId, from: undefined, to: '2025-03-01', page: 2 });
    expect(auditLogUrl.href({ ...filters, page: 1 })).toBe(
      `/company-dashboard/audit-log?actor=${actorId}&to=2025-03-01`,
    );
  });
});
