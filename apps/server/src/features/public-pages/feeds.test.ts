import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, withSession, type SignedUp, type TestApp } from '../../test/harness';
import { fakeWebDist } from '../../test/web-dist';
import { parseXml } from '../../test/xml';

let t: TestApp;
let admin: SignedUp;
let slug: string;
const ORIGIN = 'https://referwell.example';
const HOSTILE = 'Ends a section ]]> early, & <b>tags</b> and a control \u0007 character.';
const ids: Record<'open' | 'remote' | 'closed' | 'draft', string> = { open: '', remote: '', closed: '', draft: '' };

async function postJob(title: string, overrides: Record<string, unknown> = {}, query = '') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/jobs${query}`,
    ...withSession(admin.token),
    payload: {
      title,
      company: 'Feed Test Health',
      location: 'Boston, MA',
      employmentType: 'full-time',
      description: HOSTILE,
      requirements: 'HL7 and FHIR.',
      skills: ['FHIR'],
      salary: '$120k - $150k',
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json<{ id: string }>().id;
}

beforeAll(async () => {
  const webDist = fakeWebDist();
  writeFileSync(path.join(webDist, 'prerendered.json'), JSON.stringify(['/', '/how-it-works']));
  t = await createTestApp({ env: { WEB_DIST_DIR: webDist, PUBLIC_URL: ORIGIN } });
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Feed Test Health' });
  slug = admin.body.company!.slug;
  ids.open = await postJob('Integration Engineer');
  ids.remote = await postJob('Remote Data Analyst', { location: 'Remote (Canada)', employmentType: 'contract' });
  ids.closed = await postJob('Closed Role');
  ids.draft = await postJob('Draft Role', {}, '?draft=true');
  await t.app.inject({
    method: 'PUT',
    url: `/api/jobs/${ids.closed}/status`,
    ...withSession(admin.token),
    payload: { status: 'CLOSED' },
  });
});
afterAll(() => t.close());

describe('sitemap', () => {
  it('lists the public pages, every company and every open job with lastmod', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const $ = parseXml(res.body);
    expect($.root().children().first().prop('tagName')).toBe('URLSET');
    expect($('urlset').attr('xmlns')).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = new Map(
      $('url')
        .toArray()
        .map((url) => [$(url).children('loc').text(), $(url).children('lastmod').text() || null] as const),
    );
    expect(urls.has(`${ORIGIN}/`)).toBe(true);
    expect(urls.has(`${ORIGIN}/how-it-works`)).toBe(true);
    expect(urls.get(`${ORIGIN}/company/${slug}`)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(urls.get(`${ORIGIN}/job/${ids.open}`)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(urls.has(`${ORIGIN}/job/${ids.remote}`)).toBe(true);
    expect(urls.has(`${ORIGIN}/job/${ids.closed}`)).toBe(false);
    expect(urls.has(`${ORIGIN}/job/${ids.draft}`)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml?page=2' })).statusCode).toBe(404);
  });

  it('is named in robots.txt', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('job feed (/jobs.xml)', () => {
  it('lists every open job in the XML job-feed format, its text safe in CDATA', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/jobs.xml' });
    expect(res.statusCode).toBe(200);
    const $ = parseXml(res.body);
    expect($.root().children().first().prop('tagName')).toBe('SOURCE');
    expect($('source > publisher').text()).toBe('Referwell');
    const jobs = new Map(
      $('job')
        .toArray()
        .map((job) => [$(job).children('referencenumber').text(), $(job)] as const),
    );
    const text = (job: ReturnType<typeof $>, field: string) => job.children(field).text();
    expect(jobs.has(ids.closed)).toBe(false);
    expect(jobs.has(ids.draft)).toBe(false);

    const open = jobs.get(ids.open)!;
    for (const field of ['title', 'date', 'referencenumber', 'url', 'company', 'city', 'state', 'country']) {
      expect(open.children(field).length, field).toBe(1);
    }
    expect(text(open, 'title')).toBe('Integration Engineer');
    expect(new Date(text(open, 'date')).toUTCString()).toBe(text(open, 'date'));
    expect(text(open, 'url')).toBe(`${ORIGIN}/job/${ids.open}`);
    expect(text(open, 'company')).toBe('Feed Test Health');
    expect([text(open, 'city'), text(open, 'state'), text(open, 'country')]).toEqual(['Boston', 'MA', 'US']);
    expect(text(open, 'salary')).toBe('$120k - $150k');
    expect(text(open, 'jobtype')).toBe('fulltime');
    // The description is the posting's HTML; ']]>' and the control character did not break the document.
    expect(text(open, 'description')).toContain(
      '<p>Ends a section ]]&gt; early, &amp; &lt;b&gt;tags&lt;/b&gt; and a control  character.</p>',
    );

    const remote = jobs.get(ids.remote)!;
    expect([text(remote, 'city'), text(remote, 'state'), text(remote, 'country')]).toEqual(['', '', 'CA']);
    expect(text(remote, 'jobtype')).toBe('contract');
    expect(text(remote, 'remotetype')).toBe('Fully remote');
  });
});

describe('company Atom feed', () => {
  it("lists the company's open jobs as Atom entries", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/company/${slug}/jobs.atom` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/atom+xml');
    const $ = parseXml(res.body);
    expect($('feed').attr('xmlns')).toBe('http://www.w3.org/2005/Atom');
    expect($('feed > title').text()).toBe('Feed Test Health jobs');
    expect($('feed > id').text()).toBe(`${ORIGIN}/company/${slug}`);
    expect($('feed > updated').text()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const entries = $('entry')
      .toArray()
      .map((entry) => $(entry));
    expect(entries.map((entry) => entry.children('title').text()).sort()).toEqual([
      'Integration Engineer',
      'Remote Data Analyst',
    ]);
    const entry = entries.find((e) => e.children('id').text() === `${ORIGIN}/job/${ids.open}`)!;
    expect(entry.children('link').attr('href')).toBe(`${ORIGIN}/job/${ids.open}`);
    expect(entry.children('summary').text()).toBe('Boston, MA · Full-time · $120k - $150k');
    expect(entry.children('content').text()).toContain('<p>Ends a section ]]&gt; early');
  });

  it('is linked from the company page, and 404 for an unknown company', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/company/${slug}` });
    expect(page.body).toContain(
      `type="application/atom+xml" title="Feed Test Health jobs" href="/company/${slug}/jobs.atom"`,
    );
    expect((await t.app.inject({ method: 'GET', url: '/company/nobody-here/jobs.atom' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/company/${slug}/referrers` })).statusCode).toBe(200);
  });
});
