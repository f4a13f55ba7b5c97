/**
 * Everything Referwell asks of an ATS runs here, on the queue (ADR 0032): a referral the candidate consented to is
 * pushed as a sync-log row and an `ats-sync` job written in one transaction; the job calls the vendor while holding
 * the row (a second run of the same row waits or skips), and records the answer. A vendor that does not answer,
 * answers 5xx or 429 is tried again with exponential back-off (never sooner than its Retry-After) until MAX_ATTEMPTS;
 * a refused key (401/403) stops the connection's work, marks it failing and tells the company's admins once.
 */
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import {
  ATS_MESSAGES,
  ATS_NOTIFICATION_TYPE,
  ATS_VENDOR_NAMES,
  jobFormSchema,
  type AtsJob,
  type AtsSyncState,
  type AtsVendor,
  type JobInput,
} from '@referwell/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Executor, Tx } from '../../db/repository';
import {
  atsApplications,
  atsCandidates,
  atsConnections,
  atsJobLinks,
  atsJobs,
  atsSyncLog,
  candidatePipelines,
  companies,
  companyMembers,
  jobPostings,
  referrals,
  resumeFiles,
  talentProfiles,
  users,
} from '../../db/schema';
import { enqueue } from '../../lib/queue/enqueue';
import type { Secrets } from '../../lib/secrets';
import type { FileStorage } from '../../lib/storage/types';
import { readAll } from '../../lib/storage/types';
import { createNotification } from '../../platform/notifications/service';
import {
  splitName,
  VendorError,
  WebhookShapeError,
  type AtsAdapter,
  type AtsCallContext,
  type PushResult,
  type ReferralPush,
} from './adapter';
import { ashby } from './ashby';
import { greenhouse } from './greenhouse';
import { lever } from './lever';
import { applyStageChange, type ConnectionRow } from './stages';
import {
  closeImportedJob,
  forgetJobSearches,
  insertImportedJob,
  reopenImportedJob,
  syncImportedJob,
} from '../jobs/port';
import { sealedContext } from '../../lib/sealed-columns';

export type { ConnectionRow } from './stages';

declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    /** Runs one sync-log row (a push) against its vendor. */
    'ats-sync': { syncId: string };
    /** Periodic: every live connection re-reads the ATS's stage changes (webhooks that never arrived). */
    'ats-reconcile': Record<string, never>;
  }
}

export const ADAPTERS: Record<AtsVendor, AtsAdapter> = { greenhouse, lever, ashby };

/** Attempts before a sync is given up (an admin can still retry it). */
export const MAX_ATTEMPTS = 8;
/** The first retry waits this long; each next one twice as long, at most MAX_BACKOFF_SECONDS. */
export const BASE_BACKOFF_SECONDS = 30;
const MAX_BACKOFF_SECONDS = 6 * 60 * 60;

export interface AtsDeps {
  db: Db;
  config: Config;
  secrets: Secrets;
  storage: FileStorage;
  log: FastifyBaseLogger;
}

/** How to call the connection's vendor: its base URL, the opened credentials, the outbound limits. */
export function callContext(deps: Pick<AtsDeps, 'config' | 'secrets'>, connection: ConnectionRow): AtsCallContext {
  if (!connection.credentialsSealed) throw new VendorError(ATS_MESSAGES.revoked, null, ATS_MESSAGES.revoked);
  return {
    baseUrl: deps.config.atsIntegrationApis[connection.vendor as AtsVendor],
    credentials: JSON.parse(
      deps.secrets.open(connection.credentialsSealed, sealedContext.atsCredentials(connection.id)),
    ),
    allowHosts: deps.config.outboundAllowHosts,
    timeoutMs: deps.config.atsTimeoutMs,
  };
}

/** The wait before attempt `attempts + 1`: doubling from the base, never under the vendor's Retry-After. */
export function backoffSeconds(attempts: number, retryAfter: number | null): number {
  const doubling = Math.min(MAX_BACKOFF_SECONDS, BASE_BACKOFF_SECONDS * 2 ** Math.max(0, attempts - 1));
  return Math.max(doubling, retryAfter ?? 0);
}

/**
 * A referral reached the company (the candidate consented): when its job is linked to a live connection's ATS job,
 * a push is logged and queued, once per referral and connection. Runs in its own transaction from the queue job the
 * consent's transaction wrote.
 */
