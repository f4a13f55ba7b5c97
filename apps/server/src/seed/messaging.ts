import { asc, eq, inArray } from 'drizzle-orm';
import { NOTIFICATION_MESSAGES } from '@referwell/shared';
import type { Executor } from '../db/repository';
import { conversationParticipants, conversations, jobPostings, messages, notifications, users } from '../db/schema';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface DemoThread {
  a: string;
  b: string;
  subject: string;
  projectId?: string | null;
  /** [sender: 'a' | 'b', text, age in ms] oldest first. */
  lines: ['a' | 'b', string, number][];
  /** How many of the last messages the other side has not read yet. */
  unreadForLastRecipient: number;
}

/** Demo conversations between the demo accounts, with unread messages and notifications. */
export async function seedDemoConversations(
  db: Executor,
  emails: { admin: string; referrer: string; jobseeker: string },
) {
  const people = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(inArray(users.email, [emails.admin, emails.referrer, emails.jobseeker]));
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const admin = byEmail.get(emails.admin);
  const referrer = byEmail.get(emails.referrer);
  const seeker = byEmail.get(emails.jobseeker);
  if (!admin || !referrer || !seeker) return;
  const [job] = await db
    .select({ id: jobPostings.id, title: jobPostings.title })
    .from(jobPostings)
    .where(eq(jobPostings.createdBy, admin.id))
    .orderBy(asc(jobPostings.createdAt))
    .limit(1);

  const now = Date.now();
  const threads: DemoThread[] = [
    {
      a: seeker.id,
      b: referrer.id,
      subject: job ? job.title : 'Referral question',
      projectId: job?.id ?? null,
      lines: [
        [
          'a',
          `Hi Riley, I saw the ${job?.title ?? 'open'} role at Northwind Health. Would you be open to a quick chat?`,
          9 * DAY,
        ],
        ['b', 'Happy to help! What drew you to the role?', 9 * DAY - 2 * HOUR],
        ['a', 'I have spent five years on HL7 and FHIR interfaces and love the care-coordination space.', 3 * DAY],
        ['b', 'That is a great fit. Send me your resume and I will pass it to the hiring manager.', 26 * HOUR],
        ['b', 'Also, the team posts updates here: https://northwindhealth.example/careers', 40 * 60_000],
      ],
      unreadForLastRecipient: 2,
    },
    {
      a: admin.id,
      b: referrer.id,
      subject: 'Referral pipeline this week',
      lines: [
        ['a', 'Riley, how are the referrals for the integration roles going?', 5 * DAY],
        ['b', 'Two strong candidates so far; I will submit both today.', 5 * DAY - HOUR],
        ['a', 'Great, thank you!', 2 * DAY],
      ],
      unreadForLastRecipient: 0,
    },
    {
      a: admin.id,
      b: seeker.id,
      subject: 'Your application',
      lines: [
        ['a', 'Hi Jordan, thanks for applying. Are you available for a call on Thursday?', 20 * DAY],
        ['b', 'Yes, Thursday afternoon works well for me.', 20 * DAY - 3 * HOUR],
        ['b', 'Should I prepare anything in particular?', 2 * HOUR],
      ],
      unreadForLastRecipient: 2,
    },
  ];

  const names = new Map(people.map((p) => [p.id, p.name]));
  for (const thread of threads) {
    const last = thread.lines.at(-1)!;
    const updatedAt = new Date(now - last[2]);
    const [conversation] = await db
      .insert(conversations)
      .values({
        subject: thread.subject,
        projectId: thread.projectId ?? null,
        createdAt: new Date(now - thread.lines[0]![2]),
        updatedAt,
      })
      .returning({ id: conversations.id });
    const conversationId = conversation!.id;
    const lastSender = last[0] === 'a' ? thread.a : thread.b;
    const lastRecipient = last[0] === 'a' ? thread.b : thread.a;
    const unreadFrom = thread.lines.length - thread.unreadForLastRecipient;
    await db.insert(messages).values(
      thread.lines.map(([who, text, age], i) => {
        const senderId = who === 'a' ? thread.a : thread.b;
        return {
          conversationId,
          senderId,
          content: text,
          createdAt: new Date(now - age),
          read: !(i >= unreadFrom && senderId === lastSender),
        };
      }),
    );
    await db.insert(conversationParticipants).values([
      { conversationId, userId: lastSender, lastReadAt: updatedAt, unreadCount: 0 },
      {
        conversationId,
        userId: lastRecipient,
        unreadCount: thread.unreadForLastRecipient,
        lastReadAt: thread.unreadForLastRecipient ? null : updatedAt,
      },
    ]);
    if (thread.unreadForLastRecipient > 0) {
      await db.insert(notifications).values({
        userId: lastRecipient,
        title: NOTIFICATION_MESSAGES.newMessageTitle,
        message: NOTIFICATION_MESSAGES.newMessage(names.get(lastSender) ?? 'Someone'),
        type: 'message',
        referenceId: conversationId,
        createdAt: updatedAt,
      });
    }
  }
}
