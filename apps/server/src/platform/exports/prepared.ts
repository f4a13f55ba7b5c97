import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { ACCOUNT_DATA_MESSAGES, DATA_EXPORT_DAYS } from '@referwell/shared';
import type { Db } from '../../db/client';
import { inTransaction, type Tx } from '../../db/repository';
import { dataExports, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { enqueue, type QueueTasks, type TaskName } from '../../lib/queue/enqueue';
import type { FileStorage, StoredFile } from '../../lib/storage';

/**
 * Prepared downloads, the one way the product hands out a file it builds in the background: "Export my data"
 * (features/account) and a company admin's CSV exports (features/analytics). A request writes a row and queues
 * its build in one transaction; the build streams the file into storage, marks the row ready and lets the
 * feature tell the requester; the requester alone downloads it through a signed link until it expires; an
 * hourly task deletes expired files.
 */
declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    'expire-data-exports': Record<string, never>;
  }
}

export type ExportRow = typeof dataExports.$inferSelect;

/** A build is retried a few times (seconds apart); one still preparing after an hour has failed. */
const BUILD_ATTEMPTS = 3;
const GIVE_UP_AFTER_MS = 3600 * 1000;
export type ExportState = 'preparing' | 'ready' | 'expired' | 'failed';
/** The queue tasks that build an export: their payload names the row. */
export type ExportTask = { [N in TaskName]: QueueTasks[N] extends { exportId: string } ? N : never }[TaskName];

const sign = (secret: string, row: { id: string; expiresAt: Date }) =>
  createHmac('sha256', secret).update(`data-export:${row.id}:${row.expiresAt.getTime()}`).digest('base64url');

/** The signed link to a ready export: good for its requester until it expires. */
export function downloadPath(secret: string, row: { id: string; expiresAt: Date }): string {
  return `/api/exports/${row.id}/download?token=${sign(secret, row)}`;
}

export function exportState(row: ExportRow, now = new Date()): ExportState {
  if (row.status === 'ready' && row.expiresAt && row.expiresAt <= now) return 'expired';
  return row.status;
}

/** The link while the export can be downloaded, else null. */
export const linkOf = (secret: string, row: ExportRow): string | null =>
  exportState(row) === 'ready' && row.expiresAt ? downloadPath(secret, { id: row.id, expiresAt: row.expiresAt }) : null;

export interface ExportRequest {
  userId: string;
  kind: string;
  companyId?: string | null;
  params?: Record<string, string> | null;
}

/**
 * Asks for an export and queues its build in the same transaction. While the same export (kind, company and
 * parameters) is being prepared for the same person, asking again returns that one instead of starting another.
 */
export async function requestExport(db: Db, request: ExportRequest, task: ExportTask): Promise<ExportRow> {
  return inTransaction(db, async (tx) => {
    // One request at a time per person, even from two tabs at once.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, request.userId)).for('update');
    const [pending] = await tx
      .select()
      .from(dataExports)
      .where(
        and(
          eq(dataExports.userId, request.userId),
          eq(dataExports.kind, request.kind),
          eq(dataExports.status, 'preparing'),
          sql`${dataExports.companyId} is not distinct from ${request.companyId ?? null}::uuid`,
          sql`${dataExports.params} is not distinct from ${request.params ? JSON.stringify(request.params) : null}::jsonb`,
        ),
      )
      .limit(1);
    if (pending) return pending;
    const [created] = await tx
      .insert(dataExports)
      .values({
        userId: request.userId,
        kind: request.kind,
        companyId: request.companyId ?? null,
        params: request.params ?? null,
      })
      .returning();
    await enqueue(
      tx,
      task,
      { exportId: created!.id },
      { jobKey: `data-export:${created!.id}`, maxAttempts: BUILD_ATTEMPTS },
    );
    return created!;
  });
}

/** What a feature's build produces: the file's bytes as a stream, its download name and type. */
export interface ExportFile {
  fileName: string;
  contentType: string;
  body: AsyncIterable<Uint8Array>;
}

