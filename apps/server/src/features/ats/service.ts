/**
 * A company admin's ATS connections: connect (credentials sealed at once, the vendor not called), test and read jobs
 * (queued, answered by the sync log), revoke (credentials wiped), the stage mapping, job links, the sync log and its
 * "retry now". The API never returns a key or a secret: only that one is kept and the key's last four characters.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, ne, or } from 'drizzle-orm';
import {
  ATS_DEFAULT_STAGE_MAPPING,
  ATS_MESSAGES,
  ATS_VENDORS_ACTING_AS,
  ATS_VENDORS_WITH_SOURCE_ID,
  type AtsConnectRequest,
  type AtsConnection,
  type AtsJob,
  type AtsJobLink,
  type AtsStageMapping,
  type AtsSyncEntry,
  type AtsSyncKind,
  type AtsSyncState,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/repository';
import {
  atsApplications,
  atsCandidates,
  atsConnections,
  atsJobLinks,
  atsJobs,
  atsSyncLog,
  jobPostings,
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Secrets } from '../../lib/secrets';
import { recordAudit } from '../../platform/audit/service';
import { retryNow, startSync, type ConnectionRow } from './sync';
import { sealedContext } from '../../lib/sealed-columns';

const toConnection = (row: ConnectionRow): AtsConnection => ({
  id: row.id,
  vendor: row.vendor as AtsConnection['vendor'],
  status: row.status as AtsConnection['status'],
  hasKey: row.credentialsSealed !== null,
  keyLast4: row.keyLast4,
  onBehalfOf: row.onBehalfOf,
  sourceId: row.sourceId,
  lastError: row.lastError,
  webhookPath: `/api/ats/webhooks/${row.id}`,
  stageMapping: row.stageMapping,
  createdAt: row.createdAt.toISOString(),
});

const toSyncEntry = (row: typeof atsSyncLog.$inferSelect): AtsSyncEntry => ({
  id: row.id,
  kind: row.kind as AtsSyncKind,
  subject: row.subject,
  state: row.state as AtsSyncState,
  attempts: row.attempts,
  nextRetryAt: row.nextRetryAt?.toISOString() ?? null,
  vendorStatus: row.vendorStatus,
  vendorAnswer: row.vendorAnswer,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The company's connection, or 404 (another company's is as unknown as none). */
export async function connectionOf(db: Executor, companyId: string, connectionId: string): Promise<ConnectionRow> {
  const [row] = await db
    .select()
    .from(atsConnections)
    .where(and(eq(atsConnections.id, connectionId), eq(atsConnections.companyId, companyId)));
  if (!row) throw notFound(ATS_MESSAGES.notConnected);
  return row;
}

async function liveConnectionOf(db: Executor, companyId: string, connectionId: string) {
  const row = await connectionOf(db, companyId, connectionId);
  if (row.status === 'revoked') throw conflict(ATS_MESSAGES.revoked);
  return row;
}

export async function listConnections(db: Db, companyId: string): Promise<AtsConnection[]> {
  const rows = await db
    .select()
    .from(atsConnections)
    .where(eq(atsConnections.companyId, companyId))
    .orderBy(desc(atsConnections.createdAt));
  return rows.map(toConnection);
}

/**
 * What a new connection takes over from the company's revoked connections to the same vendor (ADR 0048): the job links
 * (so an import updates the postings it made rather than making them again), what was pushed (so webhooks and the
 * reconciliation still find those candidates, and nothing is pushed twice), whether it imports jobs, and the newest
 * one's stage mapping. Answers how many job links it took over.
 */
async function takeOverRevoked(tx: Executor, connection: ConnectionRow): Promise<number> {
  const revoked = await tx
    .select()
    .from(atsConnections)
    .where(
      and(
        eq(atsConnections.companyId, connection.companyId),
        eq(atsConnections.vendor, connection.vendor),
        eq(atsConnections.status, 'revoked'),
      ),
    )
    .orderBy(desc(atsConnections.createdAt));
  if (revoked.length === 0) return 0;
  const ids = revoked.map((row) => row.id);
  const links = await tx
    .update(atsJobLinks)
    .set({ connectionId: connection.id })
    .where(inArray(atsJobLinks.connectionId, ids))
    .returning({ jobId: atsJobLinks.jobId });
  await tx.update(atsCandidates).set({ connectionId: connection.id }).where(inArray(atsCandidates.connectionId, ids));
  await tx
    .update(atsApplications)
    .set({ connectionId: connection.id })
    .where(inArray(atsApplications.connectionId, ids));
  await tx
    .update(atsConnections)
    .set({ importsJobs: revoked.some((row) => row.importsJobs), stageMapping: revoked[0]!.stageMapping })
    .where(eq(atsConnections.id, connection.id));
  return links.length;
}

/**
 * Saves a connection with its credentials sealed; the vendor is not called (a test does that). It takes over what a
 * revoked connection to the same vendor left (takeOverRevoked).
 */
