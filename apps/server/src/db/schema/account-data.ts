import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

export const dataExportStatus = pgEnum('data_export_status', ['preparing', 'ready', 'failed']);

/** "Export my data": one row per request; the ZIP lives in file storage under `fileKey` until `expiresAt`. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: dataExportStatus().notNull().default('preparing'),
    fileKey: text(),
    sizeBytes: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('data_exports_user_idx').on(t.userId, t.createdAt.desc())],
);
