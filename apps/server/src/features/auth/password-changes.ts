/** Changing a password: by a single-use e-mailed link (reset), or while signed in. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, SSO_MESSAGES } from '@referwell/shared';
import type { Db } from '../../db/client';
import { inTransaction, lowerEq, type Executor } from '../../db/repository';
import { passwordResetTokens, users } from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';
import { enqueueMail } from '../../lib/mail/send';
import { normaliseEmail } from './accounts';
import type { RateLimiter } from '../../lib/rate-limit';
import { hashToken, newSecretToken } from '../../lib/tokens';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../../platform/accounts/password';
import { createSession, revokeUserSessions, type SessionMeta } from '../../platform/sessions/sessions';
import { claimAccount } from '../../platform/accounts/unclaimed';
import { AUTH_LIMITS } from './service';
import { ssoRequiredFor } from './sso/sign-in';

/** The refusal of a password reset for an address whose company requires single sign-on (issue 34). */
const resetNeedsSso = () => new AppError(403, 'SSO_REQUIRED', SSO_MESSAGES.ssoRequiredReset);

export const RESET_TOKEN_LIFETIME_MINUTES = 60;

/** The bucket that spaces reset mails to one address (AUTH_LIMITS.resetMailIntervalSeconds). */
export const resetMailKey = (normalisedEmail: string) => `reset:mail:${normalisedEmail}`;

/**
 * Mails a reset link, answering the same whatever happens (the route's message): an unknown address, or one mailed
 * less than `resetMailIntervalSeconds` ago, gets nothing. Nobody can use this to keep an owner from resetting
 * (issue 40, finding 3): there is no per-address refusal, only that interval, and a request inside it follows a mail
 * that reached the owner's inbox at most that long ago with a link that still works. The per-address refusal is
 * per source address only.
 */
export async function requestPasswordReset(db: Db, limiter: RateLimiter, email: string, ip: string, billing: boolean) {
  const normalised = normaliseEmail(email);
  // Said of the domain, whoever asks: it tells nothing about whether the address has an account.
  if (await ssoRequiredFor(db, billing, normalised)) throw resetNeedsSso();
  await limiter.consume({
    key: `reset:ip:${ip}`,
    ...AUTH_LIMITS.resetPerIp,
    message: 'Too many password reset requests.',
  });
  const { hits } = await limiter.record({
    key: resetMailKey(normalised),
    windowSeconds: AUTH_LIMITS.resetMailIntervalSeconds,
  });
  if (hits > 1) return;
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(lowerEq(users.email, normalised));
  if (!user) return; // Same answer either way: the page never says whether an account exists.

  const token = newSecretToken(32);
  const tokenHash = hashToken(token);
  await db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      tokenHash,
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_LIFETIME_MINUTES * 60 * 1000),
    });
    await enqueueMail(tx, {
      key: `password-reset:${tokenHash}`,
      template: 'password-reset',
      to: user.email,
      userId: user.id,
      props: {
        name: user.name,
        path: `/reset-password?token=${encodeURIComponent(token)}`,
        minutes: RESET_TOKEN_LIFETIME_MINUTES,
      },
    });
  });
}

/**
 * Sets a new password from a single-use, expiring token and ends every session of the account. Returns whose it was
 * (the browser that followed the link is the owner's: the route remembers it, knownDevice).
 */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
  billing: boolean,
): Promise<{ userId: string; email: string }> {
  const passwordHash = await hashPassword(password);
  return inTransaction(db, async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) throw badRequest(AUTH_MESSAGES.resetTokenInvalid, { token: AUTH_MESSAGES.resetTokenInvalid });
    await assertPasswordFor(tx, used.userId, password, 'password');
    const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, used.userId));
    if (await ssoRequiredFor(tx, billing, account!.email)) throw resetNeedsSso();
    // The reset link reached the address: a person referred by e-mail who never claimed their profile claims it here.
    if (!(await claimAccount(tx, used.userId, passwordHash)))
      await tx
        .update(users)
        .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, used.userId));
    await revokeUserSessions(tx, used.userId);
    await voidResetTokens(tx, used.userId);
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, used.userId));
    return { userId: used.userId, email: owner!.email };
  });
}

/** Every reset link of the account stops working: after a reset, and after a password change. */
async function voidResetTokens(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

async function assertPasswordFor(db: Executor, userId: string, password: string, field: string): Promise<void> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  assertAcceptablePassword(password, user?.email, field);
}

/**
 * Changes the password of a logged-in user. Every session of the account ends; the caller
 * gets a fresh one (returned token) so this browser stays logged in.
 */
export async function changePassword(
  db: Db,
  userId: string,
  current: string,
  next: string,
  meta: SessionMeta,
): Promise<string> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!(await verifyPassword(user?.passwordHash, current))) {
    throw badRequest(AUTH_MESSAGES.currentPasswordWrong, { currentPassword: AUTH_MESSAGES.currentPasswordWrong });
  }
  await assertPasswordFor(db, userId, next, 'newPassword');
  const passwordHash = await hashPassword(next);
  return inTransaction(db, async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, userId));
    await revokeUserSessions(tx, userId);
    await voidResetTokens(tx, userId);
    return createSession(tx, userId, meta);
  });
}
