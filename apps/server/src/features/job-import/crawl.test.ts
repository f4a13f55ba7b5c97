import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_IMPORT_MESSAGES, type JobCrawlResponse, type JobCrawlStatus } from '@referwell/shared';
import { selectRows } from '../../db/repository';
import { jobCrawls } from '../../db/schema';
import { createTestApp, signUp, withSession, type SignedUp, type TestApp } from '../../test/harness';
import { drainQueue } from '../../test/queue';
import { AppError } from '../../lib/errors';
import { runInWorker } from '../../lib/worker-task';
import { crawlSite, type CrawlCaps } from './crawl';
import { html, json, readAtsFixture, startFixtureServer, text, type FixtureServer } from '../../test/fixture-server';

let site: FixtureServer;
let elsewhere: FixtureServer;
let t: TestApp;
let admin: SignedUp;
let seeker: SignedUp;
/** Another admin of the same company, for the background-run tests (crawls are rate limited per user). */
let poster: SignedUp;

/** A page with a schema.org JobPosting in JSON-LD, and links. */
const jobPage = (title: string, links: string[] = []) =>
  `<!doctype html><html><head><title>${title}</title><script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title,
    description: `<p>Join Crawl Clinic as a ${title}.</p><h3>Requirements</h3><ul><li>Python and SQL</li></ul>`,
    employmentType: 'FULL_TIME',
    hiringOrganization: { '@type': 'Organization', name: 'Crawl Clinic' },
    jobLocation: {
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: 'Portland', addressRegion: 'OR' },
    },
  })}</script></head><body><h1>${title}</h1>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</body></html>`;

const plainPage = (heading: string, links: string[]) =>
  `<!doctype html><html><head><title>${heading}</title></head><body><main><h1>${heading}</h1><p>Crawl Clinic cares for Portland.</p>${links
    .map((l) => `<a href="${l}">${l}</a>`)
    .join(' ')}</main></body></html>`;

beforeAll(async () => {
  elsewhere = await startFixtureServer();
  elsewhere.route('/jobs/offsite', html(jobPage('Offsite Nurse')));
  site = await startFixtureServer({
    '/robots.txt': text('User-agent: *\nDisallow: /admin/\n\nUser-agent: ReferwellBot\nDisallow: /private/\n'),
    '/careers': html(
      plainPage('Careers at Crawl Clinic', [
        '/careers/jobs/nurse',
        '/careers/jobs/analyst',
        '/careers/jobs/nurse?utm_source=careers',
        '/careers#open-roles',
        '/private/secret-role',
        '/brochure.pdf',
        '/careers/export',
        'mailto:jobs@crawl.example',
        '/about',
        `${elsewhere.origin}/jobs/offsite`,
        'https://boards.greenhouse.io/northwindhealth/jobs/4012345006',
      ]),
    ),
    '/careers/jobs/nurse': html(jobPage('Registered Nurse', ['/careers'])),
    '/careers/jobs/analyst': html(jobPage('Clinical Data Analyst')),
    '/private/secret-role': html(jobPage('Secret Role')),
    '/brochure.pdf': text('%PDF-1.4', 'application/pdf'),
    // Not HTML by its content type (no file extension to tell): fetched, never read as a page.
    '/careers/export': text(jobPage('Exported Role'), 'text/csv'),
    '/about': html(plainPage('About', ['/about/team'])),
    '/about/team': html(plainPage('Team', ['/about/team/history'])),
    '/about/team/history': html(plainPage('History', ['/about/team/history/deep-role'])),
    '/about/team/history/deep-role': html(jobPage('Deep Role')),
    '/greenhouse/v1/boards/northwindhealth/jobs/4012345006': json(readAtsFixture('greenhouse-job.json')),
    // A second site for the cap tests.
    '/slow/start': html(plainPage('Slow careers', ['/slow/page'])),
    '/slow/page': async (req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      html(jobPage('Slow Role'))(req, res);
    },
  });
  t = await createTestApp({
    env: {
      OUTBOUND_ALLOW_HOSTS: `${site.host},${elsewhere.host}`,
      GREENHOUSE_API_URL: `${site.origin}/greenhouse/v1/boards`,
    },
  });
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Crawl Test Clinic' });
  seeker = await signUp(t);
  poster = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Crawl Poster Clinic' });
  // A cold worker thread first loads the page reader from TypeScript source: on a busy machine that alone used up a
  // crawl's 10 s budget for reading a page, so the tests start with a warm one.
  await runInWorker(
    'jobCrawlPage',
    { html: '<html></html>', url: `${site.origin}/` },
    {
      timeoutMs: 60_000,
      onTimeout: () => new AppError(500, 'WARM_UP', 'The worker thread did not start.'),
    },
  );
});
afterAll(async () => {
  await t?.close();
  await site?.close();
  await elsewhere?.close();
});

