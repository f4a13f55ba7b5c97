import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { REFERRAL_CONSENT_STATES, REFERRER_RELATIONSHIPS, type ReferralTalentSnapshot } from '@referwell/shared';
import { users } from './auth';
import { companies } from './companies';
import { jobPostings } from './jobs';
import { bonusState, referralStatus } from './pipeline';

export const referralConsent = pgEnum('referral_consent', REFERRAL_CONSENT_STATES);
export const referrerRelationship = pgEnum('referrer_relationship', REFERRER_RELATIONSHIPS);

/** What a company member shows job seekers as a referrer (SPEC §2 referrer cards and profile). */
export const referrerProfiles = pgTable('referrer_profiles', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Members opt in to receiving referral requests; off means they are not listed. */
  acceptsRequests: boolean().notNull().default(true),
  /** E-mail and phone are shown only when the referrer opts in: messaging is the contact channel. */
  showContactDetails: boolean().notNull().default(false),
  bio: text(),
  phone: text(),
  location: text(),
  skills: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** When they started at the company (shown as 'start date'); defaults to when they joined the team here. */
  startedOn: date({ mode: 'string' }),
  /** Leave me off the company's referrer leaderboard (when the admin shows it). */
  hideFromLeaderboard: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A job seeker asks a referrer to refer them for a job (SPEC §3 'Referral request'). */
export const referralRequests = pgTable(
  'referral_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    jobId: uuid()
      .notNull()
      .references(() => jobPostings.id, { onDelete: 'cascade' }),
    talentId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referrerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text().notNull(),
    status: referralStatus().notNull().default('pending'),
    /** The referrer's optional reason when declining; the job seeker sees it. */
    declineReason: text(),
    referralId: uuid(),
    /** When the referrer accepted or declined: the programme's response time is measured to it. */
    respondedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Covers the analytics request scans (INCLUDE referrer and answer time, by hand in migration
    // 0025_analytics3_funnel_level, which also adds referral_requests_created_idx for the company's period).
    index('referral_requests_job_idx').on(t.jobId, t.createdAt),
    // One open request per job seeker, job and referrer.
    uniqueIndex('referral_requests_open_key')
      .on(t.talentId, t.jobId, t.referrerId)
      .where(sql`${t.status} = 'pending'`),
    index('referral_requests_referrer_idx').on(t.referrerId, t.createdAt.desc().nullsFirst()),
    index('referral_requests_talent_idx').on(t.talentId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * Analytics fact: one narrow row per referral request with its company and its answer time in hours (null while
 * unanswered), kept by statement triggers on `referral_requests` (migration analytics6). The team figures and the
 * programme's response time read a period's rows from one index range of `referral_request_facts_company_idx`
 * (company, creation time) INCLUDE (job, referrer, hours), index-only, instead of the requests of each of the company's
 * jobs with their answer times computed per row; their medians stay exact (every value is read). The team figures read
 * each member's range of `referral_request_facts_referrer_idx` (company, referrer, creation time) INCLUDE (job, hours).
 */
export const referralRequestFacts = pgTable(
  'referral_request_facts',
  {
    requestId: uuid()
      .primaryKey()
      .references(() => referralRequests.id, { onDelete: 'cascade' }),
    companyId: uuid().notNull(),
    jobId: uuid().notNull(),
    referrerId: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    responseHours: doublePrecision(),
  },
  // INCLUDE (job_id, referrer_id, response_hours) and INCLUDE (job_id, response_hours) by hand in the migrations.
  (t) => [
    index('referral_request_facts_company_idx').on(t.companyId, t.createdAt),
    // The team figures read each member's requests in (department, person) order, so no sort of the period's rows.
    index('referral_request_facts_referrer_idx').on(t.companyId, t.referrerId, t.createdAt),
  ],
);

/** A referrer puts a candidate forward for a job (SPEC §3 'Referral'). */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid().primaryKey().defaultRandom(),
    jobId: uuid()
      .notNull()
      .references(() => jobPostings.id, { onDelete: 'cascade' }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    referrerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    talentId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The candidate as they were when referred (SPEC §3 talentProfile). */
    talentProfile: jsonb().$type<ReferralTalentSnapshot>().notNull(),
    /** The referrer's own note about the candidate (never the candidate's request message). */
    notes: text(),
    /** How the referrer knows the candidate. */
    relationship: referrerRelationship(),
    /** Kept in step with the pipeline's stage by the pipeline service (referralStatusForStage). */
    status: referralStatus().notNull().default('pending'),
    /** The candidate agrees to be put forward; a referral they asked for starts confirmed. */
    consent: referralConsent().notNull().default('pending'),
    requestId: uuid(),
    bonusAmount: integer(),
    bonusCurrency: text(),
    bonusState: bonusState().notNull().default('not_eligible'),
    /** Why a bonus is not eligible (BONUS_INELIGIBLE_REASONS): no bonus, self-referral or a direct application first. */
    bonusIneligibleReason: text(),
    bonusPaidOn: date({ mode: 'string' }),
    /** The day a hired candidate's bonus falls due (start date + the company's payout delay). */
    bonusDueOn: date({ mode: 'string' }),
    /** The payroll reference an admin gave when marking the bonus paid. */
    bonusPaymentReference: text(),
    /** Why an admin paid the bonus before its due day (the explicit early payment); null when paid when due. */
    bonusPaidEarlyReason: text(),
    /**
     * Analytics rollup: the furthest funnel step the referral reached (0 no pipeline, 1 referred, 2 the candidate
     * confirmed, 3 applied or taken forward, 4 interviewed, 5 offer, 6 hired), from its consent and its pipeline's
     * `reached_rank` and `applied_at` (referralFunnelLevel, packages/shared/src/rules/funnel.ts). Set by the services
     * in the transaction that writes an input: a referral made, a consent answered, an application, a stage moved or
     * undone (features/referrals/rollups.ts). The monthly counts per level are kept by triggers (ADR 0013).
     */
    funnelLevel: smallint().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A candidate is referred once per job: the first referrer gets the credit.
    uniqueIndex('referrals_job_talent_key').on(t.jobId, t.talentId),
    index('referrals_referrer_idx').on(t.referrerId, t.createdAt.desc().nullsFirst()),
    // Also covers the analytics scans (INCLUDE job, referrer, status, funnel level), written by hand in migration
    // 0025_analytics3_funnel_level: drizzle cannot express INCLUDE.
    index('referrals_company_idx').on(t.companyId, t.createdAt.desc().nullsFirst()),
    index('referrals_talent_idx').on(t.talentId),
    // Also covers the bonus liability (INCLUDE job, currency, amount, due and paid days), rebuilt by hand in
    // migration 0025_analytics3_funnel_level.
    index('referrals_company_bonus_idx').on(t.companyId, t.bonusState),
    // Analytics: the company's historical hire rate (finished referrals), index-only.
    index('referrals_company_status_idx').on(t.companyId, t.status, t.jobId),
    // Hires by source: which hires came through a referral request.
    index('referrals_requested_idx')
      .on(t.jobId, t.talentId)
      .where(sql`${t.requestId} is not null`),
    // Analytics per job: referrals made in a period, index-only (INCLUDE referrer, status and funnel level by hand
    // in migration 0025_analytics3_funnel_level).
    index('referrals_job_created_idx').on(t.jobId, t.createdAt),
  ],
);

/**
 * Analytics rollup of the bonuses: per job, bonus state, currency and day (the payout day of a due bonus, the payment
 * day of a paid one, -infinity otherwise or when unset), how many referrals with a bonus amount and their sum. Kept
 * by triggers on `referrals` in the transaction of every write (db/triggers/referrals_bonus_*.sql and
 * referrals_rollups_changed.sql), so the
 * liability sums a few hundred rows instead of every open referral. A row may hold 0.
 */
export const referralBonusTotals = pgTable(
  'referral_bonus_totals',
  {
    jobId: uuid()
      .notNull()
      .references(() => jobPostings.id, { onDelete: 'cascade' }),
    bonusState: bonusState().notNull(),
    currency: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    referrals: integer().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.bonusState, t.currency, t.day] })],
);

