import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_IMPORT_MESSAGES, type ImportedJob } from '@referwell/shared';
import { loadConfig } from '../../config';
import { gzipSpaces } from '../../test/bombs';
import { createTestApp, signUp, withSession, type SignedUp, type TestApp } from '../../test/harness';
import {
  html,
  json,
  readAtsFixture,
  readFixture,
  startFixtureServer,
  type FixtureServer,
} from '../../test/fixture-server';
import { importJobFromUrl } from './service';

let site: FixtureServer;
let t: TestApp;
let admin: SignedUp;
let member: SignedUp;
let seeker: SignedUp;

const expectations = JSON.parse(readFixture('expected.json')) as Record<
  string,
  { url: string; expected: { job: ImportedJob; source: string } | null }
>;
const FIXTURE_ORIGIN = 'https://careers.example.com';

const apiEnv = (s: FixtureServer) => ({
  OUTBOUND_ALLOW_HOSTS: s.host,
  GREENHOUSE_API_URL: `${s.origin}/greenhouse/v1/boards`,
  LEVER_API_URL: `${s.origin}/lever/v0/postings`,
  ASHBY_API_URL: `${s.origin}/ashby/posting-api/job-board`,
  WORKABLE_API_URL: `${s.origin}/workable/api/v1/widget/accounts`,
});

beforeAll(async () => {
  site = await startFixtureServer();
  // Every fixture page at the path its expectation names (https://careers.example.com/jobs/x → /jobs/x).
  for (const [file, { url }] of Object.entries(expectations))
    site.route(new URL(url).pathname, html(readFixture(file)));
  site.route('/greenhouse/v1/boards/northwindhealth/jobs/4012345006', json(readAtsFixture('greenhouse-job.json')));
  site.route(
    '/lever/v0/postings/leverclinic/5ac21346-8e0c-4494-8e7a-3eb92ff77902',
    json(readAtsFixture('lever-posting.json')),
  );
  site.route('/ashby/posting-api/job-board/harborlabs', json(readAtsFixture('ashby-board.json')));
  site.route('/workable/api/v1/widget/accounts/meridiancare', json(readAtsFixture('workable-account.json')));
  site.route(
    '/careers/openings',
    html(
      '<html><head><title>Openings</title></head><body><h1>Openings</h1><div id="grnhse_app"></div>' +
        '<script src="https://boards.greenhouse.io/embed/job_board/js?for=northwindhealth"></script></body></html>',
    ),
  );
  site.route('/big', html(`<html><body><h1>Huge</h1>${'x'.repeat(6 * 1024 * 1024)}</body></html>`));
  site.route('/gone', html('<h1>Gone</h1>', 404));
  site.route('/image.png', (_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(Buffer.alloc(64));
  });
  site.route('/slow', async (_req, res) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    html(readFixture('jsonld-single.html'))(_req, res);
  });

  t = await createTestApp({ env: apiEnv(site) });
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Import Test Clinic' });
  const { inviteCode } = (
    await t.app.inject({
      method: 'GET',
      url: `/api/companies/${admin.body.company!.id}/team`,
      ...withSession(admin.token),
    })
  ).json();
  member = await signUp(t, { role: 'referrer', inviteCode });
  seeker = await signUp(t);
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

const importAs = (who: SignedUp | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/jobs/import',
    payload: payload as object,
    ...(who ? withSession(who.token) : {}),
  });

/** The fixture's expectation with its example origin replaced by the local server's. */
function expectedFor(file: string) {
  const entry = expectations[file]!;
  return JSON.parse(JSON.stringify(entry.expected).replaceAll(FIXTURE_ORIGIN, site.origin)) as {
    job: ImportedJob;
    source: string;
  };
}
const localUrl = (file: string) => expectations[file]!.url.replace(FIXTURE_ORIGIN, site.origin);

