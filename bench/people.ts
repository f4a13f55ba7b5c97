/**
 * People for the benchmark's writes: pairs of a company's referrer and a job seeker, each pair in one conversation,
 * with a session each (written straight into the database before the server opens it). The messaging area sends
 * between them; the jobs area's mixed run sends while it searches.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { createSession } from '../apps/server/src/platform/sessions/sessions';
import { rowsOf } from './bulk-load';

export interface Pair {
  conversationId: string;
  sender: { id: string; token: string };
  recipient: { id: string; token: string };
}

/** `count` referrers of one company and `count` job seekers, one conversation per pair. */
export async function seedConversationPairs({ db }: Database, count: number): Promise<Pair[]> {
  const pairs: Pair[] = [];
  const session = (userId: string) => createSession(db, userId, { userAgent: 'bench' });
  const [company] = await rowsOf<{ id: string }>(
    db,
    sql`
      insert into companies (name, slug, invite_code) values ('Bench Messaging Co', 'bench-messaging-co', 'BENC-MSG00001')
      returning id`,
  );
  for (let i = 0; i < count; i++) {
    const [sender] = await rowsOf<{ id: string }>(
      db,
      sql`insert into users (email, name, password_hash, type)
        values (${`bench.sender.${i}@example.com`}, ${`Bench Sender ${i}`}, 'x', 'referrer') returning id`,
    );
    await db.execute(
      sql`insert into company_members (company_id, user_id, role) values (${company!.id}, ${sender!.id}, 'member')`,
    );
    const [recipient] = await rowsOf<{ id: string }>(
      db,
      sql`insert into users (email, name, password_hash, type)
        values (${`bench.recipient.${i}@example.com`}, ${`Bench Recipient ${i}`}, 'x', 'jobseeker') returning id`,
    );
    const [conversation] = await rowsOf<{ id: string }>(
      db,
      sql`insert into conversations (subject) values (${`Bench ${i}`}) returning id`,
    );
    await db.execute(sql`insert into conversation_participants (conversation_id, user_id)
        values (${conversation!.id}, ${sender!.id}), (${conversation!.id}, ${recipient!.id})`);
    pairs.push({
      conversationId: conversation!.id,
      sender: { id: sender!.id, token: await session(sender!.id) },
      recipient: { id: recipient!.id, token: await session(recipient!.id) },
    });
  }
  return pairs;
}
