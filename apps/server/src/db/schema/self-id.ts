import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth';
import { companies } from './companies';
import { jobPostings } from './jobs';

/**
 * A company's self-identification module (issue 36): off until an admin turns it on and picks the forms
 * (SELF_ID_FORMS of packages/shared/src/rules/self-id-forms.ts).
 */
export const selfIdSettings = pgTable('self_id_settings', {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  enabled: boolean().notNull().default(false),
  forms: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * An applicant's voluntary self-identification for one job, apart from the application: the answers are one sealed
 * JSON value (lib/secrets.ts, bound to the company, job and person), so no query can join them into a pipeline,
 * referral, analytics or export view; only the aggregate report of a `compliance` member opens them. Erasure deletes
 * the row (account deletion, retention expiry).
 */
export const selfIdAnswers = pgTable(
  'self_id_answers',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    jobId: uuid()
      .notNull()
      .references(() => jobPostings.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answersSealed: text().notNull(),
    /** The wording editions the person answered (SelfIdFormText.version), e.g. {cc305-2023-04}. */
    versions: text().array().notNull(),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('self_id_answers_job_user_key').on(t.jobId, t.userId),
    index('self_id_answers_company_idx').on(t.companyId, t.submittedAt),
    index('self_id_answers_user_idx').on(t.userId),
  ],
);