export async function queueReferralPush(db: Db, referralId: string): Promise<'queued' | 'not_linked' | 'known'> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ connectionId: atsJobLinks.connectionId })
      .from(referrals)
      .innerJoin(atsJobLinks, eq(atsJobLinks.jobId, referrals.jobId))
      .innerJoin(atsConnections, eq(atsConnections.id, atsJobLinks.connectionId))
      .where(
        and(
          eq(referrals.id, referralId),
          eq(referrals.consent, 'confirmed'),
          eq(atsConnections.companyId, referrals.companyId),
          ne(atsConnections.status, 'revoked'),
        ),
      );
    if (!target) return 'not_linked';
    return logOncePushed(tx, target.connectionId, 'push_referral', referralId);
  });
}

/** Logs a push once per connection, kind and subject (the sync log's unique key) and queues it; 'known' if logged before. */
async function logOncePushed(
  tx: Executor,
  connectionId: string,
  kind: 'push_referral' | 'push_application',
  subject: string,
): Promise<'queued' | 'known'> {
  const [row] = await tx
    .insert(atsSyncLog)
    .values({ connectionId, kind, subject, state: 'pending' })
    .onConflictDoNothing()
    .returning({ id: atsSyncLog.id });
  if (!row) return 'known';
  await queueSync(tx, row.id);
  return 'queued';
}

/**
 * A seeker applied directly (no referral) to a job linked to a live connection's ATS job: the application is logged
 * and queued, once per pipeline and connection. Runs from the queue job the application's transaction wrote.
 */
export async function queueApplicationPush(db: Db, pipelineId: string): Promise<'queued' | 'not_linked' | 'known'> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ connectionId: atsJobLinks.connectionId })
      .from(candidatePipelines)
      .innerJoin(jobPostings, eq(jobPostings.id, candidatePipelines.jobId))
      .innerJoin(atsJobLinks, eq(atsJobLinks.jobId, candidatePipelines.jobId))
      .innerJoin(atsConnections, eq(atsConnections.id, atsJobLinks.connectionId))
      .where(
        and(
          eq(candidatePipelines.id, pipelineId),
          isNotNull(candidatePipelines.appliedAt),
          eq(atsConnections.companyId, jobPostings.companyId),
          ne(atsConnections.status, 'revoked'),
        ),
      );
    if (!target) return 'not_linked';
    return logOncePushed(tx, target.connectionId, 'push_application', pipelineId);
  });
}

/** (Re)queues a sync row's job; one pending job per row (a retry now replaces a scheduled one). */
export async function queueSync(tx: Executor, syncId: string, runAt?: Date): Promise<void> {
  await enqueue(tx, 'ats-sync', { syncId }, { jobKey: `ats-sync:${syncId}`, ...(runAt ? { runAt } : {}) });
}

/** What a push sends: the candidate as referred, their referrer, the team's note and the résumé. */
async function referralPush(tx: Executor, storage: FileStorage, referralId: string, atsJobId: string) {
  const [row] = await tx
    .select({
      referral: referrals,
      candidateEmail: users.email,
      resumeKey: resumeFiles.storedName,
      resumeName: resumeFiles.originalName,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.talentId))
    .leftJoin(resumeFiles, eq(resumeFiles.id, referrals.resumeFileId))
    .where(eq(referrals.id, referralId));
  if (!row) return null;
  const [referrer] = row.referral.referrerId
    ? await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, row.referral.referrerId))
    : [];
  return {
    referralId,
    atsJobId,
    candidate: { ...splitName(row.referral.talentProfile.name), email: row.candidateEmail, phone: null },
    referrer: referrer ?? null,
    note: row.referral.notes,
    resume: await resumeOf(storage, row.resumeKey, row.resumeName),
  };
}

/** A résumé file (app.storage) as a push attaches it; null when there is none or it is gone from storage. */
async function resumeOf(
  storage: FileStorage,
  key: string | null,
  name: string | null,
): Promise<ReferralPush['resume']> {
  const file = key && name ? await storage.get(key) : null;
  return file && name ? { filename: name, contentType: file.contentType, content: await readAll(file) } : null;
}

/** The company's admins, told once when a connection starts failing. */
async function tellAdminsConnectionFails(tx: Executor, connection: ConnectionRow, reason: string) {
  const admins = await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, connection.companyId), eq(companyMembers.role, 'admin')));
  for (const { userId } of admins)
    await createNotification(tx, {
      userId,
      title: ATS_MESSAGES.connectionFailingTitle,
      message: ATS_MESSAGES.connectionFailing(ATS_VENDOR_NAMES[connection.vendor as AtsVendor], reason),
      type: ATS_NOTIFICATION_TYPE,
      referenceId: connection.id,
    });
}

