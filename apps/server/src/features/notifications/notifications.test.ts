import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES, notificationHref } from '@referwell/shared';
import { createTestApp, requestsTo, type SignedUp, signUp, type TestApp } from '../../test/harness';
import { createNotification } from '../../platform/notifications/service';

let t: TestApp;
let alice: SignedUp;
let bob: SignedUp;

const { call } = requestsTo(() => t);

async function notify(who: SignedUp, n: number, type = 'referral_update') {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const created = await t.database.db.transaction((tx) =>
      createNotification(tx, {
        userId: who.body.user.id,
        title: 'Referral Status Updated',
        message: `The status for Talent ${i} has been updated to accepted`,
        type,
        referenceId: `ref-${i}`,
      }),
    );
    ids.push(created.id);
  }
  return ids;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t);
  bob = await signUp(t);
});
afterAll(() => t.close());

describe('notifications', () => {
  it('lists only my own, newest first, with the unread count', async () => {
    const mine = await notify(alice, 3);
    await notify(bob, 2);
    const list = (await call('GET', '/api/notifications', alice)).json();
    expect(list.items.map((n: { id: string }) => n.id)).toEqual([...mine].reverse());
    expect(list).toMatchObject({ total: 3, unreadCount: 3 });
    expect(list.items.every((n: { userId: string }) => n.userId === alice.body.user.id)).toBe(true);
    expect((await call('GET', '/api/notifications/unread-count', bob)).json()).toEqual({ count: 2 });
    expect((await call('GET', '/api/notifications')).statusCode).toBe(401);
    const paged = (await call('GET', '/api/notifications?pageSize=2&page=2', alice)).json();
    expect(paged.items.map((n: { id: string }) => n.id)).toEqual([mine[0]]);
  });

  it("marks one read; someone else's notification is not found", async () => {
    const [id] = await notify(alice, 1);
    const [bobs] = await notify(bob, 1);
    const before = (await call('GET', '/api/notifications/unread-count', alice)).json().count;
    const res = await call('POST', `/api/notifications/${id}/read`, alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, isRead: true });
    expect((await call('GET', '/api/notifications/unread-count', alice)).json().count).toBe(before - 1);

    const foreign = await call('POST', `/api/notifications/${bobs}/read`, alice);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(NOTIFICATION_MESSAGES.notFound);
    const stillUnread = (await call('GET', '/api/notifications', bob))
      .json()
      .items.find((n: { id: string }) => n.id === bobs);
    expect(stillUnread.isRead).toBe(false);
    expect((await call('POST', '/api/notifications/not-an-id/read', alice)).statusCode).toBe(400);
  });

  it('marks all of mine read and leaves others alone', async () => {
    await notify(alice, 2);
    const bobBefore = (await call('GET', '/api/notifications/unread-count', bob)).json().count;
    expect((await call('POST', '/api/notifications/read-all', alice)).json()).toEqual({ count: 0 });
    expect((await call('GET', '/api/notifications/unread-count', alice)).json()).toEqual({ count: 0 });
    expect((await call('GET', '/api/notifications/unread-count', bob)).json().count).toBe(bobBefore);
    expect((await call('POST', '/api/notifications/read-all')).statusCode).toBe(401);
  });

  it('keeps types other features add', async () => {
    await notify(bob, 1, 'job_application');
    const latest = (await call('GET', '/api/notifications?pageSize=1', bob)).json().items[0];
    expect(latest.type).toBe('job_application');
  });
});

describe('notificationHref', () => {
  it('sends referral updates to the referral and messages to the conversation', () => {
    expect(notificationHref('referral_update', 'abc')).toBe('/referrer-dashboard/referrals/abc');
    expect(notificationHref('message', 'c1')).toBe('/messages/c1');
    expect(notificationHref('referral_consent', 'r1')).toBe('/referrer-dashboard/referrals/r1');
    expect(notificationHref('referral_request', 'q1')).toBe('/referral-requests');
    expect(notificationHref('referral_request_update', 'q1')).toBe('/referral-requests');
    expect(notificationHref('something_else', 'x')).toBeNull();
    expect(notificationHref('message', null)).toBeNull();
  });
});
