import { sql } from 'drizzle-orm';
import {
  EMAIL_CATEGORY_INFO,
  NOTIFICATION_EMAIL_CATEGORY,
  notificationHref,
  type EmailCategory,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/repository';
import { enqueueMail } from '../../lib/mail/send';
import type { DigestProps } from '../../lib/mail/templates/activity';

export type DigestPeriod = 'daily' | 'weekly';

declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    'send-digests': { period: DigestPeriod };
  }
}

const DAYS: Record<DigestPeriod, number> = { daily: 1, weekly: 7 };
type Section = DigestProps['sections'][number];

/** Notifications of the categories this user gets as this digest, from the period just ended. */
async function batchedSections(db: Db, userId: string, period: DigestPeriod): Promise<Section[]> {
  const rows = await selectRows<{ type: string; message: string; reference_id: string | null }>(
    db,
    sql`select n.type, n.message, n.reference_id from notifications n
        where n.user_id = ${userId} and n.created_at > now() - make_interval(days => ${DAYS[period]})
        order by n.created_at`,
  );
  const [prefs] = await selectRows<{ categories: string[] }>(
    db,
    sql`select coalesce(array_agg(category), '{}') as categories from email_preferences
        where user_id = ${userId} and frequency = ${period}`,
  );
  const chosen = new Set(prefs?.categories ?? []);
  const byCategory = new Map<EmailCategory, Section['items']>();
  for (const row of rows) {
    const category = NOTIFICATION_EMAIL_CATEGORY[row.type];
    if (!category || !chosen.has(category)) continue;
    const items = byCategory.get(category) ?? [];
    items.push({ text: row.message, path: notificationHref(row.type, row.reference_id) ?? '/notifications' });
    byCategory.set(category, items);
  }
  return [...byCategory].map(([category, items]) => ({ heading: EMAIL_CATEGORY_INFO[category].label, items }));
}

/** The weekly referrer summary: requests still waiting for the referrer's answer. */
async function pendingRequestsSection(db: Db, userId: string): Promise<Section[]> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from referral_requests where referrer_id = ${userId} and status = 'pending'`,
  );
  if (!row?.n) return [];
  const text =
    row.n === 1
      ? '1 referral request is waiting for your answer.'
      : `${row.n} referral requests are waiting for your answer.`;
  return [{ heading: 'Waiting for your answer', items: [{ text, path: '/referral-requests' }] }];
}

/** The daily admin summary: referrals at the admin's company that wait for a decision. */
async function awaitingDecisionSection(db: Db, userId: string): Promise<Section[]> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from referrals r
        join company_members m on m.company_id = r.company_id and m.user_id = ${userId} and m.role = 'admin'
        where r.status = 'pending' and r.consent <> 'declined'`,
  );
  if (!row?.n) return [];
  const text = row.n === 1 ? '1 referral is awaiting your decision.' : `${row.n} referrals are awaiting your decision.`;
  return [{ heading: 'Referrals awaiting a decision', items: [{ text, path: '/referrer-dashboard/referrals' }] }];
}

/**
 * Queues one digest per person who has something in it (an empty digest is never sent). The mail
 * key holds the date, so a re-run of the same day's schedule sends nothing twice.
 */
export async function sendDigests(db: Db, period: DigestPeriod): Promise<number> {
  const summaryCategory = period === 'weekly' ? 'referral_requests' : 'company_activity';
  const people = await selectRows<{ id: string; name: string; email: string; summary: boolean }>(
    db,
    sql`select u.id, u.name, u.email,
          coalesce((select p.frequency <> 'off' from email_preferences p
                    where p.user_id = u.id and p.category = ${summaryCategory}), true) as summary
        from users u
        where exists (select 1 from email_preferences p where p.user_id = u.id and p.frequency = ${period})
           or ${period === 'weekly'} and exists (select 1 from referral_requests q where q.referrer_id = u.id and q.status = 'pending')
           or ${period === 'daily'} and exists (select 1 from company_members m where m.user_id = u.id and m.role = 'admin')`,
  );
  const day = new Date().toISOString().slice(0, 10);
  let sent = 0;
  for (const person of people) {
    const summary = !person.summary
      ? []
      : period === 'weekly'
        ? await pendingRequestsSection(db, person.id)
        : await awaitingDecisionSection(db, person.id);
    const sections = [...summary, ...(await batchedSections(db, person.id, period))];
    if (sections.length === 0) continue;
    await enqueueMail(db, {
      key: `digest:${period}:${person.id}:${day}`,
      template: 'digest',
      to: person.email,
      userId: person.id,
      props: { name: person.name, period, sections, path: '/notifications' },
    });
    sent += 1;
  }
  return sent;
}
