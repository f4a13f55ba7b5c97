import { load } from 'cheerio';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, withSession, type SignedUp, type TestApp } from '../../test/harness';
import { fakeWebDist } from '../../test/web-dist';
import { CLOSED_JOB_SHOWN_DAYS } from './job-page';

let t: TestApp;
let admin: SignedUp;
let seeker: SignedUp;
let companySlug: string;
const ORIGIN = 'https://referwell.example';

const postJob = async (overrides: Record<string, unknown> = {}, query = '') => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/jobs${query}`,
    ...withSession(admin.token),
    payload: {
      title: 'Healthcare Integration Engineer (HL7/FHIR)',
      company: 'Page Test <Health> & Co',
      location: 'Boston, MA',
      employmentType: 'full-time',
      description: 'Build the clinical data platform.\n\nWork with "HL7" </script><script>alert(1)</script> feeds.',
      requirements: 'HL7 and FHIR.',
      skills: ['FHIR'],
      salary: '$120k - $150k',
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json<{ id: string }>().id;
};

const page = (url: string, who?: SignedUp) =>
  t.app.inject({ method: 'GET', url, ...(who ? withSession(who.token) : {}) });

beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST_DIR: fakeWebDist(), PUBLIC_URL: ORIGIN } });
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Page Test <Health> & Co' });
  companySlug = admin.body.company!.slug;
  seeker = await signUp(t);
});
afterAll(() => t.close());

describe('server-rendered job page', () => {
  it('answers with the job, its title, description, canonical and link-preview tags in the first response', async () => {
    const id = await postJob();
    const res = await page(`/job/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const $ = load(res.body);
    expect($('title').length).toBe(1);
    expect($('title').text()).toBe('Healthcare Integration Engineer (HL7/FHIR) at Page Test <Health> & Co · Referwell');
    expect($('meta[name="description"]').length).toBe(1);
    expect($('meta[name="description"]').attr('content')).toMatch(/^Page Test <Health> & Co · Boston, MA\. Build/);
    expect($('link[rel="canonical"]').attr('href')).toBe(`${ORIGIN}/job/${id}`);
    expect($('meta[property="og:url"]').attr('content')).toBe(`${ORIGIN}/job/${id}`);
    expect($('meta[property="og:title"]').attr('content')).toContain('Healthcare Integration Engineer');
    expect($('meta[name="twitter:card"]').attr('content')).toBe('summary');
    expect($('meta[name="robots"]').length).toBe(0);
    const root = $('#root');
    expect(root.attr('data-server-rendered')).toBe('true');
    expect(root.find('h1').text()).toBe('Healthcare Integration Engineer (HL7/FHIR)');
    expect(root.find(`a[href="/company/${companySlug}"]`).text()).toBe('Page Test <Health> & Co');
    expect(root.text()).toContain('Boston, MA');
    expect(root.text()).toContain('Work with "HL7" </script><script>alert(1)</script> feeds.');
    // Escaped: the only executable script is the app's own module.
    expect($('script:not([type="application/json"]):not([type="application/ld+json"])').length).toBe(1);
    expect($('script[type="module"]').attr('src')).toBe('/assets/index-abc123.js');
  });

  it("carries the open job's JobPosting structured data, parseable despite hostile text", async () => {
    const id = await postJob();
    const $ = load((await page(`/job/${id}`)).body);
    const blocks = $('script[type="application/ld+json"]');
    expect(blocks.length).toBe(1);
    const posting = JSON.parse(blocks.text());
    expect(posting).toMatchObject({
      '@type': 'JobPosting',
      title: 'Healthcare Integration Engineer (HL7/FHIR)',
      identifier: { value: id },
      hiringOrganization: { name: 'Page Test <Health> & Co', logo: `${ORIGIN}/company-logos/${companySlug}.svg` },
      jobLocation: { address: { addressLocality: 'Boston', addressRegion: 'MA', addressCountry: 'US' } },
      baseSalary: { currency: 'USD', value: { minValue: 120_000, maxValue: 150_000, unitText: 'YEAR' } },
    });
    expect(posting.description).toContain('&lt;/script&gt;&lt;script&gt;alert(1)');

    const logo = await page(`/company-logos/${companySlug}.svg`);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    expect(load(logo.body, { xml: true })('text').text()).toBe('PT');
    expect((await page('/company-logos/no-such-company.svg')).statusCode).toBe(404);
  });

  it('carries the API answer for the viewer, so the app starts without asking again', async () => {
    const id = await postJob();
    const visitor = JSON.parse(load((await page(`/job/${id}`)).body)('#rw-preload').text());
    expect(visitor[`/api/jobs/${id}`]).toEqual((await t.app.inject({ method: 'GET', url: `/api/jobs/${id}` })).json());
    const res = await page(`/job/${id}`, seeker);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const asSeeker = JSON.parse(load(res.body)('#rw-preload').text());
    expect(asSeeker[`/api/jobs/${id}`].viewer).toEqual({ canEdit: false, canApply: true, hasApplied: false });
    expect(res.body).not.toContain('</script><script>alert(1)');
  });

  it('answers 404 for an unknown job, a malformed id and a draft seen from outside its company', async () => {
    const draft = await postJob({}, '?draft=true');
    for (const url of ['/job/6b1f3c1e-0000-4000-8000-000000000000', '/job/not-a-job', `/job/${draft}`]) {
      const res = await page(url, seeker);
      expect(res.statusCode, url).toBe(404);
      const $ = load(res.body);
      expect($('h1').text()).toBe('Job not found');
      expect($('meta[name="robots"]').attr('content')).toBe('noindex');
      expect($('#rw-preload').length).toBe(0);
    }
    const ownDraft = await page(`/job/${draft}`, admin);
    expect(ownDraft.statusCode).toBe(200);
    expect(load(ownDraft.body)('meta[name="robots"]').attr('content')).toBe('noindex');
  });

  it('keeps a closed job out of search engines, and answers 410 Gone once it has been closed a while', async () => {
    const id = await postJob();
    await t.app.inject({
      method: 'PUT',
      url: `/api/jobs/${id}/status`,
      ...withSession(admin.token),
      payload: { status: 'CLOSED' },
    });
    const recent = await page(`/job/${id}`);
    expect(recent.statusCode).toBe(200);
    const $ = load(recent.body);
    expect($('meta[name="robots"]').attr('content')).toBe('noindex');
    expect($('link[rel="canonical"]').length).toBe(0);
    expect($('script[type="application/ld+json"]').length).toBe(0);
    expect($('#root').text()).toContain('This job is no longer accepting applications.');

    await t.app.db.execute(
      sql`update job_postings set updated_at = now() - make_interval(days => ${CLOSED_JOB_SHOWN_DAYS + 1}) where id = ${id}`,
    );
    const gone = await page(`/job/${id}`);
    expect(gone.statusCode).toBe(410);
    expect(load(gone.body)('h1').text()).toBe('Healthcare Integration Engineer (HL7/FHIR)');
  });
});

