import { eq, sql } from 'drizzle-orm';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_SOURCE_MESSAGES, type PlatformJobSource } from '@referwell/shared';
import { selectRows } from '../../db/repository';
import { companies, jobSources } from '../../db/schema';
import { createTestApp, signUp, withSession, type SignedUp, type TestApp } from '../../test/harness';
import { sourceJobs as jobsOfSource, sourceRow as storedSource } from '../../test/job-sources';
import { drainQueue } from '../../test/queue';
import { startFixtureServer, type FixtureServer } from '../../test/fixture-server';
import { matchAtsBoard } from './ats';
import { crawlSource, nameFromBoardSlug } from './sources';
import { withinTimeLimit } from '@referwell/shared/time-limit';

/**
 * Job boards on applicant-tracking systems as job sources: each vendor's public list API, served by a local board
 * server with the documented answer shapes (Greenhouse Job Board API, Lever Postings API, Ashby job posting API,
 * Workable's accounts widget API).
 */
type Posting = { id: string; title: string };
type Mode = 'ok' | '500' | 'junk';
const SLUG = 'boardclinic';
const html = (title: string) =>
  `<p>Join Board Clinic as a ${title}.</p><h3>Requirements</h3><ul><li>Python and SQL</li></ul>`;
const escaped = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

interface Vendor {
  name: string;
  /** The fake API's path for the board's list. */
  path: string;
  /** The public page of the board, as a platform admin pastes it. */
  page: string;
  /** A listed posting's public address (the source's key for it). */
  postingUrl: (p: Posting) => string;
  /** The documented list answer; null when the request is not the documented one. */
  answer: (postings: Posting[], url: URL) => unknown;
  postings: Posting[];
  mode: Mode;
}

const uuid = (n: number) => `0000000${n}-5b1a-4c39-9a51-7d3e2b8c1a11`;
const vendors: Vendor[] = [
  {
    name: 'greenhouse',
    path: `/gh/v1/boards/${SLUG}/jobs`,
    page: `https://boards.greenhouse.io/${SLUG}`,
    postingUrl: (p) => `https://boards.greenhouse.io/${SLUG}/jobs/${p.id}`,
    // GET /v1/boards/{board}/jobs?content=true: { jobs: [...], meta: { total } }, content HTML-escaped.
    answer: (postings, url) =>
      url.searchParams.get('content') !== 'true'
        ? null
        : {
            jobs: postings.map((p) => ({
              id: Number(p.id),
              internal_job_id: Number(p.id) + 1,
              title: p.title,
              updated_at: '2026-12-01T10:00:00-05:00',
              requisition_id: null,
              location: { name: 'Portland, OR' },
              absolute_url: `https://boards.greenhouse.io/${SLUG}/jobs/${p.id}`,
              metadata: null,
              content: escaped(html(p.title)),
              departments: [],
              offices: [],
            })),
            meta: { total: postings.length },
          },
    postings: [],
    mode: 'ok',
  },
  {
    name: 'lever',
    path: `/lever/v0/postings/${SLUG}`,
    page: `https://jobs.lever.co/${SLUG}`,
    postingUrl: (p) => `https://jobs.lever.co/${SLUG}/${p.id}`,
    // GET /v0/postings/{site}?mode=json: an array of postings.
    answer: (postings, url) =>
      url.searchParams.get('mode') !== 'json'
        ? null
        : postings.map((p) => ({
            id: p.id,
            text: p.title,
            categories: {
              commitment: 'Full-time',
              location: 'Portland, OR',
              team: 'Care',
              allLocations: ['Portland, OR'],
            },
            description: html(p.title),
            descriptionPlain: `Join Board Clinic as a ${p.title}.`,
            lists: [],
            additional: '',
            additionalPlain: '',
            hostedUrl: `https://jobs.lever.co/${SLUG}/${p.id}`,
            applyUrl: `https://jobs.lever.co/${SLUG}/${p.id}/apply`,
            workplaceType: 'onsite',
            createdAt: 1767312000000,
          })),
    postings: [],
    mode: 'ok',
  },
  {
    name: 'ashby',
    path: `/ashby/posting-api/job-board/${SLUG}`,
    page: `https://jobs.ashbyhq.com/${SLUG}`,
    postingUrl: (p) => `https://jobs.ashbyhq.com/${SLUG}/${p.id}`,
    // GET /posting-api/job-board/{name}?includeCompensation=true: { apiVersion, jobs: [...] }.
    answer: (postings) => ({
      apiVersion: '1',
      jobs: postings.map((p) => ({
        id: p.id,
        title: p.title,
        department: 'Care',
        team: 'Care',
        employmentType: 'FullTime',
        location: 'Portland, OR',
        secondaryLocations: [],
        publishedAt: '2026-12-01T15:00:00.000+00:00',
        isListed: true,
        isRemote: false,
        workplaceType: 'OnSite',
        jobUrl: `https://jobs.ashbyhq.com/${SLUG}/${p.id}`,
        applyUrl: `https://jobs.ashbyhq.com/${SLUG}/${p.id}/application`,
        descriptionHtml: html(p.title),
        descriptionPlain: `Join Board Clinic as a ${p.title}.`,
      })),
    }),
    postings: [],
    mode: 'ok',
  },
  {
    name: 'workable',
    path: `/workable/api/v1/widget/accounts/${SLUG}`,
    page: `https://apply.workable.com/${SLUG}/`,
    postingUrl: (p) => `https://apply.workable.com/j/${p.id}`,
    // GET /api/v1/widget/accounts/{account}?details=true: { name, description, jobs: [...] }.
    answer: (postings, url) =>
      url.searchParams.get('details') !== 'true'
        ? null
        : {
            name: 'Board Clinic',
            description: '<p>Care for everyone.</p>',
            jobs: postings.map((p) => ({
              title: p.title,
              shortcode: p.id,
              employment_type: 'Full-time',
              telecommuting: false,
              url: `https://apply.workable.com/j/${p.id}`,
              shortlink: `https://apply.workable.com/j/${p.id}`,
              application_url: `https://apply.workable.com/j/${p.id}/apply`,
              city: 'Portland',
              state: 'Oregon',
              country: 'United States',
              locations: [
                { country: 'United States', countryCode: 'US', city: 'Portland', region: 'Oregon', hidden: false },
              ],
              description: `<p>Join Board Clinic as a ${p.title}.</p>`,
              requirements: '<ul><li>Python and SQL</li></ul>',
              benefits: '',
            })),
          },
    postings: [],
    mode: 'ok',
  },
];

