import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Contact, ConversationLookup } from '@referwell/shared';
import type { Db } from '../../db/client';
import { likePattern, selectRows, type Executor } from '../../db/repository';
import { conversationParticipants, conversations } from '../../db/schema';
import type { AuthContext } from '../../platform/sessions/sessions';
import { peopleWithCompany } from '../../platform/membership/people';
import { mayMessage, type Sender } from './rules';

// Who a person may message, finding them by name, and the conversation they already have with someone.

export const senderOf = (auth: AuthContext): Sender => ({
  id: auth.user.id,
  type: auth.user.type,
  companyId: auth.company?.id ?? null,
});

/** May `sender` start a conversation with `recipientId`? Decided by the rules in rules.ts. */
export async function canMessage(db: Executor, sender: Sender, recipientId: string): Promise<boolean> {
  const [row] = await selectRows<{ ok: boolean }>(
    db,
    sql`select ${mayMessage(sender, sql`${recipientId}::uuid`)} as ok`,
  );
  return row?.ok === true;
}

/** The direct conversation between two people about the same context (job / referral), if any. */
export async function findDirect(
  db: Executor,
  a: string,
  b: string,
  context: { jobId: string | null; referralId: string | null },
): Promise<string | null> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .innerJoin(
      conversationParticipants,
      and(eq(conversationParticipants.conversationId, conversations.id), eq(conversationParticipants.userId, a)),
    )
    .where(
      and(
        eq(conversations.type, 'direct'),
        context.jobId ? eq(conversations.projectId, context.jobId) : isNull(conversations.projectId),
        context.referralId ? eq(conversations.referralId, context.referralId) : isNull(conversations.referralId),
        sql`exists (select 1 from conversation_participants fb where fb.conversation_id = ${conversations.id} and fb.user_id = ${b})`,
      ),
    )
    .orderBy(desc(conversations.updatedAt))
    .limit(1);
  return row?.id ?? null;
}

/** People as contacts ("Title at Company" when they work somewhere), chosen by `where` on `contact`. */
async function selectContacts(db: Executor, where: SQL, limit: number): Promise<Contact[]> {
  const rows = await selectRows<{
    id: string;
    name: string;
    role: string;
    title: string | null;
    company_name: string | null;
    avatar: string | null;
  }>(
    db,
    sql`select contact.id, contact.name, contact.type as role, contact.title, contact.company_name,
               contact.avatar_url as avatar
        from ${peopleWithCompany} contact
        where ${where}
        order by lower(contact.name), contact.id
        limit ${limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    role: r.role,
    title: [r.title, r.company_name].filter(Boolean).join(' at ') || null,
    avatar: r.avatar,
  }));
}

/** People the user may message, by name (at most 20). */
export async function searchContacts(db: Db, auth: AuthContext, q: string | undefined): Promise<Contact[]> {
  const nameFilter = q ? sql`and contact.name ilike ${likePattern(q)}` : sql``;
  return selectContacts(db, sql`${mayMessage(senderOf(auth), sql`contact.id`)} ${nameFilter}`, 20);
}

/** For a Message button: the existing conversation with that person (and context), and whether one may be started. */
export async function lookupConversation(
  db: Db,
  auth: AuthContext,
  input: { userId: string; jobId?: string | undefined; referralId?: string | undefined },
): Promise<ConversationLookup> {
  const sender = senderOf(auth);
  const conversationId = await findDirect(db, sender.id, input.userId, {
    jobId: input.jobId ?? null,
    referralId: input.referralId ?? null,
  });
  const allowed = input.userId !== sender.id && (await canMessage(db, sender, input.userId));
  if (!allowed && !conversationId) return { conversationId: null, canMessage: false, recipient: null };
  const [recipient] = await selectContacts(db, sql`contact.id = ${input.userId}::uuid`, 1);
  return { conversationId, canMessage: allowed, recipient: recipient ?? null };
}
