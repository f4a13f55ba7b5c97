// Sign-up (SPEC §4 "Signup roles") without account enumeration (issue 40, finding 9; ADR 0004). A sign-up answers
// the same whether or not its address already has an account: "check your e-mail". The account is created only when
// the link mailed to the address is followed and the password chosen at sign-up is given again; the owner of a taken
// address is mailed that someone tried. A team invitation's link already reached its address: that sign-up creates
// the account and signs in at once.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  SIGNUP_LINK_HOURS,
  type SignupConfirm,
  type SignupInput,
  type SignupOutcome,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { inTransaction, lowerEq, type Executor } from '../../db/repository';
import { companies, signupRequests, teamInvitations, users } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { enqueueMail } from '../../lib/mail/send';
import type { RateLimiter } from '../../lib/rate-limit';
import { hashToken, newSecretToken } from '../../lib/tokens';
import { newReferralCode } from '../../platform/accounts/referral-code';
import { addMember, createCompany, findCompanyByInviteCode } from '../companies/port';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../../platform/accounts/password';
import { createSession, type SessionMeta } from '../../platform/sessions/sessions';
import type { AccountLifecycle } from '../../platform/accounts/lifecycle';
import { emailTaken, normaliseEmail } from './accounts';
import { AUTH_LIMITS } from './service';

/** At most one "someone tried to sign up with your address" mail per address in this time. */
const SIGNUP_ATTEMPT_MAIL_WINDOW_MS = 60 * 60 * 1000;

/** A new account: signed in at once (a team invitation), or waiting for its address (everyone else). */
export type SignupResult =
  { kind: 'created'; userId: string; token: string; outcome: SignupOutcome } | { kind: 'mailed' };

/** What an account becomes, as asked at sign-up (and kept with a sign-up waiting for its address). */
type AccountDetails = typeof signupRequests.$inferSelect.details;

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
  if (input.invitationToken)
    return signUpInvited(db, accounts, input.invitationToken, input.name, email, passwordHash, meta);

  const details = detailsOf(input);
  await assertCodes(db, details); // what is wrong with the form is said whatever the address
  // Every sign-up gets its own link (no per-address spacing): a stranger's sign-ups with an address never keep its
  // owner's own link from them, and each link works only with the password chosen with it.
  await inTransaction(db, async (tx) => {
    if (await emailTaken(tx, email)) {
      await enqueueMail(tx, {
        key: `signup-attempt:${email}:${Math.floor(Date.now() / SIGNUP_ATTEMPT_MAIL_WINDOW_MS)}`,
        template: 'signup-attempt',
        to: email,
        props: { change: false },
      });
      return;
    }
    const token = newSecretToken(32);
    const tokenHash = hashToken(token);
    await tx.insert(signupRequests).values({
      tokenHash,
      email,
      name: input.name,
      passwordHash,
      details,
      expiresAt: new Date(Date.now() + SIGNUP_LINK_HOURS * 3600_000),
    });
    // The page the person set out from (returnTo, already checked) rides in the link: /confirm-signup leads on to it.
    const link = new URLSearchParams({
      token,
      ...(input.job ? { job: input.job } : {}),
      ...(input.returnTo ? { returnTo: input.returnTo } : {}),
    });
    await enqueueMail(tx, {
      key: `confirm-signup:${tokenHash}`,
      template: 'confirm-signup',
      to: email,
      props: { name: input.name, path: `/confirm-signup?${link.toString()}`, hours: SIGNUP_LINK_HOURS },
    });
  });
  return { kind: 'mailed' };
}

/**
 * Follows a sign-up link: with the password chosen at sign-up, the account is created (its address proven) and
 * signed in. Asking for the password means a sign-up someone else made with this address cannot be completed by
 * the address's owner by mistake, leaving the stranger with a password to it.
 */
