import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATS_MESSAGES, type AtsConnection, type AtsJobLink, type AtsSyncEntry, type Job } from '@referwell/shared';
import { atsCandidates, atsConnections, candidatePipelines, referrals } from '../../db/schema';
import { leverTestEnv, startFakeLever, type FakeLever } from '../../test/fake-lever';
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

// The Lever adapter (issue 33) against a contract-faithful fake Lever API v1: connect with perform_as, push on consent
// as a referred opportunity with the referrer credited, the résumé uploaded, an existing contact linked; webhooks
// signed over token + triggeredAt (forged, unsigned, stale refused; replays changing nothing); stage and archive
// webhooks re-read on the queue; a hire completing the referral; 429 retried after Retry-After; a refused key.

let t: TestApp;
let lv: FakeLever;
let admin: SignedUp;
let member: SignedUp;
let companyId: string;
let connection: AtsConnection;
let jobId: string;

// Lever gives each webhook its own signature token: the admin pastes all three.
const SIGNATURE_TOKEN = 'lever-stage-change-token-0123456789';
const HIRED_TOKEN = 'lever-hired-token-abcdef0123456789';
const WEBHOOK_SECRET = `${SIGNATURE_TOKEN} lever-archive-token-9876543210 ${HIRED_TOKEN}`;
const TEAM_NOTE = 'Ran our Epic go-live with me.';
const RESUME_PDF = readFileSync(path.join(import.meta.dirname, '../talent/resume/fixtures/r01-pdf-engineer.pdf'));
const { call, ok } = requestsTo(() => t);
const base = () => `/api/companies/${companyId}/ats/connections`;
const log = () => ok<AtsSyncEntry[]>('GET', `${base()}/${connection.id}/sync-log`, admin);
const pushOf = async (referralId: string) =>
  (await log()).find((e) => e.kind === 'push_referral' && e.subject === referralId);
const posting = () => lv.postings[0]!.id;
const performAs = () => lv.userIds[0]!;

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

const opportunitiesWith = (email: string) =>
  [...lv.opportunities.values()].filter((o) => o.emails.some((e) => e.toLowerCase() === email.toLowerCase()));

async function opportunityOf(referralId: string): Promise<string> {
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
  lv = await startFakeLever();
  t = await createTestApp({ env: { ...leverTestEnv(lv), RATE_LIMIT_SCALE: '100' } });
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Lakeside Clinics' });
  companyId = admin.body.company!.id;
  const { inviteCode } = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
  member = await signUp(t, { role: 'referrer', inviteCode, name: 'Noor Haddad' });
  jobId = (
    await ok<{ id: string }>('POST', '/api/jobs', admin, {
      title: 'Interface Engineer',
      company: 'Lakeside Clinics',
      location: 'Boston, MA',
      salary: '$110,000 - $140,000 per year',
      employmentType: 'full-time',
      description: 'Keep the feeds flowing.',
      requirements: 'HL7.',
      skills: ['HL7'],
      referralBonusAmount: 2000,
      referralBonusCurrency: 'USD',
    })
  ).id;
});

afterAll(async () => {
  await t?.close();
  await lv?.close();
});

