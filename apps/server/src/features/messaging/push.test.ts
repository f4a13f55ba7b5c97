import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH, type RealtimeEvent } from '@referwell/shared';
import { createTestApp, requestsTo, signUp, type SignedUp, type TestApp } from '../../test/harness';
import { notifyEnvelopeSchema, REALTIME_CHANNEL, type NotifyEnvelope } from '../../platform/events/wire';
import { publishWithUnread } from '../../platform/events/unread';

/** What a message sent puts on the realtime channel, read by a LISTEN of the test's own. */
let t: TestApp;
let listener: pg.Client;
const heard: NotifyEnvelope[] = [];
let company: SignedUp;
let seeker: SignedUp;
let outsider: SignedUp;
let conversationId: string;

const { call } = requestsTo(() => t);
const idOf = (who: SignedUp) => who.body.user.id;

const MARKER_CHANNEL = 'push_test_marker';
let markerSeen: (() => void) | null = null;

/** Waits until everything committed so far has been heard: notifications arrive in commit order. */
async function settled(): Promise<void> {
  const seen = new Promise<void>((resolve) => (markerSeen = resolve));
  await t.database.db.execute(sql`select pg_notify(${MARKER_CHANNEL}, 'marker')`);
  await seen;
}

/** The notifications heard while `work` ran. */
async function heardDuring(work: () => Promise<unknown>): Promise<NotifyEnvelope[]> {
  await settled();
  heard.length = 0;
  await work();
  await settled();
  return [...heard];
}

beforeAll(async () => {
  t = await createTestApp();
  listener = new pg.Client({ connectionString: t.database.url });
  await listener.connect();
  listener.on('notification', (message) => {
    if (message.channel === MARKER_CHANNEL) return markerSeen?.();
    const envelope = notifyEnvelopeSchema.parse(JSON.parse(message.payload!));
    if (!('jobs' in envelope || 'talent' in envelope || 'sessions' in envelope)) heard.push(envelope);
  });
  await listener.query(`LISTEN ${REALTIME_CHANNEL}`);
  await listener.query(`LISTEN ${MARKER_CHANNEL}`);
  company = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Push Health' });
  seeker = await signUp(t, { name: 'Pat Push' });
  outsider = await signUp(t);
  const started = await call('POST', '/api/conversations', company, { recipientId: idOf(seeker), message: 'First' });
  conversationId = started.json().conversation.id;
});
afterAll(async () => {
  await listener.end();
  await t.close();
});

describe('pushes of a message sent', () => {
  it('one notification: the message to both participants and the recipient’s unread totals', async () => {
    const got = await heardDuring(() =>
      call('POST', `/api/conversations/${conversationId}/messages`, company, { text: 'Second' }),
    );
    expect(got).toHaveLength(1);
    const [envelope] = got;
    if (!envelope || !('batch' in envelope)) throw new Error(`not a batch: ${JSON.stringify(envelope)}`);
    const [message, unread, ...rest] = envelope.batch;
    expect(rest).toEqual([]);
    expect(new Set(message!.users)).toEqual(new Set([idOf(company), idOf(seeker)]));
    expect(message!.event).toMatchObject({
      type: 'message.new',
      conversationId,
      message: { text: 'Second', senderId: idOf(company) },
    });
    // Two unread messages and the one 'message' notification of the first (one per unread burst).
    expect(unread).toEqual({ users: [idOf(seeker)], event: { type: 'unread', messages: 2, notifications: 1 } });
  });

  it('the message pushed is the message the send answers, to the millisecond, and the totals count it', async () => {
    const text = 'Quotes " and \\ back\nslash, ünïcödé 🚀';
    let answered: unknown;
    const got = await heardDuring(async () => {
      const res = await call('POST', `/api/conversations/${conversationId}/messages`, company, { text });
      expect(res.statusCode).toBe(201);
      answered = res.json();
    });
    const [envelope, ...rest] = got;
    expect(rest).toEqual([]);
    if (!envelope || !('batch' in envelope)) throw new Error(`not a batch: ${JSON.stringify(envelope)}`);
    expect(envelope.batch[0]!.event).toEqual({ type: 'message.new', conversationId, message: answered });
    expect(answered).toMatchObject({ text, read: false });
    const unread = await call('GET', '/api/conversations/unread-count', seeker);
    expect(envelope.batch[1]!.event).toMatchObject({ type: 'unread', messages: unread.json().count });
  });

  it('the first message of a burst: the notification with its totals, then the message alone', async () => {
    await heardDuring(() => call('POST', `/api/conversations/${conversationId}/read`, seeker));
    const got = await heardDuring(() =>
      call('POST', `/api/conversations/${conversationId}/messages`, company, { text: 'Third' }),
    );
    const events = got.flatMap((e) => ('batch' in e ? e.batch : 'users' in e ? [e] : []));
    expect(events.map((d) => d.event.type)).toEqual(['notification.new', 'unread', 'message.new']);
    expect(events[1]).toEqual({ users: [idOf(seeker)], event: { type: 'unread', messages: 1, notifications: 1 } });
  });

  it('nothing for a send that is refused', async () => {
    const got = await heardDuring(async () => {
      const res = await call('POST', `/api/conversations/${conversationId}/messages`, outsider, { text: 'Nope' });
      expect(res.statusCode).toBe(404);
    });
    expect(got).toEqual([]);
  });

  it('a message too big for the channel goes as a refetch hint, with the totals', async () => {
    const got = await heardDuring(() =>
      call('POST', `/api/conversations/${conversationId}/messages`, company, {
        text: 'é'.repeat(MESSAGE_MAX_LENGTH),
      }),
    );
    const [envelope] = got;
    if (!envelope || !('batch' in envelope)) throw new Error(`not a batch: ${JSON.stringify(envelope)}`);
    expect(envelope.batch.map((d) => d.event)).toEqual([
      { type: 'message.new', conversationId, message: null },
      { type: 'unread', messages: 2, notifications: 1 },
    ]);
  });

  it('with too many recipients for one notification, the event and each one’s totals go separately', async () => {
    const users = Array.from({ length: 40 }, () => randomUUID());
    const event: RealtimeEvent = { type: 'notifications.changed' };
    const got = await heardDuring(() => publishWithUnread(t.database.db, users, event, users));
    expect(got).toHaveLength(41);
    expect(got[0]).toEqual({ users, event });
    expect(got.slice(1).map((e) => ('users' in e ? e.users[0] : null))).toEqual(users);
    expect(got.slice(1).every((e) => 'event' in e && e.event.type === 'unread')).toBe(true);
  });
});