export async function confirmSignup(
  db: Db,
  limiter: RateLimiter,
  accounts: AccountLifecycle,
  input: SignupConfirm,
  meta: SessionMeta & { ip: string },
): Promise<Extract<SignupResult, { kind: 'created' }>> {
  await limiter.consume({
    key: `signup-confirm:ip:${meta.ip}`,
    ...AUTH_LIMITS.signupConfirmPerIp,
    message: 'Too many attempts.',
  });
  const invalid = () => badRequest(AUTH_MESSAGES.signupLinkInvalid, { token: AUTH_MESSAGES.signupLinkInvalid });
  const tokenHash = hashToken(input.token);
  const [pending] = await db
    .select()
    .from(signupRequests)
    .where(and(eq(signupRequests.tokenHash, tokenHash), gt(signupRequests.expiresAt, sql`now()`)));
  if (!pending) throw invalid();
  if (!(await verifyPassword(pending.passwordHash, input.password)))
    throw badRequest(AUTH_MESSAGES.signupPasswordWrong, { password: AUTH_MESSAGES.signupPasswordWrong });
  return inTransaction(db, async (tx) => {
    const [used] = await tx
      .delete(signupRequests)
      .where(eq(signupRequests.tokenHash, tokenHash))
      .returning({ tokenHash: signupRequests.tokenHash });
    if (!used) throw invalid(); // followed twice at once
    // Only the mailbox's holder gets here, so saying the address is taken tells nobody else anything.
    if (await emailTaken(tx, pending.email))
      throw conflict(AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
    await tx.delete(signupRequests).where(lowerEq(signupRequests.email, pending.email)); // the others for it are moot
    return createAccount(
      tx,
      accounts,
      { email: pending.email, name: pending.name, passwordHash: pending.passwordHash },
      pending.details,
      meta,
    );
  });
}

function detailsOf(input: SignupInput): AccountDetails {
  switch (input.role) {
    case 'jobseeker':
      return { role: 'jobseeker', ...(input.inviteCode ? { inviteCode: input.inviteCode } : {}) };
    case 'referrer':
      return { role: 'referrer', inviteCode: input.inviteCode! };
    case 'companyHR':
      return (input.companyType ?? 'create') === 'create'
        ? { role: 'companyHR', companyType: 'create', companyName: input.companyName! }
        : { role: 'companyHR', companyType: 'join', inviteCode: input.inviteCode! };
  }
}

/** The codes a sign-up names must exist (a job seeker's friend's referral code, a company's invite code). */
async function assertCodes(db: Executor, details: AccountDetails): Promise<void> {
  if (details.role === 'jobseeker') {
    if (details.inviteCode) await referrerOf(db, details.inviteCode);
  } else if (details.inviteCode) await companyOf(db, details.inviteCode);
}

async function referrerOf(db: Executor, referralCode: string): Promise<string> {
  const [inviter] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.referralCode, referralCode.toUpperCase()));
  if (!inviter) throw badRequest(AUTH_MESSAGES.referralCodeInvalid, { inviteCode: AUTH_MESSAGES.referralCodeInvalid });
  return inviter.id;
}

async function companyOf(db: Executor, inviteCode: string) {
  const company = await findCompanyByInviteCode(db, inviteCode);
  if (!company) throw badRequest(AUTH_MESSAGES.inviteCodeInvalid, { inviteCode: AUTH_MESSAGES.inviteCodeInvalid });
  return company;
}

/**
 * Creates the account, its company role and a session (SPEC §4 "Signup roles"), with what other features add to a
 * new account (`accounts.created`: a job seeker's talent profile). Its address is proven: the link reached it.
 */
async function createAccount(
  tx: Executor,
  accounts: AccountLifecycle,
  person: { email: string; name: string; passwordHash: string },
  details: AccountDetails,
  meta: SessionMeta,
): Promise<Extract<SignupResult, { kind: 'created' }>> {
  const proven = { ...person, emailConfirmedAt: new Date() };
  const created = (userId: string, outcome: SignupOutcome) =>
    createSession(tx, userId, meta).then((token) => ({ kind: 'created' as const, userId, token, outcome }));

  if (details.role === 'jobseeker') {
    const invitedByUserId = details.inviteCode ? await referrerOf(tx, details.inviteCode) : null;
    const values = { ...proven, type: 'jobseeker' as const, referralCode: await newReferralCode(tx), invitedByUserId };
    return created(await insertUser(tx, accounts, values), 'jobseeker');
  }
  // Referrers and company HR are both stored as referrers; the company role tells them apart.
  if (details.role === 'companyHR' && details.companyType === 'create') {
    const company = await createCompany(tx, { name: details.companyName! });
    const userId = await insertUser(tx, accounts, { ...proven, type: 'referrer' });
    await addMember(tx, company.id, userId, 'admin');
    return created(userId, 'companyCreated');
  }
  const company = await companyOf(tx, details.inviteCode!);
  const userId = await insertUser(tx, accounts, { ...proven, type: 'referrer' });
  await addMember(tx, company.id, userId, 'member');
  return created(userId, details.role === 'companyHR' ? 'joinedAsHR' : 'joinedAsReferrer');
}

/** A team invitation's sign-up: its link was mailed to the address, so the account is made and signed in at once. */
async function signUpInvited(
  db: Db,
  accounts: AccountLifecycle,
  invitationToken: string,
  name: string,
  email: string,
  passwordHash: string,
  meta: SessionMeta,
): Promise<SignupResult> {
  return inTransaction(db, async (tx) => {
    const invitation = await openInvitation(tx, invitationToken);
    if (!invitation || invitation.email !== email)
      throw badRequest(AUTH_MESSAGES.invitationInvalid, { invitationToken: AUTH_MESSAGES.invitationInvalid });
    // Only the invited mailbox holds the link: saying the address is taken tells nobody else anything.
    if (await emailTaken(tx, email)) throw conflict(AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
    const userId = await insertUser(tx, accounts, {
      email,
      name,
      passwordHash,
      type: 'referrer',
      emailConfirmedAt: new Date(),
    });
    await addMember(tx, invitation.companyId, userId, 'member');
    await tx.update(teamInvitations).set({ acceptedAt: new Date() }).where(eq(teamInvitations.id, invitation.id));
    return { kind: 'created', userId, token: await createSession(tx, userId, meta), outcome: 'joinedAsReferrer' };
  });
}

/** Inserts the user, then runs what other features add to a new account (`accounts.created`). */
async function insertUser(
  tx: Executor,
  accounts: AccountLifecycle,
  values: typeof users.$inferInsert,
): Promise<string> {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
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