const ids: Record<string, (n: number) => string> = {
  greenhouse: (n) => String(4000 + n),
  lever: uuid,
  ashby: uuid,
  workable: (n) => `BC${n}A2B3C4`,
};

/** Each request's conditional headers, by vendor. */
const conditional: Record<string, (string | undefined)[]> = {};

let site: FixtureServer;
let t: TestApp;
let admin: SignedUp;
let operator: SignedUp;
const OPERATOR_EMAIL = 'ops.boards@example.com';
let companyId: string;

function serve(vendor: Vendor) {
  return (req: IncomingMessage, res: ServerResponse) => {
    (conditional[vendor.name] ??= []).push(req.headers['if-none-match']);
    if (vendor.mode === '500') {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"error":"internal"}');
      return;
    }
    const body = vendor.mode === 'junk' ? null : vendor.answer(vendor.postings, new URL(req.url!, 'http://x'));
    if (body === null) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Something went wrong</body></html>');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
}

beforeAll(async () => {
  site = await startFixtureServer();
  for (const vendor of vendors) site.route(vendor.path, serve(vendor));
  site.route(`/gh/v1/boards/${SLUG}`, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ name: 'Board Clinic', content: '<p>Care for everyone.</p>' }));
  });
  t = await createTestApp({
    env: {
      OUTBOUND_ALLOW_HOSTS: site.host,
      PLATFORM_ADMIN_EMAILS: OPERATOR_EMAIL,
      GREENHOUSE_API_URL: `${site.origin}/gh/v1/boards`,
      LEVER_API_URL: `${site.origin}/lever/v0/postings`,
      ASHBY_API_URL: `${site.origin}/ashby/posting-api/job-board`,
      WORKABLE_API_URL: `${site.origin}/workable/api/v1/widget/accounts`,
    },
  });
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Board Clinic' });
  const [membership] = await selectRows<{ company_id: string }>(
    t.database.db,
    sql`select company_id from company_members where user_id = ${admin.body.user.id}`,
  );
  companyId = membership!.company_id;
  operator = await signUp(t, { email: OPERATOR_EMAIL });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

const ctx = () => ({ config: t.app.config });
const sourceJobs = (sourceId: string) => jobsOfSource(t.database.db, sourceId);
const sourceRow = (id: string) => storedSource(t.database.db, id);

