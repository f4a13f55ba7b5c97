import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, MAIL_MESSAGES, type ChangeEmail, type EmailStatus } from '@referwell/shared';
import type { Db } from '../../db/client';
import { inTransaction, lowerEq, type Executor } from '../../db/repository';
import { emailTokens, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { enqueueMail } from '../../lib/mail/send';
import { hashToken, newSecretToken } from '../../lib/tokens';
import { emailTaken, normaliseEmail } from './accounts';
import { verifyPassword } from '../../platform/accounts/password';

export const EMAIL_TOKEN_LIFETIME_HOURS = 48;

/** Mails a single-use link to `to` that confirms the sign-up address ('confirm') or a new one ('change'). */
export async function sendEmailConfirmation(
  tx: Executor,
  user: { id: string; name: string },
  to: string,
  purpose: 'confirm' | 'change',
): Promise<void> {
  const token = newSecretToken(32);
  const tokenHash = hashToken(token);
  await tx.insert(emailTokens).values({
    tokenHash,
    userId: user.id,
    email: to,
    purpose,
    expiresAt: new Date(Date.now() + EMAIL_TOKEN_LIFETIME_HOURS * 3600_000),
  });
  await enqueueMail(tx, {
    key: `confirm-email:${tokenHash}`,
    template: 'confirm-email',
    to,
    userId: user.id,
    props: { name: user.name, path: `/confirm-email?token=${encodeURIComponent(token)}`, change: purpose === 'change' },
  });
}

export async function emailStatus(db: Db, userId: string): Promise<EmailStatus> {
  const [user] = await db
    .select({ email: users.email, confirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  const [pending] = await db
    .select({ email: emailTokens.email })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, 'change'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  return { email: user.email, confirmed: user.confirmedAt !== null, pendingEmail: pending?.email ?? null };
}

/** Sends the sign-up confirmation link again (nothing when the address is already confirmed). */
export async function resendEmailConfirmation(db: Db, userId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [user] = await tx
      .select({ id: users.id, name: users.name, email: users.email, confirmedAt: users.emailConfirmedAt })
      .from(users)
      .where(eq(users.id, userId));
    if (!user || user.confirmedAt) return;
    await sendEmailConfirmation(tx, user, user.email, 'confirm');
  });
}

/** Asks to move the account to a new address: nothing changes until the link sent there is followed. */
export async function requestEmailChange(db: Db, userId: string, input: ChangeEmail): Promise<void> {
  const email = normaliseEmail(input.email);
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!(await verifyPassword(user?.passwordHash, input.currentPassword)) || !user)
    throw badRequest(AUTH_MESSAGES.currentPasswordWrong, { currentPassword: AUTH_MESSAGES.currentPasswordWrong });
  if (normaliseEmail(user.email) === email)
    throw badRequest(MAIL_MESSAGES.sameEmail, { email: MAIL_MESSAGES.sameEmail });
  await inTransaction(db, async (tx) => {
    await voidPendingChanges(tx, user.id);
    if (await emailTaken(tx, email)) await recordTakenAddress(tx, user, email);
    else await sendEmailConfirmation(tx, user, email, 'change');
  });
}

/**
 * A change to an address another account uses answers and looks like any other (issue 40, finding 9): the change
 * shows as pending (a link row whose token nobody is ever sent, so it can never be confirmed), and the owner of the
 * address is told someone tried to use it (at most once an hour).
 */
async function recordTakenAddress(tx: Executor, user: { id: string }, email: string): Promise<void> {
  await tx.insert(emailTokens).values({
    tokenHash: hashToken(newSecretToken(32)),
    userId: user.id,
    email,
    purpose: 'change',
    expiresAt: new Date(Date.now() + EMAIL_TOKEN_LIFETIME_HOURS * 3600_000),
  });
  await enqueueMail(tx, {
    key: `email-change-attempt:${email}:${Math.floor(Date.now() / 3600_000)}`,
    template: 'signup-attempt',
    to: email,
    props: { change: true },
  });
}

/** Only the newest requested change may be confirmed: asking for another voids the links sent before (finding 4). */
async function voidPendingChanges(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'change'), isNull(emailTokens.usedAt)));
}

/** Follows a confirmation link: confirms the address, or switches the account to the new one. */
export async function confirmEmail(db: Db, token: string): Promise<{ email: string }> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(emailTokens)
      .where(
        and(
          eq(emailTokens.tokenHash, hashToken(token)),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, sql`now()`),
        ),
      )
      .for('update');
    if (!row) throw badRequest(MAIL_MESSAGES.confirmInvalid, { token: MAIL_MESSAGES.confirmInvalid });
    await tx.update(emailTokens).set({ usedAt: new Date() }).where(eq(emailTokens.tokenHash, row.tokenHash));
    if (row.purpose === 'change') {
      // Two requests at once could each void the other's older link before writing their own: the newest wins here.
      const [newer] = await tx
        .select({ tokenHash: emailTokens.tokenHash })
        .from(emailTokens)
        .where(
          and(
            eq(emailTokens.userId, row.userId),
            eq(emailTokens.purpose, 'change'),
            ne(emailTokens.tokenHash, row.tokenHash),
            // Compared in SQL: a JavaScript Date drops the microseconds PostgreSQL keeps.
            sql`${emailTokens.createdAt} >= (select created_at from email_tokens where token_hash = ${row.tokenHash})`,
          ),
        )
        .limit(1);
      if (newer) throw badRequest(MAIL_MESSAGES.confirmInvalid, { token: MAIL_MESSAGES.confirmInvalid });
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(lowerEq(users.email, row.email), ne(users.id, row.userId)));
      if (other) throw conflict(AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
      await tx
        .update(users)
        .set({ email: row.email, emailConfirmedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, row.userId));
      return { email: row.email };
    }
    const [user] = await tx
      .update(users)
      .set({ emailConfirmedAt: new Date() })
      .where(and(eq(users.id, row.userId), lowerEq(users.email, row.email)))
      .returning({ email: users.email });
    // The account moved to another address since this link was sent: the link no longer proves anything.
    if (!user) throw badRequest(MAIL_MESSAGES.confirmInvalid, { token: MAIL_MESSAGES.confirmInvalid });
    return { email: user.email };
  });
}
