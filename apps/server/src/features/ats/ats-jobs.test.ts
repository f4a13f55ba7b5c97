import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AtsConnection, AtsJobLink, AtsSyncEntry, Job } from '@referwell/shared';
import { companyAuditLog, jobPostings } from '../../db/schema';
import { greenhouseTestEnv, startFakeGreenhouse, type FakeGreenhouse } from '../../test/fake-greenhouse';
import {
  createTestApp,
  multipartFile,
  requestsTo,
  signUp,
  withSession,
  type SignedUp,
  type TestApp,
} from '../../test/harness';
import { drainQueue, recordQueuedJobs } from '../../test/queue';
import { queueApplicationPush, reconcileAll } from './sync';

// ATS jobs and direct applications (issue 33) against the fake Greenhouse Harvest API: "Import open jobs" makes the
// ATS's open jobs the company's jobs (a missing pay range a law requires keeps one a draft with the reason), once
// each; the reconciliation keeps them in sync (title, location, description, pay; closed there, closed here); a
// seeker's direct application to a linked job is pushed with the applicant source and no referrer, once, and its
// hire comes back through the same webhook as a referral's.

let t: TestApp;
let gh: FakeGreenhouse;
let admin: SignedUp;
let member: SignedUp;
let companyId: string;
let connection: AtsConnection;

const WEBHOOK_SECRET = 'whsec-greenhouse-jobs-0123456789abcdef';
const RESUME_PDF = readFileSync(path.join(import.meta.dirname, '../talent/resume/fixtures/r01-pdf-engineer.pdf'));
const { call, ok } = requestsTo(() => t);
const base = () => `/api/companies/${companyId}/ats/connections/${connection.id}`;
const log = () => ok<AtsSyncEntry[]>('GET', `${base()}/sync-log`, admin);
const links = () => ok<AtsJobLink[]>('GET', `${base()}/job-links`, admin);
const linkOf = async (atsJobId: string) => (await links()).find((l) => l.atsJobId === atsJobId);
const jobOf = async (atsJobId: string) => ok<Job>('GET', `/api/jobs/${(await linkOf(atsJobId))!.jobId}`, admin);

beforeAll(async () => {
  gh = await startFakeGreenhouse();
  // A Colorado role without a pay range: Colorado's law requires one in the posting.
  gh.jobs.push({
    id: 87760,
    name: 'Charge Nurse',
    status: 'open',
    offices: [{ name: 'Denver', location: { name: 'Denver, CO' } }],
  });
  t = await createTestApp({ env: { ...greenhouseTestEnv(gh), RATE_LIMIT_SCALE: '100' } });
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Harbor Health' });
  companyId = admin.body.company!.id;
  const { inviteCode } = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
  member = await signUp(t, { role: 'referrer', inviteCode, name: 'Priya Shah' });
  connection = await ok<AtsConnection>('POST', `/api/companies/${companyId}/ats/connections`, admin, {
    vendor: 'greenhouse',
    apiKey: gh.apiKey,
    onBehalfOf: '4080',
    sourceId: '12',
    applicationSourceId: '13',
    webhookSecret: WEBHOOK_SECRET,
  });
  await drainQueue(t.database);
});

afterAll(async () => {
  await t?.close();
  await gh?.close();
});