describe('board addresses', () => {
  const apis = {
    greenhouse: 'http://127.0.0.1:1/gh',
    lever: 'http://127.0.0.1:1/lv',
    ashby: 'http://127.0.0.1:1/ab',
    workable: 'http://127.0.0.1:1/wk',
  };
  it('maps board pages and public list API addresses to the configured list API; a posting link is no board', () => {
    const board = (url: string) => matchAtsBoard(url, apis)?.apiUrl ?? null;
    expect(board('https://boards.greenhouse.io/acme')).toBe('http://127.0.0.1:1/gh/acme/jobs?content=true');
    expect(board('https://job-boards.greenhouse.io/acme')).toBe('http://127.0.0.1:1/gh/acme/jobs?content=true');
    expect(board('https://boards.greenhouse.io/embed/job_board?for=acme')).toBe(
      'http://127.0.0.1:1/gh/acme/jobs?content=true',
    );
    expect(board('https://boards-api.greenhouse.io/v1/boards/acme/jobs?content=true')).toBe(
      'http://127.0.0.1:1/gh/acme/jobs?content=true',
    );
    expect(board('https://jobs.lever.co/acme')).toBe('http://127.0.0.1:1/lv/acme?mode=json');
    expect(board('https://api.lever.co/v0/postings/acme?mode=json')).toBe('http://127.0.0.1:1/lv/acme?mode=json');
    expect(board('https://jobs.ashbyhq.com/acme')).toBe('http://127.0.0.1:1/ab/acme?includeCompensation=true');
    expect(board('https://api.ashbyhq.com/posting-api/job-board/acme')).toBe(
      'http://127.0.0.1:1/ab/acme?includeCompensation=true',
    );
    expect(board('https://apply.workable.com/acme/')).toBe('http://127.0.0.1:1/wk/acme?details=true');
    expect(board('https://acme.workable.com/')).toBe('http://127.0.0.1:1/wk/acme?details=true');
    expect(board('https://www.workable.com/api/accounts/acme')).toBe('http://127.0.0.1:1/wk/acme?details=true');
    for (const notBoard of [
      'https://boards.greenhouse.io/acme/jobs/4012345006',
      'https://jobs.lever.co/acme/5ac21346-8e0c-4494-8e7a-3eb92ff77902',
      'https://apply.workable.com/acme/j/4F1C2A9B7E/',
      'https://www.workable.com/',
      'https://example.com/acme',
    ])
      expect(board(notBoard), notBoard).toBeNull();
  });
});

