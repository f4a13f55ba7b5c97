import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATS_MESSAGES, type AtsConnection, type AtsJobLink, type AtsSyncEntry, type Job } from '@referwell/shared';
import { atsCandidates, atsConnections, candidatePipelines, referrals } from '../../db/schema';
import { ashbyTestEnv, startFakeAshby, type FakeAshby } from '../../test/fake-ashby';
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
import { answerConsentAsCandidate } from '../referrals/decisions';
import { queueReferralPush, reconcileAll } from './sync';

// The Ashby adapter (issue 33) against a contract-faithful fake Ashby API: connect with a source, push on consent
// crediting the referrer's Ashby user (creditedToUserId) with the Referral source, résumé upload, an existing
// candidate linked; webhooks signed in Ashby-Signature (forged, unsigned refused; replays changing nothing); a hire
// completing the referral; reconciliation; a `success: false` refusal not retried; 429 retried; a refused key.

let t: TestApp;
let ab: FakeAshby;
let admin: SignedUp;
let member: SignedUp;
let companyId: string;
let connection: AtsConnection;
let jobId: string;

const WEBHOOK_SECRET = 'ashby-secret-token-0123456789abcdef';
const TEAM_NOTE = 'Built our claims pipeline with me.';
const RESUME_PDF = readFileSync(path.join(import.meta.dirname, '../talent/resume/fixtures/r01-pdf-engineer.pdf'));
const { call, ok } = requestsTo(() => t);
const base = () => `/api/companies/${companyId}/ats/connections`;
const log = () => ok<AtsSyncEntry[]>('GET', `${base()}/${connection.id}/sync-log`, admin);
const pushOf = async (referralId: string) =>
  (await log()).find((e) => e.kind === 'push_referral' && e.subject === referralId);
const job = () => ab.jobs[0]!;
const referralSource = () => ab.sources[0]!;

async function referAndConsent(name: string, email?: string): Promise<{ referralId: string; seeker: SignedUp }> {
  const seeker = await signUp(t, { name, ...(email ? { email } : {}) });
  const referral = await ok<{ id: string }>('POST', '/api/referrals', member, {
    talentId: seeker.body.user.id,
    jobId,
    notes: TEAM_NOTE,
  });
  await drainQueue(t.database);
  expect(await pushOf(referral.id)).toBeUndefined();
  await ok('POST', `/api/referrals/${referral.id}/consent`, seeker, { decision: 'confirm' });
  await drainQueue(t.database);
  return { referralId: referral.id, seeker };
}

const candidatesWith = (email: string) =>
  [...ab.candidates.values()].filter((c) => c.primaryEmailAddress?.value.toLowerCase() === email.toLowerCase());

async function applicationOf(referralId: string): Promise<string> {
  const [row] = await t.app.db.select().from(atsCandidates).where(eq(atsCandidates.referralId, referralId));
  return row!.atsApplicationId;
}