describe('server-rendered company page', () => {
  it('answers with the company and its open positions in the first response', async () => {
    const id = await postJob({ title: 'Clinical Data Analyst' });
    const res = await page(`/company/${companySlug}`);
    expect(res.statusCode).toBe(200);
    const $ = load(res.body);
    expect($('title').text()).toBe('Page Test <Health> & Co careers · Referwell');
    expect($('meta[name="description"]').attr('content')).toMatch(/^Page Test <Health> & Co: \d+ open positions\./);
    expect($('link[rel="canonical"]').attr('href')).toBe(`${ORIGIN}/company/${companySlug}`);
    expect($('#root h1').text()).toBe('Page Test <Health> & Co');
    expect($(`#root a[href="/job/${id}"]`).text()).toBe('Clinical Data Analyst');
    const preload = JSON.parse($('#rw-preload').text());
    expect(preload[`/api/companies/by-slug/${companySlug}`].company.slug).toBe(companySlug);
  });

  it('answers 404 for an unknown company; its referrers page stays the app shell', async () => {
    const res = await page('/company/no-such-company');
    expect(res.statusCode).toBe(404);
    expect(load(res.body)('h1').text()).toBe('Company not found');
    const referrers = await page(`/company/${companySlug}/referrers`);
    expect(referrers.statusCode).toBe(200);
    expect(referrers.body).toContain('<div id="root"></div>');
  });
});

describe('server-rendered job search (open to visitors, issue 38)', () => {
  it("answers a visitor with the results for the address's query in the first response, and the app's first page preloaded", async () => {
    const id = await postJob({ title: 'Interoperability Analyst (Searchpage)' });
    const res = await page('/search-jobs?q=searchpage');
    expect(res.statusCode).toBe(200);
    const $ = load(res.body);
    expect($('title').text()).toBe('searchpage jobs · Referwell');
    expect($('meta[name="robots"]').attr('content')).toBe('noindex');
    const root = $('#root');
    expect(root.attr('data-server-rendered')).toBe('true');
    expect(root.find('h1').text()).toBe('Find Your Next Job');
    expect(root.find(`a[href="/job/${id}"]`).text()).toBe('Interoperability Analyst (Searchpage)');
    // Searching again needs no script: a plain GET form back to this page.
    expect(root.find('form[method="get"][action="/search-jobs"] input[name="q"]').attr('value')).toBe('searchpage');
    const preload = JSON.parse($('#rw-preload').text()) as Record<string, { items: { id: string }[] }>;
    expect(Object.keys(preload)).toEqual(['/api/jobs?q=searchpage&limit=20']);
    expect(preload['/api/jobs?q=searchpage&limit=20']!.items.map((job) => job.id)).toEqual([id]);
  });

  it('is indexed bare, says so when nothing matches, and reads a malformed address as the app does (shared codec)', async () => {
    const bare = load((await page('/search-jobs')).body);
    expect(bare('link[rel="canonical"]').attr('href')).toBe(`${ORIGIN}/search-jobs`);
    const none = load((await page('/search-jobs?q=zzzznothingmatcheszzzz')).body);
    expect(none('#root [role="status"]').text()).toBe(
      'No jobs match your search. Try fewer words or clear the filters.',
    );
    // The filter that is not valid is dropped, as the app's address reader drops it: the preload is under its key.
    const malformed = await page('/search-jobs?minSalary=lots&q=zzzznothingmatcheszzzz');
    expect(malformed.statusCode).toBe(200);
    const preload = JSON.parse(load(malformed.body)('#rw-preload').text()) as Record<string, unknown>;
    expect(Object.keys(preload)).toEqual(['/api/jobs?q=zzzznothingmatcheszzzz&limit=20']);
  });
});
