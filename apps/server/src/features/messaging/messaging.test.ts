import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MESSAGE_MAX_LENGTH, MESSAGING_MESSAGES, NOTIFICATION_MESSAGES } from '@referwell/shared';
import { selectRows } from '../../db/repository';
import { createTestApp, requestsTo, type SignedUp, signUp, type TestApp } from '../../test/harness';
import {
  companyUserToJobSeeker,
  jobApplication,
  jobSeekerToJobPoster,
  jobSeekerToReferrer,
  messagingRules,
  referralBetween,
  sameCompany,
  type MessagingRule,
  type Sender,
} from './rules';
import { MESSAGE_SEND_LIMIT } from './routes';

let t: TestApp;
let adminA: SignedUp;
let memberA: SignedUp;
let adminB: SignedUp;
let seeker: SignedUp;
let seeker2: SignedUp;
let outsider: SignedUp;
let jobId: string;

const { call } = requestsTo(() => t);
const idOf = (who: SignedUp) => who.body.user.id;

async function start(from: SignedUp, to: SignedUp, extra: object = {}) {
  const res = await call('POST', '/api/conversations', from, {
    recipientId: idOf(to),
    message: 'Hello there',
    ...extra,
  });
  if (res.statusCode !== 201) throw new Error(`start failed ${res.statusCode} ${res.body}`);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  adminA = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Messaging Health' });
  const { inviteCode } = (await call('GET', `/api/companies/${adminA.body.company!.id}/team`, adminA)).json();
  memberA = await signUp(t, { role: 'referrer', inviteCode, name: 'Rita Referrer' });
  adminB = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Other Clinic' });
  seeker = await signUp(t, { name: 'Sam Seeker' });
  seeker2 = await signUp(t, { name: 'Sophie Seeker' });
  outsider = await signUp(t);
  const job = await call('POST', '/api/jobs', memberA, {
    title: 'Clinical Data Engineer',
    company: 'Messaging Health',
    location: 'Remote',
    employmentType: 'full-time',
    description: 'Build pipelines for clinical data.',
    requirements: 'SQL and FHIR.',
  });
  jobId = job.json().id;
});
afterAll(() => t.close());