export async function connect(
  deps: { db: Db; secrets: Secrets },
  companyId: string,
  actorId: string,
  input: AtsConnectRequest,
): Promise<AtsConnection> {
  if (ATS_VENDORS_ACTING_AS.includes(input.vendor) && !input.onBehalfOf) {
    const message = input.vendor === 'lever' ? ATS_MESSAGES.performAsRequired : ATS_MESSAGES.onBehalfOfRequired;
    throw badRequest(message, { onBehalfOf: message });
  }
  return deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: atsConnections.id })
      .from(atsConnections)
      .where(
        and(
          eq(atsConnections.companyId, companyId),
          eq(atsConnections.vendor, input.vendor),
          ne(atsConnections.status, 'revoked'),
        ),
      )
      .for('update');
    if (existing) throw conflict(ATS_MESSAGES.alreadyConnected);
    const id = randomUUID();
    const onBehalfOf = ATS_VENDORS_ACTING_AS.includes(input.vendor) ? input.onBehalfOf || undefined : undefined;
    const sourceId = ATS_VENDORS_WITH_SOURCE_ID.includes(input.vendor) ? input.sourceId || undefined : undefined;
    const applicationSourceId = ATS_VENDORS_WITH_SOURCE_ID.includes(input.vendor)
      ? input.applicationSourceId || undefined
      : undefined;
    const credentials = { apiKey: input.apiKey, onBehalfOf, sourceId, applicationSourceId };
    const [row] = await tx
      .insert(atsConnections)
      .values({
        id,
        companyId,
        vendor: input.vendor,
        credentialsSealed: deps.secrets.seal(JSON.stringify(credentials), sealedContext.atsCredentials(id)),
        keyLast4: input.apiKey.slice(-4),
        onBehalfOf: onBehalfOf ?? null,
        sourceId: sourceId ?? null,
        webhookSecretSealed: deps.secrets.seal(input.webhookSecret, sealedContext.atsWebhookSecret(id)),
        stageMapping: ATS_DEFAULT_STAGE_MAPPING[input.vendor],
        createdBy: actorId,
      })
      .returning();
    const linksKept = await takeOverRevoked(tx, row!);
    await recordAudit(tx, {
      companyId,
      actorId,
      action: 'ats.connected',
      subject: { type: 'company', id: companyId },
      after: { vendor: input.vendor, ...(linksKept ? { linksKept } : {}) },
    });
    // The ATS's open jobs are read at once, for the admin to link from.
    await startSync(tx, id, 'read_jobs');
    const [saved] = await tx.select().from(atsConnections).where(eq(atsConnections.id, id));
    return toConnection(saved!);
  });
}

/**
 * Revoking wipes the credentials and secret (webhooks are refused, nothing is pushed from now on); the log, the job
 * links and what was pushed stay, for a new connection to the same vendor to take over.
 */
export async function revoke(db: Db, companyId: string, actorId: string, connectionId: string): Promise<AtsConnection> {
  return db.transaction(async (tx) => {
    await liveConnectionOf(tx, companyId, connectionId);
    const [row] = await tx
      .update(atsConnections)
      .set({
        status: 'revoked',
        credentialsSealed: null,
        webhookSecretSealed: null,
        lastError: null,
        updatedAt: new Date(),
      })
      .where(eq(atsConnections.id, connectionId))
      .returning();
    await recordAudit(tx, {
      companyId,
      actorId,
      action: 'ats.revoked',
      subject: { type: 'company', id: companyId },
      before: { vendor: row!.vendor },
    });
    return toConnection(row!);
  });
}

/**
 * "Import open jobs": the ATS's open jobs become the company's jobs (queued; the answer is the sync-log entry), and
 * from now on each reconciliation imports and syncs them again. Audited.
 */
export async function queueImport(
  db: Db,
  companyId: string,
  actorId: string,
  connectionId: string,
): Promise<AtsSyncEntry> {
  return db.transaction(async (tx) => {
    const connection = await liveConnectionOf(tx, companyId, connectionId);
    await tx
      .update(atsConnections)
      .set({ importsJobs: true, updatedAt: new Date() })
      .where(eq(atsConnections.id, connectionId));
    await recordAudit(tx, {
      companyId,
      actorId,
      action: 'ats.jobs_imported',
      subject: { type: 'company', id: companyId },
      before: { importsJobs: connection.importsJobs },
      after: { vendor: connection.vendor, importsJobs: true },
    });
    const id = await startSync(tx, connectionId, 'import_jobs');
    const [row] = await tx.select().from(atsSyncLog).where(eq(atsSyncLog.id, id));
    return toSyncEntry(row!);
  });
}

/** Queues a test or a read of the open jobs; the answer is its sync-log entry (pending). */
export async function queueCheck(
  db: Db,
  companyId: string,
  connectionId: string,
  kind: 'test' | 'read_jobs',
): Promise<AtsSyncEntry> {
  return db.transaction(async (tx) => {
    await liveConnectionOf(tx, companyId, connectionId);
    const id = await startSync(tx, connectionId, kind);
    const [row] = await tx.select().from(atsSyncLog).where(eq(atsSyncLog.id, id));
    return toSyncEntry(row!);
  });
}

