import { and, eq, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  ACCOUNT_DATA_MESSAGES,
  ACCOUNT_DELETION_GRACE_DAYS,
  DELETED_USER_NAME,
  type AccountDeletionStatus,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { inTransaction, selectRows, type Executor, type Tx } from '../../db/repository';
import { users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { enqueueMail } from '../../lib/mail/send';
import { publishSessionChange } from '../../platform/events/publish';
import type { FileStorage } from '../../lib/storage';
import type { LoginStep } from '../../platform/accounts/lifecycle';
import { verifyPassword } from '../../platform/accounts/password';
import { revokeUserSessions } from '../../platform/sessions/sessions';
import { eraseSelfIdAnswers } from '../self-id/port';

declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    'erase-due-accounts': Record<string, never>;
  }
}

const DAY_MS = 24 * 3600 * 1000;

/** True when the user is an admin of a company and no other member is. */
async function isLastAdmin(db: Executor, userId: string): Promise<boolean> {
  const [row] = await selectRows<{ last: boolean }>(
    db,
    sql`select count(*) filter (where other.role = 'admin' and other.user_id <> ${userId}) = 0 as last
          from company_members me join company_members other on other.company_id = me.company_id
         where me.user_id = ${userId} and me.role = 'admin'
         group by me.company_id`,
  );
  return row?.last ?? false;
}

/**
 * "Delete my account", confirmed with the password. The account is erased after the grace period unless its owner
 * logs in before then; every session ends now. A company's last admin is refused until they hand over admin.
 */
