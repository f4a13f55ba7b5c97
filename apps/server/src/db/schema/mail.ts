import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Where a mail's sending stands (lib/mail/send.ts), each step committed before the next one starts:
 * `sending`: recorded before SMTP is contacted; the server has not had the whole message, so it cannot have accepted
 * it (a dead attempt is sent again); `handing-over`: the whole message is going to SMTP, whose end of data may be
 * accepted at any moment; `sent`: SMTP answered 250; `unknown`: an attempt died while handing over, or lost the
 * connection before SMTP answered: perhaps delivered, never sent again (at most once).
 */
export const MAIL_SEND_STATUSES = ['sending', 'handing-over', 'sent', 'unknown'] as const;
export type MailSendStatus = (typeof MAIL_SEND_STATUSES)[number];

/**
 * One row per Message-ID the send-mail task has worked on, with where its sending stands. The task
 * checks it before sending, so a retried job never delivers a second copy.
 */
export const sentMails = pgTable(
  'sent_mails',
  {
    messageId: text().primaryKey(),
    recipient: text().notNull(),
    template: text().notNull(),
    status: text({ enum: MAIL_SEND_STATUSES }).notNull().default('sent'),
    /** When the status last changed (when it was sent, for `sent`). */
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sent_mails_sent_at_idx').on(t.sentAt),
    check('sent_mails_status', sql`${t.status} in ('sending', 'handing-over', 'sent', 'unknown')`),
  ],
);

/** A user's e-mail choice per category; no row means the default (instant; weekly for the roles to refer). */
export const emailPreferences = pgTable(
  'email_preferences',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text().notNull(),
    frequency: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);

/**
 * Single-use links that prove a person reads an address: confirming the sign-up address, or
 * a new address the user asked to change to. Stored as SHA-256 only.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    purpose: text({ enum: ['confirm', 'change'] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('email_tokens_user_id_idx').on(t.userId)],
);