describe('ATS jobs imported and kept in sync (Greenhouse)', () => {
  it('imports the open jobs as the company jobs, once each; one lacking a required pay range waits as a draft', async () => {
    expect((await call('POST', `${base()}/jobs/import`, member)).statusCode).toBe(403);
    const queued = await call('POST', `${base()}/jobs/import`, admin);
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json()).toMatchObject({ kind: 'import_jobs', state: 'pending' });
    await drainQueue(t.database);
    const entry = (await log()).find((e) => e.id === queued.json().id);
    expect(entry).toMatchObject({ state: 'succeeded', vendorStatus: 200 });
    expect(entry!.vendorAnswer).toBe(
      '3 open jobs: 3 imported (1 kept as drafts for a missing pay range), 0 updated, 0 closed',
    );
    expect(gh.requests.some((r) => r.path === '/v1/job_posts?live=true&per_page=500')).toBe(true);

    // The posting's text, location and pay range came from the job post and the job's salary_range field.
    const engineer = await jobOf('87752');
    expect(engineer).toMatchObject({
      title: 'Interface Engineer',
      companyName: 'Harbor Health',
      location: 'Boston, MA',
      employmentType: 'full-time',
      status: 'OPEN',
      pay: { min: 110000, max: 140000, currency: 'USD', period: 'YEAR' },
    });
    expect(engineer.description).toContain('Keep the hospital feeds flowing.');
    expect(engineer.requirements).toContain('HL7 v2');
    expect(await linkOf('87752')).toMatchObject({ imported: true, status: 'OPEN' });
    // No post: the title stands for the description, the requirements point to it.
    expect(await jobOf('87753')).toMatchObject({
      title: 'Clinical Data Analyst',
      status: 'OPEN',
      employmentType: 'contract',
    });
    // Colorado requires a range: kept as a draft with the law named, exactly as an imported posting is.
    const nurse = await jobOf('87760');
    expect(nurse.status).toBe('DRAFT');
    expect(nurse.payTransparency?.heldReason).toMatch(/US-CO/);
    // A closed ATS job is not imported.
    expect(await linkOf('87754')).toBeUndefined();

    const [audited] = await t.app.db
      .select()
      .from(companyAuditLog)
      .where(and(eq(companyAuditLog.companyId, companyId), eq(companyAuditLog.action, 'ats.jobs_imported')));
    expect(audited).toBeDefined();

    // Importing again duplicates nothing: the jobs are found by the vendor's job id.
    const again = await ok<AtsSyncEntry>('POST', `${base()}/jobs/import`, admin);
    await drainQueue(t.database);
    expect((await log()).find((e) => e.id === again.id)!.vendorAnswer).toBe(
      '3 open jobs: 0 imported (0 kept as drafts for a missing pay range), 3 updated, 0 closed',
    );
    expect((await links()).filter((l) => l.imported)).toHaveLength(3);
  });

  it('the reconciliation copies changes, opens a draft that gained its range and closes what closed in the ATS', async () => {
    const engineer = gh.jobs.find((j) => j.id === 87752)!;
    engineer.name = 'Senior Interface Engineer';
    engineer.custom_fields = { salary_range: { min_value: 125000, max_value: 155000, unit: 'USD' } };
    gh.jobPosts[0]!.location = { name: 'Cambridge, MA' };
    gh.jobs.find((j) => j.id === 87760)!.custom_fields = {
      salary_range: { min_value: 80000, max_value: 98000, unit: 'USD' },
    };
    gh.jobs.find((j) => j.id === 87753)!.status = 'closed';

    await reconcileAll(t.app.db);
    await drainQueue(t.database);
    const read = (await log()).find((e) => e.kind === 'reconcile');
    expect(read).toMatchObject({ state: 'succeeded' });
    expect(read!.vendorAnswer).toMatch(/; 2 open jobs: 0 imported .*, 2 updated, 1 closed$/);

    expect(await jobOf('87752')).toMatchObject({
      title: 'Senior Interface Engineer',
      location: 'Cambridge, MA',
      pay: { min: 125000, max: 155000 },
      status: 'OPEN',
    });
    expect(await jobOf('87760')).toMatchObject({ status: 'OPEN', pay: { min: 80000, max: 98000 } });
    expect((await jobOf('87753')).status).toBe('CLOSED');

    // A job the admin linked by hand stays theirs: never overwritten by the ATS.
    const own = await ok<{ id: string }>('POST', '/api/jobs', admin, {
      title: 'Our Own Title',
      company: 'Harbor Health',
      location: 'Remote',
      employmentType: 'full-time',
      description: 'Written here.',
      requirements: 'Care.',
      skills: [],
    });
    gh.jobs.push({ id: 87770, name: 'Their Title', status: 'open', offices: [] });
    await ok('POST', `${base()}/jobs/refresh`, admin);
    await drainQueue(t.database);
    await ok('PUT', `${base()}/job-links`, admin, { jobId: own.id, atsJobId: '87770' });
    await reconcileAll(t.app.db);
    await drainQueue(t.database);
    expect((await ok<Job>('GET', `/api/jobs/${own.id}`, admin)).title).toBe('Our Own Title');
    expect(await linkOf('87770')).toMatchObject({ jobId: own.id, imported: false });
  });

  it('a job Greenhouse closed reopens here, announced, when Greenhouse opens it again; one a person closed stays closed', async () => {
    expect((await jobOf('87753')).status).toBe('CLOSED');
    gh.jobs.find((j) => j.id === 87753)!.status = 'open';
    const queued = await recordQueuedJobs(t.database);
    await reconcileAll(t.app.db);
    await drainQueue(t.database);
    expect((await jobOf('87753')).status).toBe('OPEN');
    expect(await queued('match-saved-searches')).toBe(1);

    await ok('PUT', `/api/jobs/${(await linkOf('87753'))!.jobId}/status`, admin, { status: 'CLOSED' });
    await reconcileAll(t.app.db);
    await drainQueue(t.database);
    expect((await jobOf('87753')).status).toBe('CLOSED');
  });

  it('an outage while importing writes nothing and is retried; "Retry now" then imports', async () => {
    gh.jobs.push({ id: 87780, name: 'Night Pharmacist', status: 'open', offices: [] });
    gh.failNext('GET /v1/job_posts', 500);
    const queued = await ok<AtsSyncEntry>('POST', `${base()}/jobs/import`, admin);
    await drainQueue(t.database);
    expect((await log()).find((e) => e.id === queued.id)).toMatchObject({
      state: 'retrying',
      vendorStatus: 500,
      attempts: 1,
    });
    expect(await linkOf('87780')).toBeUndefined();

    expect((await call('POST', `${base()}/sync-log/${queued.id}/retry`, admin)).statusCode).toBe(200);
    await drainQueue(t.database);
    expect((await log()).find((e) => e.id === queued.id)).toMatchObject({ state: 'succeeded', attempts: 2 });
    expect(await linkOf('87780')).toMatchObject({ imported: true, status: 'OPEN' });
  });
});

