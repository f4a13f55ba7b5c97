import { Readable } from 'node:stream';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DataExportStatus } from '@referwell/shared';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/repository';
import { dataExports } from '../../db/schema';
import { enqueueMail } from '../../lib/mail/send';
import type { FileStorage } from '../../lib/storage';
import { recordAudit } from '../../platform/audit/service';
import { peopleWithCompany } from '../../platform/membership/people';
import { buildExport, exportState, linkOf, requestExport, type ExportRow } from '../../platform/exports/prepared';
import { buildExportZip } from './export-contents';
import type { Secrets } from '../../lib/secrets';

declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    'build-data-export': { exportId: string };
  }
}

/** "Export my data" is the prepared export of this kind (platform/exports/prepared.ts does the rest). */
const KIND = 'account-data';

function toStatus(secret: string, row: ExportRow | undefined): DataExportStatus {
  return {
    id: row?.id ?? null,
    state: row ? exportState(row) : 'none',
    requestedAt: row?.createdAt.toISOString() ?? null,
    readyAt: row?.readyAt?.toISOString() ?? null,
    expiresAt: row?.expiresAt?.toISOString() ?? null,
    sizeBytes: row?.sizeBytes ?? null,
    downloadUrl: row ? linkOf(secret, row) : null,
  };
}

export async function dataExportStatus(db: Db, secret: string, userId: string): Promise<DataExportStatus> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), eq(dataExports.kind, KIND)))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  return toStatus(secret, row);
}

/** Asks for an export; while one is being prepared, asking again returns that one instead of starting another. */
export async function requestDataExport(db: Db, secret: string, userId: string): Promise<DataExportStatus> {
  return toStatus(secret, await requestExport(db, { userId, kind: KIND }, 'build-data-export'));
}

/**
 * The queued job: builds the ZIP and keeps it in file storage, then, as the export turns ready, mails the link
 * and (for a company member, whose export carries the referrals they made for the company) records the export in
 * the company's audit log.
 */
export async function buildDataExport(
  db: Db,
  storage: FileStorage,
  secret: string,
  secrets: Secrets,
  exportId: string,
): Promise<void> {
  await buildExport(
    db,
    storage,
    secret,
    exportId,
    async (row) => ({
      fileName: `referwell-data-${new Date().toISOString().slice(0, 10)}.zip`,
      contentType: 'application/zip',
      // In memory: its largest part is a résumé of at most 5 MB.
      body: Readable.from([await buildExportZip(db, storage, secrets, row.userId)]),
    }),
    async (tx, { row, path, days }) => {
      const [user] = await selectRows<{ name: string; email: string; companyId: string | null }>(
        tx,
        sql`select p.name, p.email, p.company_id as "companyId" from ${peopleWithCompany} p where p.id = ${row.userId}`,
      );
      if (!user) return;
      await enqueueMail(tx, {
        key: `data-export:${row.id}`,
        template: 'data-export-ready',
        to: user.email,
        userId: row.userId,
        props: { name: user.name, path, days },
      });
      if (user.companyId)
        await recordAudit(tx, {
          companyId: user.companyId,
          actorId: row.userId,
          action: 'data.exported',
          subject: { type: 'user', id: row.userId, userId: row.userId },
          after: { what: 'Personal data export (includes the referrals they made)', sizeBytes: row.sizeBytes },
        });
    },
  );
}