/** A ready export as the feature announces it: the requester's link and how long it lasts. */
export interface ReadyExport {
  row: ExportRow;
  path: string;
  days: number;
}

/**
 * The queued build: streams the feature's file into storage (bounded memory, whatever its size), then in one
 * transaction marks the export ready and lets the feature tell the requester (`announce`). A retry rewrites the
 * same key; an export already ready or gone is left alone.
 */
export async function buildExport(
  db: Db,
  storage: FileStorage,
  secret: string,
  exportId: string,
  produce: (row: ExportRow) => Promise<ExportFile>,
  announce: (tx: Tx, ready: ReadyExport) => Promise<void>,
): Promise<void> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (!row || row.status !== 'preparing') return;
  const file = await produce(row);
  const extension = file.fileName.split('.').at(-1)?.toLowerCase() ?? 'bin';
  const fileKey = `exports/${row.id}.${extension}`;
  const sizeBytes = await storage.putStream(fileKey, file.body, { contentType: file.contentType });
  await inTransaction(db, async (tx) => {
    const readyAt = new Date();
    const expiresAt = new Date(readyAt.getTime() + DATA_EXPORT_DAYS * 24 * 3600 * 1000);
    const [ready] = await tx
      .update(dataExports)
      .set({ status: 'ready', fileKey, fileName: file.fileName, sizeBytes, readyAt, expiresAt })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'preparing')))
      .returning();
    if (ready)
      await announce(tx, {
        row: ready,
        path: downloadPath(secret, { id: ready.id, expiresAt }),
        days: DATA_EXPORT_DAYS,
      });
  });
}

/**
 * A ready export for its requester, through the signed link, until it expires; anyone else is told it does not
 * exist. `stillAllowed` is the feature's own check at download time (a company export: still the company's admin).
 */
export async function exportForDownload(
  db: Db,
  storage: FileStorage,
  secret: string,
  userId: string,
  exportId: string,
  token: string,
  stillAllowed: (row: ExportRow) => boolean,
): Promise<{ file: StoredFile; fileName: string }> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (!row || row.userId !== userId || !stillAllowed(row)) throw notFound(ACCOUNT_DATA_MESSAGES.exportNotFound);
  if (row.status !== 'ready' || !row.expiresAt) throw notFound(ACCOUNT_DATA_MESSAGES.exportNotFound);
  if (row.expiresAt <= new Date() || !row.fileKey) throw new AppError(410, 'GONE', ACCOUNT_DATA_MESSAGES.exportExpired);
  const expected = Buffer.from(sign(secret, { id: row.id, expiresAt: row.expiresAt }));
  const given = Buffer.from(token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new AppError(403, 'FORBIDDEN', ACCOUNT_DATA_MESSAGES.exportLinkInvalid);
  const file = await storage.get(row.fileKey);
  if (!file) throw new AppError(410, 'GONE', ACCOUNT_DATA_MESSAGES.exportExpired);
  return { file, fileName: row.fileName ?? `referwell-export-${row.id}` };
}

/**
 * Hourly: deletes the files of expired exports (their rows stay, so the pages can say "expired") and marks builds
 * that gave up as failed, so their requester can ask again.
 */
export async function expireDataExports(db: Db, storage: FileStorage, now = new Date()): Promise<number> {
  await db
    .update(dataExports)
    .set({ status: 'failed' })
    .where(
      and(eq(dataExports.status, 'preparing'), lt(dataExports.createdAt, new Date(now.getTime() - GIVE_UP_AFTER_MS))),
    );
  const expired = await db
    .select({ id: dataExports.id, fileKey: dataExports.fileKey })
    .from(dataExports)
    .where(and(lt(dataExports.expiresAt, now), isNotNull(dataExports.fileKey)));
  for (const row of expired) {
    await storage.delete(row.fileKey!);
    await db.update(dataExports).set({ fileKey: null }).where(eq(dataExports.id, row.id));
  }
  return expired.length;
}
