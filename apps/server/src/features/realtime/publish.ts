import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { realtimeEventSchema, type RealtimeEvent } from '@referwell/shared';
import type { Executor } from '../../db/repository';

/** The one PostgreSQL NOTIFY channel every server process listens on. */
export const REALTIME_CHANNEL = 'rw_realtime';

/**
 * Who must sign in again or be re-read: sessions by token hash, every session of some users, or of every member of
 * some companies (or every cached session, for a change too big for one notification). Every process drops these
 * from its session cache when the change commits.
 */
const sessionChangeSchema = z.object({
  tokens: z.array(z.string()).optional(),
  users: z.array(z.string()).optional(),
  companies: z.array(z.string()).optional(),
  all: z.boolean().optional(),
});
export type SessionChange = z.infer<typeof sessionChangeSchema>;

/**
 * What travels through NOTIFY on the one channel: an event and the users to reach, or a session change (told apart
 * by its key).
 */
export const notifyEnvelopeSchema = z.union([
  /** Jobs changed: a database trigger sends this after every statement that writes job_postings (whoever runs it),
   * so every process drops its cached job searches. */
  z.object({ jobs: z.literal(true) }),
  /** Talent profiles changed: a trigger on talent_profiles, so every process drops its kept talent searches. */
  z.object({ talent: z.literal(true) }),
  z.object({ sessions: sessionChangeSchema }),
  z.object({ users: z.array(z.string()), event: realtimeEventSchema }),
  /** Several events in one notification (a message sent: the message, and the recipients' unread totals). */
  z.object({ batch: z.array(z.object({ users: z.array(z.string()), event: realtimeEventSchema })) }),
]);
export type NotifyEnvelope = z.infer<typeof notifyEnvelopeSchema>;
export type RealtimeEnvelope = Extract<NotifyEnvelope, { users: string[] }>;
type SessionEnvelope = Extract<NotifyEnvelope, { sessions: SessionChange }>;

/** PostgreSQL caps a NOTIFY payload below 8000 bytes; bigger events are sent as a "refetch" hint. */
export const MAX_PAYLOAD_BYTES = 7500;

/** The envelope of `event` for `userIds` as NOTIFY text: a "refetch" hint when it would not fit in `maxBytes`. */
export function envelopeText(userIds: string[], event: RealtimeEvent, maxBytes = MAX_PAYLOAD_BYTES): string {
  const payload = JSON.stringify({ users: userIds, event } satisfies RealtimeEnvelope);
  if (Buffer.byteLength(payload) <= maxBytes) return payload;
  const hint: RealtimeEvent =
    event.type === 'message.new'
      ? { type: 'message.new', conversationId: event.conversationId, message: null }
      : { type: 'notifications.changed' };
  return JSON.stringify({ users: userIds, event: hint } satisfies RealtimeEnvelope);
}

/**
 * Queues `event` for every open tab of `userIds`, in every server process. Run it on the
 * transaction that made the change: PostgreSQL delivers NOTIFY only when that transaction
 * commits, so a rolled-back change is never pushed.
 */
export async function publish(db: Executor, userIds: string[], event: RealtimeEvent): Promise<void> {
  if (userIds.length === 0) return;
  await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${envelopeText(userIds, event)})`);
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