describe.each(vendors)('a $name board as a job source', (vendor) => {
  let sourceId: string;
  const id = ids[vendor.name]!;

  it('lists every open job of the board through its public list API', async () => {
    vendor.postings = [
      { id: id(1), title: `${vendor.name} Registered Nurse` },
      { id: id(2), title: `${vendor.name} Care Coordinator` },
      { id: id(3), title: `${vendor.name} Data Analyst` },
    ];
    if (vendor.name === 'greenhouse') {
      // Added by its admin as the public API address, read by the queue.
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/companies/${companyId}/job-sources`,
        payload: { url: `${site.origin}${vendor.path}` },
        ...withSession(admin.token),
      });
      expect(res.statusCode).toBe(201);
      sourceId = res.json().id;
      await drainQueue(t.database, 30_000);
    } else {
      // The board's public page, as pasted from a browser.
      const [row] = await t.database.db
        .insert(jobSources)
        .values({ companyId, addedBy: admin.body.user.id, url: vendor.page })
        .returning();
      sourceId = row!.id;
      expect(await crawlSource(t.database.db, ctx(), sourceId)).toMatchObject({ added: 3, closed: 0 });
    }
    expect(await sourceJobs(sourceId)).toEqual(
      [...vendor.postings]
        .sort((a, b) => a.title.localeCompare(b.title))
        .map((p) => ({ title: p.title, status: 'OPEN', url: vendor.postingUrl(p) })),
    );
    expect(await sourceRow(sourceId)).toMatchObject({ failures: 0, lastError: null, jobsListed: 3 });
    // The fakes send no validators, so none are sent back.
    expect(conditional[vendor.name]!.every((v) => v === undefined)).toBe(true);
  });

  it('closes the job the board no longer lists on the next read', async () => {
    const gone = vendor.postings.pop()!;
    expect(await crawlSource(t.database.db, ctx(), sourceId)).toMatchObject({ added: 0, closed: 1 });
    const jobs = await sourceJobs(sourceId);
    expect(jobs.find((j) => j.title === gone.title)?.status).toBe('CLOSED');
    expect(jobs.filter((j) => j.status === 'OPEN')).toHaveLength(2);
  });

  it('a board answering 500 or junk changes no job and backs off', async () => {
    const before = await sourceJobs(sourceId);
    vendor.mode = '500';
    expect(await crawlSource(t.database.db, ctx(), sourceId)).toBeNull();
    expect(await sourceRow(sourceId)).toMatchObject({ failures: 1, lastError: JOB_SOURCE_MESSAGES.noJobs });
    vendor.mode = 'junk';
    expect(await crawlSource(t.database.db, ctx(), sourceId)).toBeNull();
    const row = await sourceRow(sourceId);
    expect(row.failures).toBe(2);
    expect(row.nextCrawlAt.getTime() - Date.now()).toBeGreaterThan(25 * 60 * 1000);
    expect(await sourceJobs(sourceId)).toEqual(before);
    vendor.mode = 'ok';
    expect(await crawlSource(t.database.db, ctx(), sourceId)).toMatchObject({ added: 0, closed: 0 });
    expect(await sourceRow(sourceId)).toMatchObject({ failures: 0, lastError: null });
  });

  it('a read cut by its cap closes none of the jobs it did not reach', async () => {
    const open = (await sourceJobs(sourceId)).filter((j) => j.status === 'OPEN');
    expect(open).toHaveLength(2);
    const cut = { ...ctx(), caps: { maxBoardJobs: 1 } };
    expect(await crawlSource(t.database.db, cut, sourceId)).toMatchObject({ added: 0, updated: 1, closed: 0 });
    expect((await sourceJobs(sourceId)).filter((j) => j.status === 'OPEN')).toEqual(open);
  });
});

describe('a board of a company not on Referwell, added by a platform admin without a name', () => {
  const greenhouse = vendors[0]!;
  const seen: (string | undefined)[] = [];

  it('is named from its slug at once, renamed by its queued first read, and an unchanged board (304 to its ETag) changes no job', async () => {
    expect(nameFromBoardSlug('acme-health')).toBe('Acme Health');
    expect(nameFromBoardSlug('north_star.care')).toBe('North Star Care');
    let nameReads = 0;
    // The board answers its name only once the test lets it: the request below must answer without waiting for it,
    // and the queued read (which may begin at once, the queue is running) cannot rename the company before we look.
    let answerName!: () => void;
    const nameMayBeAnswered = new Promise<void>((resolve) => (answerName = resolve));
    site.route('/gh/v1/boards/harborcare', async (_req, res) => {
      nameReads++;
      await nameMayBeAnswered;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name: 'Harbor Care', content: '' }));
    });
    const postings = [{ id: '5001', title: 'Harbor Phlebotomist' }];
    site.route('/gh/v1/boards/harborcare/jobs', (req, res) => {
      seen.push(req.headers['if-none-match']);
      if (req.headers['if-none-match'] === '"h1"') {
        res.writeHead(304, { etag: '"h1"' });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', etag: '"h1"' });
      res.end(JSON.stringify(greenhouse.answer(postings, new URL(req.url!, 'http://x'))));
    });
    const add = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/job-sources', payload, ...withSession(operator.token) });
    // The request does not read the board: it answers while the board's name is still held back.
    const res = await withinTimeLimit(
      add({ url: `${site.origin}/gh/v1/boards/harborcare/jobs`, companyName: '' }),
      10_000,
      'adding the board waited for the board to answer',
    );
    expect(res.statusCode).toBe(201);
    const listed = res.json() as PlatformJobSource;
    // Named from the board's slug in the request (which answered while the board's name was held back): the board's
    // own name comes from the queued read.
    expect(listed).toMatchObject({ companyName: 'Harborcare', companySlug: 'harborcare' });
    const [company] = await t.database.db.select().from(companies).where(eq(companies.id, listed.companyId));
    expect(company).toMatchObject({ notOnReferwell: true, website: null, nameFromSlug: true });
    answerName();
    await drainQueue(t.database, 30_000);
    const [renamed] = await t.database.db.select().from(companies).where(eq(companies.id, listed.companyId));
    expect(renamed).toMatchObject({ name: 'Harbor Care', slug: 'harborcare', nameFromSlug: false });
    expect(nameReads).toBe(1);
    expect((await sourceJobs(listed.id)).map((j) => [j.title, j.status])).toEqual([['Harbor Phlebotomist', 'OPEN']]);
    expect(await sourceRow(listed.id)).toMatchObject({ etag: '"h1"', jobsListed: 1 });

    // The board says nothing changed: its listing is not read again and no job changes.
    postings.pop();
    expect(await crawlSource(t.database.db, ctx(), listed.id)).toEqual({ added: 0, updated: 0, closed: 0, held: 0 });
    expect(seen).toEqual([undefined, '"h1"']);
    expect(nameReads).toBe(1); // renamed once: later reads do not ask again
    expect((await sourceJobs(listed.id)).map((j) => j.status)).toEqual(['OPEN']);

    // A typed name is kept; an address that is no board needs one.
    const typed = await add({ url: `${site.origin}/gh/v1/boards/harborcare`, companyName: 'Harbor Care Group' });
    expect(typed.json()).toMatchObject({ companyName: 'Harbor Care Group' });
    const unnamed = await add({ url: `${site.origin}/careers` });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().error.message).toBe(JOB_SOURCE_MESSAGES.nameNeeded);
  });
});