describe('Direct applications pushed to the ATS (Greenhouse)', () => {
  it('pushes a direct application with the applicant source, its résumé and no referrer, once; its hire comes back', async () => {
    const jobId = (await linkOf('87752'))!.jobId;
    const seeker = await signUp(t, { name: 'Alex Applicant' });
    const resume = await t.app.inject({
      method: 'POST',
      url: '/api/talent/resume',
      ...multipartFile(RESUME_PDF, 'alex-applicant.pdf'),
      ...withSession(seeker.token),
    });
    expect(resume.statusCode, resume.body).toBeLessThan(300);
    const applied = await call('POST', `/api/jobs/${jobId}/apply`, seeker, { note: 'I run HL7 feeds today.' });
    expect(applied.statusCode, applied.body).toBeLessThan(300);
    await drainQueue(t.database);

    const entry = (await log()).find((e) => e.kind === 'push_application');
    expect(entry, JSON.stringify(await log())).toMatchObject({ state: 'succeeded', attempts: 1, vendorStatus: 200 });
    const candidate = [...gh.candidates.values()].find((c) => c.first_name === 'Alex' && c.last_name === 'Applicant');
    expect(candidate!.email_addresses[0]!.value).toBe(seeker.body.user.email);
    expect(candidate!.applications).toHaveLength(1);
    expect(candidate!.applications[0]).toMatchObject({ jobs: [{ id: 87752 }], referrer: null, source: { id: 13 } });
    expect(candidate!.tags).toContain('Applied');
    // The résumé on the applicant's profile, attached as a Harvest resume attachment (base64 content).
    expect(candidate!.attachments).toEqual([
      { filename: 'alex-applicant.pdf', type: 'resume', content_type: 'application/pdf', size: RESUME_PDF.length },
    ]);

    // The application's job running again sends nothing.
    const before = gh.requests.length;
    expect(await queueApplicationPush(t.app.db, entry!.subject!)).toBe('known');
    await drainQueue(t.database);
    expect(gh.requests.length).toBe(before);

    // A hire in Greenhouse moves the applicant's pipeline to Hired, as a referral's does.
    const applicationId = candidate!.applications[0]!.id;
    gh.moveApplication(applicationId, { stage: 'Hired', status: 'hired', startsAt: '2027-02-01' });
    const delivery = gh.webhook(WEBHOOK_SECRET, 'hire_candidate', applicationId);
    const hired = await t.app.inject({
      method: 'POST',
      url: `/api/ats/webhooks/${connection.id}`,
      headers: delivery.headers,
      payload: delivery.body,
    });
    expect(hired.json()).toEqual({ received: true, outcome: 'moved' });
    const tracking = await ok<{ talentId: string; stage: string }[]>('GET', `/api/jobs/${jobId}/tracking`, admin);
    expect(tracking.find((e) => e.talentId === seeker.body.user.id)?.stage).toBe('hired');
  });

  it('a job not linked to the ATS pushes nothing', async () => {
    const jobId = (
      await ok<{ id: string }>('POST', '/api/jobs', member, {
        title: 'Unlinked Role',
        company: 'Harbor Health',
        location: 'Remote',
        employmentType: 'full-time',
        description: 'Not in the ATS.',
        requirements: 'None.',
        skills: [],
      })
    ).id;
    const seeker = await signUp(t, { name: 'Sam Unlinked' });
    await ok('POST', `/api/jobs/${jobId}/apply`, seeker, {});
    await drainQueue(t.database);
    expect((await log()).filter((e) => e.kind === 'push_application')).toHaveLength(1);
    expect([...gh.candidates.values()].some((c) => c.first_name === 'Sam')).toBe(false);
  });
});

