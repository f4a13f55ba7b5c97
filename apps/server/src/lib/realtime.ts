import { sql } from 'drizzle-orm';
import type { RealtimeEvent } from '@referwell/shared';
import type { Executor } from '../db/repository';
import { selectRows } from '../db/repository';

/** The one PostgreSQL NOTIFY channel every server process listens on. */
export const REALTIME_CHANNEL = 'rw_realtime';

/** What travels through NOTIFY: the users to reach and the event. */
export interface RealtimeEnvelope {
  users: string[];
  event: RealtimeEvent;
}

/**
 * Who must sign in again or be re-read: sessions by token hash, every session of some users, or of every member of
 * some companies. Every process drops these from its session cache when the change commits.
 */
export interface SessionChange {
  tokens?: string[];
  users?: string[];
  companies?: string[];
  /** Every cached session (a change too big for one notification). */
  all?: boolean;
}

/** A session change travels on the same channel as realtime events, told apart by its key. */
export interface SessionEnvelope {
  sessions: SessionChange;
}

/**
 * Jobs changed: a database trigger sends this after every statement that writes job_postings (whoever runs it), so
 * every process drops its cached job searches.
 */
export interface JobsEnvelope {
  jobs: true;
}

/** PostgreSQL caps a NOTIFY payload below 8000 bytes; bigger events are sent as a "refetch" hint. */
const MAX_PAYLOAD_BYTES = 7500;

/**
 * Queues `event` for every open tab of `userIds`, in every server process. Run it on the
 * transaction that made the change: PostgreSQL delivers NOTIFY only when that transaction
 * commits, so a rolled-back change is never pushed.
 */
export async function publish(db: Executor, userIds: string[], event: RealtimeEvent): Promise<void> {
  if (userIds.length === 0) return;
  let payload = JSON.stringify({ users: userIds, event } satisfies RealtimeEnvelope);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
    const hint: RealtimeEvent =
      event.type === 'message.new'
        ? { type: 'message.new', conversationId: event.conversationId, message: null }
        : { type: 'notifications.changed' };
    payload = JSON.stringify({ users: userIds, event: hint } satisfies RealtimeEnvelope);
  }
  await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
}

/**
 * Tells every server process (this one included) that sessions changed: logout, revocation, password change, role
 * or membership change. Run it on the transaction that made the change, like `publish`.
 */
export async function publishSessionChange(db: Executor, change: SessionChange): Promise<void> {
  let payload = JSON.stringify({ sessions: change } satisfies SessionEnvelope);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) payload = JSON.stringify({ sessions: { all: true } });
  await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
}

/** A user's unread totals: messages across their conversations and notifications. */
export async function unreadTotals(db: Executor, userId: string): Promise<{ messages: number; notifications: number }> {
  const [row] = await selectRows<{ messages: number; notifications: number }>(
    db,
    sql`select
      (select cast(coalesce(sum(unread_count), 0) as int) from conversation_participants
        where user_id = ${userId} and unread_count > 0) as messages,
      (select cast(count(*) as int) from notifications where user_id = ${userId} and is_read = false) as notifications`,
  );
  return { messages: Number(row?.messages ?? 0), notifications: Number(row?.notifications ?? 0) };
}

/** Pushes each user's current unread totals to their tabs (after the transaction commits), one statement each. */
export async function publishUnread(db: Executor, userIds: string[]): Promise<void> {
  for (const userId of new Set(userIds)) {
    await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, json_build_object(
      'users', json_build_array(${userId}::text),
      'event', json_build_object(
        'type', 'unread',
        'messages', (select cast(coalesce(sum(unread_count), 0) as int) from conversation_participants
                     where user_id = ${userId} and unread_count > 0),
        'notifications', (select cast(count(*) as int) from notifications where user_id = ${userId} and is_read = false)
      ))::text)`);
  }
}
