import { and, eq, sql } from 'drizzle-orm';
import { selectRows } from '../../db/repository';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JOB_SOURCE_FAILURE_NOTICE,
  JOB_SOURCE_MESSAGES,
  NOTIFICATION_TYPES_COMPANY,
  type Job,
  type JobSearchResponse,
  type JobSource,
  type PlatformJobSource,
} from '@referwell/shared';
import { companies, jobPostings, jobSources, notifications } from '../../db/schema';
import { createTestApp, signUp, withSession, type SignedUp, type TestApp } from '../../test/harness';
import { sourceJobs as jobsOfSource, sourceRow as storedSource } from '../../test/job-sources';
import { drainQueue } from '../../test/queue';
import { AppError } from '../../lib/errors';
import { runInWorker } from '../../lib/worker-task';
import { html, startFixtureServer, text, type FixtureServer, type Handler } from '../../test/fixture-server';
import { crawlDueSources, crawlSource, retryDelayMs, SOURCE_PERIOD_MS } from './sources';

let site: FixtureServer;
let t: TestApp;
let admin: SignedUp;
let seeker: SignedUp;
let operator: SignedUp;
let companyId: string;
const OPERATOR_EMAIL = 'ops.sources@example.com';

/** A job page with a schema.org JobPosting in JSON-LD. */
const jobPage = (title: string, locality = 'Portland', region = 'OR', salary = '') =>
  `<!doctype html><html><head><title>${title}</title><script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title,
    description: `<p>Join Source Clinic as a ${title}.${salary ? ` Pay: ${salary}.` : ''}</p><h3>Requirements</h3><ul><li>Python and SQL</li></ul>`,
    employmentType: 'FULL_TIME',
    hiringOrganization: { '@type': 'Organization', name: 'Source Clinic' },
    jobLocation: {
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: locality, addressRegion: region },
    },
  })}</script></head><body><h1>${title}</h1></body></html>`;

const careersPage = (paths: string[]) =>
  `<!doctype html><html><head><title>Careers</title></head><body><main><h1>Careers at Source Clinic</h1>${paths
    .map((p) => `<a href="${p}">${p}</a>`)
    .join(' ')}</main></body></html>`;
const careers = (paths: string[]) => html(careersPage(paths));

/** A careers page that carries an ETag and answers 304 to If-None-Match with it (RFC 9110 §13.1.2). */
const conditional =
  (body: string, etag: string, seen: (string | undefined)[]): Handler =>
  (req, res) => {
    const asked = req.headers['if-none-match'];
    seen.push(asked);
    if (asked === etag) {
      res.writeHead(304, { etag });
      res.end();
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      etag,
      'last-modified': 'Tue, 01 Dec 2026 10:00:00 GMT',
    });
    res.end(body);
  };

