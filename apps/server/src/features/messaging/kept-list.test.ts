import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { conversationListResponseSchema, type Conversation, type ConversationListResponse } from '@referwell/shared';
import { openDatabase, type Database } from '../../db/client';
import { selectRows } from '../../db/repository';
import { createTestApp, okAs, type SignedUp, signUp, type TestApp, withSession } from '../../test/harness';
import { listConversations, setViewing } from './service';

// Two instances on one database, each with its own pool and its own kept lists (as two server processes).
let a: TestApp;
let b: TestApp;
let secondDatabase: Database;
let admin: SignedUp;
let member: SignedUp;
let seeker: SignedUp;
let seeker2: SignedUp;
let conversationId: string;

const idOf = (who: SignedUp) => who.body.user.id;
const run = (query: ReturnType<typeof sql>) => a.database.db.execute(query);
const listOn = (app: TestApp, who: SignedUp, query = '') =>
  okAs<ConversationListResponse>(app, 'GET', `/api/conversations${query}`, who);
const entryOn = async (app: TestApp, who: SignedUp, id = conversationId): Promise<Conversation | undefined> =>
  (await listOn(app, who)).items.find((c) => c.id === id);
const versionOf = async (who: SignedUp) =>
  (
    await selectRows<{ version: string }>(
      a.database.db,
      sql`select version from conversation_list_versions where user_id = ${idOf(who)}`,
    )
  )[0]?.version;

beforeAll(async () => {
  a = await createTestApp();
  secondDatabase = await openDatabase({ databaseUrl: a.database.url });
  b = await createTestApp({ database: secondDatabase });
  admin = await signUp(a, { role: 'companyHR', companyType: 'create', companyName: 'Kept Lists Health' });
  const { inviteCode } = await okAs<{ inviteCode: string }>(
    a,
    'GET',
    `/api/companies/${admin.body.company!.id}/team`,
    admin,
  );
  member = await signUp(a, { role: 'referrer', inviteCode, name: 'Rita Referrer' });
  seeker = await signUp(a, { name: 'Sam Seeker' });
  seeker2 = await signUp(a, { name: 'Sophie Seeker' });
  const started = await okAs<{ conversation: { id: string } }>(a, 'POST', '/api/conversations', seeker, {
    recipientId: idOf(member),
    subject: 'About the role',
    message: 'Hello there',
  });
  conversationId = started.conversation.id;
});
afterAll(async () => {
  await b.close();
  await secondDatabase.close();
  await a.close();
});

