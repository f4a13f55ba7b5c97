import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { MESSAGING_MESSAGES, NOTIFICATION_MESSAGES, type Message } from '@referwell/shared';
import type { Db } from '../../db/client';
import { onOneConnection } from '../../db/one-connection';
import { preparedTemplate } from '../../db/prepared';
import type { Executor } from '../../db/repository';
import type { AuthContext } from '../../platform/sessions/sessions';
import { notFound } from '../../lib/errors';
import { HIT_TEMPLATE_SQL, type HitInStatement } from '../../lib/rate-limit';
import { batchSql, deliverySql, MAX_PAYLOAD_BYTES, messageNewEventSql, notifySql } from '../../platform/events/wire';
import {
  MAX_UNREAD_DELIVERIES,
  publishWithUnread,
  UNREAD_DELIVERY_BYTES,
  unreadDeliverySql,
} from '../../platform/events/unread';
import { createNotification } from '../../platform/notifications/service';

/** A tab that reported a conversation as open within this many seconds counts as reading it. */
export const VIEWING_FRESH_SECONDS = 60;

/** A message stored, and who must hear of it once its transaction has committed. */
export interface Sent {
  message: Message;
  /** Every participant's tabs get the message (the sender's other tabs too). */
  participantIds: string[];
  /** Recipients whose unread totals are pushed with it (the others got theirs with their new notification). */
  unreadFor: string[];
}

interface SendRow {
  /** Null when nothing was stored: the sender is not a participant, the limit refused, or a notification is due. */
  user_id: string | null;
  reading: boolean;
  notified: boolean;
  id: string;
  created_at: Date | string;
  read: boolean;
}

interface Sender {
  id: string;
  name: string;
}

/** The send statement's values, or their placeholders in a statement built once (preparedTemplate). */
interface SendValues {
  senderId: string | Placeholder;
  conversationId: string | Placeholder;
  text: string | Placeholder;
}

/** The send statements' placeholders: `sendValues` fills them. */
const PLACEHOLDERS: SendValues = {
  senderId: sql.placeholder('senderId'),
  conversationId: sql.placeholder('conversationId'),
  text: sql.placeholder('text'),
};

const sendValues = (sender: Sender, conversationId: string, text: string) => ({
  senderId: sender.id,
  conversationId,
  text,
});

/** A recipient who is not reading the conversation and has no unread 'message' notification about it yet. */
const notificationDue = ({ conversationId, senderId }: SendValues): SQL =>
  sql`exists (select 1 from conversation_participants r
              where r.conversation_id = ${conversationId} and r.user_id <> ${senderId}
                and not coalesce(r.viewing_at > now() - make_interval(secs => ${VIEWING_FRESH_SECONDS}), false)
                and not exists (select 1 from notifications n where n.user_id = r.user_id and n.type = 'message'
                                and n.reference_id = ${conversationId} and n.is_read = false))`;

/**
 * The send as one statement: bumps the others' unread counts and the sender's read mark, reports per participant
 * whether they are reading the conversation or already have an unread notification, and stores the message (none
 * when the sender is not a participant, or when `only` says no). The conversation's updated_at is the message's
 * time, now(), like the participants' activity_at: its trigger (after the statement) finds them current.
 */
function sendSql({ senderId, conversationId, text }: SendValues, only: SQL = sql`true`): SQL {
  return sql`p as (
          update conversation_participants cp set
            unread_count = case when cp.user_id = ${senderId} then cp.unread_count else cp.unread_count + 1 end,
            last_read_at = case when cp.user_id = ${senderId} then now() else cp.last_read_at end,
            activity_at = now()
          where cp.conversation_id = ${conversationId} and ${only}
            and exists (select 1 from conversation_participants me
                        where me.conversation_id = ${conversationId} and me.user_id = ${senderId})
          returning cp.user_id, cp.unread_count,
            coalesce(cp.viewing_at > now() - make_interval(secs => ${VIEWING_FRESH_SECONDS}), false) as reading,
            exists (select 1 from notifications n where n.user_id = cp.user_id and n.type = 'message'
                    and n.reference_id = ${conversationId} and n.is_read = false) as notified),
        m as (
          insert into messages (conversation_id, sender_id, content)
          select ${conversationId}, ${senderId}, ${text} where exists (select 1 from p)
          returning id, created_at, read),
        c as (update conversations set updated_at = (select created_at from m)
              where id = ${conversationId} and exists (select 1 from m)),
        sent as (select p.user_id, p.unread_count, p.reading, p.notified, m.id, m.created_at, m.read
                   from p cross join m)`;
}