describe('POST /api/jobs/import: pages with structured data or none, fetched from a local server', () => {
  it.each([
    ['jsonld-single.html', 'a single JSON-LD JobPosting object'],
    ['jsonld-array.html', 'a JobPosting inside a JSON-LD array'],
    ['jsonld-graph.html', 'a JobPosting inside a JSON-LD @graph'],
    ['microdata.html', 'schema.org microdata'],
    ['page-plain.html', 'no structured data (read from the page)'],
    ['page-dl-labels.html', 'no structured data, labelled facts'],
  ])('%s: %s', async (file) => {
    const res = await importAs(member, { url: localUrl(file) });
    expect(res.statusCode).toBe(200);
    const expected = expectedFor(file);
    expect(res.json()).toEqual({ success: true, data: expected.job, source: expected.source });
  });

  it('spells out the fields of a JSON-LD object', async () => {
    const res = await importAs(admin, { url: `  ${localUrl('jsonld-single.html')}  ` });
    expect(res.json().data).toMatchObject({
      title: 'Senior Backend Engineer, Interoperability',
      company: 'Lumen Health',
      location: 'Boston, MA, US',
      job_type: 'full-time',
      salary_range: '$160,000 - $195,000 per year',
      application_url: 'https://jobs.lumenhealth.example/postings/4821',
      deadline: '2026-03-31',
    });
    expect(res.json().data.skills).toEqual(expect.arrayContaining(['FHIR', 'TypeScript', 'Kubernetes']));
  });

  it("answers success: false saying what happened: an article, no title, a list of jobs, an error page, a file that isn't HTML", async () => {
    expect((await importAs(member, { url: localUrl('no-job.html') })).json()).toEqual({
      success: false,
      error: JOB_IMPORT_MESSAGES.articlePage,
    });
    expect((await importAs(member, { url: localUrl('no-title.html') })).json()).toEqual({
      success: false,
      error: JOB_IMPORT_MESSAGES.noTitle,
    });
    expect((await importAs(member, { url: localUrl('job-list.html') })).json()).toEqual({
      success: false,
      error: JOB_IMPORT_MESSAGES.jobList,
    });
    expect((await importAs(member, { url: `${site.origin}/gone` })).json()).toEqual({
      success: false,
      error: JOB_IMPORT_MESSAGES.siteError(404),
    });
    expect((await importAs(member, { url: `${site.origin}/image.png` })).json()).toEqual({
      success: false,
      error: JOB_IMPORT_MESSAGES.notHtml,
    });
  });

  it('answers success: false when the site cannot be reached', async () => {
    const closed = await startFixtureServer();
    await closed.close();
    const ctx = { config: { ...t.app.config, outboundAllowHosts: [closed.host] } };
    expect(await importJobFromUrl(`${closed.origin}/job`, ctx)).toEqual({
      success: false,
      error: 'Could not connect to the site.',
    });
  });
});

