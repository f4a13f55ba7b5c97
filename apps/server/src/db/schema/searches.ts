import { index, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { EMAIL_FREQUENCIES, type JobSearchFilters } from '@referwell/shared';
import { users } from './auth';
import { jobPostings } from './jobs';

export const searchAlertFrequency = pgEnum('search_alert_frequency', EMAIL_FREQUENCIES);

/** A job seeker's named job search, with how often new matches are mailed to them. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The search's filters as the shared schema parses them (text, lists, salary, date, sort). */
    filters: jsonb().$type<JobSearchFilters>().notNull(),
    alert: searchAlertFrequency().notNull().default('daily'),
    /** When its owner last opened it: jobs posted since are "new". */
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId, t.createdAt), index('saved_searches_alert_idx').on(t.alert)],
);

/** Jobs already mailed for a saved search: an alert holds only jobs not sent before. */
export const savedSearchSentJobs = pgTable(
  'saved_search_sent_jobs',
  {
    savedSearchId: uuid()
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    jobId: uuid()
      .notNull()
      .references(() => jobPostings.id, { onDelete: 'cascade' }),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.savedSearchId, t.jobId] })],
);