/** A message's timestamp as `Date.toISOString` writes it (milliseconds, UTC), the way the API answers it. */
const isoSql = (value: SQL): SQL => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The push of `sendSql`'s stored message, as a CTE of the same statement (`pushed`: one row when it notified): what
 * `pushSent` publishes, built from the statement's rows (the message's id and time, each recipient's unread totals as
 * the statement leaves them). Its NOTIFY goes out when the statement commits, so the push needs no round trip of
 * its own. Nothing when nothing was stored, or with more recipients than one notification carries (then `pushSent`).
 */
function pushSql({ senderId, conversationId, text }: SendValues): SQL {
  const recipients = sql`(select count(*) - 1 from sent)`;
  const users = sql`(select json_agg(s.user_id::text) from sent s)`;
  const message = sql`json_build_object('id', m.id, 'conversationId', ${conversationId}::text,
        'senderId', ${senderId}::text, 'text', ${text}::text, 'timestamp', ${isoSql(sql`m.created_at`)}, 'read', m.read)`;
  const full = deliverySql(users, messageNewEventSql(sql`${conversationId}::text`, message));
  const hint = deliverySql(users, messageNewEventSql(sql`${conversationId}::text`, null));
  const unread = unreadDeliverySql(sql`s.user_id`, { conversationId, unreadCount: sql`s.unread_count` });
  return sql`event as (
          select case when octet_length(e.full::text) <= ${MAX_PAYLOAD_BYTES} - ${UNREAD_DELIVERY_BYTES} * ${recipients}
                      then e.full else ${hint} end as delivery
            from (select ${full} as full from m) e
           where ${recipients} <= ${MAX_UNREAD_DELIVERIES}),
        pushed as (
          select ${notifySql(
            batchSql(sql`(
                   select json_agg(delivery order by ord) from (
                     select 0 as ord, event.delivery from event
                     union all
                     select 1, ${unread} from sent s where s.user_id <> ${senderId}) deliveries)`),
          )}
            from event)`;
}

/** The message and its audience from the send statement's rows (none: nothing was stored). */
function toSent(sender: Sender, conversationId: string, text: string, rows: SendRow[]) {
  const [row] = rows;
  if (!row?.user_id) return null;
  const message: Message = {
    id: row.id,
    conversationId,
    senderId: sender.id,
    text,
    timestamp: new Date(row.created_at).toISOString(),
    read: row.read,
  };
  return { message, participants: rows, recipients: rows.filter((p) => p.user_id !== sender.id) };
}

/** Who hears of a stored message: every participant's tabs, and the unread totals of recipients not `notified`. */
function sentOf(stored: NonNullable<ReturnType<typeof toSent>>, notified: ReadonlySet<string> = new Set()): Sent {
  return {
    message: stored.message,
    participantIds: stored.participants.map((p) => p.user_id!),
    unreadFor: stored.recipients.map((r) => r.user_id!).filter((id) => !notified.has(id)),
  };
}

/** The send inside a transaction (its notification follows), built once. */
const sendInTransaction = preparedTemplate<SendRow>(() => sql`with ${sendSql(PLACEHOLDERS)} select * from sent`);

/**
 * The usual send, built once: the rate limit's hit, the message when the limit allows it and no recipient is due a
 * notification, and its push; `due` says whether one is (then nothing was stored).
 */
const sendAloneStatement = preparedTemplate<
  SendRow & { hits: number; remaining_ms: number; due: boolean; pushed: boolean }
>(() => {
  const only = sql`exists (select 1 from hit where hit.hits <= ${sql.placeholder('limitMax')})
                     and not ${notificationDue(PLACEHOLDERS)}`;
  return sql`with hit as (${HIT_TEMPLATE_SQL}), ${sendSql(PLACEHOLDERS, only)}, ${pushSql(PLACEHOLDERS)}
        select hit.hits, hit.remaining_ms, ${notificationDue(PLACEHOLDERS)} as due,
               exists (select 1 from pushed) as pushed, sent.*
          from hit left join sent on true`;
});

