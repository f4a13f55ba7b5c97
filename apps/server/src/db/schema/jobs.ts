import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { companies } from './companies';

/** Job postings (SPEC §3). Created with status OPEN; the jobs feature owns posting and search. */
export const jobPostings = pgTable(
  'job_postings',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    description: text().notNull(),
    location: text().notNull(),
    jobType: text().notNull(),
    department: text(),
    responsibilities: text(),
    requirements: text().notNull(),
    salaryRange: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: text().notNull().default('OPEN'),
    extraInfo: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_postings_company_status_idx').on(t.companyId, t.status)],
);
