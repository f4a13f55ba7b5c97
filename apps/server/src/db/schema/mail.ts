import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Message-IDs of mails the SMTP server accepted. The send-mail task checks it before sending,
 * so a retried job never delivers a second copy.
 */
export const sentMails = pgTable(
  'sent_mails',
  {
    messageId: text().primaryKey(),
    recipient: text().notNull(),
    template: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sent_mails_sent_at_idx').on(t.sentAt)],
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
