import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { USER_TYPES } from '@referwell/shared';

export const userType = pgEnum('user_type', USER_TYPES);

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    type: userType().notNull(),
    avatarUrl: text(),
    /** A job seeker's code for inviting others (TALENT + 6 characters). */
    referralCode: text().unique(),
    invitedByUserId: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    passwordChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set when the user followed the confirmation link sent to `email`; null asks them to confirm. */
    emailConfirmedAt: timestamp({ withTimezone: true }),
    /** "Delete my account": erased at this time unless the owner signs in first (seven days' grace). */
    deletionScheduledFor: timestamp({ withTimezone: true }),
    /** Set when the account was erased: the row stays as "Deleted user" for what others legitimately hold. */
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

/** Sessions are looked up by the SHA-256 of the cookie token; the token itself is never stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    userAgent: text(),
    ip: text(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/**
 * A sign-up waiting for its address to be proven (issue 40, finding 9): the account is created when the link mailed
 * to `email` is followed and the password chosen here is given again. Several may wait for one address (whoever
 * holds the mailbox confirms their own); none blocks anyone. Deleted when used and once expired.
 */
export const signupRequests = pgTable(
  'signup_requests',
  {
    tokenHash: text().primaryKey(),
    email: text().notNull(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    /** What the account becomes: role and, per role, company type and name, invite or referral code. */
    details: jsonb()
      .$type<{
        role: 'jobseeker' | 'referrer' | 'companyHR';
        companyType?: 'create' | 'join';
        companyName?: string;
        inviteCode?: string;
      }>()
      .notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('signup_requests_email_idx').on(sql`lower(${t.email})`)],
);

/** Fixed-window counters shared by every server process (login, reset and invite-code limits). */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text().primaryKey(),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  hits: integer().notNull(),
});
