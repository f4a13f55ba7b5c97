import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, type SignupInput, type SignupOutcome, type SignupResponse } from '@referwell/shared';
import type { Db } from '../../db/client';
import { inTransaction, lowerEq, type Executor } from '../../db/repository';
import { companies, teamInvitations, users } from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';
import { enqueueMail } from '../../lib/mail/send';
import { emailTaken, normaliseEmail } from './accounts';
import { sendEmailConfirmation } from './email';
import type { RateLimiter } from '../../lib/rate-limit';
import { hashToken, newSecretToken, randomCode } from '../../lib/tokens';
import { addMember, createCompany, findCompanyByInviteCode } from '../companies/port';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../../platform/accounts/password';
import { createSession, type SessionMeta } from '../../platform/sessions/sessions';
import type { AccountLifecycle } from '../../platform/accounts/lifecycle';

/** Rate limits (fixed windows, shared by all server processes through the database). */
export const AUTH_LIMITS = {
  loginPerIp: { max: 30, windowSeconds: 15 * 60 },
  /** Wrong passwords for one account from one address: that address is refused (OWASP: throttle the pair). */
  loginPerAccountAndIp: { max: 10, windowSeconds: 15 * 60 },
  /**
   * Wrong passwords for one account from anywhere: past `slowAfter`, every attempt on it waits
   * `delayMs` before the password is checked. Nobody is locked out (the owner's right password
   * from their own address still gets in), but guessing from many addresses slows to a crawl.
   */
  loginAccountFailures: { slowAfter: 10, windowSeconds: 15 * 60, delayMs: 2_000 },
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

export type SignupResult =
  | { kind: 'created'; userId: string; token: string; outcome: SignupOutcome }
  /** The e-mail already has an account: the caller answers exactly as for a new one (no enumeration). */
  | { kind: 'existing'; outcome: SignupOutcome; company: { id: string; name: string; slug: string } | null };

/** At most one 'someone tried to sign up' mail per address per hour, however often it is tried. */
const SIGNUP_ATTEMPT_MAIL_WINDOW_MS = 60 * 60 * 1000;

/** Thrown inside the sign-up transaction (rolling it back) when the e-mail already has an account. */
class ExistingAccount extends Error {
  constructor(readonly company: { id: string; name: string; slug: string } | null) {
    super('existing account');
  }
}

/**
 * Creates the account, its company role and a session in one transaction (SPEC §4 "Signup roles"), with what other
 * features add to a new account (`accounts`: a job seeker's talent profile).
 */
export async function signup(
  db: Db,
  limiter: RateLimiter,
  accounts: AccountLifecycle,
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
  assertAcceptablePassword(input.password, email, 'password');
  const passwordHash = await hashPassword(input.password);

  try {
    return await createAccount(db, accounts, input, email, passwordHash, meta);
  } catch (error) {
    if (!(error instanceof ExistingAccount)) throw error;
    // Queued like every mail, so the answer takes as long as a new account's and tells nothing.
    await enqueueMail(db, {
      key: `signup-attempt:${email}:${Math.floor(Date.now() / SIGNUP_ATTEMPT_MAIL_WINDOW_MS)}`,
      template: 'signup-attempt',
      to: email,
      props: {},
    });
    return { kind: 'existing', outcome: signupOutcomeOf(input), company: error.company };
  }
}

/**
 * What a sign-up with a taken e-mail answers: the same shape as a new account's (a session
 * cookie that matches no session, a user that does not exist), so the answer tells nothing.
 */
export function existingAccountAnswer(
  input: SignupInput,
  result: Extract<SignupResult, { kind: 'existing' }>,
): { token: string; body: SignupResponse } {
  const createsCompany = result.outcome === 'companyCreated';
  return {
    token: newSecretToken(32),
    body: {
      user: {
        id: randomUUID(),
        name: input.name,
        email: normaliseEmail(input.email),
        type: input.role === 'jobseeker' && !input.invitationToken ? 'jobseeker' : 'referrer',
        avatarUrl: null,
        referralCode: result.outcome === 'jobseeker' ? `TALENT${randomCode(6)}` : null,
      },
      company: result.company && { ...result.company, role: createsCompany ? 'companyAdmin' : 'member' },
      prelaunch: false,
      outcome: result.outcome,
    },
  };
}

function signupOutcomeOf(input: SignupInput): SignupOutcome {
  if (input.invitationToken) return 'joinedAsReferrer';
  if (input.role === 'jobseeker') return 'jobseeker';
  if (input.role === 'companyHR') return (input.companyType ?? 'create') === 'create' ? 'companyCreated' : 'joinedAsHR';
  return 'joinedAsReferrer';
}

async function createAccount(
  db: Db,
  accounts: AccountLifecycle,
  input: SignupInput,
  email: string,
  passwordHash: string,
  meta: SessionMeta,
): Promise<SignupResult> {
  return inTransaction(db, async (tx) => {
    if (input.invitationToken) {
      const invitation = await openInvitation(tx, input.invitationToken);
      if (!invitation || invitation.email !== email) {
        throw badRequest(AUTH_MESSAGES.invitationInvalid, { invitationToken: AUTH_MESSAGES.invitationInvalid });
      }
      // The invitation link reached this address: it needs no separate confirmation.
      const userId = await insertUser(
        tx,
        accounts,
        { email, name: input.name, passwordHash, type: 'referrer', emailConfirmedAt: new Date() },
        { id: invitation.companyId, name: invitation.companyName, slug: invitation.companySlug },
        input.returnTo,
      );
      await addMember(tx, invitation.companyId, userId, 'member');
      await tx.update(teamInvitations).set({ acceptedAt: new Date() }).where(eq(teamInvitations.id, invitation.id));
      return { kind: 'created', userId, token: await createSession(tx, userId, meta), outcome: 'joinedAsReferrer' };
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
      // Every job seeker has a (possibly empty) talent profile, so company users can open it from day one: the
      // talent feature's step of `accounts.created`.
      const userId = await insertUser(
        tx,
        accounts,
        {
          email,
          name: input.name,
          passwordHash,
          type: 'jobseeker',
          referralCode: await newReferralCode(tx),
          invitedByUserId,
        },
        null,
        input.returnTo,
      );
      return { kind: 'created', userId, token: await createSession(tx, userId, meta), outcome: 'jobseeker' };
    }

    // Referrers and company HR are both stored as referrers; the company role tells them apart.
    if (input.role === 'companyHR' && (input.companyType ?? 'create') === 'create') {
      const company = await createCompany(tx, { name: input.companyName! });
      const userId = await insertUser(
        tx,
        accounts,
        { email, name: input.name, passwordHash, type: 'referrer' },
        company,
        input.returnTo,
      );
      await addMember(tx, company.id, userId, 'admin');
      return { kind: 'created', userId, token: await createSession(tx, userId, meta), outcome: 'companyCreated' };
    }

    const company = await findCompanyByInviteCode(tx, input.inviteCode!);
    if (!company) throw badRequest(AUTH_MESSAGES.inviteCodeInvalid, { inviteCode: AUTH_MESSAGES.inviteCodeInvalid });
    const userId = await insertUser(
      tx,
      accounts,
      { email, name: input.name, passwordHash, type: 'referrer' },
      company,
      input.returnTo,
    );
    await addMember(tx, company.id, userId, 'member');
    return {
      kind: 'created',
      userId,
      token: await createSession(tx, userId, meta),
      outcome: input.role === 'companyHR' ? 'joinedAsHR' : 'joinedAsReferrer',
    };
  });
}

/**
 * Inserts the user, or stops the sign-up (after every other check, so errors do not tell) when the
 * e-mail is taken. Unless its address is already proven, a confirmation link is mailed (sign-up
 * still logs in), leading back to `returnTo` once followed. Then what other features add to a new account runs (`accounts.created`).
 */
async function insertUser(
  tx: Executor,
  accounts: AccountLifecycle,
  values: typeof users.$inferInsert,
  company: { id: string; name: string; slug: string } | null,
  returnTo: string | undefined,
): Promise<string> {
  if (await emailTaken(tx, values.email)) throw new ExistingAccount(company);
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
  if (!values.emailConfirmedAt)
    await sendEmailConfirmation(tx, { id: row!.id, name: values.name }, values.email, 'confirm', returnTo);
  await accounts.created(tx, { id: row!.id, name: values.name, type: values.type });
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
      companySlug: companies.slug,
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
  accounts: AccountLifecycle,
  email: string,
  password: string,
  meta: SessionMeta & { ip: string },
) {
  const normalised = normaliseEmail(email);
  await limiter.consume({ key: `login:ip:${meta.ip}`, ...AUTH_LIMITS.loginPerIp, message: 'Too many login attempts.' });
  const pairKey = `login:account-ip:${normalised}:${meta.ip}`;
  await limiter.consume({
    key: pairKey,
    ...AUTH_LIMITS.loginPerAccountAndIp,
    message: 'Too many login attempts for this account.',
  });
  const failures = {
    key: `login:account:${normalised}`,
    windowSeconds: AUTH_LIMITS.loginAccountFailures.windowSeconds,
  };
  if ((await limiter.peek(failures)) >= AUTH_LIMITS.loginAccountFailures.slowAfter) {
    await new Promise((resolve) => setTimeout(resolve, AUTH_LIMITS.loginAccountFailures.delayMs));
  }

  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(lowerEq(users.email, normalised));
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    await limiter.record(failures);
    throw new AppError(401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
  }

  await limiter.reset(pairKey);
  const notices = await accounts.loggedIn(db, user.id);
  return { userId: user.id, token: await createSession(db, user.id, meta), notices };
}
