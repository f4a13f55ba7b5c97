// Accounts a referral makes for a person who is not on Referwell yet (ADR 0028). The row is a job seeker with no
// usable password: the empty hash matches no password (login treats it as an unknown address), the profile is not
// discoverable, and the person reaches their referrals through the links mailed to them until they claim the
// profile by choosing a password.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/repository';
import { users } from '../../db/schema';
import type { AccountLifecycle } from './lifecycle';
import { newReferralCode } from './referral-code';

/** The password hash of an account nobody can log in to yet. */
export const NO_PASSWORD = '';

/** Creates the unclaimed account (in the caller's transaction) with what other features add to a new account. */
export async function createUnclaimedAccount(
  tx: Executor,
  accounts: AccountLifecycle,
  person: { email: string; name: string },
): Promise<string> {
  const [row] = await tx
    .insert(users)
    .values({ email: person.email, name: person.name, passwordHash: NO_PASSWORD, type: 'jobseeker', unclaimed: true })
    .returning({ id: users.id });
  await accounts.created(tx, { id: row!.id, name: person.name, type: 'jobseeker' });
  return row!.id;
}

/**
 * Claims an unclaimed account: its password, its address confirmed (the link that led here was mailed to it) and a
 * referral code like every job seeker's. False when the account is not (or no longer) unclaimed.
 */
export async function claimAccount(tx: Executor, userId: string, passwordHash: string): Promise<boolean> {
  const claimed = await tx
    .update(users)
    .set({
      passwordHash,
      unclaimed: false,
      emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
      referralCode: sql`coalesce(${users.referralCode}, ${await newReferralCode(tx)})`,
      passwordChangedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, userId), eq(users.unclaimed, true)))
    .returning({ id: users.id });
  return claimed.length > 0;
}

/** Whether the user is an unclaimed account (a person who cannot sign in yet). */
export async function isUnclaimed(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ unclaimed: users.unclaimed }).from(users).where(eq(users.id, userId));
  return row?.unclaimed ?? false;
}
