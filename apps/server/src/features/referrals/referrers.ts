import { and, eq, sql } from 'drizzle-orm';
import {
  REFERRAL_MESSAGES,
  type ReferrerCard,
  type ReferrerList,
  type ReferrerProfile,
  type ReferrerProfileForm,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { lowerEq, type Executor } from '../../db/repository';
import { companies, companyMembers, referrals, referrerProfiles, users } from '../../db/schema';
import type { AuthContext } from '../../platform/sessions/sessions';
import { notFound } from '../../lib/errors';
import type { CompanyAuth } from '../../platform/access/guards';
import { findVisibleJob } from './access';

const referralCount = sql<number>`(select cast(count(*) as int) from ${referrals} r where r.referrer_id = ${users.id})`;
const completedCount = sql<number>`(select cast(count(*) as int) from ${referrals} r
  where r.referrer_id = ${users.id} and r.status = 'completed')`;
const startDate = sql<string>`coalesce(${referrerProfiles.startedOn}::text, to_char(${companyMembers.joinedAt}, 'YYYY-MM-DD'))`;

const cardColumns = {
  id: users.id,
  name: users.name,
  avatarUrl: users.avatarUrl,
  title: companyMembers.title,
  department: companyMembers.department,
  startDate,
  referralCount,
};

/** Members of a company take referral requests unless they opted out. */
const acceptsRequests = sql`coalesce(${referrerProfiles.acceptsRequests}, true)`;

/** The company's referrers a job seeker may ask (SPEC §2 'Referrers'), most active first. */
export async function listCompanyReferrers(
  db: Db,
  viewer: AuthContext,
  companyKey: string,
  jobId: string | undefined,
): Promise<ReferrerList> {
  const [company] = await db
    .select({ id: companies.id, name: companies.name, slug: companies.slug })
    .from(companies)
    .where(sql`${companies.slug} = ${companyKey.toLowerCase()} or ${lowerEq(companies.name, companyKey)}`)
    .limit(1);
  if (!company) throw notFound('Company not found');
  let job: ReferrerList['job'] = null;
  if (jobId) {
    const found = await findVisibleJob(db, viewer, jobId);
    if (found.companyId !== company.id) throw notFound('That job is not at this company.');
    job = { id: found.id, title: found.title };
  }
  const referrers: ReferrerCard[] = await db
    .select(cardColumns)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .leftJoin(referrerProfiles, eq(referrerProfiles.userId, users.id))
    .where(and(eq(companyMembers.companyId, company.id), acceptsRequests))
    .orderBy(sql`${referralCount} desc`, users.name);
  return { company, job, referrers };
}

/**
 * Whether `viewer` may see a referrer's e-mail, phone and location: the referrer themselves, and everyone signed in
 * when the referrer chose to show them ("Show my e-mail and phone on my profile"). Otherwise nobody else does, their
 * colleagues included (issue 40, finding 13): people reach a referrer through a referral request or a message, and
 * the company's admins manage their team on the team page. The one place this is decided.
 */
export function referrerContactVisible(
  viewer: AuthContext,
  referrer: { id: string; showContactDetails: boolean },
): boolean {
  return referrer.showContactDetails || viewer.user.id === referrer.id;
}

/** A referrer's profile as `viewer` may see it (signed-in only: SPEC lists the screen as signed-in). */
export async function getReferrerProfile(db: Executor, viewer: AuthContext, userId: string): Promise<ReferrerProfile> {
  const [row] = await db
    .select({
      ...cardColumns,
      email: users.email,
      phone: referrerProfiles.phone,
      location: referrerProfiles.location,
      bio: referrerProfiles.bio,
      skills: sql<string[]>`coalesce(${referrerProfiles.skills}, '{}'::text[])`,
      company: { id: companies.id, name: companies.name, slug: companies.slug },
      referralsCompleted: completedCount,
      memberSince: sql<string>`to_char(${users.createdAt}, 'YYYY-MM-DD')`,
      acceptsRequests: sql<boolean>`${acceptsRequests}`,
      showContactDetails: sql<boolean>`coalesce(${referrerProfiles.showContactDetails}, false)`,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .leftJoin(referrerProfiles, eq(referrerProfiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw notFound(REFERRAL_MESSAGES.referrerNotFound);
  if (referrerContactVisible(viewer, { id: row.id, showContactDetails: row.showContactDetails })) return row;
  return { ...row, email: null, phone: null, location: null };
}

/** A company user edits what job seekers see of them as a referrer. */
export async function updateMyReferrerProfile(
  db: Db,
  me: CompanyAuth,
  input: ReferrerProfileForm & { skills: string[]; acceptsRequests: boolean; showContactDetails: boolean },
): Promise<ReferrerProfile> {
  const profile = {
    bio: input.bio || null,
    phone: input.phone || null,
    location: input.location || null,
    skills: input.skills,
    startedOn: input.startDate || null,
    acceptsRequests: input.acceptsRequests,
    showContactDetails: input.showContactDetails,
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx
      .update(companyMembers)
      .set({ title: input.title || null, department: input.department || null })
      .where(and(eq(companyMembers.companyId, me.company.id), eq(companyMembers.userId, me.user.id)));
    await tx
      .insert(referrerProfiles)
      .values({ userId: me.user.id, ...profile })
      .onConflictDoUpdate({ target: referrerProfiles.userId, set: profile });
  });
  return getReferrerProfile(db, me, me.user.id);
}