describe('starting a conversation', () => {
  it('creates it with the first message, the subject and the job context', async () => {
    const detail = await start(seeker, memberA, { subject: '  About the role  ', jobId });
    expect(detail.conversation).toMatchObject({
      subject: 'About the role',
      projectId: jobId,
      referralId: null,
      status: 'active',
      type: 'direct',
      unreadCount: 0,
    });
    expect(detail.conversation.participants.map((p: { id: string }) => p.id).sort()).toEqual(
      [idOf(seeker), idOf(memberA)].sort(),
    );
    expect(detail.messages).toEqual([
      expect.objectContaining({ senderId: idOf(seeker), text: 'Hello there', read: false }),
    ]);
  });

  it('uses the job title as subject when none is given, and blank reference ids become null', async () => {
    const detail = await start(seeker2, memberA, { jobId, referralId: '' });
    expect(detail.conversation).toMatchObject({ subject: 'Clinical Data Engineer', referralId: null });
  });

  it('adds to the existing conversation with the same person and context instead of a duplicate', async () => {
    const first = await start(adminB, seeker2);
    const again = await start(adminB, seeker2, { message: 'Second note' });
    expect(again.conversation.id).toBe(first.conversation.id);
    expect(again.messages.map((m: { text: string }) => m.text)).toEqual(['Hello there', 'Second note']);
    const lookup = await call('GET', `/api/conversations/lookup?userId=${idOf(seeker2)}`, adminB);
    expect(lookup.json()).toMatchObject({ conversationId: first.conversation.id, canMessage: true });
  });

  it.each([
    ['message missing', { recipientId: undefined, message: '   ' }, 'message', MESSAGING_MESSAGES.messageRequired],
    ['message too long', { message: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }, 'message', MESSAGING_MESSAGES.messageTooLong],
    ['no recipient', { recipientId: '' }, 'recipientId', MESSAGING_MESSAGES.recipientRequired],
    ['subject too long', { subject: 's'.repeat(201) }, 'subject', MESSAGING_MESSAGES.subjectTooLong],
  ])('refuses %s with the spec text', async (_name, overrides, field, message) => {
    const res = await call('POST', '/api/conversations', seeker, {
      recipientId: idOf(memberA),
      message: 'Hi',
      ...overrides,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('refuses recipients the rules do not allow, unknown people and oneself', async () => {
    for (const [from, to] of [
      [seeker, seeker2],
      [adminA, adminB],
      [memberA, adminB],
    ] as const) {
      const res = await call('POST', '/api/conversations', from, { recipientId: idOf(to), message: 'Hi' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(MESSAGING_MESSAGES.notAllowed);
    }
    const unknown = await call('POST', '/api/conversations', seeker, {
      recipientId: '00000000-0000-4000-8000-000000000000',
      message: 'Hi',
    });
    expect(unknown.statusCode).toBe(403);
    const self = await call('POST', '/api/conversations', seeker, { recipientId: idOf(seeker), message: 'Hi' });
    expect(self.json().error.message).toBe(MESSAGING_MESSAGES.cannotMessageSelf);
    expect(
      (await call('POST', '/api/conversations', undefined, { recipientId: idOf(seeker), message: 'Hi' })).statusCode,
    ).toBe(401);
  });

  it('lets colleagues and company users write to job seekers', async () => {
    await start(adminA, memberA);
    await start(adminB, seeker);
  });
});

describe('who may read, post and mark read', () => {
  it('answers 404 to anyone who is not a participant', async () => {
    const { conversation } = await start(seeker, memberA, { message: 'Private' });
    const id = conversation.id;
    for (const who of [adminA, outsider, seeker2]) {
      expect((await call('GET', `/api/conversations/${id}`, who)).statusCode).toBe(404);
      expect((await call('POST', `/api/conversations/${id}/messages`, who, { text: 'intrude' })).statusCode).toBe(404);
      expect((await call('POST', `/api/conversations/${id}/read`, who)).statusCode).toBe(404);
    }
    expect((await call('GET', `/api/conversations/${id}`)).statusCode).toBe(401);
    expect((await call('GET', '/api/conversations/not-a-uuid', seeker)).statusCode).toBe(400);
    const mine = (await call('GET', `/api/conversations/${id}`, memberA)).json();
    expect(mine.messages.at(-1).text).toBe('Private');
    const list = (await call('GET', '/api/conversations', outsider)).json();
    expect(list.items).toEqual([]);
  });

  it('stores text as plain text, trimmed, and refuses empty or over-long messages', async () => {
    const { conversation } = await start(seeker, memberA);
    const sent = await call('POST', `/api/conversations/${conversation.id}/messages`, memberA, {
      text: '  <b>bold?</b>\nsecond line  ',
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().text).toBe('<b>bold?</b>\nsecond line');
    const empty = await call('POST', `/api/conversations/${conversation.id}/messages`, memberA, { text: ' \n ' });
    expect(empty.json().error.fields.text).toBe(MESSAGING_MESSAGES.messageRequired);
    const long = await call('POST', `/api/conversations/${conversation.id}/messages`, memberA, {
      text: 'x'.repeat(MESSAGE_MAX_LENGTH + 1),
    });
    expect(long.json().error.fields.text).toBe(MESSAGING_MESSAGES.messageTooLong);
  });
});

describe('unread arithmetic', () => {
  it('counts the others’ messages per conversation and in total, and resets on read', async () => {
    const a = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Unread Co' });
    const b = await signUp(t, { name: 'Una Unread' });
    const c = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Unread Two' });
    const unread = async (who: SignedUp) => (await call('GET', '/api/conversations/unread-count', who)).json().count;

    const one = (await start(a, b, { message: 'one' })).conversation.id;
    await call('POST', `/api/conversations/${one}/messages`, a, { text: 'two' });
    const other = (await start(c, b, { message: 'three' })).conversation.id;
    expect(await unread(b)).toBe(3);
    expect(await unread(a)).toBe(0);

    const list = (await call('GET', '/api/conversations', b)).json();
    expect(list.items.map((x: { id: string; unreadCount: number }) => [x.id, x.unreadCount])).toEqual([
      [other, 1],
      [one, 2],
    ]);

    // b replies in `one`: their own message does not count for them, it counts for a.
    await call('POST', `/api/conversations/${one}/messages`, b, { text: 'reply' });
    expect(await unread(a)).toBe(1);
    expect(await unread(b)).toBe(3);

    const read = await call('POST', `/api/conversations/${one}/read`, b);
    expect(read.json()).toEqual({ unreadCount: 1 });
    const detail = (await call('GET', `/api/conversations/${one}`, a)).json();
    expect(detail.messages.map((m: { text: string; read: boolean }) => [m.text, m.read])).toEqual([
      ['one', true],
      ['two', true],
      ['reply', false],
    ]);
    // Reading again changes nothing.
    expect((await call('POST', `/api/conversations/${one}/read`, b)).json()).toEqual({ unreadCount: 1 });
    expect((await call('POST', `/api/conversations/${other}/read`, b)).json()).toEqual({ unreadCount: 0 });

    // Sending moves the conversation to the top.
    await call('POST', `/api/conversations/${one}/messages`, a, { text: 'bump' });
    const after = (await call('GET', '/api/conversations', b)).json();
    expect(after.items[0]).toMatchObject({ id: one, unreadCount: 1, lastMessage: { text: 'bump' } });
  });
});

describe('conversation list', () => {
  it('searches participant names, subject and message text, and pages', async () => {
    const me = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Search Co' });
    const zed = await signUp(t, { name: 'Zed Quokka' });
    const amy = await signUp(t, { name: 'Amy Lemur' });
    await start(me, zed, { message: 'plain hello' });
    await start(me, amy, { subject: 'Night shift platypus', message: 'hi' });
    const third = await signUp(t, { name: 'Bo Tern' });
    await start(me, third, { message: 'the wombat protocol 100%' });
    const names = async (text: string) =>
      (await call('GET', `/api/conversations?q=${encodeURIComponent(text)}`, me))
        .json()
        .items.flatMap((c: { participants: { id: string; name: string }[] }) =>
          c.participants.filter((p) => p.id !== idOf(me)).map((p) => p.name),
        );
    expect(await names('quokka')).toEqual(['Zed Quokka']);
    expect(await names('PLATYPUS')).toEqual(['Amy Lemur']);
    expect(await names('wombat')).toEqual(['Bo Tern']);
    expect(await names('100%')).toEqual(['Bo Tern']);
    expect(await names('no such thing')).toEqual([]);
    // The searcher's own name does not match every conversation.
    expect(await names(me.body.user.name)).toEqual([]);

    const page1 = (await call('GET', '/api/conversations?pageSize=2', me)).json();
    const page2 = (await call('GET', '/api/conversations?pageSize=2&page=2', me)).json();
    expect(page1).toMatchObject({ total: 3, totalPages: 2, page: 1 });
    expect(page1.items.map((c: { participants: unknown[] }) => c.participants.length)).toEqual([2, 2]);
    expect(page2.items).toHaveLength(1);
  });

  it('lists newest activity first, on every page, whoever moved the conversation last', async () => {
    const me = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Order Co' });
    const people = [await signUp(t), await signUp(t), await signUp(t)];
    const ids: string[] = [];
    for (const person of people) ids.push((await start(me, person)).conversation.id);
    const order = async (pageSize = 10) => {
      const first = (await call('GET', `/api/conversations?pageSize=${pageSize}`, me)).json();
      const second = (await call('GET', `/api/conversations?pageSize=${pageSize}&page=2`, me)).json();
      expect(first.total).toBe(3);
      return [...first.items, ...(pageSize < 3 ? second.items : [])].map((c: { id: string }) => c.id);
    };
    expect(await order()).toEqual([ids[2], ids[1], ids[0]]);
    // A reply from the other side moves the oldest conversation to the top.
    await call('POST', `/api/conversations/${ids[0]}/messages`, people[0]!, { text: 'back to you' });
    expect(await order(2)).toEqual([ids[0], ids[2], ids[1]]);
    // So does any write to the conversation's activity time (a database trigger keeps the list's index in step).
    await t.database.db.execute(
      sql`update conversations set updated_at = now() + interval '1 minute' where id = ${ids[1]}`,
    );
    expect(await order(2)).toEqual([ids[1], ids[0], ids[2]]);
  });

  it('returns messages newest page first and pages back with before', async () => {
    const { conversation } = await start(adminB, seeker2, { message: 'm0' });
    for (let i = 1; i <= 5; i++)
      await call('POST', `/api/conversations/${conversation.id}/messages`, seeker2, { text: `m${i}` });
    const latest = (await call('GET', `/api/conversations/${conversation.id}?limit=3`, seeker2)).json();
    const texts = latest.messages.map((m: { text: string }) => m.text);
    expect(texts.slice(-3)).toEqual(['m3', 'm4', 'm5']);
    expect(latest.hasMore).toBe(true);
    const older = (
      await call('GET', `/api/conversations/${conversation.id}?limit=3&before=${latest.messages[0].id}`, seeker2)
    ).json();
    expect(older.messages.map((m: { text: string }) => m.text).slice(-2)).toEqual(['m1', 'm2']);
  });
});

describe('contacts', () => {
  it('lists only people the user may message, searchable by name', async () => {
    const contacts = async (who: SignedUp, q = '') =>
      (await call('GET', `/api/conversations/contacts?q=${encodeURIComponent(q)}`, who))
        .json()
        .map((c: { id: string }) => c.id);
    const forSeeker = await contacts(seeker);
    expect(forSeeker).toContain(idOf(memberA));
    expect(forSeeker).toContain(idOf(adminB));
    expect(forSeeker).not.toContain(idOf(seeker2));
    expect(forSeeker).not.toContain(idOf(seeker));
    expect(await contacts(seeker, 'Rita')).toEqual([idOf(memberA)]);
    const forMember = await contacts(memberA);
    expect(forMember).toContain(idOf(adminA));
    expect(forMember).toContain(idOf(seeker));
    expect(forMember).not.toContain(idOf(adminB));
    const rita = (await call('GET', '/api/conversations/contacts?q=Rita', seeker)).json()[0];
    expect(rita).toMatchObject({ name: 'Rita Referrer', role: 'referrer', title: 'Messaging Health' });
  });

  it('lookup says whether a person may be messaged', async () => {
    const res = (await call('GET', `/api/conversations/lookup?userId=${idOf(seeker2)}`, seeker)).json();
    expect(res).toEqual({ conversationId: null, canMessage: false, recipient: null });
  });
});

describe('the messaging rules one by one', () => {
  const check = async (rule: MessagingRule, sender: Sender, recipientId: string) => {
    const [row] = await selectRows<{ ok: boolean }>(
      t.database.db,
      sql`select ${rule.condition(sender, sql`${recipientId}::uuid`)} as ok`,
    );
    return row!.ok;
  };
  const senderOf = (who: SignedUp): Sender => ({
    id: idOf(who),
    type: who.body.user.type as Sender['type'],
    companyId: who.body.company?.id ?? null,
  });

  it('are listed in order and each allows exactly its relationship', async () => {
    expect(messagingRules.map((r) => r.name)).toEqual([
      'same company',
      'job application',
      'company user to discoverable job seeker',
      'job seeker to job poster',
      'job seeker to company referrer',
      'referral between them',
    ]);
    expect(await check(sameCompany, senderOf(adminA), idOf(memberA))).toBe(true);
    expect(await check(sameCompany, senderOf(adminA), idOf(adminB))).toBe(false);
    expect(await check(sameCompany, senderOf(seeker), idOf(memberA))).toBe(false);

    expect(await check(companyUserToJobSeeker, senderOf(adminB), idOf(seeker))).toBe(true);
    expect(await check(companyUserToJobSeeker, senderOf(adminB), idOf(adminA))).toBe(false);
    expect(await check(companyUserToJobSeeker, senderOf(seeker), idOf(seeker2))).toBe(false);

    expect(await check(jobSeekerToJobPoster, senderOf(seeker), idOf(memberA))).toBe(true);
    expect(await check(jobSeekerToJobPoster, senderOf(seeker), idOf(adminA))).toBe(false);
    expect(await check(jobSeekerToReferrer, senderOf(seeker), idOf(adminA))).toBe(true);
    expect(await check(jobSeekerToReferrer, senderOf(seeker), idOf(seeker2))).toBe(false);
    expect(await check(jobSeekerToReferrer, senderOf(adminB), idOf(adminA))).toBe(false);
  });

  it('job application: either side of an application to the company’s job', async () => {
    const applicant = await signUp(t, { name: 'Apple Applicant' });
    expect(await check(jobApplication, senderOf(applicant), idOf(adminA))).toBe(false);
    expect((await call('POST', `/api/jobs/${jobId}/apply`, applicant)).statusCode).toBe(201);
    expect(await check(jobApplication, senderOf(applicant), idOf(adminA))).toBe(true);
    expect(await check(jobApplication, senderOf(applicant), idOf(memberA))).toBe(true);
    expect(await check(jobApplication, senderOf(adminA), idOf(applicant))).toBe(true);
    expect(await check(jobApplication, senderOf(adminB), idOf(applicant))).toBe(false);
  });

  it('referral between them: a request or a referral, in both directions', async () => {
    const asker = await signUp(t, { name: 'Rhea Requester' });
    expect(await check(referralBetween, senderOf(asker), idOf(memberA))).toBe(false);
    const sent = await call('POST', '/api/referral-requests', asker, {
      jobId,
      referrerId: idOf(memberA),
      message: 'Could you refer me?',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await check(referralBetween, senderOf(asker), idOf(memberA))).toBe(true);
    expect(await check(referralBetween, senderOf(memberA), idOf(asker))).toBe(true);
    expect(await check(referralBetween, senderOf(adminA), idOf(asker))).toBe(false);

    const referred = await signUp(t, { name: 'Remy Referred' });
    const referral = await call('POST', '/api/referrals', adminA, { talentId: idOf(referred), jobId });
    expect(referral.statusCode, referral.body).toBe(201);
    expect(await check(referralBetween, senderOf(referred), idOf(adminA))).toBe(true);
    expect(await check(referralBetween, senderOf(referred), idOf(memberA))).toBe(false);
  });
});

describe('message notifications', () => {
  const notificationsOf = async (who: SignedUp) => (await call('GET', '/api/notifications', who)).json();

  it('notifies the recipient once per unread burst, linking to the conversation', async () => {
    const a = await signUp(t, {
      role: 'companyHR',
      companyType: 'create',
      companyName: 'Notify Co',
      name: 'Nora Notifier',
    });
    const b = await signUp(t);
    const id = (await start(a, b)).conversation.id;
    await call('POST', `/api/conversations/${id}/messages`, a, { text: 'again' });
    let list = await notificationsOf(b);
    expect(list.items).toEqual([
      expect.objectContaining({
        title: NOTIFICATION_MESSAGES.newMessageTitle,
        message: NOTIFICATION_MESSAGES.newMessage('Nora Notifier'),
        type: 'message',
        referenceId: id,
        isRead: false,
      }),
    ]);
    expect(list.unreadCount).toBe(1);
    expect((await notificationsOf(a)).items).toEqual([]);

    // Opening the conversation reads its message notification; the next message notifies again.
    await call('POST', `/api/conversations/${id}/read`, b);
    expect((await notificationsOf(b)).unreadCount).toBe(0);
    await call('POST', `/api/conversations/${id}/messages`, a, { text: 'later' });
    list = await notificationsOf(b);
    expect(list.items).toHaveLength(2);
    expect(list.unreadCount).toBe(1);
  });

  it('does not notify a recipient who is reading the conversation', async () => {
    const a = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Reading Co' });
    const b = await signUp(t);
    const id = (await start(a, b)).conversation.id;
    await call('POST', `/api/conversations/${id}/read`, b);
    await t.database.db.execute(
      sql`update conversation_participants set viewing_at = now() where conversation_id = ${id} and user_id = ${idOf(b)}`,
    );
    await call('POST', `/api/conversations/${id}/messages`, a, { text: 'while reading' });
    expect((await notificationsOf(b)).unreadCount).toBe(0);
  });
});

describe('send rate limit', () => {
  it('refuses a user sending more than the per-minute limit with 429', async () => {
    const a = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Chatty Co' });
    const b = await signUp(t);
    const id = (await start(a, b)).conversation.id;
    let last = 0;
    for (let i = 1; i < MESSAGE_SEND_LIMIT.max; i++) {
      last = (await call('POST', `/api/conversations/${id}/messages`, a, { text: `n${i}` })).statusCode;
    }
    expect(last).toBe(201);
    const limited = await call('POST', `/api/conversations/${id}/messages`, a, { text: 'one too many' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toContain(MESSAGING_MESSAGES.rateLimited);
    // The other participant is not affected.
    expect((await call('POST', `/api/conversations/${id}/messages`, b, { text: 'fine' })).statusCode).toBe(201);
  });

  it('stores nothing for a refused send: no message, no unread count, no move in the list', async () => {
    const a = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Quiet Co' });
    const b = await signUp(t);
    const id = (await start(a, b)).conversation.id;
    for (let i = 1; i < MESSAGE_SEND_LIMIT.max; i++)
      await call('POST', `/api/conversations/${id}/messages`, a, { text: `n${i}` });
    const before = (await call('GET', `/api/conversations/${id}`, b)).json();
    expect((await call('POST', `/api/conversations/${id}/messages`, a, { text: 'refused' })).statusCode).toBe(429);
    const after = (await call('GET', `/api/conversations/${id}`, b)).json();
    expect(after.messages.map((m: { text: string }) => m.text)).not.toContain('refused');
    expect(after.conversation.unreadCount).toBe(before.conversation.unreadCount);
    expect(after.conversation.updatedAt).toBe(before.conversation.updatedAt);
  });
});

describe('sending keeps the session read', () => {
  it('a send leaves the sender’s session read in place; another write drops it', async () => {
    const a = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Kept Co' });
    const b = await signUp(t);
    const id = (await start(a, b)).conversation.id;
    expect((await call('GET', '/api/conversations', a)).statusCode).toBe(200); // read and kept
    // Removed behind the cache's back (no notification): only a dropped read would notice.
    await t.database.db.execute(sql`delete from sessions where user_id = ${idOf(a)}`);
    expect((await call('POST', `/api/conversations/${id}/messages`, a, { text: 'still me' })).statusCode).toBe(201);
    expect((await call('GET', '/api/conversations', a)).statusCode).toBe(200);
    // Any other write drops every kept read: the next request reads the (removed) session again.
    await call('POST', `/api/conversations/${id}/read`, b);
    expect((await call('GET', '/api/conversations', a)).statusCode).toBe(401);
  });
});