describe('ATS connections (Lever)', () => {
  it('connects with perform_as and a sealed key, reads the published postings, tests, links a job', async () => {
    const missing = await call('POST', base(), admin, { vendor: 'lever', apiKey: lv.apiKey, webhookSecret: 's' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.onBehalfOf).toBe(ATS_MESSAGES.performAsRequired);
    const notAnId = await call('POST', base(), admin, {
      vendor: 'lever',
      apiKey: lv.apiKey,
      onBehalfOf: '4080',
      webhookSecret: 's',
    });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().error.fields.onBehalfOf).toBe(ATS_MESSAGES.idUuid);

    connection = await ok<AtsConnection>('POST', base(), admin, {
      vendor: 'lever',
      apiKey: lv.apiKey,
      onBehalfOf: performAs(),
      webhookSecret: WEBHOOK_SECRET,
    });
    expect(connection).toMatchObject({ vendor: 'lever', status: 'active', hasKey: true, onBehalfOf: performAs() });
    expect(JSON.stringify(await ok('GET', base(), admin))).not.toContain(lv.apiKey);
    const [row] = await t.app.db.select().from(atsConnections).where(eq(atsConnections.id, connection.id));
    expect(row!.credentialsSealed).not.toContain(lv.apiKey);
    expect(row!.webhookSecretSealed).not.toContain(SIGNATURE_TOKEN);
    expect(row!.webhookSecretSealed).not.toContain(HIRED_TOKEN);

    await drainQueue(t.database);
    expect(await ok('GET', `${base()}/${connection.id}/jobs`, admin)).toEqual([
      { id: lv.postings[1]!.id, title: 'Clinical Data Analyst', location: null },
      { id: posting(), title: 'Interface Engineer', location: 'Boston, MA' },
    ]);
    const test = await ok<AtsSyncEntry>('POST', `${base()}/${connection.id}/test`, admin);
    await drainQueue(t.database);
    expect((await log()).find((e) => e.id === test.id)).toMatchObject({ state: 'succeeded', vendorStatus: 200 });
    expect(lv.requests.some((r) => r.path === `/v1/users/${performAs()}`)).toBe(true);
    await ok('PUT', `${base()}/${connection.id}/job-links`, admin, { jobId, atsJobId: posting() });
  });

  it('pushes a consented referral as a referred opportunity crediting the referrer; a retry sends nothing', async () => {
    const { referralId } = await referAndConsent('Dana Reyes');
    const entry = await pushOf(referralId);
    expect(entry, JSON.stringify(await log())).toMatchObject({ state: 'succeeded', attempts: 1, vendorStatus: 200 });
    const [opportunity] = [...lv.opportunities.values()].filter((o) => o.name === 'Dana Reyes');
    expect(opportunity).toMatchObject({
      origin: 'referred',
      sources: ['Referral'],
      applications: [{ posting: posting() }],
      performedAs: performAs(),
    });
    expect(opportunity!.notes).toHaveLength(1);
    expect(opportunity!.notes[0]!.text).toContain(`Referred by Noor Haddad <${member.body.user.email}>`);
    expect(opportunity!.notes[0]!.text).toContain(TEAM_NOTE);
    expect(entry!.vendorAnswer).toBe(`Created candidate ${opportunity!.contact}, application ${opportunity!.id}`);
    expect(lv.requests.filter((r) => r.method === 'POST').every((r) => r.performAs === performAs())).toBe(true);

    const before = lv.requests.length;
    expect(await queueReferralPush(t.app.db, referralId)).toBe('known');
    await drainQueue(t.database);
    expect(lv.requests.length).toBe(before);
  });

  it('uploads the résumé of an external referral as a file of the opportunity', async () => {
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
    const [opportunity] = opportunitiesWith(email);
    expect(opportunity!.files).toEqual([
      expect.objectContaining({ name: 'sam-resume.pdf', contentType: 'application/pdf', size: RESUME_PDF.length }),
    ]);
  });

  it('links a contact Lever already has: a new opportunity for that contact, not a second person', async () => {
    const email = `morgan.existing.${Date.now()}@example.com`;
    const existing = lv.addOpportunity('Morgan Existing', email);
    const { referralId } = await referAndConsent('Morgan Existing', email);
    const found = opportunitiesWith(email);
    expect(found).toHaveLength(2);
    expect(new Set(found.map((o) => o.contact))).toEqual(new Set([existing.contact]));
    const created = found.find((o) => o.id !== existing.id)!;
    expect((await pushOf(referralId))!.vendorAnswer).toBe(
      `Linked to existing candidate ${existing.contact}, application ${created.id}`,
    );
  });

  it('verifies webhooks over token + triggeredAt: forged, unsigned or stale 401; a replay changes nothing', async () => {
    const { referralId, seeker } = await referAndConsent('Casey Webhook');
    const opportunityId = await opportunityOf(referralId);
    await ok('PUT', `${base()}/${connection.id}/stage-mapping`, admin, {
      stageMapping: { ...connection.stageMapping, 'Team Lunch': 'interviewed' },
    });
    lv.moveOpportunity(opportunityId, { stage: 'Phone screen' });

    expect((await postWebhook(lv.webhook('not-the-token', 'candidateStageChange', opportunityId))).statusCode).toBe(
      401,
    );
    const unsigned = lv.webhook(SIGNATURE_TOKEN, 'candidateStageChange', opportunityId, { signature: null });
    expect((await postWebhook(unsigned)).statusCode).toBe(401);
    const stale = lv.webhook(SIGNATURE_TOKEN, 'candidateStageChange', opportunityId, {
      triggeredAt: Date.now() - 4 * 24 * 60 * 60 * 1000,
    });
    expect((await postWebhook(stale)).statusCode).toBe(401);
    await drainQueue(t.database);
    expect(await stageOf(seeker.body.user.id)).toBe('referred');

    // Lever names the stage by id: the delivery queues a re-read, which moves the pipeline by the stage's name.
    const delivery = lv.webhook(SIGNATURE_TOKEN, 'candidateStageChange', opportunityId);
    const queued = await postWebhook(delivery);
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json()).toEqual({ received: true, outcome: 'queued' });
    await drainQueue(t.database);
    expect(await stageOf(seeker.body.user.id)).toBe('scheduled');
    expect(lv.requests.some((r) => r.path.startsWith('/v1/opportunities?updated_at_start='))).toBe(true);

    expect((await postWebhook(delivery)).json()).toEqual({ received: true, outcome: 'duplicate' });
    const unknown = await postWebhook(lv.webhook(SIGNATURE_TOKEN, 'candidateStageChange', 'not-ours'));
    expect(unknown.json()).toEqual({ received: true, outcome: 'unknown_candidate' });
    const other = await postWebhook(lv.webhook(SIGNATURE_TOKEN, 'applicationCreated', opportunityId));
    expect(other.json()).toEqual({ received: true, outcome: 'ignored' });
    expect((await postWebhook(lv.webhook(SIGNATURE_TOKEN, 'candidateHired', ''))).statusCode).toBe(400);

    // A custom stage through the admin's mapping.
    lv.moveOpportunity(opportunityId, { stage: 'Team Lunch' });
    await postWebhook(lv.webhook(SIGNATURE_TOKEN, 'candidateStageChange', opportunityId));
    await drainQueue(t.database);
    expect(await stageOf(seeker.body.user.id)).toBe('interviewed');
  });

  it('a hire in Lever moves the pipeline to Hired from its offer start date: the referral completes, the bonus falls due', async () => {
    const { referralId, seeker } = await referAndConsent('Jordan Hire');
    const opportunityId = await opportunityOf(referralId);
    lv.moveOpportunity(opportunityId, { stage: 'On-site interview' });
    await postWebhook(lv.webhook(SIGNATURE_TOKEN, 'candidateStageChange', opportunityId));
    await drainQueue(t.database);
    expect(await stageOf(seeker.body.user.id)).toBe('interviewed');

    lv.moveOpportunity(opportunityId, { archiveReason: 'Hired', startDate: '2027-03-01' });
    // The start date is on the offer: the hire is read back from Lever on the queue, never during the webhook.
    const hired = await postWebhook(lv.webhook(HIRED_TOKEN, 'candidateHired', opportunityId));
    expect(hired.json()).toEqual({ received: true, outcome: 'queued' });
    await drainQueue(t.database);
    expect(await stageOf(seeker.body.user.id)).toBe('hired');
    expect(
      lv.requests.some((r) => r.method === 'GET' && r.path.startsWith(`/v1/opportunities/${opportunityId}/offers`)),
    ).toBe(true);
    const [pipeline] = await t.app.db
      .select({ startDate: candidatePipelines.startDate })
      .from(candidatePipelines)
      .where(eq(candidatePipelines.talentId, seeker.body.user.id));
    expect(pipeline!.startDate).toBe('2027-03-01');
    const referral = await ok<{ status: string; bonus: { state: string; dueOn?: string | null } }>(
      'GET',
      `/api/referrals/${referralId}`,
      admin,
    );
    expect(referral).toMatchObject({ status: 'completed', bonus: { state: 'due' } });
    expect(referral.bonus.dueOn! >= '2027-03-01').toBe(true);
  });

  it('reconciles a missed archive: a non-hired archive reason declines the candidate', async () => {
    const { referralId, seeker } = await referAndConsent('Quinn Archived');
    lv.moveOpportunity(await opportunityOf(referralId), { archiveReason: 'Underqualified' });
    expect(await reconcileAll(t.app.db)).toBe(1);
    await drainQueue(t.database);
    expect(await stageOf(seeker.body.user.id)).toBe('declined');
  });

  it('pushes a direct application as an applied opportunity with its résumé: no Referral source, no referrer note', async () => {
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
    const [opportunity] = opportunitiesWith(seeker.body.user.email);
    expect(opportunity).toMatchObject({
      origin: 'applied',
      sources: ['Referwell'],
      applications: [{ posting: posting() }],
    });
    expect(opportunity!.notes).toHaveLength(0);
    // The résumé on the applicant's profile, uploaded as the opportunity's file (multipart `file`).
    expect(opportunity!.files).toEqual([
      expect.objectContaining({ name: 'alex-applicant.pdf', size: RESUME_PDF.length }),
    ]);
  });

  it("an imported posting Lever closes closes here, reopens (announced) when published again; a person's close stays", async () => {
    const imported = await ok<AtsSyncEntry>('POST', `${base()}/${connection.id}/jobs/import`, admin);
    await drainQueue(t.database);
    expect((await log()).find((e) => e.id === imported.id)).toMatchObject({ state: 'succeeded' });
    const analyst = lv.postings[1]!;
    const jobOfPosting = async () => {
      const links = await ok<AtsJobLink[]>('GET', `${base()}/${connection.id}/job-links`, admin);
      const link = links.find((l) => l.atsJobId === analyst.id)!;
      return ok<Job>('GET', `/api/jobs/${link.jobId}`, admin);
    };
    expect(await jobOfPosting()).toMatchObject({ title: 'Clinical Data Analyst', status: 'OPEN' });

    analyst.state = 'closed';
    await reconcileAll(t.app.db);
    await drainQueue(t.database);
    expect((await jobOfPosting()).status).toBe('CLOSED');

    analyst.state = 'published';
    const queued = await recordQueuedJobs(t.database);
    await reconcileAll(t.app.db);
    await drainQueue(t.database);
    expect((await jobOfPosting()).status).toBe('OPEN');
    expect(await queued('match-saved-searches')).toBe(1);
    expect((await log()).find((e) => e.kind === 'reconcile')!.vendorAnswer).toContain('1 reopened');

    // Closed by a person: Lever listing it open does not reopen it.
    const posted = await jobOfPosting();
    await ok('PUT', `/api/jobs/${posted.id}/status`, admin, { status: 'CLOSED' });
    await reconcileAll(t.app.db);
    await drainQueue(t.database);
    expect((await jobOfPosting()).status).toBe('CLOSED');
  });

  it('waits out a 429 for its Retry-After, then succeeds once', async () => {
    const email = `riley.outage.${Date.now()}@example.com`;
    lv.failNext('GET /v1/opportunities', 429, 1, 600);
    const { referralId } = await referAndConsent('Riley Outage', email);
    const entry = (await pushOf(referralId))!;
    expect(entry).toMatchObject({ state: 'retrying', attempts: 1, vendorStatus: 429 });
    expect(Date.parse(entry.nextRetryAt!) - Date.now()).toBeGreaterThan(590_000);
    expect(opportunitiesWith(email)).toHaveLength(0);
    await ok('POST', `${base()}/${connection.id}/sync-log/${entry.id}/retry`, admin);
    await drainQueue(t.database);
    expect(await pushOf(referralId)).toMatchObject({ state: 'succeeded', attempts: 2 });
    expect(opportunitiesWith(email)).toHaveLength(1);
  });

  it('a refused key marks the connection failing and tells the admins once', async () => {
    // The pushes' look-ups by e-mail only: a re-read of opportunities queued by an earlier test may run meanwhile.
    lv.failNext('GET /v1/opportunities?email=', 401, 2);
    const first = await referAndConsent('Avery Refused');
    const second = await referAndConsent('Blake Refused');
    expect(await pushOf(first.referralId)).toMatchObject({ state: 'failed', vendorStatus: 401 });
    expect(await pushOf(second.referralId)).toMatchObject({ state: 'failed', vendorStatus: 401 });
    expect((await ok<AtsConnection[]>('GET', base(), admin))[0]).toMatchObject({ status: 'failing' });
    const notes = await ok<{ items: { title: string; message: string }[] }>(
      'GET',
      '/api/notifications?pageSize=100',
      admin,
    );
    const failing = notes.items.filter((n) => n.title === ATS_MESSAGES.connectionFailingTitle);
    expect(failing).toHaveLength(1);
    expect(failing[0]!.message).toContain('Lever');
  });
});
