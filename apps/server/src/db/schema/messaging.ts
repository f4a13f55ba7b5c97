import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { jobPostings } from './jobs';

/** A conversation (SPEC §3). status 'active' and type 'direct' by default. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid().primaryKey().defaultRandom(),
    subject: text(),
    /** A referral the conversation is about (the referrals feature owns that table). */
    referralId: uuid(),
    /** The job (SPEC "project") the conversation is about. */
    projectId: uuid().references(() => jobPostings.id, { onDelete: 'set null' }),
    applicationId: uuid(),
    status: text().notNull().default('active'),
    type: text().notNull().default('direct'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Latest activity: bumped by every message; the list is ordered by it. */
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversations_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id)],
);

/** Who is in a conversation, with their read bookkeeping. */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Messages from others not yet read by this participant (reset when they open the conversation). */
    unreadCount: integer().notNull().default(0),
    lastReadAt: timestamp({ withTimezone: true }),
    /** Set while an open tab of this participant shows the conversation (heartbeat); null otherwise. */
    viewingAt: timestamp({ withTimezone: true }),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The conversation's latest activity (its updated_at), copied here by database triggers so a person's list is
     * read newest first from one index (conversation_participants_activity_idx) instead of sorting all of theirs.
     */
    activityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_participants_user_idx').on(t.userId, t.conversationId),
    index('conversation_participants_activity_idx').on(
      t.userId,
      t.activityAt.desc().nullsFirst(),
      t.conversationId.desc().nullsFirst(),
    ),
    index('conversation_participants_unread_idx')
      .on(t.userId)
      .where(sql`${t.unreadCount} > 0`),
  ],
);

/**
 * A version of each person's conversation list, raised by database triggers (migration `conv4_kept_conversation_lists`)
 * in every transaction that changes anything their list shows: their conversations, the participants and their names,
 * companies and photos, the last messages and their read marks, unread counts. A list answer is kept per version
 * (features/messaging/kept-list.ts): one read of this row tells every instance whether it is still current. No
 * foreign key: a user's erasure deletes their participant rows, whose trigger raises the erased user's version too.
 */
export const conversationListVersions = pgTable('conversation_list_versions', {
  userId: uuid().primaryKey(),
  version: bigint({ mode: 'number' }).notNull().default(1),
  /** The transaction that last raised it (txid_current()): raised once per transaction, however many statements. */
  writtenBy: bigint({ mode: 'number' }).notNull(),
});

export const messages = pgTable(
  'messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Plain text, never HTML. */
    content: text().notNull(),
    read: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_created_idx').on(
      t.conversationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** Notifications (SPEC §3). type is text so other features can add their own kinds. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    message: text().notNull(),
    isRead: boolean().notNull().default(false),
    type: text().notNull(),
    referenceId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('notifications_user_unread_idx')
      .on(t.userId, t.type, t.referenceId)
      .where(sql`${t.isRead} = false`),
  ],
);