/**
 * Marks the connection failing after a refused key; the admins hear of it only on the change from working (a
 * connection already failing stays quiet). Answers whether it was news.
 */
export async function markFailing(tx: Executor, connection: ConnectionRow, error: VendorError): Promise<boolean> {
  const reason = `${error.status ?? 'no answer'}: ${error.answer.slice(0, 200)}`;
  const [changed] = await tx
    .update(atsConnections)
    .set({ status: 'failing', lastError: reason, updatedAt: new Date() })
    .where(and(eq(atsConnections.id, connection.id), eq(atsConnections.status, 'active')))
    .returning({ id: atsConnections.id });
  if (changed) await tellAdminsConnectionFails(tx, connection, String(error.status));
  else
    await tx
      .update(atsConnections)
      .set({ lastError: reason, updatedAt: new Date() })
      .where(eq(atsConnections.id, connection.id));
  return changed !== undefined;
}

/** A call went through: a failing connection works again. */
export async function markWorking(tx: Executor, connectionId: string): Promise<void> {
  await tx
    .update(atsConnections)
    .set({ status: 'active', lastError: null, updatedAt: new Date() })
    .where(and(eq(atsConnections.id, connectionId), eq(atsConnections.status, 'failing')));
}

async function settle(
  tx: Tx,
  syncId: string,
  values: { state: AtsSyncState; attempts: number; status: number | null; answer: string; nextRetryAt?: Date | null },
) {
  await tx
    .update(atsSyncLog)
    .set({
      state: values.state,
      attempts: values.attempts,
      vendorStatus: values.status,
      vendorAnswer: values.answer.slice(0, 1000),
      nextRetryAt: values.nextRetryAt ?? null,
      updatedAt: new Date(),
    })
    .where(eq(atsSyncLog.id, syncId));
}

type SyncRow = typeof atsSyncLog.$inferSelect;
/** What a run did: the row's new state and the answer it records, or a vendor's error to decide on. */
type Outcome = { state: AtsSyncState; status: number | null; answer: string };

/** A referral's push: nothing twice (a pushed referral is known), nothing for a job no longer linked. */
async function push(tx: Tx, deps: AtsDeps, sync: SyncRow, connection: ConnectionRow): Promise<Outcome> {
  const referralId = sync.subject ?? '';
  const [known] = await tx
    .select()
    .from(atsCandidates)
    .where(and(eq(atsCandidates.connectionId, connection.id), eq(atsCandidates.referralId, referralId)));
  if (known) return { state: 'succeeded', status: null, answer: 'Already in the ATS.' };
  const [link] = await tx
    .select({ atsJobId: atsJobLinks.atsJobId })
    .from(atsJobLinks)
    .innerJoin(referrals, eq(referrals.jobId, atsJobLinks.jobId))
    .where(and(eq(referrals.id, referralId), eq(atsJobLinks.connectionId, connection.id)));
  const data = link ? await referralPush(tx, deps.storage, referralId, link.atsJobId) : null;
  if (!data) return { state: 'ignored', status: null, answer: 'The job is no longer linked.' };
  const result = await ADAPTERS[connection.vendor as AtsVendor].pushReferral(callContext(deps, connection), data);
  await tx
    .insert(atsCandidates)
    .values({
      connectionId: connection.id,
      referralId,
      atsCandidateId: result.candidateId,
      atsApplicationId: result.applicationId,
      linkedExisting: result.linkedExisting,
    })
    .onConflictDoNothing();
  return pushed(result);
}

/** A push the ATS took, as the sync log shows it. */
function pushed(result: PushResult): Outcome {
  const what = result.linkedExisting ? 'Linked to existing candidate' : 'Created candidate';
  return {
    state: 'succeeded',
    status: 200,
    answer: `${what} ${result.candidateId}, application ${result.applicationId}`,
  };
}

/**
 * A direct application's push: the applicant as a candidate on the linked ATS job, with the applicant source, no
 * referrer and the résumé on their profile, attached as the vendor documents; nothing twice (a pushed pipeline is
 * known). A referred applicant's referral is pushed as a referral.
 */
