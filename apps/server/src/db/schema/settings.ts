import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Values every server process on the database shares (e.g. the generated session secret). */
export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