const postWebhook = (delivery: { body: string; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/ats/webhooks/${connection.id}`,
    headers: delivery.headers,
    payload: delivery.body,
  });

const stageOf = async (talentId: string) =>
  (await ok<{ talentId: string; stage: string }[]>('GET', `/api/jobs/${jobId}/tracking`, admin)).find(
    (e) => e.talentId === talentId,
  )?.stage;

beforeAll(async () => {
  ab = await startFakeAshby();
  t = await createTestApp({ env: { ...ashbyTestEnv(ab), RATE_LIMIT_SCALE: '100' } });
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Ridge Health' });
  companyId = admin.body.company!.id;
  const { inviteCode } = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
  member = await signUp(t, { role: 'referrer', inviteCode, name: 'Ines Moreau' });
  // The referrer is an Ashby user too: that is whom Ashby credits.
  ab.users.push({ id: randomUUID(), email: member.body.user.email, firstName: 'Ines', lastName: 'Moreau' });
  jobId = (
    await ok<{ id: string }>('POST', '/api/jobs', admin, {
      title: 'Interface Engineer',
      company: 'Ridge Health',
      location: 'Boston, MA',
      salary: '$110,000 - $140,000 per year',
      employmentType: 'full-time',
      description: 'Keep the feeds flowing.',
      requirements: 'HL7.',
      skills: ['HL7'],
      referralBonusAmount: 1500,
      referralBonusCurrency: 'USD',
    })
  ).id;
});

afterAll(async () => {
  await t?.close();
  await ab?.close();
});

describe('ATS connections (Ashby)', () => {
  it('connects with a sealed key and the Referral source, reads the open jobs, tests, links a job', async () => {
    const notAnId = await call('POST', base(), admin, {
      vendor: 'ashby',
      apiKey: ab.apiKey,
      sourceId: '12',
      webhookSecret: WEBHOOK_SECRET,
    });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().error.fields.sourceId).toBe(ATS_MESSAGES.idUuid);

    connection = await ok<AtsConnection>('POST', base(), admin, {
      vendor: 'ashby',
      apiKey: ab.apiKey,
      sourceId: referralSource().id,
      webhookSecret: WEBHOOK_SECRET,
    });
    expect(connection).toMatchObject({ vendor: 'ashby', status: 'active', hasKey: true, onBehalfOf: null });
    expect(JSON.stringify(await ok('GET', base(), admin))).not.toContain(ab.apiKey);

    await drainQueue(t.database);
    expect(await ok('GET', `${base()}/${connection.id}/jobs`, admin)).toEqual([
      { id: ab.jobs[1]!.id, title: 'Clinical Data Analyst', location: 'Remote' },
      { id: job().id, title: 'Interface Engineer', location: 'Boston, MA' },
    ]);
    const test = await ok<AtsSyncEntry>('POST', `${base()}/${connection.id}/test`, admin);
    await drainQueue(t.database);
    expect((await log()).find((e) => e.id === test.id)).toMatchObject({ state: 'succeeded', vendorStatus: 200 });
    expect(ab.requests.some((r) => r.method === 'apiKey.info')).toBe(true);
    await ok('PUT', `${base()}/${connection.id}/job-links`, admin, { jobId, atsJobId: job().id });
  });

  it('pushes a consented referral crediting the referrer and the Referral source; a retry sends nothing', async () => {
    const { referralId } = await referAndConsent('Dana Reyes');
    const entry = await pushOf(referralId);
    expect(entry, JSON.stringify(await log())).toMatchObject({ state: 'succeeded', attempts: 1, vendorStatus: 200 });
    const [candidate] = [...ab.candidates.values()].filter((c) => c.name === 'Dana Reyes');
    const credited = { id: ab.users[0]!.id, email: member.body.user.email };
    expect(candidate).toMatchObject({ source: referralSource(), creditedToUser: credited });
    const application = ab.applications.get(candidate!.applicationIds[0]!);
    expect(application).toMatchObject({ job: { id: job().id }, source: referralSource(), creditedToUser: credited });
    expect(candidate!.notes).toHaveLength(1);
    expect(candidate!.notes[0]!.content).toContain(`Referred by Ines Moreau: ${TEAM_NOTE}`);
    expect(entry!.vendorAnswer).toBe(`Created candidate ${candidate!.id}, application ${application!.id}`);

    const before = ab.requests.length;
    expect(await queueReferralPush(t.app.db, referralId)).toBe('known');
    await drainQueue(t.database);
    expect(ab.requests.length).toBe(before);
  });

  it('uploads the résumé of an external referral with candidate.uploadResume', async () => {
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/referrals/resume',
      ...multipartFile(RESUME_PDF, 'sam-resume.pdf'),
      ...withSession(member.token),
    });
    expect(upload.statusCode).toBe(201);
    const email = `sam.lee.${Date.now()}@example.com`;
    const made = await ok<{ id: string }>('POST', '/api/referrals/external', member, {
      jobId,
      name: 'Sam Lee',
      email,
      relationship: 'worked_together',
      vouch: 'worked_directly',
      resumeUploadId: upload.json().uploadId,
      notes: TEAM_NOTE,
    });
    const [row] = await t.app.db.select().from(referrals).where(eq(referrals.id, made.id));
    await answerConsentAsCandidate(t.app.db, row!.talentId, made.id, 'confirm');
    await drainQueue(t.database);
    expect(await pushOf(made.id)).toMatchObject({ state: 'succeeded' });
    expect(candidatesWith(email)[0]!.resumes).toEqual([
      { name: 'sam-resume.pdf', contentType: 'application/pdf', size: RESUME_PDF.length },
    ]);
  });

  it('links a candidate Ashby already has by e-mail instead of creating a second one', async () => {
    const email = `morgan.existing.${Date.now()}@example.com`;
    const existing = ab.addCandidate('Morgan Existing', email);
    const { referralId } = await referAndConsent('Morgan Existing', email);
    expect(candidatesWith(email)).toHaveLength(1);
    expect(existing.applicationIds).toHaveLength(1);
    expect((await pushOf(referralId))!.vendorAnswer).toBe(
      `Linked to existing candidate ${existing.id}, application ${existing.applicationIds[0]}`,
    );
  });

  it('pushes a direct application with its résumé, without the Referral source or a credited referrer', async () => {
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
    expect(entry, JSON.stringify(await log())).toMatchObject({ state: 'succeeded', attempts: 1 });
    const [candidate] = [...ab.candidates.values()].filter((c) => c.name === 'Alex Applicant');
    const application = ab.applications.get(candidate!.applicationIds[0]!);
    expect(application).toMatchObject({ job: { id: job().id }, source: null, creditedToUser: null });
    expect(candidate!.notes).toHaveLength(0);
    // The résumé on the applicant's profile, sent with candidate.uploadResume (multipart `resume`).
    expect(candidate!.resumes).toEqual([
      { name: 'alex-applicant.pdf', contentType: 'application/pdf', size: RESUME_PDF.length },
    ]);
  });

  it('verifies Ashby-Signature: forged or absent 401; a replay changes nothing; a ping is ignored', async () => {
    const { referralId, seeker } = await referAndConsent('Casey Webhook');
    const applicationId = await applicationOf(referralId);
    ab.moveApplication(applicationId, { stage: 'Phone Screen' });

    expect((await postWebhook(ab.webhook('not-the-secret', 'candidateStageChange', applicationId))).statusCode).toBe(
      401,
    );
    const unsigned = ab.webhook(WEBHOOK_SECRET, 'candidateStageChange', applicationId, { signature: null });
    expect((await postWebhook(unsigned)).statusCode).toBe(401);
    const githubStyle = ab.webhook(WEBHOOK_SECRET, 'candidateStageChange', applicationId, { signature: 'sha256 zz' });
    expect((await postWebhook(githubStyle)).statusCode).toBe(401);
    expect(await stageOf(seeker.body.user.id)).toBe('referred');

    const delivery = ab.webhook(WEBHOOK_SECRET, 'candidateStageChange', applicationId);
    expect((await postWebhook(delivery)).json()).toEqual({ received: true, outcome: 'moved' });
    expect(await stageOf(seeker.body.user.id)).toBe('scheduled');
    expect((await postWebhook(delivery)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await postWebhook(ab.webhook(WEBHOOK_SECRET, 'ping', applicationId))).json()).toEqual({
      received: true,
      outcome: 'ignored',
    });
    const unknown = await postWebhook(ab.webhook(WEBHOOK_SECRET, 'applicationUpdate', randomUUID()));
    expect(unknown.json()).toEqual({ received: true, outcome: 'unknown_candidate' });

    const body = JSON.stringify({ action: 'candidateHire', data: {} });
    const signature = `sha256=${createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex')}`;
    const missing = await postWebhook({
      body,
      headers: { 'content-type': 'application/json', 'ashby-signature': signature },
    });
    expect(missing.statusCode).toBe(400);
  });

  it('a hire in Ashby moves the pipeline to Hired from its offer start date: the referral completes, the bonus falls due', async () => {
    const { referralId, seeker } = await referAndConsent('Jordan Hire');
    const applicationId = await applicationOf(referralId);
    await ok('PUT', `${base()}/${connection.id}/stage-mapping`, admin, {
      stageMapping: { ...connection.stageMapping, 'Team Lunch': 'interviewed' },
    });
    ab.moveApplication(applicationId, { stage: 'Team Lunch' });
    await postWebhook(ab.webhook(WEBHOOK_SECRET, 'candidateStageChange', applicationId));
    expect(await stageOf(seeker.body.user.id)).toBe('interviewed');

    ab.moveApplication(applicationId, { stage: 'Hired', status: 'Hired', startDate: '2027-03-15' });
    // The start date is on the offer: the hire is read back from Ashby on the queue, never during the webhook.
    const hired = await postWebhook(ab.webhook(WEBHOOK_SECRET, 'candidateHire', applicationId));
    expect(hired.json()).toEqual({ received: true, outcome: 'queued' });
    await drainQueue(t.database);
    expect(await stageOf(seeker.body.user.id)).toBe('hired');
    expect(ab.requests.some((r) => r.method === 'offer.list' && r.body?.applicationId === applicationId)).toBe(true);
    const [pipeline] = await t.app.db
      .select({ startDate: candidatePipelines.startDate })
      .from(candidatePipelines)
      .where(eq(candidatePipelines.talentId, seeker.body.user.id));
    expect(pipeline!.startDate).toBe('2027-03-15');
    const referral = await ok<{ status: string; bonus: { state: string; dueOn?: string | null } }>(
      'GET',
      `/api/referrals/${referralId}`,
      admin,
    );
    expect(referral).toMatchObject({ status: 'completed', bonus: { state: 'due' } });
    expect(referral.bonus.dueOn! >= '2027-03-15').toBe(true);
  });

  it('reconciles a missed webhook from application.list', async () => {
    const { referralId, seeker } = await referAndConsent('Quinn Missed');
    ab.moveApplication(await applicationOf(referralId), { stage: 'Onsite' });
    expect(await reconcileAll(t.app.db)).toBe(1);
    await drainQueue(t.database);
    expect(await stageOf(seeker.body.user.id)).toBe('interviewed');
  });

  it("an imported posting Ashby closes closes here, reopens (announced) when open again; a person's close stays", async () => {
    const imported = await ok<AtsSyncEntry>('POST', `${base()}/${connection.id}/jobs/import`, admin);
    await drainQueue(t.database);
    expect((await log()).find((e) => e.id === imported.id)).toMatchObject({ state: 'succeeded' });
    const analyst = ab.jobs[1]!;
    const jobOfPosting = async () => {
      const links = await ok<AtsJobLink[]>('GET', `${base()}/${connection.id}/job-links`, admin);
      const link = links.find((l) => l.atsJobId === analyst.id)!;
      return ok<Job>('GET', `/api/jobs/${link.jobId}`, admin);
    };
    expect(await jobOfPosting()).toMatchObject({ title: 'Clinical Data Analyst', status: 'OPEN' });

    analyst.status = 'Closed';
    await reconcileAll(t.app.db);
    await drainQueue(t.database);
    expect((await jobOfPosting()).status).toBe('CLOSED');

    analyst.status = 'Open';
    const queued = await recordQueuedJobs(t.database);
    await reconcileAll(t.app.db);
    await drainQueue(t.database);
    expect((await jobOfPosting()).status).toBe('OPEN');
    expect(await queued('match-saved-searches')).toBe(1);
    expect((await log()).find((e) => e.kind === 'reconcile')!.vendorAnswer).toContain('1 reopened');

    // Closed by a person: Ashby listing it open does not reopen it.
    const posted = await jobOfPosting();
    await ok('PUT', `/api/jobs/${posted.id}/status`, admin, { status: 'CLOSED' });
    await reconcileAll(t.app.db);
    await drainQueue(t.database);
    expect((await jobOfPosting()).status).toBe('CLOSED');
  });

  it('reconciles incrementally from the kept syncToken; an expired token falls back to a full read', async () => {
    const tokenOf = async () =>
      (
        await t.app.db
          .select({ syncToken: atsConnections.syncToken })
          .from(atsConnections)
          .where(eq(atsConnections.id, connection.id))
      )[0]!.syncToken;
    const lists = () => ab.requests.filter((r) => r.method === 'application.list');
    await reconcileAll(t.app.db);
    await drainQueue(t.database);
    const kept = await tokenOf();
    expect(kept).toMatch(/^st_/);

    // Only what changed since is read: the one page comes from the token.
    const first = await referAndConsent('Devon Incremental');
    ab.moveApplication(await applicationOf(first.referralId), { stage: 'Onsite' });
    const before = lists().length;
    await reconcileAll(t.app.db);
    await drainQueue(t.database);
    expect(
      lists()
        .slice(before)
        .map((r) => r.body?.syncToken),
    ).toEqual([kept]);
    expect(await stageOf(first.seeker.body.user.id)).toBe('interviewed');
    const next = await tokenOf();
    expect(next).toMatch(/^st_/);
    expect(next).not.toBe(kept);

    // Ashby refuses an expired token: everything is read again, the change applied, a new token kept.
    ab.expireSyncTokens();
    const second = await referAndConsent('Emery Expired');
    ab.moveApplication(await applicationOf(second.referralId), { stage: 'Onsite' });
    const beforeExpiry = lists().length;
    await reconcileAll(t.app.db);
    await drainQueue(t.database);
    expect(
      lists()
        .slice(beforeExpiry)
        .map((r) => r.body?.syncToken),
    ).toEqual([next, undefined]);
    expect(await stageOf(second.seeker.body.user.id)).toBe('interviewed');
    expect((await log()).find((e) => e.kind === 'reconcile')).toMatchObject({ state: 'succeeded' });
    const fresh = await tokenOf();
    expect(fresh).toMatch(/^st_/);
    expect([kept, next]).not.toContain(fresh);
  });

  it('a refusal answered with success: false fails at once; a 429 waits out its Retry-After', async () => {
    job().status = 'Closed';
    const refused = await referAndConsent('Rowan Refused');
    expect(await pushOf(refused.referralId)).toMatchObject({ state: 'failed', attempts: 1, vendorStatus: 200 });
    expect((await pushOf(refused.referralId))!.vendorAnswer).toContain('job_not_found');
    job().status = 'Open';

    ab.failNext('candidate.search', 429, 1, 600);
    const { referralId } = await referAndConsent('Riley Outage');
    const entry = (await pushOf(referralId))!;
    expect(entry).toMatchObject({ state: 'retrying', attempts: 1, vendorStatus: 429 });
    expect(Date.parse(entry.nextRetryAt!) - Date.now()).toBeGreaterThan(590_000);
    await ok('POST', `${base()}/${connection.id}/sync-log/${entry.id}/retry`, admin);
    await drainQueue(t.database);
    expect(await pushOf(referralId)).toMatchObject({ state: 'succeeded', attempts: 2 });
  });

  it('a refused key (403) marks the connection failing and tells the admins once', async () => {
    const realKey = ab.apiKey;
    ab.apiKey = 'revoked-in-ashby';
    const first = await referAndConsent('Avery Refused');
    const second = await referAndConsent('Blake Refused');
    ab.apiKey = realKey;
    expect(await pushOf(first.referralId)).toMatchObject({ state: 'failed', vendorStatus: 403 });
    expect(await pushOf(second.referralId)).toMatchObject({ state: 'failed', vendorStatus: 403 });
    expect((await ok<AtsConnection[]>('GET', base(), admin))[0]).toMatchObject({ status: 'failing' });
    const notes = await ok<{ items: { title: string; message: string }[] }>(
      'GET',
      '/api/notifications?pageSize=100',
      admin,
    );
    const failing = notes.items.filter((n) => n.title === ATS_MESSAGES.connectionFailingTitle);
    expect(failing).toHaveLength(1);
    expect(failing[0]!.message).toContain('Ashby');
  });
});