beforeAll(async () => {
  site = await startFixtureServer({
    '/robots.txt': text('User-agent: *\nDisallow: /private/\n'),
    '/careers': careers(['/jobs/nurse', '/jobs/analyst', '/private/hidden']),
    '/jobs/nurse': html(jobPage('Registered Nurse')),
    '/jobs/analyst': html(jobPage('Clinical Data Analyst')),
    '/private/hidden': html(jobPage('Hidden Role')),
  });
  t = await createTestApp({ env: { OUTBOUND_ALLOW_HOSTS: site.host, PLATFORM_ADMIN_EMAILS: OPERATOR_EMAIL } });
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Source Clinic' });
  const [membership] = await selectRows<{ company_id: string }>(
    t.database.db,
    sql`select company_id from company_members where user_id = ${admin.body.user.id}`,
  );
  companyId = membership!.company_id;
  seeker = await signUp(t);
  operator = await signUp(t, { email: OPERATOR_EMAIL });
  await runInWorker(
    'jobCrawlPage',
    { html: '<html></html>', url: `${site.origin}/` },
    { timeoutMs: 60_000, onTimeout: () => new AppError(500, 'WARM_UP', 'The worker thread did not start.') },
  );
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

const call = (who: SignedUp, method: 'GET' | 'POST' | 'DELETE', path = '', payload?: object) =>
  t.app.inject({ method, url: `/api/companies/${companyId}/job-sources${path}`, payload, ...withSession(who.token) });
const ctx = () => ({ config: t.app.config });
const sourceJobs = (sourceId: string) => jobsOfSource(t.database.db, sourceId);
const sourceRow = (id: string) => storedSource(t.database.db, id);

describe('job sources crawled on a schedule', () => {
  let source: JobSource;

  it('adds a source for its admins, reads it at once and adds its jobs (robots.txt honoured)', async () => {
    const res = await call(admin, 'POST', '', { url: `${site.origin}/careers` });
    expect(res.statusCode).toBe(201);
    source = res.json();
    await drainQueue(t.database, 60_000);
    expect(await sourceJobs(source.id)).toEqual([
      { title: 'Clinical Data Analyst', status: 'OPEN', url: `${site.origin}/jobs/analyst` },
      { title: 'Registered Nurse', status: 'OPEN', url: `${site.origin}/jobs/nurse` },
    ]);
    const list = await call(admin, 'GET');
    expect(list.statusCode).toBe(200);
    const [listed] = list.json().items as JobSource[];
    expect(listed).toMatchObject({ id: source.id, lastError: null, failures: 0, jobsListed: 2, openJobs: 2 });
    expect(listed!.lastCrawledAt).not.toBeNull();
    const next = new Date(listed!.nextCrawlAt).getTime() - Date.now();
    expect(next).toBeGreaterThan(SOURCE_PERIOD_MS * 0.85);
    expect(next).toBeLessThan(SOURCE_PERIOD_MS * 1.15);
  });

  it('refuses bad input with 4xx and stores nothing: a duplicate, a private address, someone not its admin', async () => {
    const again = await call(admin, 'POST', '', { url: `${site.origin}/careers` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(JOB_SOURCE_MESSAGES.duplicate);
    expect((await call(admin, 'POST', '', { url: 'http://127.0.0.1/careers' })).statusCode).toBe(400);
    expect((await call(admin, 'POST', '', { url: 'not a url' })).statusCode).toBe(400);
    expect((await call(seeker, 'POST', '', { url: `${site.origin}/other` })).statusCode).toBe(403);
    expect((await call(admin, 'GET')).json().items).toHaveLength(1);
  });

  it('on its next scheduled run adds new postings, updates changed ones and closes those gone', async () => {
    site.route('/careers', careers(['/jobs/nurse', '/jobs/coordinator']));
    site.route('/jobs/nurse', html(jobPage('Registered Nurse II')));
    site.route('/jobs/coordinator', html(jobPage('Care Coordinator')));
    // Not due yet: the scheduled run leaves it alone.
    expect(await crawlDueSources(t.database.db)).toBe(0);
    await t.database.db
      .update(jobSources)
      .set({ nextCrawlAt: new Date(Date.now() - 1000) })
      .where(eq(jobSources.id, source.id));
    expect(await crawlDueSources(t.database.db)).toBe(1);
    // Leased: a second run (another process) does not queue it again.
    expect(await crawlDueSources(t.database.db)).toBe(0);
    await drainQueue(t.database, 60_000);
    expect(await sourceJobs(source.id)).toEqual([
      { title: 'Care Coordinator', status: 'OPEN', url: `${site.origin}/jobs/coordinator` },
      { title: 'Clinical Data Analyst', status: 'CLOSED', url: `${site.origin}/jobs/analyst` },
      { title: 'Registered Nurse II', status: 'OPEN', url: `${site.origin}/jobs/nurse` },
    ]);
  });

  it('holds a new posting as a draft where a pay-transparency law asks for a range it does not give', async () => {
    site.route('/careers', careers(['/jobs/nurse', '/jobs/coordinator', '/jobs/boston']));
    site.route('/jobs/boston', html(jobPage('Boston Case Manager', 'Boston', 'MA')));
    const outcome = await crawlSource(t.database.db, ctx(), source.id);
    expect(outcome).toMatchObject({ added: 1, updated: 2, closed: 0 });
    const boston = (await sourceJobs(source.id)).find((j) => j.title === 'Boston Case Manager');
    expect(outcome!.held).toBe(1);
    expect(boston?.status).toBe('DRAFT');
  });

  it('a board answering 500 or junk changes no job, records the error and backs off longer each time', async () => {
    const before = await sourceJobs(source.id);
    site.route('/careers', html('<h1>Internal error</h1>', 500));
    expect(await crawlSource(t.database.db, ctx(), source.id)).toBeNull();
    let row = await sourceRow(source.id);
    expect(row).toMatchObject({ failures: 1, lastError: JOB_SOURCE_MESSAGES.noJobs });
    expect(row.nextCrawlAt.getTime() - Date.now()).toBeGreaterThan(retryDelayMs(1) - 5_000);
    expect(row.nextCrawlAt.getTime() - Date.now()).toBeLessThan(retryDelayMs(1) + 5_000);

    site.route('/careers', text('{"not": "a careers page"}', 'application/json'));
    expect(await crawlSource(t.database.db, ctx(), source.id)).toBeNull();
    row = await sourceRow(source.id);
    expect(row.failures).toBe(2);
    expect(row.nextCrawlAt.getTime() - Date.now()).toBeGreaterThan(retryDelayMs(2) - 5_000);
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
    expect(await sourceJobs(source.id)).toEqual(before);
    const listed = ((await call(admin, 'GET')).json().items as JobSource[])[0]!;
    expect(listed).toMatchObject({ failures: 2, lastError: JOB_SOURCE_MESSAGES.noJobs });

    // Back again: the error clears.
    site.route('/careers', careers(['/jobs/nurse']));
    expect(await crawlSource(t.database.db, ctx(), source.id)).toMatchObject({ closed: 2 });
    expect(await sourceRow(source.id)).toMatchObject({ failures: 0, lastError: null });
  });

  it('removes a source for its admins; its jobs stay', async () => {
    expect((await call(admin, 'DELETE', `/${source.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', `/${source.id}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET')).json().items).toEqual([]);
    const kept = await t.database.db.select().from(jobPostings).where(eq(jobPostings.companyName, 'Source Clinic'));
    expect(kept.length).toBeGreaterThanOrEqual(4);
  });
});

const admin_ = (who: SignedUp, method: 'GET' | 'POST' | 'DELETE', path = '', payload?: object) =>
  t.app.inject({ method, url: `/api/admin/job-sources${path}`, payload, ...withSession(who.token) });
const told = async (userId: string, type: string) =>
  (
    await t.database.db
      .select({ id: notifications.id, message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)))
  ).length;

describe('boards of companies not on Referwell (platform admins)', () => {
  let listed: PlatformJobSource;
  let jobId: string;
  const seen: (string | undefined)[] = [];

  it('refuses everyone but the platform admins: a company admin cannot list a board for another company', async () => {
    const body = { url: `${site.origin}/listed/careers`, companyName: 'Listed Clinic' };
    expect((await admin_(admin, 'POST', '', body)).statusCode).toBe(403);
    expect((await admin_(seeker, 'POST', '', body)).statusCode).toBe(403);
    expect((await admin_(admin, 'GET')).json().error.message).toBe(JOB_SOURCE_MESSAGES.onlyPlatformAdmins);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/job-sources' })).statusCode).toBe(401);
    expect(await t.database.db.select().from(companies).where(eq(companies.name, 'Listed Clinic'))).toEqual([]);
  });

  it('lists the company as not on Referwell with its board; its jobs are searchable, labelled, and apply at the source', async () => {
    site.route('/listed/careers', conditional(careersPage(['/listed/phlebotomist']), '"v1"', seen));
    site.route('/listed/phlebotomist', html(jobPage('Listed Phlebotomist')));
    const res = await admin_(operator, 'POST', '', {
      url: `${site.origin}/listed/careers`,
      companyName: 'Listed Clinic',
    });
    expect(res.statusCode).toBe(201);
    listed = res.json();
    expect(listed).toMatchObject({ companyName: 'Listed Clinic', companySlug: 'listed-clinic', failures: 0 });
    const [company] = await t.database.db.select().from(companies).where(eq(companies.id, listed.companyId));
    expect(company).toMatchObject({ notOnReferwell: true, website: site.origin });
    await drainQueue(t.database, 60_000);

    const search = await t.app.inject({ method: 'GET', url: '/api/jobs?q=Phlebotomist' });
    expect(search.statusCode).toBe(200);
    const [card] = (search.json() as JobSearchResponse).items;
    expect(card).toMatchObject({ title: 'Listed Phlebotomist', companyName: 'Listed Clinic', notOnReferwell: true });
    jobId = card!.id;
    const page = await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, ...withSession(seeker.token) });
    const job = page.json() as Job;
    expect(job).toMatchObject({ notOnReferwell: true, applyAt: `${site.origin}/listed/phlebotomist` });
    expect(job.viewer.canApply).toBe(false);
    const apply = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${jobId}/apply`,
      payload: {},
      ...withSession(seeker.token),
    });
    expect(apply.statusCode).toBe(409);

    const list = (await admin_(operator, 'GET')).json().items as PlatformJobSource[];
    expect(list).toEqual([expect.objectContaining({ id: listed.id, jobsListed: 1, openJobs: 1, lastError: null })]);
    // A second board of the same company goes under the same company; a company on Referwell is its admins' to add.
    const again = await admin_(operator, 'POST', '', {
      url: `${site.origin}/listed/more`,
      companyName: 'listed clinic',
    });
    expect(again.json()).toMatchObject({ companyId: listed.companyId });
    expect((await admin_(operator, 'DELETE', `/${again.json().id}`)).statusCode).toBe(204);
    const customer = await admin_(operator, 'POST', '', { url: `${site.origin}/other`, companyName: 'Source Clinic' });
    expect(customer.statusCode).toBe(409);
    expect(customer.json().error.message).toBe(JOB_SOURCE_MESSAGES.companyOnReferwell('Source Clinic'));
  });

  it('sends the validators back: a 304 changes no job and counts as a good read', async () => {
    expect(seen.at(-1)).toBeUndefined();
    const row = await sourceRow(listed.id);
    expect(row).toMatchObject({ etag: '"v1"', lastModified: 'Tue, 01 Dec 2026 10:00:00 GMT' });
    await t.database.db
      .update(jobSources)
      .set({ failures: 2, lastError: 'earlier' })
      .where(eq(jobSources.id, listed.id));
    // The posting changed, but the board says nothing did: it is not read.
    site.route('/listed/phlebotomist', html(jobPage('Listed Phlebotomist II')));
    const hits = site.hits.length;
    expect(await crawlSource(t.database.db, ctx(), listed.id)).toEqual({ added: 0, updated: 0, closed: 0, held: 0 });
    expect(seen.at(-1)).toBe('"v1"');
    expect(site.hits.slice(hits).filter((p) => p.startsWith('/listed/'))).toEqual(['/listed/careers']);
    const after = await sourceRow(listed.id);
    expect(after).toMatchObject({ failures: 0, lastError: null, jobsListed: 1 });
    expect(after.lastCrawledAt!.getTime()).toBeGreaterThan(row.lastCrawledAt!.getTime());
    expect((await sourceJobs(listed.id)).map((j) => j.title)).toEqual(['Listed Phlebotomist']);
  });

  it('tells the platform admins (and a customer its own admins) once per failure streak', async () => {
    site.route('/listed/careers', html('<h1>Down</h1>', 500));
    const own = (await call(admin, 'POST', '', { url: `${site.origin}/own/careers` })).json() as JobSource;
    site.route('/own/careers', html('<h1>Down</h1>', 500));
    await drainQueue(t.database, 60_000);
    const { platformJobSourceFailing, jobSourceFailing } = NOTIFICATION_TYPES_COMPANY;
    for (let i = 0; i < JOB_SOURCE_FAILURE_NOTICE + 2; i++) {
      await crawlSource(t.database.db, ctx(), listed.id);
      // The own source's first read (queued when it was added) already failed once: both keep the same count.
      if ((await sourceRow(own.id)).failures < (await sourceRow(listed.id)).failures)
        await crawlSource(t.database.db, ctx(), own.id);
      const streak = (await sourceRow(listed.id)).failures;
      expect(await told(operator.body.user.id, platformJobSourceFailing)).toBe(
        streak >= JOB_SOURCE_FAILURE_NOTICE ? 2 : 0,
      );
    }
    expect(await told(admin.body.user.id, jobSourceFailing)).toBe(1);
    // A good read ends the streak; the next streak is told again.
    site.route('/listed/careers', careers(['/listed/phlebotomist']));
    await crawlSource(t.database.db, ctx(), listed.id);
    expect((await sourceRow(listed.id)).failures).toBe(0);
    site.route('/listed/careers', html('<h1>Down</h1>', 500));
    for (let i = 0; i < JOB_SOURCE_FAILURE_NOTICE; i++) await crawlSource(t.database.db, ctx(), listed.id);
    expect(await told(operator.body.user.id, platformJobSourceFailing)).toBe(3);
    expect((await call(admin, 'DELETE', `/${own.id}`)).statusCode).toBe(204);
  });

  it('once someone from the company joins, the label goes, applications come here and its admins take the sources over', async () => {
    const [company] = await t.database.db.select().from(companies).where(eq(companies.id, listed.companyId));
    await signUp(t, { role: 'referrer', inviteCode: company!.inviteCode });
    const job = (await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, ...withSession(seeker.token) })).json();
    expect(job).toMatchObject({ notOnReferwell: false, applyAt: null, viewer: { canApply: true } });
    expect((await admin_(operator, 'GET')).json().items).toEqual([]);
    expect((await admin_(operator, 'DELETE', `/${listed.id}`)).statusCode).toBe(404);
  });
});