/**
 * Stores a message: the others' unread counts, the conversation's activity, and a 'message' notification to a
 * recipient who is not reading the conversation and has no unread notification about it yet (one per burst, not one
 * per message). Throws 404 when the sender is not a participant. The pushes are left to `pushSent`, after the commit.
 */
export async function insertMessage(tx: Executor, sender: Sender, conversationId: string, text: string): Promise<Sent> {
  const rows = await sendInTransaction(tx, sendValues(sender, conversationId, text));
  const stored = toSent(sender, conversationId, text, rows);
  if (!stored) throw notFound(MESSAGING_MESSAGES.notFound);
  const notified = new Set<string>();
  for (const recipient of stored.recipients) {
    if (recipient.reading || recipient.notified) continue;
    // createNotification also pushes the recipient's unread totals (when this transaction commits).
    await createNotification(tx, {
      userId: recipient.user_id!,
      title: NOTIFICATION_MESSAGES.newMessageTitle,
      message: NOTIFICATION_MESSAGES.newMessage(sender.name),
      type: 'message',
      referenceId: conversationId,
    });
    notified.add(recipient.user_id!);
  }
  return sentOf(stored, notified);
}

/**
 * The usual send, one statement without BEGIN and COMMIT: the rate limit's hit, and the message when the limit
 * allows it and no recipient is due a notification (the first unread message of a burst). Then a notification
 * needs its own writes (the row, its mail job), so this stores nothing and answers null: the caller sends the
 * message in a transaction. Throws 429 over the limit, 404 when the sender is not a participant.
 */
async function sendAlone(db: Executor, sender: Sender, conversationId: string, text: string, limit: HitInStatement) {
  const rows = await sendAloneStatement(db, { ...sendValues(sender, conversationId, text), ...limit.values });
  const [first] = rows;
  limit.settle(first!);
  const stored = toSent(sender, conversationId, text, rows);
  if (stored) return { sent: sentOf(stored), pushed: first!.pushed };
  if (!first!.due) throw notFound(MESSAGING_MESSAGES.notFound);
  return null;
}

/**
 * Tells everyone about a committed message: the message to every participant's tabs and the unread totals to the
 * recipients, in one NOTIFY. Not inside the message's transaction: PostgreSQL serialises committing transactions that
 * NOTIFY (one lock, held through the commit's WAL flush), so every send would wait for the disk flush of every other
 * one in turn; a transaction that only NOTIFYs writes nothing to flush. The push also never announces a message that
 * is not yet durable. Should the process die between the two, the tabs miss this push and catch up on their next
 * refetch (every reconnect refetches).
 */
async function pushSent(db: Executor, sent: Sent): Promise<void> {
  const { message } = sent;
  await publishWithUnread(
    db,
    sent.participantIds,
    { type: 'message.new', conversationId: message.conversationId, message },
    sent.unreadFor,
  );
}

/** `store` (a transaction, or one statement), then the push on the same connection (not behind waiting requests). */
async function storeAndPushOn<T extends { sent: Sent }>(connection: Db, store: () => Promise<T>): Promise<T> {
  const stored = await store();
  // The message is stored: answering an error now would invite a second copy. A push lost with the connection
  // is caught up on the tabs' next refetch, like any missed NOTIFY (ADR 0005).
  await pushSent(connection, stored.sent).catch(() => {});
  return stored;
}

/** The message's transaction, then its push on the same connection. */
export function storeAndPush<T extends { sent: Sent }>(db: Db, store: (tx: Executor) => Promise<T>): Promise<T> {
  return onOneConnection(db, (connection) => storeAndPushOn(connection, () => connection.transaction(store)));
}

/**
 * Sends a message in a conversation, its rate limit's hit counted by the same statement: one statement and its push
 * in the usual case, a transaction when a recipient is due a notification.
 */
export async function sendMessage(
  db: Db,
  auth: AuthContext,
  conversationId: string,
  text: string,
  limit: HitInStatement,
): Promise<Message> {
  const sent = await onOneConnection(db, async (connection) => {
    const alone = await sendAlone(connection, auth.user, conversationId, text, limit);
    if (alone?.pushed) return alone.sent;
    const stored = await storeAndPushOn(connection, async () => ({
      sent: alone?.sent ?? (await connection.transaction((tx) => insertMessage(tx, auth.user, conversationId, text))),
    }));
    return stored.sent;
  });
  return sent.message;
}