describe('POST /api/jobs/import: applicant-tracking systems through their public APIs', () => {
  it('Greenhouse: boards.greenhouse.io/{board}/jobs/{id} → the Job Board API (escaped HTML content, pay ranges)', async () => {
    const before = site.hits.length;
    const res = await importAs(member, { url: 'https://boards.greenhouse.io/northwindhealth/jobs/4012345006' });
    expect(site.hits.slice(before)).toEqual([
      '/greenhouse/v1/boards/northwindhealth/jobs/4012345006?pay_transparency=true',
    ]);
    expect(res.json()).toEqual({
      success: true,
      source: 'greenhouse',
      data: {
        title: 'Senior Frontend Engineer, Patient Experience',
        company: 'Northwind Health',
        location: 'Denver, CO',
        job_type: 'full-time',
        description:
          'About Northwind Health\n\nNorthwind Health builds scheduling software used by 1,200 community clinics. We’re a team of 140 people across Denver and remote.\n\nQuestions? Write to jobs@northwind.example.',
        responsibilities:
          '- Build patient-facing features in React and TypeScript\n- Design GraphQL APIs backed by PostgreSQL\n- Pair with designers on accessibility (WCAG 2.1)',
        requirements: '- 4+ years of frontend engineering experience\n- Comfort writing tests with Jest and Playwright',
        salary_range: '$135,000 - $165,000 per year',
        application_url: 'https://boards.greenhouse.io/northwindhealth/jobs/4012345006',
        contact_email: 'jobs@northwind.example',
        deadline: '',
        skills: ['React', 'TypeScript', 'GraphQL', 'PostgreSQL', 'WCAG', 'Jest', 'Playwright'],
      },
    });
    // The newer job-boards host and the embed form are the same job.
    const again = await importAs(member, { url: 'https://job-boards.greenhouse.io/northwindhealth/jobs/4012345006' });
    expect(again.json().source).toBe('greenhouse');
    const embed = await importAs(member, {
      url: 'https://boards.greenhouse.io/embed/job_app?for=northwindhealth&token=4012345006',
    });
    expect(embed.json().data.title).toBe('Senior Frontend Engineer, Patient Experience');
  });

  it('Lever: jobs.lever.co/{company}/{id} → the Postings API (lists, commitment, salary range)', async () => {
    const res = await importAs(admin, {
      url: 'https://jobs.lever.co/leverclinic/5ac21346-8e0c-4494-8e7a-3eb92ff77902/apply',
    });
    expect(res.json()).toEqual({
      success: true,
      source: 'lever',
      data: {
        title: 'Care Coordinator (Part-time)',
        company: 'Lever Clinic',
        location: 'Austin, TX',
        job_type: 'part-time',
        description:
          'We are looking for a part-time care coordinator to help patients navigate referrals between primary care and specialists.\n\nYou will work closely with nurses and physicians.\n\nLever Clinic is an equal opportunity employer.',
        responsibilities:
          '- Schedule specialist appointments in Epic\n- Follow up with patients by phone and secure message\n- Track prior authorizations',
        requirements: '- 2+ years in a medical office\n- Familiarity with HIPAA\n- Bilingual English/Spanish is a plus',
        salary_range: '$24 - $30 per hour',
        application_url: 'https://jobs.lever.co/leverclinic/5ac21346-8e0c-4494-8e7a-3eb92ff77902/apply',
        contact_email: '',
        deadline: '',
        skills: ['Epic', 'HIPAA'],
      },
    });
  });

  it('Ashby: jobs.ashbyhq.com/{org}/{id} → the job board API, the job picked by id (compensation, remote)', async () => {
    const res = await importAs(admin, {
      url: 'https://jobs.ashbyhq.com/harborlabs/7b9e1f20-3c4d-4e5f-8a6b-9c0d1e2f3a4b',
    });
    expect(site.hits.at(-1)).toBe('/ashby/posting-api/job-board/harborlabs?includeCompensation=true');
    expect(res.json()).toEqual({
      success: true,
      source: 'ashby',
      data: {
        title: 'Data Engineer',
        company: 'Harbor Labs',
        location: 'Remote - US; Boston, MA',
        job_type: 'contract',
        description: 'Harbor Labs is building the data platform for clinical trials.',
        responsibilities: '- Build ETL pipelines in Python and Airflow\n- Operate our Snowflake warehouse',
        requirements: '- 3+ years of data engineering\n- Strong SQL',
        salary_range: '$140,000 - $170,000 per year',
        application_url: 'https://jobs.ashbyhq.com/harborlabs/7b9e1f20-3c4d-4e5f-8a6b-9c0d1e2f3a4b/application',
        contact_email: '',
        deadline: '',
        skills: ['Clinical Trials', 'ETL', 'Python', 'Airflow', 'Snowflake', 'SQL'],
      },
    });
  });

  it('Workable: apply.workable.com/{account}/j/{shortcode} → the widget API with details, the job picked by shortcode', async () => {
    const res = await importAs(admin, { url: 'https://apply.workable.com/meridiancare/j/4F1C2A9B7E/' });
    expect(site.hits.at(-1)).toBe('/workable/api/v1/widget/accounts/meridiancare?details=true');
    expect(res.json()).toEqual({
      success: true,
      source: 'workable',
      data: {
        title: 'Quality Improvement Intern',
        company: 'Meridian Care',
        location: 'Chicago, Illinois, United States',
        job_type: 'internship',
        description:
          'Meridian Care is hiring a summer intern to support our quality improvement team.\n\nBenefits\n\n- $22 per hour\n- Mentorship from our analytics lead',
        responsibilities:
          '- Analyze patient survey data in Excel and Tableau\n- Prepare weekly reports for clinic managers',
        requirements: '- Current student in public health or statistics\n- Comfortable with SQL',
        salary_range: '$22 per hour',
        application_url: 'https://apply.workable.com/j/4F1C2A9B7E/apply',
        contact_email: '',
        deadline: '',
        skills: ['Excel', 'Tableau', 'SQL'],
      },
    });
  });

  it('a company careers page with ?gh_jid= that embeds a Greenhouse board → the Greenhouse API', async () => {
    const res = await importAs(admin, { url: `${site.origin}/careers/openings?gh_jid=4012345006` });
    expect(res.json()).toMatchObject({
      success: true,
      source: 'greenhouse',
      data: { title: 'Senior Frontend Engineer, Patient Experience', company: 'Northwind Health' },
    });
  });

  it('an ATS job the API does not have answers success: false (404 from Greenhouse, a board without it on Ashby)', async () => {
    const greenhouse = await importAs(admin, { url: 'https://boards.greenhouse.io/northwindhealth/jobs/999' });
    expect(greenhouse.statusCode).toBe(200);
    expect(greenhouse.json()).toEqual({
      success: false,
      error: 'Greenhouse has no open job at that link. It may have been closed.',
    });
    const ashby = await importAs(admin, {
      url: 'https://jobs.ashbyhq.com/harborlabs/00000000-0000-4000-8000-000000000000',
    });
    expect(ashby.json()).toEqual({
      success: false,
      error: 'Ashby has no open job at that link. It may have been closed.',
    });
  });
});

