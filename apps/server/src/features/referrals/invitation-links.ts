// The links mailed to a person referred by e-mail: a fresh one with each mail, only its hash kept (the page and
// what it allows: invitations.ts).
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/repository';
import { referralInvitations, users } from '../../db/schema';
import { hashToken, newSecretToken } from '../../lib/tokens';

/** How long a mailed link opens the person's referrals. */
export const INVITATION_DAYS = 30;

/** A new link for the person (in the caller's transaction, so a rolled-back mail leaves no link). */
export async function issueInvitationPath(tx: Executor, talentId: string): Promise<string> {
  const token = newSecretToken(32);
  await tx.insert(referralInvitations).values({
    tokenHash: hashToken(token),
    talentId,
    expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
  });
  return `/referral-invitation/${encodeURIComponent(token)}`;
}

/** The person a link belongs to while it is valid, or null. */
export async function invitationHolder(db: Executor, token: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, unclaimed: users.unclaimed })
    .from(referralInvitations)
    .innerJoin(users, eq(users.id, referralInvitations.talentId))
    .where(
      and(
        eq(referralInvitations.tokenHash, hashToken(token)),
        gt(referralInvitations.expiresAt, sql`now()`),
        isNull(users.deletedAt),
      ),
    );
  return row ?? null;
}