describe('Revoking and reconnecting the same vendor (Greenhouse)', () => {
  it('keeps the job links and what was pushed: a reconnect updates the imported jobs, duplicates nothing', async () => {
    const before = await links();
    const imported = before.filter((l) => l.imported && l.atsJobId);
    expect(imported.length).toBeGreaterThan(0);
    const companyJobs = async () =>
      (await t.app.db.select({ id: jobPostings.id }).from(jobPostings).where(eq(jobPostings.companyId, companyId)))
        .length;
    const jobsBefore = await companyJobs();
    const pushedApplication = (await log()).find((e) => e.kind === 'push_application' && e.state === 'succeeded')!;
    await ok('PUT', `${base()}/stage-mapping`, admin, {
      stageMapping: { ...connection.stageMapping, 'Team Lunch': 'interviewed' },
    });

    await ok('DELETE', base(), admin);
    connection = await ok<AtsConnection>('POST', `/api/companies/${companyId}/ats/connections`, admin, {
      vendor: 'greenhouse',
      apiKey: gh.apiKey,
      onBehalfOf: '4080',
      sourceId: '12',
      applicationSourceId: '13',
      webhookSecret: WEBHOOK_SECRET,
    });
    await drainQueue(t.database);
    // The admin's mapping and the links come along.
    expect(connection.stageMapping['Team Lunch']).toBe('interviewed');
    const after = await links();
    for (const link of imported) expect(after).toContainEqual(link);

    const again = await ok<AtsSyncEntry>('POST', `${base()}/jobs/import`, admin);
    await drainQueue(t.database);
    expect((await log()).find((e) => e.id === again.id)!.vendorAnswer).toMatch(/: 0 imported .*, \d+ updated/);
    expect(await companyJobs()).toBe(jobsBefore);

    // An application pushed through the revoked connection is known to the new one: nothing is sent again.
    const requests = gh.requests.length;
    expect(await queueApplicationPush(t.app.db, pushedApplication.subject!)).toBe('queued');
    await drainQueue(t.database);
    expect((await log()).find((e) => e.kind === 'push_application')).toMatchObject({
      state: 'succeeded',
      vendorAnswer: 'Already in the ATS.',
    });
    expect(gh.requests.length).toBe(requests);
  });
});
