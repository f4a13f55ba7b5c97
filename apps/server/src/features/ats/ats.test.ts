import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATS_MESSAGES, type AtsConnection, type AtsSyncEntry } from '@referwell/shared';
import { atsCandidates, atsConnections, referrals } from '../../db/schema';
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
import { drainQueue } from '../../test/queue';
import { answerConsentAsCandidate } from '../referrals/decisions';
import { backoffSeconds, BASE_BACKOFF_SECONDS, queueReferralPush, reconcileAll } from './sync';

// ATS integrations (issue 33) against a contract-faithful fake Greenhouse Harvest API: connect, push on consent,
// idempotent retry, link an existing candidate, signed webhooks (accept, reject, replay), stage mapping to Hired and
// the bonus falling due, an outage retried until it succeeds, a refused key telling the admins once.

let t: TestApp;
let gh: FakeGreenhouse;
let admin: SignedUp;
let member: SignedUp;
let companyId: string;
let connection: AtsConnection;
let jobId: string;

const WEBHOOK_SECRET = 'whsec-greenhouse-test-0123456789abcdef';
const TEAM_NOTE = 'Led the HL7 interface rebuild with me.';
const RESUME_PDF = readFileSync(path.join(import.meta.dirname, '../talent/resume/fixtures/r01-pdf-engineer.pdf'));
const { call, ok } = requestsTo(() => t);
const base = () => `/api/companies/${companyId}/ats/connections`;
const log = () => ok<AtsSyncEntry[]>('GET', `${base()}/${connection.id}/sync-log`, admin);
const pushOf = async (referralId: string) =>
  (await log()).find((e) => e.kind === 'push_referral' && e.subject === referralId);

/** A job seeker referred by the member for the linked job, who then consents: the push is queued in that step. */
async function referAndConsent(name: string, email?: string): Promise<{ referralId: string; seeker: SignedUp }> {
  const seeker = await signUp(t, { name, ...(email ? { email } : {}) });
  const referral = await ok<{ id: string }>('POST', '/api/referrals', member, {
    talentId: seeker.body.user.id,
    jobId,
    notes: TEAM_NOTE,
  });
  await drainQueue(t.database);
  // Nothing reaches the ATS before the candidate consents.
  expect(await pushOf(referral.id)).toBeUndefined();
  await ok('POST', `/api/referrals/${referral.id}/consent`, seeker, { decision: 'confirm' });
  await drainQueue(t.database);
  return { referralId: referral.id, seeker };
}

const candidatesWith = (email: string) =>
  [...gh.candidates.values()].filter((c) =>
    c.email_addresses.some((e) => e.value.toLowerCase() === email.toLowerCase()),
  );

async function applicationOf(referralId: string): Promise<number> {
  const [row] = await t.app.db.select().from(atsCandidates).where(eq(atsCandidates.referralId, referralId));
  return Number(row!.atsApplicationId);
}

const postWebhook = (delivery: { body: string; headers: Record<string, string> }, id = connection.id) =>
  t.app.inject({ method: 'POST', url: `/api/ats/webhooks/${id}`, headers: delivery.headers, payload: delivery.body });

const stageOf = async (talentId: string) =>
  (await ok<{ talentId: string; stage: string }[]>('GET', `/api/jobs/${jobId}/tracking`, admin)).find(
    (e) => e.talentId === talentId,
  )?.stage;

beforeAll(async () => {
  gh = await startFakeGreenhouse();
  t = await createTestApp({ env: { ...greenhouseTestEnv(gh), RATE_LIMIT_SCALE: '100' } });
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Harbor Health' });
  companyId = admin.body.company!.id;
  const { inviteCode } = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
  member = await signUp(t, { role: 'referrer', inviteCode, name: 'Priya Shah' });
  jobId = (
    await ok<{ id: string }>('POST', '/api/jobs', admin, {
      title: 'Interface Engineer',
      company: 'Harbor Health',
      location: 'Boston, MA',
      salary: '$110,000 - $140,000 per year', // Massachusetts wants the range in the posting
      employmentType: 'full-time',
      description: 'Keep the feeds flowing.',
      requirements: 'HL7.',
      skills: ['HL7'],
      referralBonusAmount: 2500,
      referralBonusCurrency: 'USD',
    })
  ).id;
});