const ctx = (caps: Partial<CrawlCaps> = {}) => ({ config: t.app.config, caps });
const crawlAs = (who: SignedUp | null, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/jobs/crawl', payload, ...(who ? withSession(who.token) : {}) });
const statusAs = (who: SignedUp | null, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/jobs/crawl/${id}`, ...(who ? withSession(who.token) : {}) });
const pathsHit = (from: number) => site.hits.slice(from).map((h) => h.split('?')[0]);

/** Starts a crawl (202) and waits for the queue to run it: its final state. */
async function crawled(who: SignedUp, url: string): Promise<JobCrawlStatus> {
  const started = await crawlAs(who, { url });
  expect(started.statusCode).toBe(202);
  await drainQueue(t.database, 30_000);
  const res = await statusAs(who, started.json().id);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('POST /api/jobs/crawl', () => {
  it('finds the jobs of a site: same origin only, robots.txt honoured, files skipped, duplicates merged, ATS links imported', async () => {
    const before = site.hits.length;
    const done = await crawled(admin, `${site.origin}/careers`);
    expect(done).toMatchObject({ state: 'done', pagesVisited: 8, jobsFound: 3, error: null });
    const body = done.result as JobCrawlResponse;
    // Not 'Secret Role' (robots.txt), 'Exported Role' (not HTML), 'Offsite Nurse' (another origin) or 'Deep Role' (depth).
    expect(body.jobs.map((j: { job: { title: string } }) => j.job.title)).toEqual([
      'Registered Nurse',
      'Clinical Data Analyst',
      'Senior Frontend Engineer, Patient Experience',
    ]);
    expect(body.jobs[0]).toEqual({
      url: `${site.origin}/careers/jobs/nurse`,
      source: 'json-ld',
      job: expect.objectContaining({
        company: 'Crawl Clinic',
        location: 'Portland, OR',
        job_type: 'full-time',
        requirements: '- Python and SQL',
        skills: ['RN', 'Python', 'SQL'],
      }),
    });
    expect(body.jobs[2]).toMatchObject({
      url: 'https://boards.greenhouse.io/northwindhealth/jobs/4012345006',
      source: 'greenhouse',
    });
    // The /about chain goes one level deeper than the default depth of 3.
    expect(body.stoppedBy).toBe('depth');
    const hit = pathsHit(before);
    expect(hit[0]).toBe('/robots.txt');
    expect(hit).not.toContain('/private/secret-role');
    expect(hit).not.toContain('/brochure.pdf');
    expect(hit).not.toContain('/about/team/history/deep-role');
    expect(elsewhere.hits).toEqual([]);
    expect(hit).toContain('/careers/export');
    // Pages: careers, nurse, analyst, nurse?utm_source, export, about, team, history.
    expect(body.pagesVisited).toBe(8);
  });

  it('answers 202 at once: the crawl row and its queued job are written in one transaction', async () => {
    // A page that takes 2 s: the job is still in the queue when it is looked at.
    const res = await crawlAs(poster, { url: `${site.origin}/slow/page` });
    expect(res.statusCode).toBe(202);
    const started: JobCrawlStatus = res.json();
    expect(started).toMatchObject({ state: 'queued', pagesVisited: 0, jobsFound: 0, result: null, error: null });
    // now() is the transaction's start time: the row and the job share it only when one transaction wrote both.
    const [row] = await selectRows<{ same: boolean }>(
      t.database.db,
      sql`select c.created_at = j.created_at as same
          from job_crawls c
          join graphile_worker._private_jobs j on j.key = ${`crawl-site:${started.id}`}
          where c.id = ${started.id}`,
    );
    expect(row).toEqual({ same: true });
    await drainQueue(t.database, 30_000);
    const done = (await statusAs(poster, started.id)).json();
    expect(done).toMatchObject({ state: 'done', pagesVisited: 1, jobsFound: 1 });
    expect(done.result.jobs[0].job.title).toBe('Slow Role');
    expect(done.finishedAt).not.toBeNull();
  });

  it('shows progress while it runs (pages visited), then the result; running the job again changes nothing', async () => {
    const res = await crawlAs(poster, { url: `${site.origin}/slow/start` });
    const { id } = res.json();
    // The start page is read at once; the second page takes 2 s.
    let seen: JobCrawlStatus | undefined;
    for (let i = 0; i < 100; i++) {
      seen = (await statusAs(poster, id)).json();
      if (seen!.state === 'running' && seen!.pagesVisited >= 1) break;
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    expect(seen).toMatchObject({ state: 'running', pagesVisited: 1, jobsFound: 0, result: null });
    await drainQueue(t.database, 30_000);
    const done: JobCrawlStatus = (await statusAs(poster, id)).json();
    expect(done).toMatchObject({ state: 'done', pagesVisited: 2, jobsFound: 1 });
    expect(done.result?.jobs.map((j) => j.job.title)).toEqual(['Slow Role']);

    // A repeated job (a retry after its worker died once it had finished) leaves the finished crawl alone.
    const before = site.hits.length;
    await t.database.db.execute(
      sql`select graphile_worker.add_job('crawl-site', ${JSON.stringify({ crawlId: id })}::json)`,
    );
    await drainQueue(t.database, 30_000);
    expect(site.hits.length).toBe(before);
    expect((await statusAs(poster, id)).json()).toEqual(done);
  });

  it('a crawl whose worker died is run again from the start, into the same row', async () => {
    const res = await crawlAs(poster, { url: `${site.origin}/careers/jobs/analyst` });
    const { id } = res.json();
    await drainQueue(t.database, 30_000);
    // As a dead worker leaves it: running, with stale progress, and its job released to run again.
    await t.database.db
      .update(jobCrawls)
      .set({ status: 'running', pagesVisited: 7, result: null })
      .where(eq(jobCrawls.id, id));
    await t.database.db.execute(
      sql`select graphile_worker.add_job('crawl-site', ${JSON.stringify({ crawlId: id })}::json)`,
    );
    await drainQueue(t.database, 30_000);
    const done: JobCrawlStatus = (await statusAs(poster, id)).json();
    expect(done).toMatchObject({ state: 'done', pagesVisited: 1, jobsFound: 1 });
    expect(await t.database.db.select().from(jobCrawls).where(eq(jobCrawls.id, id))).toHaveLength(1);
  });

  it("only the member who asked and their company's admins can read a crawl; others get 404", async () => {
    const { id } = (await crawlAs(poster, { url: `${site.origin}/careers/jobs/analyst` })).json();
    await drainQueue(t.database, 30_000);
    const otherAdmin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Other Crawl Clinic' });
    expect((await statusAs(otherAdmin, id)).statusCode).toBe(404);
    expect((await statusAs(seeker, id)).statusCode).toBe(404);
    expect((await statusAs(null, id)).statusCode).toBe(401);
    expect((await statusAs(poster, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await statusAs(poster, 'not-a-uuid')).statusCode).toBe(400);
    expect((await statusAs(poster, id)).statusCode).toBe(200);
  });

  it('only company referrers and admins may crawl (401 / 403), and the URL is validated', async () => {
    expect((await crawlAs(null, { url: `${site.origin}/careers` })).statusCode).toBe(401);
    expect((await crawlAs(seeker, { url: `${site.origin}/careers` })).statusCode).toBe(403);
    const empty = await crawlAs(poster, { url: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(JOB_IMPORT_MESSAGES.urlRequired);
    const invalid = await crawlAs(poster, { url: 'careers page' });
    expect(invalid.json().error.message).toBe(JOB_IMPORT_MESSAGES.urlInvalid);
  });

  it('refuses to start on a private address outside the allow list, without a request reaching it or a crawl stored', async () => {
    const internal = await startFixtureServer({ '/': html(jobPage('Internal')) });
    try {
      const count = async () => (await t.database.db.select().from(jobCrawls)).length;
      const before = await count();
      const res = await crawlAs(admin, { url: `${internal.origin}/` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('OUTBOUND_REFUSED');
      await drainQueue(t.database, 30_000);
      expect(internal.hits).toEqual([]);
      expect(await count()).toBe(before);
    } finally {
      await internal.close();
    }
  });

  it('limits crawls per user (429 after 5 in an hour)', async () => {
    const busy = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Busy Crawlers' });
    for (let i = 0; i < 5; i++) expect((await crawlAs(busy, { url: 'http://10.0.0.1/' })).statusCode).toBe(400);
    const limited = await crawlAs(busy, { url: `${site.origin}/careers` });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(
      /^Too many website searches\. Please wait \d+ minutes and try again\.$/,
    );
  });
});

describe('crawlSite caps (injected small)', () => {
  it('robots.txt disallowing the start page: nothing is fetched but robots.txt', async () => {
    const before = site.hits.length;
    expect(await crawlSite(`${site.origin}/private/secret-role`, ctx())).toEqual({
      jobs: [],
      pagesVisited: 0,
      stoppedBy: null,
      start: { etag: null, lastModified: null },
      notModified: false,
    });
    expect(pathsHit(before)).toEqual(['/robots.txt']);
  });

  it('pages: stops after maxPages', async () => {
    const result = await crawlSite(`${site.origin}/careers`, ctx({ maxPages: 2 }));
    expect(result.pagesVisited).toBe(2);
    expect(result.stoppedBy).toBe('pages');
    expect(result.jobs.map((j) => j.job.title)).toEqual([
      'Registered Nurse',
      'Senior Frontend Engineer, Patient Experience',
    ]);
  });

  it('depth: depth 0 reads only the start page; depth 4 reaches the deepest job', async () => {
    const shallow = await crawlSite(`${site.origin}/careers`, ctx({ maxDepth: 0, maxAtsJobs: 0 }));
    expect(shallow).toMatchObject({ jobs: [], pagesVisited: 1, stoppedBy: 'depth', notModified: false });
    const deep = await crawlSite(`${site.origin}/careers`, ctx({ maxDepth: 4, maxAtsJobs: 0 }));
    expect(deep.stoppedBy).toBeNull();
    expect(deep.jobs.map((j) => j.job.title)).toContain('Deep Role');
  });

  it('bytes: stops when the byte budget is spent', async () => {
    const start = Buffer.byteLength(plainPage('Careers at Crawl Clinic', []));
    const result = await crawlSite(`${site.origin}/careers`, ctx({ maxBytes: start + 1_500, maxAtsJobs: 0 }));
    expect(result.stoppedBy).toBe('bytes');
    expect(result.pagesVisited).toBeLessThan(4);
  });

  it('time: stops when the time limit passes', async () => {
    const started = Date.now();
    const result = await crawlSite(`${site.origin}/slow/start`, ctx({ timeMs: 600 }));
    expect(result.stoppedBy).toBe('time');
    expect(result.jobs).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1_800);
  });
});
