import { and, desc, eq, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  MESSAGING_MESSAGES,
  type Conversation,
  type ConversationDetail,
  type ConversationListQuery,
  type ConversationListResponse,
  type ConversationMessagesQuery,
  type Message,
  type Participant,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { likePattern, pageOffset, toPage, type Executor } from '../../db/repository';
import { conversationParticipants, conversations, jobPostings, messages, referrals, users } from '../../db/schema';
import type { AuthContext } from '../../platform/sessions/sessions';
import { seesJob } from '../../platform/access/guards';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { publish } from '../../platform/events/publish';
import { publishUnread, unreadMessageCount } from '../../platform/events/unread';
import { markMessageNotificationsRead } from '../../platform/notifications/service';
import { insertMessage, storeAndPush } from './send';
import { canMessage, findDirect, senderOf } from './contacts';
import { canReadReferral } from '../referrals/port';
import { peopleWithCompany } from '../../platform/membership/people';

type MessageRow = typeof messages.$inferSelect;

export const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  conversationId: row.conversationId,
  senderId: row.senderId,
  text: row.content,
  timestamp: row.createdAt.toISOString(),
  read: row.read,
});

interface ConversationSqlRow {
  id: string;
  subject: string | null;
  referral_id: string | null;
  project_id: string | null;
  application_id: string | null;
  status: string;
  type: string;
  created_at: Date | string;
  updated_at: Date | string;
  unread_count: number;
  total: number;
  participants: Participant[] | null;
  last_message: { id: string; senderId: string | null; text: string; timestamp: string; read: boolean } | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The one query behind every conversation this module returns, as `userId` sees it: the rows are chosen first
 * (`where` narrows them, newest activity first, one page read in order from conversation_participants_activity_idx,
 * whose activity_at the database keeps equal to the conversation's updated_at), then their participants and last
 * message are gathered for those rows only. The total rides along: without a filter, counted from the person's
 * index entries alone; with one, over the filtered rows.
 */
function conversationsSql(userId: string, filter: SQL | null, page: { limit: number; offset: number }): SQL {
  const where = filter ?? sql``;
  const total = filter
    ? sql`(select cast(count(*) as int) from conversation_participants cp join conversations c
           on c.id = cp.conversation_id where cp.user_id = ${userId} ${filter})`
    : sql`(select cast(count(*) as int) from conversation_participants cp where cp.user_id = ${userId})`;
  return sql`select page.*,
        (select json_agg(json_build_object('id', u.id, 'name', u.name, 'avatar', u.avatar_url, 'role', u.type,
                                           'companyName', u.company_name) order by p.joined_at, u.id)
           from conversation_participants p join ${peopleWithCompany} u on u.id = p.user_id
          where p.conversation_id = page.id) as participants,
        (select json_build_object('id', m.id, 'senderId', m.sender_id, 'text', m.content, 'timestamp', m.created_at,
                                  'read', m.read)
           from messages m where m.conversation_id = page.id
          order by m.created_at desc, m.id desc limit 1) as last_message
      from (
        select c.id, c.subject, c.referral_id, c.project_id, c.application_id, c.status, c.type, c.created_at,
               c.updated_at, cp.unread_count, ${total} as total
          from conversation_participants cp join conversations c on c.id = cp.conversation_id
         where cp.user_id = ${userId} ${where}
         order by cp.activity_at desc, cp.conversation_id desc
         limit ${page.limit} offset ${page.offset}) page
      order by page.updated_at desc, page.id desc`;
}

function toConversation(r: ConversationSqlRow): Conversation {
  return {
    id: r.id,
    participants: r.participants ?? [],
    lastMessage: r.last_message
      ? { ...r.last_message, conversationId: r.id, timestamp: iso(r.last_message.timestamp) }
      : null,
    unreadCount: Number(r.unread_count),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    subject: r.subject,
    referralId: r.referral_id,
    projectId: r.project_id,
    applicationId: r.application_id,
    status: r.status,
    type: r.type,
  };
}

/**
 * My conversations, latest activity first, searched over the other participants' names, the
 * subject and the message text: one prepared query per page (a separate count only for a page past the end).
 */
export async function listConversations(
  db: Db,
  userId: string,
  query: ConversationListQuery,
): Promise<ConversationListResponse> {
  let filter: SQL | null = null;
  if (query.q) {
    const pattern = likePattern(query.q);
    filter = sql`and (c.subject ilike ${pattern}
      or exists (select 1 from conversation_participants sp join users su on su.id = sp.user_id
                 where sp.conversation_id = c.id and sp.user_id <> ${userId} and su.name ilike ${pattern})
      or exists (select 1 from messages sm where sm.conversation_id = c.id and sm.content ilike ${pattern}))`;
  }
  const rows = await preparedRows<ConversationSqlRow>(
    db,
    conversationsSql(userId, filter, { limit: query.pageSize, offset: pageOffset(query) }),
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    const [count] = await preparedRows<{ n: number }>(
      db,
      sql`select cast(count(*) as int) as n from conversation_participants cp join conversations c on c.id = cp.conversation_id
          where cp.user_id = ${userId} ${filter ?? sql``}`,
    );
    total = count?.n ?? 0;
  }
  const items = rows.map(toConversation);
  return toPage(items, Number(total), query);
}

/** The conversation as `userId` sees it; anyone who is not a participant gets 404. */
async function loadConversation(db: Executor, userId: string, id: string): Promise<Conversation> {
  const [row] = await preparedRows<ConversationSqlRow>(
    db,
    conversationsSql(userId, sql`and c.id = ${id}`, { limit: 1, offset: 0 }),
  );
  if (!row) throw notFound(MESSAGING_MESSAGES.notFound);
  return toConversation(row);
}

export async function getConversation(
  db: Db,
  userId: string,
  id: string,
  page: ConversationMessagesQuery,
): Promise<ConversationDetail> {
  const conversation = await loadConversation(db, userId, id);
  const filters: SQL[] = [eq(messages.conversationId, id)];
  if (page.before) {
    const [anchor] = await db
      .select({ createdAt: messages.createdAt, id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, page.before), eq(messages.conversationId, id)));
    if (!anchor) throw badRequest('That message is not in this conversation.');
    filters.push(
      or(
        lt(messages.createdAt, anchor.createdAt),
        and(eq(messages.createdAt, anchor.createdAt), lt(messages.id, anchor.id)),
      )!,
    );
  }
  const rows = await db
    .select()
    .from(messages)
    .where(and(...filters))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(page.limit + 1);
  const hasMore = rows.length > page.limit;
  return { conversation, messages: rows.slice(0, page.limit).reverse().map(toMessage), hasMore };
}

export interface StartConversation {
  recipientId: string;
  subject: string | null;
  message: string;
  referralId: string | null;
  jobId: string | null;
}

/** A conversation may be about a referral only when the sender may read that referral (finding 2). */
async function assertReferralContext(db: Executor, auth: AuthContext, referralId: string): Promise<void> {
  const [referral] = await db
    .select({ referrerId: referrals.referrerId, talentId: referrals.talentId, companyId: referrals.companyId })
    .from(referrals)
    .where(eq(referrals.id, referralId));
  if (!referral || !canReadReferral(auth, referral))
    throw badRequest('Referral not found', { referralId: 'Referral not found' });
}

/**
 * Starts a conversation with the first message, or adds the message to the existing direct
 * conversation with that person about the same job or referral.
 */
export async function startConversation(
  db: Db,
  auth: AuthContext,
  input: StartConversation,
): Promise<ConversationDetail> {
  const sender = senderOf(auth);
  if (input.recipientId === sender.id) throw badRequest(MESSAGING_MESSAGES.cannotMessageSelf);
  const [recipient] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.recipientId));
  if (!recipient || !(await canMessage(db, sender, input.recipientId)))
    throw new AppError(403, 'NOT_ALLOWED', MESSAGING_MESSAGES.notAllowed);
  if (input.referralId) await assertReferralContext(db, auth, input.referralId);
  let subject = input.subject;
  if (input.jobId) {
    const [job] = await db
      .select({ title: jobPostings.title, status: jobPostings.status, companyId: jobPostings.companyId })
      .from(jobPostings)
      .where(eq(jobPostings.id, input.jobId));
    // Another company's draft is as unknown as no job: its title never becomes the subject (finding 8).
    if (!job || !seesJob(auth, job)) throw badRequest('Job not found', { jobId: 'Job not found' });
    subject ??= job.title;
  }
  const { conversationId } = await storeAndPush(db, async (tx) => {
    const context = { jobId: input.jobId, referralId: input.referralId };
    let id = await findDirect(tx, sender.id, input.recipientId, context);
    if (!id) {
      const [created] = await tx
        .insert(conversations)
        .values({ subject, projectId: input.jobId, referralId: input.referralId })
        .returning({ id: conversations.id });
      id = created!.id;
      await tx.insert(conversationParticipants).values([
        { conversationId: id, userId: sender.id },
        { conversationId: id, userId: input.recipientId },
      ]);
    }
    return { conversationId: id, sent: await insertMessage(tx, auth.user, id, input.message) };
  });
  return getConversation(db, sender.id, conversationId, { limit: 50 });
}

