/**
 * The page a person referred by e-mail opens from their mail (/referral-invitation/{token}): their referrals with the
 * note meant for them (never the hiring team's), the consent question, and the profile to claim by choosing a
 * password. Once claimed, the link only says to log in.
 */
import { and, desc, eq } from 'drizzle-orm';
import { ownershipRuleText, REFERRAL_MESSAGES, type ReferralInvitation } from '@referwell/shared';
import type { Db } from '../../db/client';
import { candidatePipelines, companies, jobPostings, referrals, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { claimAccount } from '../../platform/accounts/unclaimed';
import { assertAcceptablePassword, hashPassword } from '../../platform/accounts/password';
import { createSession, type SessionMeta } from '../../platform/sessions/sessions';
import { bonusPolicyOf } from '../bonuses/port';
import { setProfileDiscoverable } from '../talent/port';
import { answerConsentAsCandidate } from './decisions';
import { invitationHolder } from './invitation-links';

async function holderOf(db: Db, token: string) {
  const holder = await invitationHolder(db, token);
  if (!holder) throw notFound(REFERRAL_MESSAGES.invitationInvalid);
  return holder;
}

export async function getInvitation(db: Db, token: string): Promise<ReferralInvitation> {
  const person = await holderOf(db, token);
  if (!person.unclaimed) return { name: person.name, email: person.email, claimed: true, referrals: [] };
  const rows = await db
    .select({
      referral: referrals,
      jobTitle: jobPostings.title,
      companyName: companies.name,
      referrerName: users.name,
      stage: candidatePipelines.stage,
    })
    .from(referrals)
    .innerJoin(jobPostings, eq(jobPostings.id, referrals.jobId))
    .innerJoin(companies, eq(companies.id, referrals.companyId))
    .leftJoin(users, eq(users.id, referrals.referrerId))
    .leftJoin(
      candidatePipelines,
      and(eq(candidatePipelines.jobId, referrals.jobId), eq(candidatePipelines.talentId, referrals.talentId)),
    )
    .where(eq(referrals.talentId, person.id))
    .orderBy(desc(referrals.createdAt));
  const rules = new Map<string, string>();
  for (const row of rows)
    if (!rules.has(row.referral.companyId))
      rules.set(
        row.referral.companyId,
        ownershipRuleText(await bonusPolicyOf(db, row.referral.companyId), row.companyName),
      );
  return {
    name: person.name,
    email: person.email,
    claimed: false,
    referrals: rows.map((r) => ({
      id: r.referral.id,
      jobId: r.referral.jobId,
      jobTitle: r.jobTitle,
      companyName: r.companyName,
      referrerName: r.referrerName,
      // The note meant for them; the hiring team's note stays with the hiring team.
      candidateNote: r.referral.candidateNote,
      consent: r.referral.consent,
      stage: r.stage ?? 'referred',
      rule: rules.get(r.referral.companyId)!,
      createdAt: r.referral.createdAt.toISOString(),
    })),
  };
}

/** The person confirms or declines one of their referrals from the link (while they have no password). */
export async function answerInvitation(
  db: Db,
  token: string,
  input: { referralId: string; decision: 'confirm' | 'decline' },
): Promise<ReferralInvitation> {
  const person = await holderOf(db, token);
  if (!person.unclaimed) throw conflict(REFERRAL_MESSAGES.invitationClaimed);
  await answerConsentAsCandidate(db, person.id, input.referralId, input.decision);
  return getInvitation(db, token);
}

/**
 * The person claims the profile the referral made: their password (the address is proven by the link), whether
 * companies may find them, a session. The links mailed to them then only say to log in (until they expire), and
 * answer any further claim or consent with 409.
 */
export async function claimInvitation(
  db: Db,
  token: string,
  input: { password: string; discoverable: boolean },
  meta: SessionMeta,
): Promise<{ userId: string; sessionToken: string }> {
  const person = await holderOf(db, token);
  if (!person.unclaimed) throw conflict(REFERRAL_MESSAGES.invitationClaimed);
  assertAcceptablePassword(input.password, person.email, 'password');
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (!(await claimAccount(tx, person.id, passwordHash))) throw conflict(REFERRAL_MESSAGES.invitationClaimed);
    await setProfileDiscoverable(tx, person.id, input.discoverable);
    return { userId: person.id, sessionToken: await createSession(tx, person.id, meta) };
  });
}
