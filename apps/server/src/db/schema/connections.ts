import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONNECTION_MATCH_KINDS } from '@referwell/shared';
import { users } from './auth';
import { jobPostings } from './jobs';

export const connectionMatchKind = pgEnum('connection_match_kind', CONNECTION_MATCH_KINDS);

/**
 * "Who do you know": the matches from a LinkedIn connections export that their owner chose to keep, and nothing
 * else of the file (it is read in a parsing process and dropped). A referrer keeps connections who fit one of their
 * company's open roles ('role'); a job seeker keeps connections who are referrers on Referwell ('referrer').
 * Deleted with their owner, their job or their referrer.
 */
export const connectionMatches = pgTable(
  'connection_matches',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: connectionMatchKind().notNull(),
    /** The connection as LinkedIn exported it. */
    firstName: text().notNull(),
    lastName: text().notNull(),
    profileUrl: text(),
    email: text(),
    company: text(),
    position: text(),
    connectedOn: date({ mode: 'string' }),
    /** Who the connection is, for keeping them once: their profile address, else e-mail, else name and company. */
    personKey: text().notNull(),
    /** 'role': the open job of the referrer's company they fit, and how well (0-100). */
    jobId: uuid().references(() => jobPostings.id, { onDelete: 'cascade' }),
    fitScore: integer(),
    /** 'referrer': the referrer on Referwell the job seeker knows. */
    referrerId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('connection_matches_user_idx').on(t.userId, t.createdAt),
    // Deleting a job or a referrer's account finds their rows (the cascades).
    index('connection_matches_job_idx').on(t.jobId),
    index('connection_matches_referrer_idx').on(t.referrerId),
    uniqueIndex('connection_matches_role_key')
      .on(t.userId, t.personKey, t.jobId)
      .where(sql`${t.kind} = 'role'`),
    uniqueIndex('connection_matches_referrer_key')
      .on(t.userId, t.referrerId)
      .where(sql`${t.kind} = 'referrer'`),
    check(
      'connection_matches_target',
      sql`(${t.kind} = 'role' and ${t.jobId} is not null and ${t.referrerId} is null)
        or (${t.kind} = 'referrer' and ${t.referrerId} is not null and ${t.jobId} is null)`,
    ),
  ],
);
