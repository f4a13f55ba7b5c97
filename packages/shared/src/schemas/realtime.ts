import { z } from 'zod';
import { messageSchema } from './messaging';
import { notificationSchema } from './notifications';

/** Events the server pushes over the WebSocket /api/realtime (and between server processes through NOTIFY). */
export const realtimeEventSchema = z.discriminatedUnion('type', [
  /** message is null when it was too large for the channel: refetch the conversation. */
  z.object({ type: z.literal('message.new'), conversationId: z.uuid(), message: messageSchema.nullable() }),
  z.object({
    type: z.literal('conversation.read'),
    conversationId: z.uuid(),
    readerId: z.uuid(),
    readAt: z.string(),
  }),
  z.object({ type: z.literal('unread'), messages: z.number().int(), notifications: z.number().int() }),
  z.object({ type: z.literal('notification.new'), notification: notificationSchema }),
  z.object({ type: z.literal('notifications.changed') }),
  /** Events may have been missed (the server's listener reconnected): refetch everything. */
  z.object({ type: z.literal('resync') }),
  z.object({
    type: z.literal('hello'),
    userId: z.uuid(),
    messages: z.number().int(),
    notifications: z.number().int(),
  }),
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

/** What a tab tells the server: which conversation it shows (null when none), and keep-alives. */
export const realtimeClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('viewing'), conversationId: z.uuid().nullable() }),
  z.object({ type: z.literal('ping') }),
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

/** One frame off the wire, checked against `schema`: null when it is not JSON or not a known shape. */
export function parseWireMessage<T>(schema: z.ZodType<T>, data: unknown): T | null {
  const parsed = schema.safeParse(readWireJson(data));
  return parsed.success ? parsed.data : null;
}

/** A wire message's JSON value, unchecked (undefined when it is not JSON): for a reader that narrows it first. */
export function readWireJson(data: unknown): unknown {
  try {
    return JSON.parse(String(data));
  } catch {
    return undefined;
  }
}

/**
 * Close codes of /api/realtime a tab acts on: the session the socket was opened with has ended (log out, password
 * change or reset, account deletion: stop and re-read who is signed in), or it changed (a new role or company:
 * re-read the session and open a new socket).
 */
export const REALTIME_CLOSE_CODES = { sessionEnded: 4401, sessionChanged: 4409 } as const;
