import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  primaryKey,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { EMPLOYMENT_TYPES, JOB_STATUSES, WORKPLACES } from '@referwell/shared';
import { users } from './auth';
import { companies } from './companies';
import { jobSources } from './job-crawls';

/** A full-text document, always written by a database function (see the search migration). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const employmentType = pgEnum('employment_type', EMPLOYMENT_TYPES);
export const workplace = pgEnum('workplace', WORKPLACES);
export const jobStatus = pgEnum('job_status', JOB_STATUSES);

/** Job postings (SPEC §3), created with status OPEN by a company's referrer or admin. */
export const jobPostings = pgTable(
  'job_postings',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    /** The company name as shown on the posting (defaults to the poster's company). */
    companyName: text().notNull(),
    description: text().notNull(),
    location: text().notNull(),
    workplace: workplace().notNull().default('onsite'),
    jobType: employmentType().notNull(),
    department: text(),
    responsibilities: text(),
    requirements: text().notNull(),
    skills: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Distinct lowercased skills, written with the row: the match score and its overlap index read this. */
    skillKeys: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    salaryRange: text(),
    /**
     * Annual pay read from salaryRange (annualSalaryBounds, packages/shared/src/rules/salary.ts: hourly rates × 2080),
     * written with it by the jobs service; null if none.
     */
    salaryMin: integer(),
    salaryMax: integer(),
    /**
     * The pay range as stated (parseSalary of salaryRange, written with it): min and max in the stated period and
     * currency, what the job page, JSON-LD baseSalary and the XML feed show. Null when the text states no amount.
     */
    payMin: doublePrecision(),
    payMax: doublePrecision(),
    /** ISO 4217; USD when the text names none. */
    payCurrency: text(),
    /** HOUR, DAY, WEEK, MONTH or YEAR (PAY_PERIODS); YEAR when the text names none. */
    payPeriod: text(),
    /**
     * Pay transparency (issue 36): a company admin's reason for publishing this job without the range a law asks for
     * (audited), who gave it and when. Null when not exempt.
     */
    payExemptReason: text(),
    payExemptBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    payExemptAt: timestamp({ withTimezone: true }),
    /** The pay-transparency rules (ids, comma-separated) that kept an imported job as a draft; null once it is not held. */
    payHeldBy: text(),
    deadline: date({ mode: 'string' }),
    applicationUrl: text(),
    contactEmail: text(),
    referralBonusAmount: integer(),
    referralBonusCurrency: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: jobStatus().notNull().default('OPEN'),
    /**
     * Closed by the system it was imported from (an ATS, a job source), not by a person: it reopens when that system
     * lists it open again. Any status a person sets clears it.
     */
    closedByImport: boolean().notNull().default(false),
    extraInfo: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The location's place tokens (`placeColumns` of @referwell/shared/places, written by the jobs service): the
     * database adds them to `search` (weight D), so one GIN index answers text, place and distance (issue 38).
     * Null until read: rows written before the reader are read by the `read-places` task.
     */
    placeKeys: text().array(),
    /** The location facet's value ('Boston, MA', 'Remote'); null when no place was read. */
    placeLabel: text(),
    /** The first located place's coordinates: the distance filter's exact test. */
    placeLat: real(),
    placeLon: real(),
    /** job_search_document(): title A, company and skills B, description C, place tokens D, through search_normalize(). */
    search: tsvector()
      .notNull()
      .default(sql`''::tsvector`),
    /**
     * The short part of `search` (title A, company and skills B), kept inline in the row (STORAGE MAIN): search ranks
     * by it, so ranking never reads the description's kilobytes (ADR 0009).
     */
    searchHead: tsvector()
      .notNull()
      .default(sql`''::tsvector`),
    /** The job source this job was read from (job-import sources), and its address there: kept in step by crawls. */
    sourceId: uuid().references(() => jobSources.id, { onDelete: 'set null' }),
    sourceUrl: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('job_postings_source_idx')
      .on(t.sourceId, t.sourceUrl)
      .where(sql`${t.sourceId} is not null`),
    index('job_postings_company_status_idx').on(t.companyId, t.status),
    // Open jobs newest first: job_postings_open_window_idx, written by hand (drizzle cannot express INCLUDE; last
    // rebuilt in migration 0020_search_window_narrow). It carries the search window's fixed-size filters and sort
    // keys; text and skills are read from the table (a search document can exceed a btree row's 2,704 bytes).
    // With the search filters' columns (btree_gin): a text search tests its words, time slab (job_time_keys,
    // migrations 0034, 0063: lib/search/time-slabs.ts), job type, workplace and skills in the index alone, never reading a
    // search document (ADR 0009). It serves skills alone too. Not the salary: a minimum is a range over every salary
    // above it, which costs the index more than testing rows. Its pending list (new entries not yet merged, read
    // whole by every scan, and a search scans once per time slab) is kept to PostgreSQL's smallest, 64 kB (ADR 0056).
    index('job_postings_search_idx')
      .using('gin', t.search, sql`job_time_keys(${t.createdAt})`, t.jobType, t.workplace, t.skills)
      .with({ gin_pending_list_limit: 64 }),
    index('job_postings_skill_keys_idx').using('gin', t.skillKeys),
    // The rows whose location is still to be read (none once the read-places task has run).
    index('job_postings_places_unread_idx')
      .on(t.id)
      .where(sql`${t.placeKeys} is null`),
  ],
);

/** When a company member last opened a job's tracking view: the jobs board counts what is new since then. */
export const companyJobVisits = pgTable(
  'company_job_visits',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: uuid()
      .notNull()
      .references(() => jobPostings.id, { onDelete: 'cascade' }),
    visitedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.jobId] })],
);

/**
 * Every word (normalised, 4+ letters) that job titles, company names, skills and candidate names and titles have
 * used: a query word that matches nothing is compared with these by trigram similarity (typos). Only grows.
 */
export const searchWords = pgTable('search_words', { word: text().primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

/**
 * Every lexeme job search documents have held (kept by the job triggers, only grows): a job search's prefix becomes
 * the exact lexemes it stands for (job_search_query: exact_prefix_query, migrations 0033 and 0065), so the text's GIN index skips through their
 * posting lists instead of reading a prefix's entry range whole. Ordered bytewise, so a prefix's lexemes sit together.
 */
export const searchLexemes = pgTable('search_lexemes', { lexeme: text().notNull() }, (t) => [
  uniqueIndex('search_lexemes_lexeme_idx').on(sql`${t.lexeme} collate "C"`),
]);
