import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/repository';
import { selectRows } from '../../db/repository';
import { preparedRows } from '../../db/prepared';
import type { RealtimeEvent } from '@referwell/shared';
import { publish } from './publish';
import { batchSql, deliverySql, deliveryText, MAX_PAYLOAD_BYTES, notifySql, unreadEventSql } from './wire';

/**
 * The one definition of a user's unread counts, as SQL expressions, so the header badges, the API and the pushed
 * totals can never disagree. Messages: the sum of the per-conversation counters; notifications: unread rows.
 */
const unreadMessagesOf = (userId: string | SQL): SQL =>
  sql`(select cast(coalesce(sum(unread_count), 0) as int) from conversation_participants
        where user_id = ${userId} and unread_count > 0)`;

/**
 * A conversation's counter as a write of the same statement left it: the statement's own snapshot still reads the
 * value from before the write (a data-modifying CTE's changes are invisible to the rest of its statement).
 */
export interface PendingUnread {
  conversationId: string | Placeholder;
  /** The counter's new value, as the write returned it. */
  unreadCount: SQL;
}

/** A user's unread messages as after `pending`, in the statement that writes it. */
const unreadMessagesAfter = (userId: SQL, pending: PendingUnread): SQL =>
  sql`((select cast(coalesce(sum(unread_count), 0) as int) from conversation_participants
         where user_id = ${userId} and unread_count > 0 and conversation_id <> ${pending.conversationId})
       + ${pending.unreadCount})`;
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
    await preparedRows(db, sql`select ${notifySql(unreadDeliverySql(sql`${userId}::uuid`))}`);
  }
}

/** Room an unread delivery takes in a NOTIFY payload (a user id and two totals), with some to spare. */
export const UNREAD_DELIVERY_BYTES = 160;

/** The most unread deliveries one notification carries beside its event (at least half the payload for the event). */
export const MAX_UNREAD_DELIVERIES = Math.floor(MAX_PAYLOAD_BYTES / 2 / UNREAD_DELIVERY_BYTES);

/** Room left for the event in a notification that also carries `recipients` unread deliveries. */
export const eventRoom = (recipients: number): number => MAX_PAYLOAD_BYTES - UNREAD_DELIVERY_BYTES * recipients;

/**
 * The delivery of a user's current unread totals to their tabs, as a JSON expression (`userId` a uuid expression);
 * with `pending`, the messages total as the caller's statement leaves it.
 */
export const unreadDeliverySql = (userId: SQL, pending?: PendingUnread): SQL =>
  deliverySql(
    sql`json_build_array(${userId}::text)`,
    unreadEventSql(
      pending ? unreadMessagesAfter(userId, pending) : unreadMessagesOf(userId),
      unreadNotificationsOf(userId),
    ),
  );

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
  const room = eventRoom(recipients.length);
  if (recipients.length > MAX_UNREAD_DELIVERIES) {
    await publish(db, userIds, event);
    await publishUnread(db, recipients);
    return;
  }
  await preparedRows(
    db,
    sql`select ${notifySql(
      batchSql(sql`(
          select json_agg(delivery order by ord) from (
            select 0 as ord, ${deliveryText(userIds, event, room)}::json as delivery
            union all
            select r.ord, ${unreadDeliverySql(sql`r.id`)}
              from unnest(${sql.param(recipients)}::uuid[]) with ordinality as r(id, ord)) deliveries)`),
    )}`,
  );
}
