import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/repository';
import { selectRows } from '../../db/repository';
import { preparedRows } from '../../db/prepared';
import { REALTIME_CHANNEL } from './publish';

/**
 * The one definition of a user's unread counts, as SQL expressions, so the header badges, the API and the pushed
 * totals can never disagree. Messages: the sum of the per-conversation counters; notifications: unread rows.
 */
const unreadMessagesOf = (userId: string): SQL =>
  sql`(select cast(coalesce(sum(unread_count), 0) as int) from conversation_participants
        where user_id = ${userId} and unread_count > 0)`;
const unreadNotificationsOf = (userId: string): SQL =>
  sql`(select cast(count(*) as int) from notifications where user_id = ${userId} and is_read = false)`;

export interface UnreadTotals {
  messages: number;
  notifications: number;
}

/** A user's unread totals: messages across their conversations and notifications. */
export async function unreadTotals(db: Executor, userId: string): Promise<UnreadTotals> {
  const [row] = await selectRows<UnreadTotals>(
    db,
    sql`select ${unreadMessagesOf(userId)} as messages, ${unreadNotificationsOf(userId)} as notifications`,
  );
  return { messages: Number(row?.messages ?? 0), notifications: Number(row?.notifications ?? 0) };
}

/** How many messages the user has not read, across their conversations. */
export async function unreadMessageCount(db: Executor, userId: string): Promise<number> {
  const [row] = await selectRows<{ n: number }>(db, sql`select ${unreadMessagesOf(userId)} as n`);
  return Number(row?.n ?? 0);
}

/** How many of the user's notifications are unread. */
export async function unreadNotificationCount(db: Executor, userId: string): Promise<number> {
  const [row] = await selectRows<{ n: number }>(db, sql`select ${unreadNotificationsOf(userId)} as n`);
  return Number(row?.n ?? 0);
}

/**
 * Pushes each user's current unread totals to their tabs (after the transaction commits), one prepared statement
 * each (every message sent runs it).
 */
export async function publishUnread(db: Executor, userIds: string[]): Promise<void> {
  for (const userId of new Set(userIds)) {
    await preparedRows(
      db,
      sql`select pg_notify(${REALTIME_CHANNEL}, json_build_object(
      'users', json_build_array(${userId}::text),
      'event', json_build_object(
        'type', 'unread',
        'messages', ${unreadMessagesOf(userId)},
        'notifications', ${unreadNotificationsOf(userId)}
      ))::text)`,
    );
  }
}