export async function scheduleAccountDeletion(
  db: Db,
  userId: string,
  password: string,
): Promise<AccountDeletionStatus> {
  const [user] = await db
    .select({ name: users.name, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw notFound();
  if (!(await verifyPassword(user.passwordHash, password)))
    throw badRequest(ACCOUNT_DATA_MESSAGES.wrongPassword, { password: ACCOUNT_DATA_MESSAGES.wrongPassword });
  return inTransaction(db, async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (await isLastAdmin(tx, userId)) throw conflict(ACCOUNT_DATA_MESSAGES.lastAdmin);
    const scheduledFor = new Date(Date.now() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
    await tx
      .update(users)
      .set({ deletionScheduledFor: scheduledFor, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await revokeUserSessions(tx, userId);
    await enqueueMail(tx, {
      key: `account-deletion:${userId}:${scheduledFor.getTime()}`,
      template: 'account-deletion-scheduled',
      to: user.email,
      userId,
      props: { name: user.name, date: scheduledFor.toISOString().slice(0, 10), days: ACCOUNT_DELETION_GRACE_DAYS },
    });
    return { scheduledFor: scheduledFor.toISOString() };
  });
}

/** Logging in during the grace period keeps the account, and the person is told so (a step of every login). */
export const cancelDeletionOnLogin: LoginStep = async (db, userId) => {
  const cancelled = await db
    .update(users)
    .set({ deletionScheduledFor: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), sql`${users.deletionScheduledFor} is not null`, isNull(users.deletedAt)))
    .returning({ id: users.id });
  return cancelled.length > 0 ? ACCOUNT_DATA_MESSAGES.deletionCancelled : null;
};

/** A candidate's snapshot in a referral, without the person: what a company keeps of a referral once they are gone. */
const anonymousSnapshot = sql`jsonb_build_object('name', ${DELETED_USER_NAME}::text, 'title', null, 'location', null,
    'skills', '[]'::jsonb, 'technicalSkills', '[]'::jsonb, 'softwareTools', '[]'::jsonb, 'experience', null,
    'portfolio', null, 'rating', null, 'industries', '[]'::jsonb, 'interests', '[]'::jsonb, 'involvement', null,
    'referredBy', talent_profile->'referredBy')`;

/**
 * What a company holds of a candidate, anonymised: their referral snapshots, application notes (and the date of birth
 * and NPI given for exclusion screening) and the name in the
 * credit ledger's words; their self-identification answers and talent-pool consent go. The referral rows (the
 * referrer, the stage, the bonus) stay: the company's referral and bonus history. `companyId` limits it to one
 * company (a company's retention expiry); without it, every company (account erasure).
 */
async function anonymiseCandidate(tx: Tx, userId: string, name: string, companyId?: string): Promise<void> {
  const inCompany = (column: SQL) => (companyId ? sql`and ${column} = ${companyId}` : sql``);
  for (const statement of [
    sql`update candidate_pipelines p set application_note = null, dob = null, npi = null where p.talent_id = ${userId}
          ${companyId ? sql`and p.job_id in (select id from job_postings where company_id = ${companyId})` : sql``}`,
    sql`update referrals set talent_profile = ${anonymousSnapshot} where talent_id = ${userId} ${inCompany(sql`company_id`)}`,
    // The credit ledger's decisions stay with the company, their words without the person's name.
    sql`update referral_credit_ledger set words = replace(words, ${name}, ${DELETED_USER_NAME})
         where talent_id = ${userId} ${inCompany(sql`company_id`)}`,
    sql`delete from talent_pool_consents where user_id = ${userId} ${inCompany(sql`company_id`)}`,
  ])
    await tx.execute(statement);
  await eraseSelfIdAnswers(tx, userId, companyId);
}

/** A company's retention expiry: the same anonymisation as account erasure, for what that company holds. */
export async function anonymiseCandidateForCompany(tx: Tx, userId: string, companyId: string): Promise<void> {
  const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
  if (user) await anonymiseCandidate(tx, userId, user.name, companyId);
}

/**
 * Erases one account in one transaction: the profile, résumé, sessions, tokens, preferences, notifications, kudos,
 * kept connections, memberships, passkeys and two-factor go; the user row stays as "Deleted user" (no e-mail, no password) so what others
 * legitimately hold keeps its shape: their conversations, the company's referral history and pipeline. Erases an
 * account whose grace period is over, or (`retention`) one whose retention period ended. Returns the storage keys to
 * delete once the transaction has committed.
 */
export async function eraseAccount(tx: Tx, userId: string, now: Date, retention = false): Promise<string[] | null> {
  const [user] = await tx
    .select({ due: users.deletionScheduledFor, name: users.name })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  if (!user) return null;
  if (!retention && (!user.due || user.due > now)) return null;
  // Became the last admin during the grace period (the others left): keep the account until they hand over.
  if (await isLastAdmin(tx, userId)) return null;
  const files = await selectRows<{ key: string }>(
    tx,
    sql`select stored_name as key from resume_files where owner_id = ${userId}
        union all select file_key from data_exports where user_id = ${userId} and file_key is not null`,
  );
  for (const statement of [
    sql`delete from sessions where user_id = ${userId}`,
    sql`delete from password_reset_tokens where user_id = ${userId}`,
    sql`delete from email_tokens where user_id = ${userId}`,
    sql`delete from email_preferences where user_id = ${userId}`,
    sql`delete from notifications where user_id = ${userId}`,
    sql`delete from data_exports where user_id = ${userId}`,
    sql`delete from kudos where talent_id = ${userId}`,
    sql`delete from kudos_requests where talent_id = ${userId}`,
    sql`delete from endorsements where talent_id = ${userId}`,
    sql`delete from company_job_visits where user_id = ${userId}`,
    sql`delete from talent_profiles where id = ${userId}`,
    sql`delete from resume_files where owner_id = ${userId}`,
    sql`delete from referrer_profiles where user_id = ${userId}`,
    sql`delete from company_members where user_id = ${userId}`,
    // Sign-in factors: passkeys (public keys, ADR 0040) and their challenges, the TOTP secret and recovery codes.
    sql`delete from passkeys where user_id = ${userId}`,
    sql`delete from passkey_challenges where user_id = ${userId}`,
    sql`delete from two_factor_recovery_codes where user_id = ${userId}`,
    sql`delete from two_factor where user_id = ${userId}`,
    // LinkedIn connections they kept, and the job seekers' kept matches naming them as a referrer.
    sql`delete from connection_matches where user_id = ${userId} or referrer_id = ${userId}`,
    sql`update referrals set talent_profile = jsonb_set(talent_profile, '{referredBy,name}', to_jsonb(${DELETED_USER_NAME}::text))
         where referrer_id = ${userId} and jsonb_typeof(talent_profile->'referredBy') = 'object'`,
    sql`update referral_credit_ledger set words = replace(words, ${user.name}, ${DELETED_USER_NAME})
         where referrer_id = ${userId}`,
  ])
    await tx.execute(statement);
  await anonymiseCandidate(tx, userId, user.name);
  await tx
    .update(users)
    .set({
      name: DELETED_USER_NAME,
      email: `deleted-${userId}@deleted.invalid`,
      passwordHash: '!',
      avatarUrl: null,
      referralCode: null,
      emailConfirmedAt: null,
      deletionScheduledFor: null,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  await publishSessionChange(tx, { users: [userId] });
  return files.map((f) => f.key);
}

/** The hourly job: erases every account whose grace period has ended, one transaction each. */
export async function eraseDueAccounts(db: Db, storage: FileStorage, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: users.id })
    .from(users)
    .where(and(lte(users.deletionScheduledFor, now), isNull(users.deletedAt)));
  let erased = 0;
  for (const { id } of due) {
    const keys = await inTransaction(db, (tx) => eraseAccount(tx, id, now));
    if (!keys) continue;
    for (const key of keys) await storage.delete(key);
    erased++;
  }
  return erased;
}