afterAll(async () => {
  await t?.close();
  await gh?.close();
});

describe('ATS connections (Greenhouse)', () => {
  it('connects with sealed credentials that are never returned, reads the open jobs, tests, links a job', async () => {
    const refused = await call('POST', base(), admin, {
      vendor: 'greenhouse',
      apiKey: gh.apiKey,
      webhookSecret: WEBHOOK_SECRET,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.onBehalfOf).toBe(ATS_MESSAGES.onBehalfOfRequired);
    const notAnId = await call('POST', base(), admin, {
      vendor: 'greenhouse',
      apiKey: gh.apiKey,
      onBehalfOf: 'admin@example.com',
      webhookSecret: WEBHOOK_SECRET,
    });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().error.fields.onBehalfOf).toBe(ATS_MESSAGES.idDigits);
    expect(
      (await call('POST', base(), member, { vendor: 'greenhouse', apiKey: 'x', webhookSecret: 'y', onBehalfOf: '1' }))
        .statusCode,
    ).toBe(403);

    const made = await call('POST', base(), admin, {
      vendor: 'greenhouse',
      apiKey: gh.apiKey,
      onBehalfOf: '4080',
      sourceId: '12',
      webhookSecret: WEBHOOK_SECRET,
    });
    expect(made.statusCode, made.body).toBe(201);
    connection = made.json();
    expect(connection).toMatchObject({
      status: 'active',
      hasKey: true,
      keyLast4: gh.apiKey.slice(-4),
      onBehalfOf: '4080',
    });
    expect(made.body).not.toContain(gh.apiKey);
    expect(made.body).not.toContain(WEBHOOK_SECRET);
    const listed = await call('GET', base(), admin);
    expect(listed.body).not.toContain(gh.apiKey);
    const [row] = await t.app.db.select().from(atsConnections).where(eq(atsConnections.id, connection.id));
    expect(row!.credentialsSealed).not.toContain(gh.apiKey);
    expect(row!.webhookSecretSealed).not.toContain(WEBHOOK_SECRET);
    // A second Greenhouse connection waits for this one to be revoked.
    expect(
      (await call('POST', base(), admin, { vendor: 'greenhouse', apiKey: 'k', onBehalfOf: '4080', webhookSecret: 's' }))
        .statusCode,
    ).toBe(409);

    // Connecting read the open jobs on the queue.
    await drainQueue(t.database);
    const jobs = await ok<{ id: string; title: string; location: string | null }[]>(
      'GET',
      `${base()}/${connection.id}/jobs`,
      admin,
    );
    expect(jobs).toEqual([
      { id: '87753', title: 'Clinical Data Analyst', location: null },
      { id: '87752', title: 'Interface Engineer', location: 'Boston, MA' },
    ]);

    const test = await call('POST', `${base()}/${connection.id}/test`, admin);
    expect(test.statusCode).toBe(202);
    expect(test.json()).toMatchObject({ kind: 'test', state: 'pending' });
    await drainQueue(t.database);
    expect((await log()).find((e) => e.id === test.json().id)).toMatchObject({ state: 'succeeded', vendorStatus: 200 });
    expect(gh.requests.some((r) => r.path === '/v1/users/4080')).toBe(true);

    expect(
      (await call('PUT', `${base()}/${connection.id}/job-links`, admin, { jobId, atsJobId: '87754' })).statusCode,
    ).toBe(404);
    expect(await ok('PUT', `${base()}/${connection.id}/job-links`, admin, { jobId, atsJobId: '87752' })).toEqual([
      { jobId, jobTitle: 'Interface Engineer', atsJobId: '87752', imported: false, status: 'OPEN' },
    ]);
  });

  it('pushes a consented referral with its referrer, source, note and résumé; a retry creates nothing twice', async () => {
    const { referralId } = await referAndConsent('Dana Reyes');
    const entry = await pushOf(referralId);
    expect(entry, JSON.stringify(await log())).toMatchObject({ state: 'succeeded', attempts: 1, vendorStatus: 200 });
    expect(entry!.vendorAnswer).toMatch(/^Created candidate \d+, application \d+$/);
    const [candidate] = [...gh.candidates.values()].filter((c) => c.first_name === 'Dana' && c.last_name === 'Reyes');
    expect(candidate!.applications).toHaveLength(1);
    expect(candidate!.applications[0]).toMatchObject({
      jobs: [{ id: 87752 }],
      referrer: { type: 'email', value: member.body.user.email },
      source: { id: 12 },
    });
    expect(candidate!.notes).toHaveLength(1);
    expect(candidate!.notes[0]!.body).toContain(TEAM_NOTE);
    expect(candidate!.notes[0]!.body).toContain('Priya Shah');
    const writes = gh.requests.filter((r) => r.method === 'POST');
    expect(writes.every((r) => r.onBehalfOf === '4080')).toBe(true);

    // Retrying a done push, or the consent's job running again, sends nothing.
    expect((await call('POST', `${base()}/${connection.id}/sync-log/${entry!.id}/retry`, admin)).statusCode).toBe(409);
    const before = gh.requests.length;
    expect(await queueReferralPush(t.app.db, referralId)).toBe('known');
    await drainQueue(t.database);
    expect(gh.requests.length).toBe(before);
  });

  it('attaches the résumé of an external referral', async () => {
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
    // The candidate confirms from their e-mailed link; the service it calls is the same for every consent.
    const [row] = await t.app.db.select().from(referrals).where(eq(referrals.id, made.id));
    await answerConsentAsCandidate(t.app.db, row!.talentId, made.id, 'confirm');
    await drainQueue(t.database);
    expect(await pushOf(made.id)).toMatchObject({ state: 'succeeded' });
    const [candidate] = candidatesWith(email);
    expect(candidate!.attachments).toEqual([
      { filename: 'sam-resume.pdf', type: 'resume', content_type: 'application/pdf', size: RESUME_PDF.length },
    ]);
  });

  it('links a candidate Greenhouse already has by e-mail instead of creating a second one', async () => {
    const email = `morgan.existing.${Date.now()}@example.com`;
    const existing = gh.addCandidate(['Morgan', 'Existing'], email);
    const { referralId } = await referAndConsent('Morgan Existing', email);
    expect((await pushOf(referralId))!.vendorAnswer).toBe(
      `Linked to existing candidate ${existing.id}, application ${existing.applications[0]!.id}`,
    );
    expect(candidatesWith(email)).toHaveLength(1);
    expect(existing.applications).toHaveLength(1);
    const [row] = await t.app.db.select().from(atsCandidates).where(eq(atsCandidates.referralId, referralId));
    expect(row).toMatchObject({ atsCandidateId: String(existing.id), linkedExisting: true });
  });

  it('retries an outage with back-off that honours Retry-After until it succeeds, once', async () => {
    expect(backoffSeconds(1, null)).toBe(BASE_BACKOFF_SECONDS);
    expect(backoffSeconds(3, null)).toBe(BASE_BACKOFF_SECONDS * 4);
    expect(backoffSeconds(1, 600)).toBe(600);

    const email = `riley.outage.${Date.now()}@example.com`;
    gh.failNext('GET /v1/candidates', 429, 1, 600);
    const { referralId } = await referAndConsent('Riley Outage', email);
    let entry = (await pushOf(referralId))!;
    expect(entry).toMatchObject({ state: 'retrying', attempts: 1, vendorStatus: 429 });
    const wait = Date.parse(entry.nextRetryAt!) - Date.now();
    expect(wait).toBeGreaterThan(590_000);
    expect(candidatesWith(email)).toHaveLength(0);

    // The vendor fails (500), then does not answer at all (timeout): each is one more attempt, scheduled later.
    gh.failNext('POST /v1/candidates', 500);
    await ok('POST', `${base()}/${connection.id}/sync-log/${entry.id}/retry`, admin);
    await drainQueue(t.database);
    entry = (await pushOf(referralId))!;
    expect(entry).toMatchObject({ state: 'retrying', attempts: 2, vendorStatus: 500 });
    gh.failNext('GET /v1/candidates', 'timeout');
    await ok('POST', `${base()}/${connection.id}/sync-log/${entry.id}/retry`, admin);
    await drainQueue(t.database);
    entry = (await pushOf(referralId))!;
    expect(entry).toMatchObject({ state: 'retrying', attempts: 3, vendorStatus: null });
    expect(Date.parse(entry.nextRetryAt!) - Date.now()).toBeGreaterThan((BASE_BACKOFF_SECONDS * 4 - 5) * 1000);

    await ok('POST', `${base()}/${connection.id}/sync-log/${entry.id}/retry`, admin);
    await drainQueue(t.database);
    expect(await pushOf(referralId)).toMatchObject({ state: 'succeeded', attempts: 4, nextRetryAt: null });
    expect(candidatesWith(email)).toHaveLength(1);
    expect(candidatesWith(email)[0]!.applications).toHaveLength(1);
  });

  it('verifies webhooks: bad or absent signature 401, a replay changes nothing, an unknown candidate is logged', async () => {
    const { referralId, seeker } = await referAndConsent('Casey Webhook');
    const applicationId = await applicationOf(referralId);
    gh.moveApplication(applicationId, { stage: 'Phone Interview' });

    const forged = gh.webhook('not-the-secret', 'candidate_stage_change', applicationId);
    expect((await postWebhook(forged)).statusCode).toBe(401);
    const unsigned = gh.webhook(WEBHOOK_SECRET, 'candidate_stage_change', applicationId, { signature: null });
    expect((await postWebhook(unsigned)).statusCode).toBe(401);
    const malformed = gh.webhook(WEBHOOK_SECRET, 'candidate_stage_change', applicationId, { signature: 'sha256 zz' });
    expect((await postWebhook(malformed)).statusCode).toBe(401);
    expect(await stageOf(seeker.body.user.id)).toBe('referred');

    const delivery = gh.webhook(WEBHOOK_SECRET, 'candidate_stage_change', applicationId, { eventId: 'evt-stage-1' });
    const moved = await postWebhook(delivery);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ received: true, outcome: 'moved' });
    expect(await stageOf(seeker.body.user.id)).toBe('scheduled');

    // The same delivery again (even re-signed over a later state) is a no-op.
    gh.moveApplication(applicationId, { stage: 'Face to Face' });
    const replay = await postWebhook(
      gh.webhook(WEBHOOK_SECRET, 'candidate_stage_change', applicationId, { eventId: 'evt-stage-1' }),
    );
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await stageOf(seeker.body.user.id)).toBe('scheduled');

    const unknown = await postWebhook(gh.webhook(WEBHOOK_SECRET, 'candidate_stage_change', 999_999));
    expect(unknown.json()).toEqual({ received: true, outcome: 'unknown_candidate' });
    expect(
      (await log()).some((e) => e.kind === 'webhook' && e.vendorAnswer === 'candidate_stage_change: unknown_candidate'),
    ).toBe(true);

    const noApplication = {
      body: JSON.stringify({ action: 'hire_candidate', payload: {} }),
      headers: {} as Record<string, string>,
    };
    noApplication.headers = {
      'content-type': 'application/json',
      signature: `sha256 ${createHmac('sha256', WEBHOOK_SECRET).update(noApplication.body).digest('hex')}`,
    };
    expect((await postWebhook(noApplication)).statusCode).toBe(400);
  });

  it('maps a hire in Greenhouse to Hired: the referral completes and the bonus falls due from the ATS start date', async () => {
    const { referralId, seeker } = await referAndConsent('Jordan Hire');
    const applicationId = await applicationOf(referralId);
    // The admin's mapping: their custom stage means Interviewed.
    const mapped = await ok<AtsConnection>('PUT', `${base()}/${connection.id}/stage-mapping`, admin, {
      stageMapping: { ...connection.stageMapping, 'Team Lunch': 'interviewed' },
    });
    expect(mapped.stageMapping['Team Lunch']).toBe('interviewed');
    gh.moveApplication(applicationId, { stage: 'Team Lunch' });
    expect(
      (await postWebhook(gh.webhook(WEBHOOK_SECRET, 'candidate_stage_change', applicationId))).json().outcome,
    ).toBe('moved');
    expect(await stageOf(seeker.body.user.id)).toBe('interviewed');

    gh.moveApplication(applicationId, { stage: 'Hired', status: 'hired', startsAt: '2027-01-04' });
    const hired = await postWebhook(gh.webhook(WEBHOOK_SECRET, 'hire_candidate', applicationId));
    expect(hired.json()).toEqual({ received: true, outcome: 'moved' });
    expect(await stageOf(seeker.body.user.id)).toBe('hired');
    const referral = await ok<{ status: string; bonus: { state: string; dueOn?: string | null } }>(
      'GET',
      `/api/referrals/${referralId}`,
      admin,
    );
    expect(referral.status).toBe('completed');
    expect(referral.bonus.state).toBe('due');
    expect(referral.bonus.dueOn! >= '2027-01-04').toBe(true);
  });

  it('reconciles a missed webhook: the periodic re-read moves the pipeline, and again changes nothing', async () => {
    const { referralId, seeker } = await referAndConsent('Quinn Missed');
    const applicationId = await applicationOf(referralId);
    // Greenhouse moved the application, but its webhook never arrived.
    gh.moveApplication(applicationId, { stage: 'Face to Face' });
    expect(await stageOf(seeker.body.user.id)).toBe('referred');
    expect(await reconcileAll(t.app.db)).toBe(1);
    await drainQueue(t.database);
    expect(await stageOf(seeker.body.user.id)).toBe('interviewed');
    const reads = (await log()).filter((e) => e.kind === 'reconcile');
    expect(reads[0]).toMatchObject({ state: 'succeeded', vendorStatus: 200 });
    // The webhook test's application moved on too (its later delivery was a replay): this re-read catches it up.
    expect(reads[0]!.vendorAnswer).toMatch(/^\d+ changed applications read, 2 moved$/);
    expect(gh.requests.some((r) => r.path.startsWith('/v1/applications?last_activity_after='))).toBe(true);

    await reconcileAll(t.app.db);
    await drainQueue(t.database);
    expect((await log()).filter((e) => e.kind === 'reconcile')[0]!.vendorAnswer).toMatch(/, 0 moved$/);
    expect(await stageOf(seeker.body.user.id)).toBe('interviewed');
  });

  it('a refused key marks the connection failing and tells the admins once; revoking wipes the key', async () => {
    gh.failNext('GET /v1/candidates', 401, 2);
    const first = await referAndConsent('Avery Refused');
    const second = await referAndConsent('Blake Refused');
    expect(await pushOf(first.referralId)).toMatchObject({ state: 'failed', vendorStatus: 401 });
    expect(await pushOf(second.referralId)).toMatchObject({ state: 'failed', vendorStatus: 401 });
    const [listed] = await ok<AtsConnection[]>('GET', base(), admin);
    expect(listed).toMatchObject({ status: 'failing' });
    const notes = await ok<{ items: { title: string; referenceId: string | null }[] }>(
      'GET',
      '/api/notifications?pageSize=100',
      admin,
    );
    expect(notes.items.filter((n) => n.title === ATS_MESSAGES.connectionFailingTitle)).toHaveLength(1);

    // Fixed at the vendor: retry now sends it, and the connection works again.
    await ok('POST', `${base()}/${connection.id}/sync-log/${(await pushOf(first.referralId))!.id}/retry`, admin);
    await drainQueue(t.database);
    expect(await pushOf(first.referralId)).toMatchObject({ state: 'succeeded' });
    expect((await ok<AtsConnection[]>('GET', base(), admin))[0]).toMatchObject({ status: 'active', lastError: null });

    const revoked = await ok<AtsConnection>('DELETE', `${base()}/${connection.id}`, admin);
    expect(revoked).toMatchObject({ status: 'revoked', hasKey: false });
    const [row] = await t.app.db.select().from(atsConnections).where(eq(atsConnections.id, connection.id));
    expect(row).toMatchObject({ credentialsSealed: null, webhookSecretSealed: null });
    expect((await postWebhook(gh.webhook(WEBHOOK_SECRET, 'hire_candidate', 1))).statusCode).toBe(404);
    expect((await call('POST', `${base()}/${connection.id}/test`, admin)).statusCode).toBe(409);
  });
});
