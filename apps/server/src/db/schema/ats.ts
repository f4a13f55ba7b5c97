import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AtsStageMapping } from '@referwell/shared';
import { users } from './auth';
import { companies } from './companies';
import { jobPostings } from './jobs';
import { candidatePipelines } from './pipeline';
import { referrals } from './referrals';

/**
 * A company's link to its applicant-tracking system (issue 33): one per vendor. The credentials (the API key and the
 * vendor's user to act as) and the webhook secret are sealed at rest (lib/secrets.ts, bound to the connection's id);
 * only the key's last four characters are kept plain. Revoking wipes them and keeps the row for its sync log.
 */
export const atsConnections = pgTable(
  'ats_connections',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** ATS_VENDORS. */
    vendor: text().notNull(),
    /** `{ apiKey, onBehalfOf?, sourceId? }` as JSON, sealed for `ats-credentials:<id>`. */
    credentialsSealed: text(),
    keyLast4: text(),
    /** Greenhouse: the user writes are made on behalf of, and the referral source's id (not secrets: shown). */
    onBehalfOf: text(),
    sourceId: text(),
    webhookSecretSealed: text(),
    /** ATS_CONNECTION_STATUSES. */
    status: text().notNull().default('active'),
    lastError: text(),
    /** Up to when the reconciliation has read the ATS's stage changes (missed webhooks). */
    reconciledAt: timestamp({ withTimezone: true }),
    /** Ashby: the `syncToken` its last complete read of applications ended with (the next read is incremental). */
    syncToken: text(),
    /** An admin imported the ATS's open jobs: the reconciliation imports new ones and keeps the imported in sync. */
    importsJobs: boolean().notNull().default(false),
    stageMapping: jsonb().$type<AtsStageMapping>().notNull(),
    /** The admin who connected it: the ATS's stage moves are made in their name. */
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ats_connections_company_idx').on(t.companyId),
    check('ats_connections_vendor_check', sql`${t.vendor} in ('greenhouse', 'lever', 'ashby')`),
    check('ats_connections_status_check', sql`${t.status} in ('active', 'failing', 'revoked')`),
  ],
);

/** A Referwell job linked to the ATS's job: referrals for it are pushed there as applications to it. */
export const atsJobLinks = pgTable(
  'ats_job_links',
  {
    jobId: uuid()
      .primaryKey()
      .references(() => jobPostings.id, { onDelete: 'cascade' }),
    connectionId: uuid()
      .notNull()
      .references(() => atsConnections.id, { onDelete: 'cascade' }),
    atsJobId: text().notNull(),
    /** The job was imported from the ATS job (not an admin's own job linked to it): the ATS's changes are copied. */
    imported: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('ats_job_links_connection_job_unique').on(t.connectionId, t.atsJobId)],
);

/**
 * A referral as it lives in the ATS: the candidate (found by e-mail or created) and the application on the linked
 * job. Its key is our referral: a retry finds it and creates nothing; a webhook about the application finds the
 * referral through it.
 */
export const atsCandidates = pgTable(
  'ats_candidates',
  {
    connectionId: uuid()
      .notNull()
      .references(() => atsConnections.id, { onDelete: 'cascade' }),
    referralId: uuid()
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    atsCandidateId: text().notNull(),
    atsApplicationId: text().notNull(),
    /** The candidate existed in the ATS already (found by e-mail) and was linked, not created. */
    linkedExisting: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.referralId] }),
    index('ats_candidates_application_idx').on(t.connectionId, t.atsApplicationId),
  ],
);

/**
 * A direct application (a seeker applied to a linked job, no referral) as it lives in the ATS: keyed by the
 * candidate's pipeline on the job, so a retry finds it and creates nothing, and a webhook about the application finds
 * the pipeline through it.
 */
export const atsApplications = pgTable(
  'ats_applications',
  {
    connectionId: uuid()
      .notNull()
      .references(() => atsConnections.id, { onDelete: 'cascade' }),
    pipelineId: uuid()
      .notNull()
      .references(() => candidatePipelines.id, { onDelete: 'cascade' }),
    atsCandidateId: text().notNull(),
    atsApplicationId: text().notNull(),
    linkedExisting: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.pipelineId] }),
    index('ats_applications_application_idx').on(t.connectionId, t.atsApplicationId),
  ],
);

/**
 * The sync log: every push, webhook and test of a connection, what the vendor answered, and its retry state. A push
 * is one row per referral (unique), retried in place; a webhook is one row per delivery id (unique): a replayed
 * delivery finds it and changes nothing.
 */
export const atsSyncLog = pgTable(
  'ats_sync_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    connectionId: uuid()
      .notNull()
      .references(() => atsConnections.id, { onDelete: 'cascade' }),
    /** ATS_SYNC_KINDS. */
    kind: text().notNull(),
    /** Our referral id (push) or the vendor's delivery id (webhook). */
    subject: text(),
    /** ATS_SYNC_STATES. */
    state: text().notNull(),
    attempts: integer().notNull().default(0),
    nextRetryAt: timestamp({ withTimezone: true }),
    vendorStatus: integer(),
    vendorAnswer: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ats_sync_log_subject_unique').on(t.connectionId, t.kind, t.subject),
    index('ats_sync_log_connection_idx').on(t.connectionId, t.createdAt),
  ],
);

/** The ATS's open jobs as last read (a `read_jobs` sync): what an admin picks from to link a job. */
export const atsJobs = pgTable(
  'ats_jobs',
  {
    connectionId: uuid()
      .notNull()
      .references(() => atsConnections.id, { onDelete: 'cascade' }),
    atsJobId: text().notNull(),
    title: text().notNull(),
    location: text(),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.atsJobId] })],
);