/** Opening a conversation: the others' messages become read and my unread count resets. */
export async function markConversationRead(db: Db, userId: string, conversationId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [me] = await tx
      .update(conversationParticipants)
      .set({ unreadCount: 0, lastReadAt: sql`now()` })
      .where(
        and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)),
      )
      .returning({ readAt: conversationParticipants.lastReadAt });
    if (!me) throw notFound(MESSAGING_MESSAGES.notFound);
    const changed = await tx
      .update(messages)
      .set({ read: true })
      .where(and(eq(messages.conversationId, conversationId), ne(messages.senderId, userId), eq(messages.read, false)))
      .returning({ id: messages.id });
    await markMessageNotificationsRead(tx, userId, conversationId);
    if (changed.length > 0) {
      const others = await tx
        .select({ userId: conversationParticipants.userId })
        .from(conversationParticipants)
        .where(eq(conversationParticipants.conversationId, conversationId));
      await publish(
        tx,
        others.map((o) => o.userId),
        {
          type: 'conversation.read',
          conversationId,
          readerId: userId,
          readAt: (me.readAt ?? new Date()).toISOString(),
        },
      );
    }
    await publishUnread(tx, [userId]);
    return unreadMessageCount(tx, userId);
  });
}

/** A tab reports which conversation it shows; while fresh, no 'message' notification is created for it. */
export async function setViewing(db: Db, userId: string, conversationId: string, viewing: boolean): Promise<void> {
  await db
    .update(conversationParticipants)
    .set({ viewingAt: viewing ? sql`now()` : null })
    .where(
      and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)),
    );
}