export async function setStageMapping(
  db: Db,
  companyId: string,
  connectionId: string,
  mapping: AtsStageMapping,
): Promise<AtsConnection> {
  await liveConnectionOf(db, companyId, connectionId);
  const [row] = await db
    .update(atsConnections)
    .set({ stageMapping: mapping, updatedAt: new Date() })
    .where(eq(atsConnections.id, connectionId))
    .returning();
  return toConnection(row!);
}

/** The ATS's open jobs as last read. */
export async function listAtsJobs(db: Db, companyId: string, connectionId: string): Promise<AtsJob[]> {
  await connectionOf(db, companyId, connectionId);
  const rows = await db.select().from(atsJobs).where(eq(atsJobs.connectionId, connectionId)).orderBy(atsJobs.title);
  return rows.map((r) => ({ id: r.atsJobId, title: r.title, location: r.location }));
}

/** The company's open jobs (and any job still linked), each with the ATS job it is linked to, if any. */
export async function listJobLinks(db: Db, companyId: string, connectionId: string): Promise<AtsJobLink[]> {
  await connectionOf(db, companyId, connectionId);
  const rows = await db
    .select({
      jobId: jobPostings.id,
      jobTitle: jobPostings.title,
      atsJobId: atsJobLinks.atsJobId,
      imported: atsJobLinks.imported,
      status: jobPostings.status,
    })
    .from(jobPostings)
    .leftJoin(atsJobLinks, and(eq(atsJobLinks.jobId, jobPostings.id), eq(atsJobLinks.connectionId, connectionId)))
    .where(
      and(eq(jobPostings.companyId, companyId), or(eq(jobPostings.status, 'OPEN'), isNotNull(atsJobLinks.atsJobId))),
    )
    .orderBy(jobPostings.title, jobPostings.id);
  return rows.map((row) => ({ ...row, imported: row.imported ?? false }));
}

/** Links a company job to one of the ATS's open jobs (null unlinks); one Referwell job per ATS job. */
export async function linkJob(
  db: Db,
  companyId: string,
  connectionId: string,
  input: { jobId: string; atsJobId: string | null },
): Promise<AtsJobLink[]> {
  await db.transaction(async (tx) => {
    await liveConnectionOf(tx, companyId, connectionId);
    const [job] = await tx
      .select({ companyId: jobPostings.companyId })
      .from(jobPostings)
      .where(eq(jobPostings.id, input.jobId));
    if (!job || job.companyId !== companyId) throw notFound(ATS_MESSAGES.jobNotAtCompany);
    await tx.delete(atsJobLinks).where(eq(atsJobLinks.jobId, input.jobId));
    if (input.atsJobId === null) return;
    const [open] = await tx
      .select({ id: atsJobs.atsJobId })
      .from(atsJobs)
      .where(and(eq(atsJobs.connectionId, connectionId), eq(atsJobs.atsJobId, input.atsJobId)));
    if (!open) throw notFound('That ATS job is not among its open jobs.');
    const [linked] = await tx
      .insert(atsJobLinks)
      .values({ jobId: input.jobId, connectionId, atsJobId: input.atsJobId })
      .onConflictDoNothing()
      .returning({ jobId: atsJobLinks.jobId });
    if (!linked) throw conflict(ATS_MESSAGES.atsJobTaken);
  });
  return listJobLinks(db, companyId, connectionId);
}

export async function syncLog(db: Db, companyId: string, connectionId: string): Promise<AtsSyncEntry[]> {
  await connectionOf(db, companyId, connectionId);
  const rows = await db
    .select()
    .from(atsSyncLog)
    .where(eq(atsSyncLog.connectionId, connectionId))
    .orderBy(desc(atsSyncLog.createdAt), desc(atsSyncLog.id))
    .limit(200);
  return rows.map(toSyncEntry);
}

/** "Retry now" on a failed or waiting push, test or read. */
export async function retrySync(
  db: Db,
  companyId: string,
  connectionId: string,
  syncId: string,
): Promise<AtsSyncEntry> {
  return db.transaction(async (tx) => {
    await liveConnectionOf(tx, companyId, connectionId);
    const [row] = await tx
      .select()
      .from(atsSyncLog)
      .where(and(eq(atsSyncLog.id, syncId), eq(atsSyncLog.connectionId, connectionId)));
    if (!row) throw notFound(ATS_MESSAGES.syncNotFound);
    if (row.kind === 'webhook' || !(await retryNow(tx, syncId))) throw conflict(ATS_MESSAGES.syncNotRetryable);
    const [after] = await tx.select().from(atsSyncLog).where(eq(atsSyncLog.id, syncId));
    return toSyncEntry(after!);
  });
}
