import { sql } from 'drizzle-orm';
import {
  date,
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
import { BONUS_STATES, PIPELINE_SOURCES, PIPELINE_STAGES, REFERRAL_STATUSES } from '@referwell/shared';
import { users } from './auth';
import { jobPostings } from './jobs';

export const pipelineStage = pgEnum('pipeline_stage', PIPELINE_STAGES);
export const bonusState = pgEnum('bonus_state', BONUS_STATES);
/** Referral and referral-request statuses, also kept in the stage history for undo. */
export const referralStatus = pgEnum('referral_status', REFERRAL_STATUSES);
/** How a candidate reached the job: on their own, referred by a company member, or through a member's shared link. */
export const pipelineSource = pgEnum('pipeline_source', PIPELINE_SOURCES);

/**
 * One candidate's progress on one job: the application, the referral and Talent Tracking are views of it.
 * `entry` is how they came in (applied or referred); `appliedAt` is set once they applied.
 */
export const candidatePipelines = pgTable(
  'candidate_pipelines',
  {
    id: uuid().primaryKey().defaultRandom(),
    jobId: uuid()
      .notNull()
      .references(() => jobPostings.id, { onDelete: 'cascade' }),
    talentId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stage: pipelineStage().notNull(),
    entry: pipelineStage().notNull(),
    /** Source of the candidate (source-of-hire analytics): 'shared_link' also has a referral by the link's owner. */
    source: pipelineSource().notNull().default('direct'),
    appliedAt: timestamp({ withTimezone: true }),
    /** The candidate's optional note when applying. */
    applicationNote: text(),
    /** The hire's first working day, entered when moving to Hired: a referral bonus falls due from it. */
    startDate: date({ mode: 'string' }),
    /** Why the candidate is not moving forward (DECLINE_REASONS, told to the referrer) and the team's own words. */
    /**
     * For exclusion screening only (issue 36): the candidate's date of birth and NPI when they gave them in the
     * application or an admin added them at Offer. Per pipeline: one company's knowledge, never another's.
     */
    dob: date({ mode: 'string' }),
    npi: text(),
    declineReason: text(),
    declineNote: text(),
    /**
     * Rollups of the stage history (undone changes excluded) for analytics, rewritten in the transaction of every
     * history write (features/referrals/rollups.ts): the furthest stage reached as a rank (0 came in, 1 contacted,
     * 2 scheduled, 3 interviewed, 4 offer, 5 hired) and when the candidate was first hired.
     */
    reachedRank: smallint().notNull().default(0),
    hiredAt: timestamp({ withTimezone: true }),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('candidate_pipelines_job_talent_key').on(t.jobId, t.talentId),
    index('candidate_pipelines_talent_idx').on(t.talentId, t.createdAt.desc().nullsFirst()),
    // Analytics per job: stage counts and applicants in a period, index-only.
    index('candidate_pipelines_job_stage_idx').on(t.jobId, t.stage, t.appliedAt),
    // Also covers hires by source (INCLUDE stage, source, entry, created_at), rebuilt by hand in migration
    // 0025_analytics3_funnel_level: drizzle cannot express INCLUDE.
    index('candidate_pipelines_job_hired_idx')
      .on(t.jobId, t.hiredAt)
      .where(sql`${t.hiredAt} is not null`),
    // Analytics per job: applications in a period (and candidate_pipelines_applied_idx, by hand in migration
    // 0025_analytics3_funnel_level: the period's applications as one range, INCLUDE job).
    index('candidate_pipelines_job_applied_idx')
      .on(t.jobId, t.appliedAt)
      .where(sql`${t.appliedAt} is not null`),
  ],
);

/**
 * Analytics rollup: how many of a job's candidates are at each stage now. Kept by triggers on `candidate_pipelines`
 * in the transaction of every insert, stage change and deletion (db/triggers/candidate_pipelines_rollups_*.sql), so the
 * per-job table reads a few rows per job instead of every pipeline. A row may hold 0.
 */
export const jobStageCounts = pgTable(
  'job_stage_counts',
  {
    jobId: uuid()
      .notNull()
      .references(() => jobPostings.id, { onDelete: 'cascade' }),
    stage: pipelineStage().notNull(),
    candidates: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.stage] })],
);

/**
 * Analytics rollup: how many of a job's candidates applied in each UTC calendar month (`referral_month(applied_at)`).
 * Kept by statement triggers on `candidate_pipelines` (migration 0028_analytics5_statement_rollups), so the per-job
 * table reads a long period's whole months from here and only its partial edge months from the pipelines.
 */
export const applicationMonthJobs = pgTable(
  'application_month_jobs',
  {
    jobId: uuid()
      .notNull()
      .references(() => jobPostings.id, { onDelete: 'cascade' }),
    month: date({ mode: 'string' }).notNull(),
    applications: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.month] })],
);

/** A notification held back until the change it reports can no longer be undone. */
export interface HeldNotification {
  userId: string;
  title: string;
  message: string;
  type: string;
  referenceId: string | null;
}

/**
 * The stage history. A change made through Talent Tracking or a referral status also records the referral
 * status and bonus it replaced, so an undo restores all three; its notifications wait in `heldNotifications`
 * until `notifyAfter`, and an undo inside that window cancels them.
 */
export const pipelineStageChanges = pgTable(
  'pipeline_stage_changes',
  {
    id: uuid().primaryKey().defaultRandom(),
    pipelineId: uuid()
      .notNull()
      .references(() => candidatePipelines.id, { onDelete: 'cascade' }),
    fromStage: pipelineStage(),
    toStage: pipelineStage().notNull(),
    referralId: uuid(),
    fromReferralStatus: referralStatus(),
    fromBonusState: bonusState(),
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** A decline's reason category and the hiring team's note, as given with this change. */
    reason: text(),
    reasonNote: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    notifyAfter: timestamp({ withTimezone: true }),
    heldNotifications: jsonb().$type<HeldNotification[]>().notNull().default([]),
    notifiedAt: timestamp({ withTimezone: true }),
    undoneAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('pipeline_stage_changes_pipeline_idx').on(t.pipelineId, t.createdAt)],
);