describe('POST /api/jobs/import: who may import, and bad input', () => {
  it('anonymous visitors get 401 and job seekers 403, without any fetch', async () => {
    const before = site.hits.length;
    const anonymous = await importAs(null, { url: localUrl('jsonld-single.html') });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe('You must be logged in to post a job');
    const jobseeker = await importAs(seeker, { url: localUrl('jsonld-single.html') });
    expect(jobseeker.statusCode).toBe(403);
    expect(site.hits.length).toBe(before);
  });

  it.each([
    [{}, JOB_IMPORT_MESSAGES.urlRequired],
    [{ url: '   ' }, JOB_IMPORT_MESSAGES.urlRequired],
    [{ url: 'not a url' }, JOB_IMPORT_MESSAGES.urlInvalid],
    [{ url: 'ftp://example.com/job' }, JOB_IMPORT_MESSAGES.urlInvalid],
    [{ url: 42 }, JOB_IMPORT_MESSAGES.urlRequired],
  ])('%j → 400 %s', async (payload, message) => {
    const res = await importAs(member, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message, fields: { url: message } });
  });

  it('refuses a private address that is not allow-listed (400), and the listener there receives nothing', async () => {
    const internal = await startFixtureServer({ '/admin': html('<h1>secret</h1>') });
    try {
      const res = await importAs(member, { url: `${internal.origin}/admin` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('OUTBOUND_REFUSED');
      const spelled = await importAs(member, { url: `http://2130706433:${internal.port}/admin` });
      expect(spelled.statusCode).toBe(400);
      expect(internal.hits).toEqual([]);
    } finally {
      await internal.close();
    }
  });

  it('refuses a page over the size cap (400 OUTBOUND_REFUSED, too large)', async () => {
    const res = await importAs(admin, { url: `${site.origin}/big` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'OUTBOUND_REFUSED', message: 'That page is too large to import.' });
  });

  it('refuses a compressed page that inflates past the size cap (1 MB of gzip, 1 GB of page), unread', async () => {
    const bomb = await gzipSpaces(1024);
    site.route('/gzip-bomb', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end(bomb);
    });
    const res = await importAs(admin, { url: `${site.origin}/gzip-bomb` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'OUTBOUND_REFUSED', message: 'That page is too large to import.' });
  });

  it('a slow page ends with a clear reason once the (injected) time cap passes', async () => {
    const started = Date.now();
    const result = await importJobFromUrl(`${site.origin}/slow`, {
      config: t.app.config,
      limits: { fetchTimeoutMs: 300 },
    });
    expect(result).toEqual({ success: false, error: 'The site took too long to answer.' });
    expect(Date.now() - started).toBeLessThan(1_400);
  });

  it('limits imports per user (429 after 20 in 10 minutes)', async () => {
    const busy = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Busy Importers' });
    // Refused addresses still count, and need no network.
    for (let i = 0; i < 20; i++) expect((await importAs(busy, { url: 'http://10.0.0.1/job' })).statusCode).toBe(400);
    const limited = await importAs(busy, { url: localUrl('jsonld-single.html') });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/^Too many job imports\. Please wait \d+ minutes and try again\.$/);
    // Someone else is not affected.
    expect((await importAs(admin, { url: localUrl('jsonld-single.html') })).json().success).toBe(true);
  });
});