async function pushApplication(tx: Tx, deps: AtsDeps, sync: SyncRow, connection: ConnectionRow): Promise<Outcome> {
  const pipelineId = sync.subject ?? '';
  const [known] = await tx
    .select()
    .from(atsApplications)
    .where(and(eq(atsApplications.connectionId, connection.id), eq(atsApplications.pipelineId, pipelineId)));
  if (known) return { state: 'succeeded', status: null, answer: 'Already in the ATS.' };
  const [row] = await tx
    .select({
      atsJobId: atsJobLinks.atsJobId,
      name: users.name,
      email: users.email,
      referralId: referrals.id,
      resumeKey: resumeFiles.storedName,
      resumeName: resumeFiles.originalName,
    })
    .from(candidatePipelines)
    .innerJoin(atsJobLinks, eq(atsJobLinks.jobId, candidatePipelines.jobId))
    .innerJoin(users, eq(users.id, candidatePipelines.talentId))
    .leftJoin(talentProfiles, eq(talentProfiles.id, candidatePipelines.talentId))
    .leftJoin(resumeFiles, eq(resumeFiles.id, talentProfiles.resumeFileId))
    .leftJoin(
      referrals,
      and(eq(referrals.jobId, candidatePipelines.jobId), eq(referrals.talentId, candidatePipelines.talentId)),
    )
    .where(and(eq(candidatePipelines.id, pipelineId), eq(atsJobLinks.connectionId, connection.id)));
  if (!row) return { state: 'ignored', status: null, answer: 'The job is no longer linked.' };
  if (row.referralId) return { state: 'ignored', status: null, answer: 'Referred: sent as the referral.' };
  const result = await ADAPTERS[connection.vendor as AtsVendor].pushReferral(callContext(deps, connection), {
    referralId: pipelineId,
    atsJobId: row.atsJobId,
    source: 'applied',
    candidate: { ...splitName(row.name), email: row.email, phone: null },
    referrer: null,
    note: null,
    resume: await resumeOf(deps.storage, row.resumeKey, row.resumeName),
  });
  await tx
    .insert(atsApplications)
    .values({
      connectionId: connection.id,
      pipelineId,
      atsCandidateId: result.candidateId,
      atsApplicationId: result.applicationId,
      linkedExisting: result.linkedExisting,
    })
    .onConflictDoNothing();
  return pushed(result);
}

/** The ATS's open jobs, kept for the admin to link from (jobs no longer open there leave the list). */
async function storeOpenJobs(tx: Tx, connectionId: string, jobs: AtsJob[]): Promise<void> {
  const now = new Date();
  for (const job of jobs)
    await tx
      .insert(atsJobs)
      .values({ connectionId, atsJobId: job.id, title: job.title, location: job.location, readAt: now })
      .onConflictDoUpdate({
        target: [atsJobs.connectionId, atsJobs.atsJobId],
        set: { title: job.title, location: job.location, readAt: now },
      });
  await tx.delete(atsJobs).where(and(eq(atsJobs.connectionId, connectionId), sql`${atsJobs.readAt} < ${now}`));
}

async function readJobs(tx: Tx, deps: AtsDeps, connection: ConnectionRow): Promise<Outcome> {
  const jobs = await ADAPTERS[connection.vendor as AtsVendor].openJobs(callContext(deps, connection));
  await storeOpenJobs(tx, connection.id, jobs);
  return { state: 'succeeded', status: 200, answer: `${jobs.length} open jobs` };
}

const cut = (text: string | null | undefined, max: number) => (text ? text.trim().slice(0, max) : undefined);

/**
 * An ATS job as the house's job fields, validated by the posting form's own schema (null when the ATS's job cannot be
 * one, e.g. no title): a post without a requirements section says so, a job without a location takes the company's.
 */
function jobInputOf(job: AtsJob, company: { name: string; location: string | null }): JobInput | null {
  const description = cut(job.description, 20_000) || job.title;
  const salary = cut(job.salary, 120);
  const parsed = jobFormSchema.safeParse({
    title: cut(job.title, 160),
    company: cut(company.name, 160),
    location: cut(job.location, 160) || cut(company.location, 160) || ATS_MESSAGES.locationNotGiven,
    employmentType: job.employmentType ?? 'full-time',
    description,
    requirements: cut(job.requirements, 20_000) || ATS_MESSAGES.requirementsInDescription,
    skills: [],
    ...(salary ? { salary } : {}),
  });
  return parsed.success ? parsed.data : null;
}

