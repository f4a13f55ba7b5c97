import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/repository';
import { selectRows } from '../../db/repository';
import { preparedRows } from '../../db/prepared';
import type { RealtimeEvent } from '@referwell/shared';
import { envelopeText, MAX_PAYLOAD_BYTES, publish, REALTIME_CHANNEL } from './publish';

/**
 * The one definition of a user's unread counts, as SQL expressions, so the header badges, the API and the pushed
 * totals can never disagree. Messages: the sum of the per-conversation counters; notifications: unread rows.
 */
const unreadMessagesOf = (userId: string | SQL): SQL =>
  sql`(select cast(coalesce(sum(unread_count), 0) as int) from conversation_participants
        where user_id = ${userId} and unread_count > 0)`;
const unreadNotificationsOf = (userId: string | SQL): SQL =>
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

/** Room an unread delivery takes in a NOTIFY payload (a user id and two totals), with some to spare. */
const UNREAD_DELIVERY_BYTES = 160;

/**
 * Pushes `event` to every tab of `userIds` and the current unread totals to those of `unreadFor`, as one NOTIFY from one
 * prepared statement (a message sent: the message to the participants, the badges to its recipients). With too many
 * recipients for one notification, the event and each user's totals go separately.
 */
export async function publishWithUnread(
  db: Executor,
  userIds: string[],
  event: RealtimeEvent,
  unreadFor: string[],
): Promise<void> {
  const recipients = [...new Set(unreadFor)];
  const room = MAX_PAYLOAD_BYTES - UNREAD_DELIVERY_BYTES * recipients.length;
  if (room < MAX_PAYLOAD_BYTES / 2) {
    await publish(db, userIds, event);
    await publishUnread(db, recipients);
    return;
  }
  await preparedRows(
    db,
    sql`select pg_notify(${REALTIME_CHANNEL}, json_build_object('batch', (
          select json_agg(delivery order by ord) from (
            select 0 as ord, ${envelopeText(userIds, event, room)}::json as delivery
            union all
            select r.ord, json_build_object(
              'users', json_build_array(r.id::text),
              'event', json_build_object(
                'type', 'unread',
                'messages', ${unreadMessagesOf(sql`r.id`)},
                'notifications', ${unreadNotificationsOf(sql`r.id`)}))
              from unnest(${sql.param(recipients)}::uuid[]) with ordinality as r(id, ord)) deliveries))::text)`,
  );
}