describe('the optional LLM step (an OpenAI-compatible endpoint, faked locally)', () => {
  let llm: FixtureServer;
  const requests: {
    authorization?: string;
    body: { model: string; response_format: unknown; messages: { role: string; content: string }[] };
  }[] = [];
  let answer: unknown;

  beforeAll(async () => {
    llm = await startFixtureServer({
      '/v1/chat/completions': async (req, res) => {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        requests.push({ authorization: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString()) });
        json({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          model: 'gpt-4o-mini',
          choices: [
            {
              index: 0,
              finish_reason: 'stop',
              message: { role: 'assistant', content: typeof answer === 'string' ? answer : JSON.stringify(answer) },
            },
          ],
        })(req, res);
      },
    });
  });
  afterAll(() => llm?.close());

  const ctx = () => ({
    config: { ...t.app.config, llm: { apiUrl: `${llm.origin}/v1`, apiKey: 'sk-test-key', model: 'gpt-4o-mini' } },
  });

  it('is off unless LLM_API_URL and LLM_API_KEY are set', () => {
    expect(t.app.config.llm).toBeNull();
    const env = { SESSION_SECRET: 'x'.repeat(32), LLM_API_URL: 'https://llm.example/v1/' };
    expect(loadConfig(env).llm).toBeNull();
    expect(loadConfig({ ...env, LLM_API_KEY: 'k' }).llm).toEqual({
      apiUrl: 'https://llm.example/v1',
      apiKey: 'k',
      model: 'gpt-4o-mini',
    });
  });

  it('sends a page without structured data and merges its validated answer (source llm)', async () => {
    answer = {
      title: 'Clinical Data Analyst II',
      company: 'Northwind Health',
      job_type: 'Part-time',
      salary_range: '$40 - $48 per hour',
      deadline: '2026-05-01',
      contact_email: 'not an email',
      skills: ['SQL', 'Tableau', 42],
      unexpected: 'ignored',
    };
    const page = expectedFor('page-plain.html').job;
    const result = await importJobFromUrl(localUrl('page-plain.html'), ctx());
    expect(result.success).toBe(true);
    expect(result.source).toBe('llm');
    expect(result.data).toMatchObject({
      title: 'Clinical Data Analyst II',
      company: 'Northwind Health',
      job_type: 'part-time',
      salary_range: '$40 - $48 per hour',
      deadline: '2026-05-01',
      // Fields the model left out, or gave in an invalid form, keep the page's reading.
      location: page.location,
      description: page.description,
      requirements: page.requirements,
      contact_email: page.contact_email,
    });
    expect(result.data!.skills).toEqual(expect.arrayContaining(['SQL', 'Tableau']));
    const request = requests.at(-1)!;
    expect(request.authorization).toBe('Bearer sk-test-key');
    expect(request.body.model).toBe('gpt-4o-mini');
    expect(request.body.response_format).toEqual({ type: 'json_object' });
    expect(request.body.messages[1]!.content).toContain(localUrl('page-plain.html'));
    expect(request.body.messages[1]!.content.length).toBeLessThan(25_000);
  });

  it('is not asked about pages with structured data', async () => {
    const before = requests.length;
    const result = await importJobFromUrl(localUrl('jsonld-single.html'), ctx());
    expect(result.source).toBe('json-ld');
    expect(requests.length).toBe(before);
  });

  it('reads a job the page heuristics missed; "no job" from the model keeps the failure', async () => {
    answer = { title: 'Night Shift RN', company: 'Example Clinic', job_type: 'full-time', skills: ['Epic'] };
    const found = await importJobFromUrl(localUrl('no-job.html'), ctx());
    expect(found).toMatchObject({
      success: true,
      source: 'llm',
      data: { title: 'Night Shift RN', job_type: 'full-time' },
    });
    expect(found.data!.skills).toEqual(['RN', 'Epic']);
    answer = { title: '' };
    expect(await importJobFromUrl(localUrl('no-job.html'), ctx())).toEqual({
      success: false,
      error: JOB_IMPORT_MESSAGES.articlePage,
    });
  });

  it('an answer that is not the expected JSON leaves the page reading in place', async () => {
    answer = 'Sorry, I cannot help with that.';
    const result = await importJobFromUrl(localUrl('page-plain.html'), ctx());
    expect(result).toEqual({ success: true, source: 'page', data: expectedFor('page-plain.html').job });
  });
});
