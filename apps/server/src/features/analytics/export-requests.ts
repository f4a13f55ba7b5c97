import { and, desc, eq } from 'drizzle-orm';
import {
  COMPANY_EXPORT_LABELS,
  COMPANY_EXPORT_LIST_LIMIT,
  COMPANY_EXPORT_MESSAGES,
  COMPANY_EXPORTS,
  NOTIFICATION_TYPES_COMPANY,
  type AnalyticsQuery,
  type CompanyExport,
  type CompanyExportStatus,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { dataExports } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { buildExport, exportState, linkOf, requestExport, type ExportRow } from '../../platform/exports/prepared';
import { createNotification } from '../../platform/notifications/service';
import { companyExport } from './exports';
import { resolvePeriod } from './period';

declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    'build-company-export': { exportId: string };
  }
}

const isCompanyExport = (kind: string): kind is CompanyExport => (COMPANY_EXPORTS as readonly string[]).includes(kind);

function toStatus(secret: string, row: ExportRow): CompanyExportStatus {
  const kind = row.kind as CompanyExport;
  return {
    id: row.id,
    kind,
    label: COMPANY_EXPORT_LABELS[kind],
    state: exportState(row),
    from: row.params?.from ?? null,
    to: row.params?.to ?? null,
    requestedAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
    fileName: row.fileName,
    downloadUrl: linkOf(secret, row),
  };
}

/**
 * What the export covers, fixed when it is asked for: a preset period is kept as its days, so the file holds what
 * the admin saw even if it is built after midnight. A pipeline covers one job whatever the period.
 */
function frozenParams(kind: CompanyExport, query: AnalyticsQuery): Record<string, string> {
  if (kind === 'pipeline') {
    if (!query.jobId) throw badRequest(COMPANY_EXPORT_MESSAGES.pipelineNeedsJob);
    return { jobId: query.jobId };
  }
  const period = resolvePeriod({ period: query.period ?? '90d', from: query.from, to: query.to });
  return {
    period: 'custom',
    from: period.fromDay,
    to: period.toDay,
    ...(query.jobId ? { jobId: query.jobId } : {}),
    ...(query.department ? { department: query.department } : {}),
  };
}

/** An admin asks for a CSV export: the row and its build are queued together (asking twice gives the same one). */
export async function requestCompanyExport(
  db: Db,
  secret: string,
  userId: string,
  companyId: string,
  kind: CompanyExport,
  query: AnalyticsQuery,
): Promise<CompanyExportStatus> {
  const params = frozenParams(kind, query);
  return toStatus(secret, await requestExport(db, { userId, kind, companyId, params }, 'build-company-export'));
}

/** The admin's own latest exports for the company, newest first (other admins' exports are theirs). */
export async function listCompanyExports(
  db: Db,
  secret: string,
  userId: string,
  companyId: string,
): Promise<CompanyExportStatus[]> {
  const rows = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.companyId, companyId), eq(dataExports.userId, userId)))
    .orderBy(desc(dataExports.createdAt))
    .limit(COMPANY_EXPORT_LIST_LIMIT);
  return rows.filter((row) => isCompanyExport(row.kind)).map((row) => toStatus(secret, row));
}

/** The queued build: streams the CSV into storage, then tells the admin in the app (and by mail, as they chose). */
export async function buildCompanyExport(
  db: Db,
  storage: FileStorage,
  secret: string,
  exportId: string,
): Promise<void> {
  await buildExport(
    db,
    storage,
    secret,
    exportId,
    async (row) => {
      if (!row.companyId || !isCompanyExport(row.kind)) throw new Error(`Not a company export: ${row.id}`);
      const file = await companyExport(db, row.companyId, row.kind, row.params ?? {});
      return { fileName: file.name, contentType: 'text/csv; charset=utf-8', body: file.body };
    },
    async (tx, { row }) => {
      await createNotification(tx, {
        userId: row.userId,
        title: COMPANY_EXPORT_MESSAGES.readyTitle,
        message: COMPANY_EXPORT_MESSAGES.ready(COMPANY_EXPORT_LABELS[row.kind as CompanyExport]),
        type: NOTIFICATION_TYPES_COMPANY.exportReady,
        referenceId: row.id,
      });
    },
  );
}
