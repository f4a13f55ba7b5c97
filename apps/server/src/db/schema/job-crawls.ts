import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { JOB_CRAWL_STATES, type JobCrawlResponse } from '@referwell/shared';
import { users } from './auth';
import { companies } from './companies';

export const jobCrawlState = pgEnum('job_crawl_state', JOB_CRAWL_STATES);

/** A careers-site crawl asked for by a company member, run by the queue ('crawl-site'), with its progress. */
export const jobCrawls = pgTable(
  'job_crawls',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requestedBy: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    status: jobCrawlState().notNull().default('queued'),
    pagesVisited: integer().notNull().default(0),
    jobsFound: integer().notNull().default(0),
    result: jsonb().$type<JobCrawlResponse>(),
    errorMessage: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('job_crawls_requested_by_idx').on(t.requestedBy, t.createdAt.desc()),
    index('job_crawls_company_idx').on(t.companyId),
  ],
);

/**
 * A company's job source (a careers page or an applicant-tracking board), crawled again on a schedule (queue task
 * 'crawl-due-sources' picks those due, 'crawl-source' crawls one): the jobs it lists are added, updated and closed
 * (job_postings.source_id). A failed crawl is tried again later and later (failures, next_crawl_at).
 */
export const jobSources = pgTable(
  'job_sources',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    addedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    url: text().notNull(),
    /** When the next crawl is due: spread over the period, later after each failure. */
    nextCrawlAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastCrawledAt: timestamp({ withTimezone: true }),
    /** Failed crawls in a row (0 after a good one). */
    failures: integer().notNull().default(0),
    lastError: text(),
    /** Jobs the last good crawl listed. */
    jobsListed: integer().notNull().default(0),
    /**
     * The start page's validators from its last good answer (ETag, Last-Modified): sent back as If-None-Match /
     * If-Modified-Since, so a board that has not changed answers 304 and nothing is read again.
     */
    etag: text(),
    lastModified: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('job_sources_company_url_idx').on(t.companyId, t.url),
    index('job_sources_next_crawl_idx').on(t.nextCrawlAt),
  ],
);
