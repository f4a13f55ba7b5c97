import { sql } from 'drizzle-orm';
import {
  BONUS_STATE_LABELS,
  bonusOfferWords,
  defaultEmailFrequency,
  EMAIL_CATEGORY_INFO,
  MATCHING,
  NOTIFICATION_EMAIL_CATEGORY,
  notificationHref,
  type EmailCategory,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/repository';
import { enqueueMail } from '../../lib/mail/send';
import type { DigestProps } from '../../lib/mail/templates/activity';
import { rolesToRefer } from '../jobs/port';

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

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many.replace('{n}', String(n)));

/**
 * The weekly referrer summary, too: job seekers who joined or updated their profile this week and
 * match one of the referrer's company's open jobs (SPEC §9 talent match: at least 40 % of its skills).
 */
async function matchingCandidatesSection(db: Db, userId: string): Promise<Section[]> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(distinct p.id)::int as n
        from company_members m
        join job_postings j on j.company_id = m.company_id and j.status = 'OPEN' and cardinality(j.skill_keys) > 0
        join talent_profiles p on p.discoverable and p.updated_at > now() - interval '7 days'
          and p.skill_keys && j.skill_keys
        where m.user_id = ${userId}
          and (select count(*) from unnest(j.skill_keys) k where k = any(p.skill_keys)) * 100
              >= ${MATCHING.talentMatchMinScorePercent} * cardinality(j.skill_keys)`,
  );
  if (!row?.n) return [];
  const text = plural(
    row.n,
    "1 new candidate matches your company's open jobs.",
    "{n} new candidates match your company's open jobs.",
  );
  return [{ heading: 'Candidates to refer', items: [{ text, path: '/search-candidates' }] }];
}

/** The weekly referrer summary, too: the referrer's bonuses that became due or were paid this week. */
async function bonusUpdatesSection(db: Db, userId: string): Promise<Section[]> {
  const rows = await selectRows<{ id: string; name: string; bonus_state: 'due' | 'paid' }>(
    db,
    sql`select r.id, r.talent_profile->>'name' as name, r.bonus_state from referrals r
        where r.referrer_id = ${userId} and r.bonus_state in ('due', 'paid')
          and r.updated_at > now() - interval '7 days'
        order by r.updated_at`,
  );
  if (rows.length === 0) return [];
  const items = rows.map((r) => ({
    text: `${r.name ?? 'Your candidate'}: bonus ${BONUS_STATE_LABELS[r.bonus_state].toLowerCase()}`,
    path: `/referrer-dashboard/referrals/${r.id}`,
  }));
  return [{ heading: 'Bonus updates', items }];
}

/** Roles listed by name in the weekly e-mail; the rest are one line pointing at the jobs board. */
export const ROLES_IN_DIGEST = 5;

/**
 * The weekly "roles to refer" (its own preference, on by default for company members): the company's open roles
 * with what a referral pays, bonus first, each linking to the job.
 */
async function rolesToReferSection(db: Db, companyId: string): Promise<Section[]> {
  const roles = await rolesToRefer(db, companyId, ROLES_IN_DIGEST);
  if (roles.items.length === 0) return [];
  const items = roles.items.map((role) => ({
    text: `${role.title} (${role.location}): ${role.bonus ? bonusOfferWords(role.bonus) : 'no referral bonus'}`,
    path: `/job/${role.id}`,
  }));
  if (roles.total > roles.items.length)
    items.push({
      text: plural(roles.total - roles.items.length, '1 more open role.', '{n} more open roles.'),
      path: '/jobs-board?status=OPEN',
    });
  return [{ heading: EMAIL_CATEGORY_INFO.roles_to_refer.label, items }];
}

/** The daily admin summary, too: applications to the admin's company jobs since yesterday. */
async function newApplicationsSection(db: Db, userId: string): Promise<Section[]> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from candidate_pipelines p
        join job_postings j on j.id = p.job_id
        join company_members m on m.company_id = j.company_id and m.user_id = ${userId} and m.role = 'admin'
        where p.applied_at > now() - interval '1 day'`,
  );
  if (!row?.n) return [];
  const text = plural(row.n, '1 new application to your jobs.', '{n} new applications to your jobs.');
  return [{ heading: 'New applications', items: [{ text, path: '/jobs-board' }] }];
}

/** The daily admin summary: referrals at the admin's company that wait for a decision. */
async function awaitingDecisionSection(db: Db, userId: string): Promise<Section[]> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from referrals r
        join company_members m on m.company_id = r.company_id and m.user_id = ${userId} and m.role = 'admin'
        where r.status = 'pending' and r.consent = 'confirmed'`,
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
  const people = await selectRows<{
    id: string;
    name: string;
    email: string;
    summary: boolean;
    company_id: string | null;
    roles: string;
  }>(
    db,
    sql`select u.id, u.name, u.email,
          coalesce((select p.frequency <> 'off' from email_preferences p
                    where p.user_id = u.id and p.category = ${summaryCategory}), true) as summary,
          (select m.company_id from company_members m where m.user_id = u.id) as company_id,
          coalesce((select p.frequency::text from email_preferences p
                    where p.user_id = u.id and p.category = 'roles_to_refer'),
                   ${defaultEmailFrequency('roles_to_refer')}) as roles
        from users u
        -- A person referred by e-mail who has not claimed their profile cannot follow a digest's links.
        where not u.unclaimed and (exists (select 1 from email_preferences p where p.user_id = u.id and p.frequency = ${period})
           or ${period === 'weekly'} and exists (select 1 from company_members m where m.user_id = u.id)
           or ${period === 'daily'} and exists (select 1 from company_members m where m.user_id = u.id and m.role = 'admin'))`,
  );
  const day = new Date().toISOString().slice(0, 10);
  let sent = 0;
  for (const person of people) {
    const summary = !person.summary
      ? []
      : period === 'weekly'
        ? [
            ...(await pendingRequestsSection(db, person.id)),
            ...(await matchingCandidatesSection(db, person.id)),
            ...(await bonusUpdatesSection(db, person.id)),
          ]
        : [...(await newApplicationsSection(db, person.id)), ...(await awaitingDecisionSection(db, person.id))];
    const roles =
      period === 'weekly' && person.company_id && person.roles === 'weekly'
        ? await rolesToReferSection(db, person.company_id)
        : [];
    const sections = [...summary, ...roles, ...(await batchedSections(db, person.id, period))];
    if (sections.length === 0) continue;
    await enqueueMail(db, {
      key: `digest:${period}:${person.id}:${day}`,
      template: 'digest',
      to: person.email,
      userId: person.id,
      props: {
        name: person.name,
        period,
        sections,
        path: '/notifications',
        // A digest of nothing but the roles to refer: its unsubscribe link stops exactly those.
        ...(roles.length > 0 && sections.length === roles.length
          ? { unsubscribeScope: 'roles_to_refer' as const }
          : {}),
      },
    });
    sent += 1;
  }
  return sent;
}
