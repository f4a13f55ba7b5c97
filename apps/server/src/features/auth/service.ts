import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, type SignupInput, type SignupOutcome } from '@referwell/shared';
import type { Db } from '../../db/client';
import { inTransaction, lowerEq, type Executor } from '../../db/repository';
import { companies, passwordResetTokens, teamInvitations, users } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { enqueueMail } from '../../lib/mail/send';
import { emailTaken, normaliseEmail } from './accounts';
import { sendEmailConfirmation } from './email';
import type { RateLimiter } from '../../lib/rate-limit';
import { hashToken, newSecretToken, randomCode } from '../../lib/tokens';
import { addMember, createCompany, findCompanyByInviteCode } from '../companies/service';
import { hashPassword, verifyPassword } from './password';
import { createSession, revokeUserSessions, type SessionMeta } from './sessions';
import { ensureTalentProfile } from '../talent/service';

export const RESET_TOKEN_LIFETIME_MINUTES = 60;

/** Rate limits (fixed windows, shared by all server processes through the database). */
export const AUTH_LIMITS = {
  loginPerIp: { max: 30, windowSeconds: 15 * 60 },
  loginPerAccount: { max: 10, windowSeconds: 15 * 60 },
  resetPerIp: { max: 10, windowSeconds: 60 * 60 },
  resetPerAccount: { max: 3, windowSeconds: 60 * 60 },
  signupPerIp: { max: 20, windowSeconds: 60 * 60 },
  inviteCodePerIp: { max: 10, windowSeconds: 60 * 60 },
} as const;

async function newReferralCode(db: Executor): Promise<string> {
  for (;;) {
    const code = `TALENT${randomCode(6)}`;
    const [clash] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code));
    if (!clash) return code;
  }
}

interface SignupResult {
  userId: string;
  token: string;
  outcome: SignupOutcome;
}

/** Creates the account, its company role and a session in one transaction (SPEC §4 "Signup roles"). */
export async function signup(
  db: Db,
  limiter: RateLimiter,
  input: SignupInput,
  meta: SessionMeta & { ip: string },
): Promise<SignupResult> {
  await limiter.consume({
    key: `signup:ip:${meta.ip}`,
    ...AUTH_LIMITS.signupPerIp,
    message: 'Too many sign-ups from your network.',
  });
  const usesInviteCode = !input.invitationToken && !!input.inviteCode && input.role !== 'jobseeker';
  if (usesInviteCode) {
    await limiter.consume({
      key: `invite-code:ip:${meta.ip}`,
      ...AUTH_LIMITS.inviteCodePerIp,
      message: 'Too many invite code attempts.',
    });
  }
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);

  return inTransaction(db, async (tx) => {
    if (await emailTaken(tx, email)) throw conflict(AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });

    if (input.invitationToken) {
      const invitation = await openInvitation(tx, input.invitationToken);
      if (!invitation || invitation.email !== email) {
        throw badRequest(AUTH_MESSAGES.invitationInvalid, { invitationToken: AUTH_MESSAGES.invitationInvalid });
      }
      // The invitation link reached this address: it needs no separate confirmation.
      const userId = await insertUser(tx, {
        email,
        name: input.name,
        passwordHash,
        type: 'referrer',
        emailConfirmedAt: new Date(),
      });
      await addMember(tx, invitation.companyId, userId, 'member');
      await tx.update(teamInvitations).set({ acceptedAt: new Date() }).where(eq(teamInvitations.id, invitation.id));
      return { userId, token: await createSession(tx, userId, meta), outcome: 'joinedAsReferrer' };
    }

    if (input.role === 'jobseeker') {
      let invitedByUserId: string | null = null;
      if (input.inviteCode) {
        const [inviter] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.referralCode, input.inviteCode.toUpperCase()));
        if (!inviter)
          throw badRequest(AUTH_MESSAGES.referralCodeInvalid, { inviteCode: AUTH_MESSAGES.referralCodeInvalid });
        invitedByUserId = inviter.id;
      }
      const userId = await insertUser(tx, {
        email,
        name: input.name,
        passwordHash,
        type: 'jobseeker',
        referralCode: await newReferralCode(tx),
        invitedByUserId,
      });
      // Every job seeker has a (possibly empty) talent profile, so company users can open it from day one.
      await ensureTalentProfile(tx, { id: userId, name: input.name });
      return { userId, token: await createSession(tx, userId, meta), outcome: 'jobseeker' };
    }

    // Referrers and company HR are both stored as referrers; the company role tells them apart.
    if (input.role === 'companyHR' && (input.companyType ?? 'create') === 'create') {
      const company = await createCompany(tx, { name: input.companyName! });
      const userId = await insertUser(tx, { email, name: input.name, passwordHash, type: 'referrer' });
      await addMember(tx, company.id, userId, 'admin');
      return { userId, token: await createSession(tx, userId, meta), outcome: 'companyCreated' };
    }

    const company = await findCompanyByInviteCode(tx, input.inviteCode!);
    if (!company) throw badRequest(AUTH_MESSAGES.inviteCodeInvalid, { inviteCode: AUTH_MESSAGES.inviteCodeInvalid });
    const userId = await insertUser(tx, { email, name: input.name, passwordHash, type: 'referrer' });
    await addMember(tx, company.id, userId, 'member');
    return {
      userId,
      token: await createSession(tx, userId, meta),
      outcome: input.role === 'companyHR' ? 'joinedAsHR' : 'joinedAsReferrer',
    };
  });
}

