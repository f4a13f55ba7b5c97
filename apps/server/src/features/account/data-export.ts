import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNotNull, lt } from 'drizzle-orm';
import { ACCOUNT_DATA_MESSAGES, DATA_EXPORT_DAYS, type DataExportStatus } from '@referwell/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/repository';
import { companyMembers, dataExports, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { enqueueMail } from '../../lib/mail/send';
import { enqueue } from '../../lib/queue/enqueue';
import type { FileStorage, StoredFile } from '../../lib/storage';
import { recordAudit } from '../audit/service';
import { buildExportZip } from './export-contents';

declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    'build-data-export': { exportId: string };
    'expire-data-exports': Record<string, never>;
  }
}

type ExportRow = typeof dataExports.$inferSelect;

const sign = (secret: string, row: { id: string; expiresAt: Date }) =>
  createHmac('sha256', secret).update(`data-export:${row.id}:${row.expiresAt.getTime()}`).digest('base64url');

/** The signed link to a ready export: good for its owner until it expires. */
export function downloadPath(secret: string, row: { id: string; expiresAt: Date }): string {
  return `/api/account/data-exports/${row.id}/download?token=${sign(secret, row)}`;
}

function stateOf(row: ExportRow | undefined, now = new Date()): DataExportStatus['state'] {
  if (!row) return 'none';
  if (row.status === 'ready' && row.expiresAt && row.expiresAt <= now) return 'expired';
  return row.status;
}

function toStatus(secret: string, row: ExportRow | undefined): DataExportStatus {
  const state = stateOf(row);
  return {
    id: row?.id ?? null,
    state,
    requestedAt: row?.createdAt.toISOString() ?? null,
    readyAt: row?.readyAt?.toISOString() ?? null,
    expiresAt: row?.expiresAt?.toISOString() ?? null,
    sizeBytes: row?.sizeBytes ?? null,
    downloadUrl:
      state === 'ready' && row?.expiresAt ? downloadPath(secret, { id: row.id, expiresAt: row.expiresAt }) : null,
  };
}

async function latestExport(db: Db, userId: string): Promise<ExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  return row;
}

export async function dataExportStatus(db: Db, secret: string, userId: string): Promise<DataExportStatus> {
  return toStatus(secret, await latestExport(db, userId));
}

/** Asks for an export; while one is being prepared, asking again returns that one instead of starting another. */
export async function requestDataExport(db: Db, secret: string, userId: string): Promise<DataExportStatus> {
  const row = await inTransaction(db, async (tx) => {
    // One request at a time per person, even from two tabs at once.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [pending] = await tx
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'preparing')))
      .limit(1);
    if (pending) return pending;
    const [created] = await tx.insert(dataExports).values({ userId }).returning();
    await enqueue(tx, 'build-data-export', { exportId: created!.id }, { jobKey: `data-export:${created!.id}` });
    return created!;
  });
  return toStatus(secret, row);
}

/**
 * The queued job: builds the ZIP, keeps it in file storage, then in one transaction marks the export ready, mails
 * the link and (for a company member, whose export carries the referrals they made for the company) records the
 * export in the company's audit log. A retry rebuilds the same key.
 */
export async function buildDataExport(db: Db, storage: FileStorage, secret: string, exportId: string): Promise<void> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (!row || row.status !== 'preparing') return;
  const zip = await buildExportZip(db, storage, row.userId);
  const fileKey = `exports/${row.id}.zip`;
  await storage.put(fileKey, zip, { contentType: 'application/zip' });
  await inTransaction(db, async (tx) => {
    const readyAt = new Date();
    const expiresAt = new Date(readyAt.getTime() + DATA_EXPORT_DAYS * 24 * 3600 * 1000);
    const [updated] = await tx
      .update(dataExports)
      .set({ status: 'ready', fileKey, sizeBytes: zip.length, readyAt, expiresAt })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'preparing')))
      .returning({ id: dataExports.id });
    if (!updated) return;
    const [user] = await tx
      .select({ name: users.name, email: users.email, companyId: companyMembers.companyId })
      .from(users)
      .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
      .where(eq(users.id, row.userId));
    if (!user) return;
    await enqueueMail(tx, {
      key: `data-export:${row.id}`,
      template: 'data-export-ready',
      to: user.email,
      userId: row.userId,
      props: { name: user.name, path: downloadPath(secret, { id: row.id, expiresAt }), days: DATA_EXPORT_DAYS },
    });
    if (user.companyId)
      await recordAudit(tx, {
        companyId: user.companyId,
        actorId: row.userId,
        action: 'data.exported',
        subject: { type: 'user', id: row.userId, userId: row.userId },
        after: { what: 'Personal data export (includes the referrals they made)', sizeBytes: zip.length },
      });
  });
}

/** The ZIP for its owner, through the signed link, until it expires; anyone else is told it does not exist. */
export async function dataExportForDownload(
  db: Db,
  storage: FileStorage,
  secret: string,
  userId: string,
  exportId: string,
  token: string,
): Promise<StoredFile> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (!row || row.userId !== userId) throw notFound(ACCOUNT_DATA_MESSAGES.exportNotFound);
  if (row.status !== 'ready' || !row.expiresAt || !row.fileKey) throw notFound(ACCOUNT_DATA_MESSAGES.exportNotFound);
  if (row.expiresAt <= new Date()) throw new AppError(410, 'GONE', ACCOUNT_DATA_MESSAGES.exportExpired);
  const expected = Buffer.from(sign(secret, { id: row.id, expiresAt: row.expiresAt }));
  const given = Buffer.from(token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new AppError(403, 'FORBIDDEN', ACCOUNT_DATA_MESSAGES.exportLinkInvalid);
  const file = await storage.get(row.fileKey);
  if (!file) throw new AppError(410, 'GONE', ACCOUNT_DATA_MESSAGES.exportExpired);
  return file;
}

/** Hourly: deletes the files of expired exports (their rows stay, so the settings page can say "expired"). */
export async function expireDataExports(db: Db, storage: FileStorage, now = new Date()): Promise<number> {
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
