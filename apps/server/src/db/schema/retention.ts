import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth';
import { companies } from './companies';

/**
 * A company's retention policy for candidates (issue 36): their personal data is erased this many months after their
 * last activity with the company, per the candidate's country (ISO 3166-1 alpha-2), else `defaultMonths`, unless they
 * renew their talent-pool consent. Rules: packages/shared/src/rules/retention.ts.
 */
export const retentionPolicies = pgTable(
  'retention_policies',
  {
    companyId: uuid()
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    defaultMonths: integer().notNull().default(24),
    countryMonths: jsonb().$type<Record<string, number>>().notNull().default({}),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('retention_policies_months_check', sql`${t.defaultMonths} between 1 and 120`)],
);

/**
 * A recorded talent-pool consent: who agreed, to which company's pool (null: Referwell keeping a job seeker's
 * profile), what (`scope`), to which wording (`textVersion`), when, and when last renewed. A reminder mail goes out
 * before it lapses; withdrawing ends it.
 */
export const talentPoolConsents = pgTable(
  'talent_pool_consents',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid().references(() => companies.id, { onDelete: 'cascade' }),
    scope: text().notNull(),
    textVersion: text().notNull(),
    givenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    renewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The reminder for the current term was mailed (cleared on renewal). */
    reminderSentAt: timestamp({ withTimezone: true }),
    withdrawnAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('talent_pool_consents_user_company_key').on(t.userId, t.companyId).nullsNotDistinct(),
    index('talent_pool_consents_company_idx').on(t.companyId),
  ],
);

/** A candidate whose data a company's retention policy erased, and when (a later activity starts a new term). */
export const retentionExpiries = pgTable(
  'retention_expiries',
  {
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] })],
);

/** A data-subject request (access, deletion, correction) a company received, tracked to its legal deadline. */
export const dataSubjectRequests = pgTable(
  'data_subject_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    requesterName: text().notNull(),
    requesterEmail: text().notNull(),
    /** The law the deadline follows (DSR_JURISDICTIONS). */
    jurisdiction: text().notNull(),
    receivedOn: timestamp({ withTimezone: true }).notNull(),
    dueOn: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
    note: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('data_subject_requests_kind_check', sql`${t.kind} in ('access', 'deletion', 'correction')`),
    index('data_subject_requests_company_idx').on(t.companyId, t.dueOn),
  ],
);