/**
 * Imports the ATS's open jobs as the company's jobs, once each (by the vendor's job id, under the connection's lock):
 * a new one is posted as an imported posting is (a missing pay range a law requires keeps it a draft with the
 * reason), an imported one follows the ATS (title, location, description, pay), an imported one no longer open
 * there closes here, and one the ATS closed here and lists open again reopens (one a person closed stays closed).
 * Jobs an admin linked by hand are the admin's: never overwritten, never closed.
 */
async function importJobs(tx: Tx, deps: AtsDeps, connection: ConnectionRow): Promise<Outcome> {
  await tx
    .select({ id: atsConnections.id })
    .from(atsConnections)
    .where(eq(atsConnections.id, connection.id))
    .for('update');
  const jobs = await ADAPTERS[connection.vendor as AtsVendor].openJobs(callContext(deps, connection));
  await storeOpenJobs(tx, connection.id, jobs);
  const [company] = await tx
    .select({ name: companies.name, location: companies.location })
    .from(companies)
    .where(eq(companies.id, connection.companyId));
  const links = await tx.select().from(atsJobLinks).where(eq(atsJobLinks.connectionId, connection.id));
  const byAtsJob = new Map(links.map((link) => [link.atsJobId, link]));
  const count = { created: 0, drafts: 0, updated: 0, closed: 0, reopened: 0, skipped: 0 };
  for (const job of jobs) {
    const input = jobInputOf(job, company!);
    const link = byAtsJob.get(job.id);
    if (!input) count.skipped++;
    else if (!link) {
      const made = await insertImportedJob(tx, {
        companyId: connection.companyId,
        createdBy: connection.createdBy,
        input,
      });
      await tx
        .insert(atsJobLinks)
        .values({ jobId: made.id, connectionId: connection.id, atsJobId: job.id, imported: true });
      count.created++;
      if (made.status === 'DRAFT') count.drafts++;
    } else if (link.imported) {
      await syncImportedJob(tx, link.jobId, input);
      count.updated++;
      if (await reopenImportedJob(tx, link.jobId)) count.reopened++;
    }
  }
  const open = new Set(jobs.map((job) => job.id));
  for (const link of links)
    if (link.imported && !open.has(link.atsJobId) && (await closeImportedJob(tx, link.jobId))) count.closed++;
  return {
    state: 'succeeded',
    status: 200,
    answer:
      `${jobs.length} open jobs: ${count.created} imported (${count.drafts} kept as drafts for a missing pay range), ` +
      `${count.updated} updated, ${count.closed} closed` +
      (count.reopened ? `, ${count.reopened} reopened` : '') +
      (count.skipped ? `, ${count.skipped} skipped (not a job we can post)` : ''),
  };
}

/**
 * Re-reads the applications the ATS changed since the last reconciliation (a little overlap: a change seen twice
 * moves nothing the second time; Ashby from the sync token its last read ended with, kept on the connection) and
 * applies those about referrals we pushed, as a webhook would have.
 */
async function reconcile(tx: Tx, deps: AtsDeps, connection: ConnectionRow): Promise<Outcome> {
  const startedAt = new Date();
  const since = new Date((connection.reconciledAt ?? connection.createdAt).getTime() - 60_000);
  const { changes, syncToken } = await ADAPTERS[connection.vendor as AtsVendor].stageChangesSince(
    callContext(deps, connection),
    since,
    connection.syncToken,
  );
  let moved = 0;
  for (const change of changes) if ((await applyStageChange(tx, connection, change)) === 'moved') moved++;
  await tx
    .update(atsConnections)
    .set({ reconciledAt: startedAt, syncToken })
    .where(eq(atsConnections.id, connection.id));
  const answer = `${changes.length} changed applications read, ${moved} moved`;
  // Once an admin imported the ATS's jobs, each reconciliation imports them again: new, changed and closed ones.
  if (!connection.importsJobs) return { state: 'succeeded', status: 200, answer };
  const imported = await importJobs(tx, deps, connection);
  return { ...imported, answer: `${answer}; ${imported.answer}` };
}

async function perform(tx: Tx, deps: AtsDeps, sync: SyncRow, connection: ConnectionRow): Promise<Outcome> {
  switch (sync.kind) {
    case 'push_referral':
      return push(tx, deps, sync, connection);
    case 'read_jobs':
      return readJobs(tx, deps, connection);
    case 'import_jobs':
      return importJobs(tx, deps, connection);
    case 'push_application':
      return pushApplication(tx, deps, sync, connection);
    case 'reconcile':
      return reconcile(tx, deps, connection);
    case 'test':
      await ADAPTERS[connection.vendor as AtsVendor].testConnection(callContext(deps, connection));
      return { state: 'succeeded', status: 200, answer: 'The ATS accepted the key.' };
    default:
      return { state: 'ignored', status: null, answer: 'Nothing to send.' };
  }
}

