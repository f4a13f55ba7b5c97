import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