describe('kept conversation lists', () => {
  it('answers exactly what the list reads, in its schema', async () => {
    for (const query of ['', '?page=1&pageSize=5', '?q=rita']) {
      const kept = await listOn(a, seeker, query);
      const again = await listOn(a, seeker, query);
      expect(again).toEqual(kept);
      const params = new URLSearchParams(query);
      const read = await listConversations(a.database.db, idOf(seeker), {
        page: Number(params.get('page') ?? 1),
        pageSize: Number(params.get('pageSize') ?? 20),
        q: params.get('q') ?? undefined,
      });
      expect(kept).toEqual(JSON.parse(JSON.stringify(read)));
      expect(conversationListResponseSchema.parse(kept)).toEqual(kept);
    }
  });

  it('sends a kept answer compressed once per encoding the client accepts, and as it is otherwise', async () => {
    // Past the 1 KB below which answers go out uncompressed.
    await run(sql`update conversations set subject = ${'Long subject '.repeat(100)} where id = ${conversationId}`);
    const plain = await listOn(a, seeker, '?pageSize=50');
    const send = (encoding: string) =>
      a.app.inject({
        method: 'GET',
        url: '/api/conversations?pageSize=50',
        headers: { 'accept-encoding': encoding },
        ...withSession(seeker.token),
      });
    const br = await send('br, gzip');
    const gzip = await send('gzip');
    const none = await send('identity');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain);
    expect(none.json()).toEqual(plain);
    expect([
      br.headers['content-encoding'],
      gzip.headers['content-encoding'],
      none.headers['content-encoding'],
    ]).toEqual(['br', 'gzip', undefined]);
    for (const res of [br, gzip, none]) expect(res.headers['content-type']).toMatch(/^application\/json/);
    await run(sql`update conversations set subject = 'About the role' where id = ${conversationId}`);
  });

  it('is kept: a change written with the triggers off is not seen until a counted write raises the version', async () => {
    await entryOn(a, member);
    await a.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update conversations set subject = 'Quietly renamed' where id = ${conversationId}`);
    });
    expect((await entryOn(a, member))?.subject).toBe('About the role');
    await okAs(b, 'POST', `/api/conversations/${conversationId}/messages`, seeker, { text: 'Through B' });
    const entry = await entryOn(a, member);
    expect(entry?.subject).toBe('Quietly renamed');
    expect(entry?.lastMessage?.text).toBe('Through B');
    await run(sql`update conversations set subject = 'About the role' where id = ${conversationId}`);
  });

  it('shows at once, on the other instance, a message sent through one: both sides, unread counts and order', async () => {
    const other = await okAs<{ conversation: { id: string } }>(a, 'POST', '/api/conversations', seeker2, {
      recipientId: idOf(member),
      message: 'A newer conversation',
    });
    expect((await listOn(a, member)).items[0]!.id).toBe(other.conversation.id);
    const before = (await entryOn(a, member))!.unreadCount;
    await entryOn(a, seeker);
    await okAs(b, 'POST', `/api/conversations/${conversationId}/messages`, seeker, { text: 'Sent on B' });
    const mine = await listOn(a, member);
    expect(mine.items[0]).toMatchObject({ id: conversationId, unreadCount: before + 1 });
    expect(mine.items[0]!.lastMessage).toMatchObject({ text: 'Sent on B', senderId: idOf(seeker), read: false });
    expect((await entryOn(a, seeker))?.lastMessage?.text).toBe('Sent on B');
  });

  it('shows a read mark made on the other instance: the reader’s unread count, the sender’s read flag', async () => {
    await okAs(b, 'POST', `/api/conversations/${conversationId}/messages`, seeker, { text: 'Please read' });
    expect((await entryOn(a, member))?.unreadCount).toBeGreaterThan(0);
    expect((await entryOn(a, seeker))?.lastMessage?.read).toBe(false);
    await okAs(b, 'POST', `/api/conversations/${conversationId}/read`, member);
    expect((await entryOn(a, member))?.unreadCount).toBe(0);
    expect((await entryOn(a, seeker))?.lastMessage?.read).toBe(true);
  });

  it('shows every conversation one transaction wrote to, whatever the order (raised once per conversation)', async () => {
    const other = await okAs<{ conversation: { id: string } }>(a, 'POST', '/api/conversations', seeker2, {
      recipientId: idOf(member),
      message: 'Second conversation',
    });
    await listOn(a, member);
    await listOn(a, seeker2);
    await a.database.db.transaction(async (tx) => {
      for (const [id, sender, text] of [
        [conversationId, idOf(seeker), 'one'],
        [other.conversation.id, idOf(seeker2), 'two'],
        [conversationId, idOf(seeker), 'three'],
      ] as const) {
        await tx.execute(sql`update conversation_participants set activity_at = now() where conversation_id = ${id}`);
        await tx.execute(
          // clock_timestamp(): now() is the transaction's start, so 'one' and 'three' would tie for the last message.
          sql`insert into messages (conversation_id, sender_id, content, created_at)
              values (${id}, ${sender}, ${text}, clock_timestamp())`,
        );
        await tx.execute(sql`update conversations set updated_at = now() where id = ${id}`);
      }
    });
    expect((await entryOn(a, member))?.lastMessage?.text).toBe('three');
    expect((await entryOn(a, member, other.conversation.id))?.lastMessage?.text).toBe('two');
    expect((await entryOn(a, seeker2, other.conversation.id))?.lastMessage?.text).toBe('two');
  });

  it('shows a participant added or removed, in every list of the conversation and in theirs', async () => {
    await entryOn(a, member);
    expect(await entryOn(a, seeker2)).toBeUndefined();
    await run(
      sql`insert into conversation_participants (conversation_id, user_id) values (${conversationId}, ${idOf(seeker2)})`,
    );
    expect((await entryOn(a, member))?.participants.map((p) => p.id)).toContain(idOf(seeker2));
    expect(await entryOn(a, seeker2)).toBeDefined();
    await run(
      sql`delete from conversation_participants where conversation_id = ${conversationId} and user_id = ${idOf(seeker2)}`,
    );
    expect((await entryOn(a, member))?.participants.map((p) => p.id)).not.toContain(idOf(seeker2));
    expect(await entryOn(a, seeker2)).toBeUndefined();
  });

  it('shows a participant’s new name, photo, type, company name and company', async () => {
    const person = async () => (await entryOn(a, seeker))?.participants.find((p) => p.id === idOf(member));
    expect(await person()).toMatchObject({ name: 'Rita Referrer', companyName: 'Kept Lists Health' });
    await run(sql`update users set name = 'Rita Renamed', avatar_url = '/photo.png' where id = ${idOf(member)}`);
    expect(await person()).toMatchObject({ name: 'Rita Renamed', avatar: '/photo.png' });
    await run(sql`update users set type = 'jobseeker' where id = ${idOf(member)}`);
    expect((await person())?.role).toBe('jobseeker');
    await run(sql`update companies set name = 'Kept Lists Clinic' where id = ${admin.body.company!.id}`);
    expect((await person())?.companyName).toBe('Kept Lists Clinic');
    await run(sql`delete from company_members where user_id = ${idOf(member)}`);
    expect((await person())?.companyName).toBeNull();
    await run(
      sql`insert into company_members (company_id, user_id, role) values (${admin.body.company!.id}, ${idOf(member)}, 'member')`,
    );
    expect((await person())?.companyName).toBe('Kept Lists Clinic');
  });

  it('shows a conversation’s own changes, a deleted last message and a deleted conversation', async () => {
    await run(sql`update conversations set subject = 'Renamed', status = 'archived' where id = ${conversationId}`);
    expect(await entryOn(a, member)).toMatchObject({ subject: 'Renamed', status: 'archived' });
    const last = (await entryOn(a, member))!.lastMessage!;
    await run(sql`delete from messages where id = ${last.id}`);
    expect((await entryOn(a, member))?.lastMessage?.id).not.toBe(last.id);
    const { total } = await listOn(a, member);
    await run(sql`delete from conversations where id = ${conversationId}`);
    expect(await entryOn(a, member)).toBeUndefined();
    expect(await entryOn(a, seeker)).toBeUndefined();
    expect((await listOn(a, member)).total).toBe(total - 1);
  });

  it('shows an erased person leaving the conversations they were in', async () => {
    const leaving = await signUp(a, { name: 'Lee Leaving' });
    const { conversation } = await okAs<{ conversation: { id: string } }>(a, 'POST', '/api/conversations', leaving, {
      recipientId: idOf(member),
      message: 'Before I go',
    });
    expect((await entryOn(a, member, conversation.id))?.participants).toHaveLength(2);
    await run(sql`delete from users where id = ${idOf(leaving)}`);
    const entry = await entryOn(a, member, conversation.id);
    expect(entry?.participants.map((p) => p.id)).toEqual([idOf(member)]);
    expect(entry?.lastMessage?.senderId).toBeNull();
  });

  it('keeps a list through a tab’s heartbeat: being shown a conversation changes no list', async () => {
    const { conversation } = await okAs<{ conversation: { id: string } }>(a, 'POST', '/api/conversations', seeker, {
      recipientId: idOf(member),
      message: 'Heartbeat',
    });
    const before = await versionOf(member);
    await setViewing(a.database.db, idOf(member), conversation.id, true);
    await setViewing(a.database.db, idOf(member), conversation.id, false);
    expect(await versionOf(member)).toBe(before);
  });
});