/**
 * Analytics rollup of the referrals per UTC calendar month: per company and referrer, how many referrals they made and
 * how many of those are hired (status completed). Kept by triggers on `referrals` in the transaction of every write
 * (migration 0027_analytics4_month_rollups), so a long period reads its whole months here and only its partial first and
 * last months from `referrals`. Referrals without a referrer (deleted account) are not counted. A row may hold 0.
 */
export const referralMonthReferrers = pgTable(
  'referral_month_referrers',
  {
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    month: date({ mode: 'string' }).notNull(),
    referrerId: uuid().notNull(),
    referrals: integer().notNull(),
    hires: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month, t.referrerId] })],
);

/** The same per job and UTC calendar month: how many referrals were made for it (kept by the same triggers). */
export const referralMonthJobs = pgTable(
  'referral_month_jobs',
  {
    jobId: uuid()
      .notNull()
      .references(() => jobPostings.id, { onDelete: 'cascade' }),
    month: date({ mode: 'string' }).notNull(),
    referrals: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.month] })],
);

/** The same per company, UTC calendar month and funnel level: how many referrals (kept by the same triggers). */
export const referralMonthLevels = pgTable(
  'referral_month_levels',
  {
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    month: date({ mode: 'string' }).notNull(),
    funnelLevel: smallint().notNull(),
    referrals: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month, t.funnelLevel] })],
);

/**
 * A company's referral programme rules: the default bonus (a job's own bonus overrides it), when a bonus falls
 * due after the hire starts, how long a direct application keeps a referral from earning a bonus (first touch
 * wins), and whether referrers see the leaderboard.
 */
export const referralPolicies = pgTable('referral_policies', {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  defaultBonusAmount: integer(),
  defaultBonusCurrency: text(),
  payoutDelayDays: integer().notNull().default(90),
  directApplicationWindowDays: integer().notNull().default(180),
  /** The optional retention check: a bonus is payable only once the hire is confirmed still employed on this day. */
  retentionCheckDays: integer(),
  leaderboardVisible: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Comments the job's company team leaves on a job. */
export const jobComments = pgTable(
  'job_comments',
  {
    id: uuid().primaryKey().defaultRandom(),
    jobId: uuid()
      .notNull()
      .references(() => jobPostings.id, { onDelete: 'cascade' }),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_comments_job_idx').on(t.jobId, t.createdAt)],
);