/** A new account; unless its address is already proven, a confirmation link is mailed (sign-up still logs in). */
async function insertUser(tx: Executor, values: typeof users.$inferInsert): Promise<string> {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
  if (!values.emailConfirmedAt)
    await sendEmailConfirmation(tx, { id: row!.id, name: values.name }, values.email, 'confirm');
  return row!.id;
}

async function openInvitation(db: Executor, token: string) {
  const [row] = await db
    .select({
      id: teamInvitations.id,
      companyId: teamInvitations.companyId,
      email: teamInvitations.email,
      name: teamInvitations.name,
      companyName: companies.name,
    })
    .from(teamInvitations)
    .innerJoin(companies, eq(companies.id, teamInvitations.companyId))
    .where(
      and(
        eq(teamInvitations.tokenHash, hashToken(token)),
        isNull(teamInvitations.acceptedAt),
        gt(teamInvitations.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

export async function previewInvitation(db: Db, token: string) {
  const invitation = await openInvitation(db, token);
  if (!invitation) throw new AppError(404, 'NOT_FOUND', AUTH_MESSAGES.invitationInvalid);
  return { companyName: invitation.companyName, name: invitation.name, email: invitation.email };
}

/**
 * Checks e-mail and password. Unknown e-mail and wrong password take the same path, the same
 * time (a dummy hash is verified) and give the same answer.
 */
export async function login(
  db: Db,
  limiter: RateLimiter,
  email: string,
  password: string,
  meta: SessionMeta & { ip: string },
) {
  const normalised = normaliseEmail(email);
  await limiter.consume({ key: `login:ip:${meta.ip}`, ...AUTH_LIMITS.loginPerIp, message: 'Too many login attempts.' });
  const accountKey = `login:account:${normalised}`;
  await limiter.consume({
    key: accountKey,
    ...AUTH_LIMITS.loginPerAccount,
    message: 'Too many login attempts for this account.',
  });

  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(lowerEq(users.email, normalised));
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) throw new AppError(401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);

  await limiter.reset(accountKey);
  return { userId: user.id, token: await createSession(db, user.id, meta) };
}

export async function requestPasswordReset(db: Db, limiter: RateLimiter, email: string, ip: string) {
  const normalised = normaliseEmail(email);
  await limiter.consume({
    key: `reset:ip:${ip}`,
    ...AUTH_LIMITS.resetPerIp,
    message: 'Too many password reset requests.',
  });
  await limiter.consume({
    key: `reset:account:${normalised}`,
    ...AUTH_LIMITS.resetPerAccount,
    message: 'Too many password reset requests for this email.',
  });
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

/** Sets a new password from a single-use, expiring token and ends every session of the account. */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await inTransaction(db, async (tx) => {
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
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, used.userId));
    await revokeUserSessions(tx, used.userId);
  });
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
  const passwordHash = await hashPassword(next);
  return inTransaction(db, async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, userId));
    await revokeUserSessions(tx, userId);
    return createSession(tx, userId, meta);
  });
}
