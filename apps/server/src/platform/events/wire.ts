// The realtime wire format, written once. An event (packages/shared schemas/realtime.ts) reaches a tab in two hops:
// a NOTIFY on REALTIME_CHANNEL carries it to every server process, then the process holding the tab's socket sends
// it as text. A notification is built in JavaScript (publish.ts), or in SQL inside the statement that knows its values
// (a message sent, unread totals: unread.ts, features/messaging/send.ts); both are built from the builders below, and
// hub.ts reads them back with notifyEnvelopeSchema.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { realtimeEventSchema, type RealtimeEvent } from '@referwell/shared';

/** The one PostgreSQL NOTIFY channel every server process listens on. */
export const REALTIME_CHANNEL = 'rw_realtime';

/** PostgreSQL caps a NOTIFY payload below 8000 bytes; bigger events are sent as a "refetch" hint. */
export const MAX_PAYLOAD_BYTES = 7500;

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
   * so every process drops its cached job searches: all of them, or for open jobs added, those they match. */
  z.object({ jobs: z.union([z.literal(true), z.object({ added: z.array(z.string()) })]) }),
  /** Talent profiles changed: a trigger on talent_profiles, so every process drops its kept talent searches. */
  z.object({ talent: z.literal(true) }),
  z.object({ sessions: sessionChangeSchema }),
  z.object({ users: z.array(z.string()), event: realtimeEventSchema }),
  /** Several events in one notification (a message sent: the message, and the recipients' unread totals). */
  z.object({ batch: z.array(z.object({ users: z.array(z.string()), event: realtimeEventSchema })) }),
]);
export type NotifyEnvelope = z.infer<typeof notifyEnvelopeSchema>;
/** What a jobs notification says changed: anything (true), or only that these open jobs were added. */
export type JobsChange = Extract<NotifyEnvelope, { jobs: unknown }>['jobs'];
export type RealtimeEnvelope = Extract<NotifyEnvelope, { users: string[] }>;
type SessionEnvelope = Extract<NotifyEnvelope, { sessions: SessionChange }>;

// ----- Built in JavaScript -----

/** The text a tab's socket receives for one event. */
export const socketText = (event: RealtimeEvent): string => JSON.stringify(event);

/** What a tab gets instead of an event too big for one notification: refetch. */
const refetchHint = (event: RealtimeEvent): RealtimeEvent =>
  event.type === 'message.new'
    ? { type: 'message.new', conversationId: event.conversationId, message: null }
    : { type: 'notifications.changed' };

/** The notification of `event` for `userIds`: the refetch hint when it would not fit in `maxBytes`. */
export function deliveryText(userIds: string[], event: RealtimeEvent, maxBytes = MAX_PAYLOAD_BYTES): string {
  const payload = JSON.stringify({ users: userIds, event } satisfies RealtimeEnvelope);
  if (Buffer.byteLength(payload) <= maxBytes) return payload;
  return JSON.stringify({ users: userIds, event: refetchHint(event) } satisfies RealtimeEnvelope);
}

/** The notification of a session change: every cached session when the change would not fit. */
export function sessionChangeText(change: SessionChange): string {
  const payload = JSON.stringify({ sessions: change } satisfies SessionEnvelope);
  return Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES
    ? JSON.stringify({ sessions: { all: true } } satisfies SessionEnvelope)
    : payload;
}

// ----- Built in SQL, inside the statement that knows the values (each argument a JSON expression) -----

/** One delivery: `event` for the tabs of `users` (a JSON array of user ids). */
export const deliverySql = (users: SQL, event: SQL): SQL =>
  sql`json_build_object('users', ${users}, 'event', ${event})`;

/** Several deliveries in one notification (`deliveries`: a JSON array of them). */
export const batchSql = (deliveries: SQL): SQL => sql`json_build_object('batch', ${deliveries})`;

/** The 'unread' event: a user's unread totals. */
export const unreadEventSql = (messages: SQL, notifications: SQL): SQL =>
  sql`json_build_object('type', 'unread', 'messages', ${messages}, 'notifications', ${notifications})`;

/** The 'message.new' event; with `message` null, its refetch hint. */
export const messageNewEventSql = (conversationId: SQL, message: SQL | null): SQL =>
  sql`json_build_object('type', 'message.new', 'conversationId', ${conversationId}, 'message', ${message ?? sql`null`})`;

/** Sends a notification (JSON, or its text) on the channel when the transaction commits: an expression to select. */
export const notifySql = (payload: SQL): SQL => sql`pg_notify(${REALTIME_CHANNEL}, ${payload}::text)`;
