import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { companies } from './companies';

export const dataExportStatus = pgEnum('data_export_status', ['preparing', 'ready', 'failed']);

/**
 * Every prepared download: "Export my data" (`kind` 'account-data', a ZIP) and a company admin's CSV exports
 * (`kind` the export, `companyId` and the frozen `params`). One row per request; the file lives in file storage
 * under `fileKey` until `expiresAt`, and only `userId` may download it.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull().default('account-data'),
    companyId: uuid().references(() => companies.id, { onDelete: 'cascade' }),
    params: jsonb().$type<Record<string, string>>(),
    fileName: text(),
    status: dataExportStatus().notNull().default('preparing'),
    fileKey: text(),
    sizeBytes: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt.desc()),
    index('data_exports_company_user_idx').on(t.companyId, t.userId, t.createdAt.desc()),
  ],
);