/**
 * Runs one sync row: the `ats-sync` job. Holding the row's lock for the call, so a "retry now" that overlaps a run
 * waits for it and then finds it done. Never throws for a vendor's failure (the row records it and schedules the
 * next attempt); the queue's own retry is for our failures (the database).
 */
export async function runSync(deps: AtsDeps, syncId: string): Promise<AtsSyncState | null> {
  let touchedJobs = false;
  const state = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ sync: atsSyncLog, connection: atsConnections })
      .from(atsSyncLog)
      .innerJoin(atsConnections, eq(atsConnections.id, atsSyncLog.connectionId))
      .where(eq(atsSyncLog.id, syncId))
      .for('update', { of: atsSyncLog });
    if (!found) return null;
    const { sync, connection } = found;
    if (sync.state === 'succeeded' || sync.state === 'ignored') return sync.state as AtsSyncState;
    touchedJobs = sync.kind === 'import_jobs' || sync.kind === 'reconcile';
    const attempts = sync.attempts + 1;
    if (connection.status === 'revoked') {
      await settle(tx, syncId, {
        state: 'failed',
        attempts: sync.attempts,
        status: null,
        answer: ATS_MESSAGES.revoked,
      });
      return 'failed';
    }
    try {
      const outcome = await perform(tx, deps, sync, connection);
      if (outcome.status !== null) await markWorking(tx, connection.id);
      await settle(tx, syncId, { ...outcome, attempts });
      return outcome.state;
    } catch (error) {
      if (error instanceof WebhookShapeError) {
        await settle(tx, syncId, { state: 'failed', attempts, status: null, answer: error.message });
        return 'failed';
      }
      if (!(error instanceof VendorError)) throw error;
      deps.log.warn(
        { syncId, kind: sync.kind, status: error.status, answer: error.answer.slice(0, 200) },
        'ats: call failed',
      );
      if (error.unauthorized) {
        await markFailing(tx, connection, error);
        await settle(tx, syncId, { state: 'failed', attempts, status: error.status, answer: error.answer });
        return 'failed';
      }
      if (error.retryable && sync.kind !== 'test' && attempts < MAX_ATTEMPTS) {
        const nextRetryAt = new Date(Date.now() + backoffSeconds(attempts, error.retryAfterSeconds) * 1000);
        await settle(tx, syncId, {
          state: 'retrying',
          attempts,
          status: error.status,
          answer: error.answer,
          nextRetryAt,
        });
        await queueSync(tx, syncId, nextRetryAt);
        return 'retrying';
      }
      await settle(tx, syncId, { state: 'failed', attempts, status: error.status, answer: error.answer });
      return 'failed';
    }
  });
  // Searches show the imported, changed and closed jobs from now on.
  if (touchedJobs) forgetJobSearches(deps.db);
  return state;
}

/** "Retry now": a failed or waiting sync is queued at once (its attempts count on). */
export async function retryNow(tx: Executor, syncId: string): Promise<boolean> {
  const [row] = await tx
    .update(atsSyncLog)
    .set({ state: 'pending', nextRetryAt: null, updatedAt: new Date() })
    .where(and(eq(atsSyncLog.id, syncId), sql`${atsSyncLog.state} in ('failed', 'retrying', 'pending')`))
    .returning({ id: atsSyncLog.id });
  if (!row) return false;
  await queueSync(tx, syncId);
  return true;
}

/** A test of the connection or a read of its open jobs, logged and queued; the answer is the log row's id. */
export async function startSync(
  tx: Executor,
  connectionId: string,
  kind: 'test' | 'read_jobs' | 'reconcile' | 'import_jobs',
): Promise<string> {
  const [row] = await tx
    .insert(atsSyncLog)
    .values({ connectionId, kind, subject: null, state: 'pending' })
    .returning({ id: atsSyncLog.id });
  await queueSync(tx, row!.id);
  return row!.id;
}

/** The periodic reconciliation: one logged, queued re-read per working connection. */
export async function reconcileAll(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const live = await tx
      .select({ id: atsConnections.id })
      .from(atsConnections)
      .where(eq(atsConnections.status, 'active'));
    for (const { id } of live) await startSync(tx, id, 'reconcile');
    return live.length;
  });
}
