// Logging in, and the limits of the auth routes.
import { AUTH_FORM_ERRORS, AUTH_MESSAGES, SSO_MESSAGES } from '@referwell/shared';
import type { Db } from '../../db/client';
import { lowerEq } from '../../db/repository';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limit';
import { verifyPassword } from '../../platform/accounts/password';
import { createSession, type SessionMeta } from '../../platform/sessions/sessions';
import type { AccountLifecycle } from '../../platform/accounts/lifecycle';
import { normaliseEmail } from './accounts';
import { hasPasskey, hasTwoFactor, requiredFor } from './two-factor';
import { ssoRequiredFor } from './sso/sign-in';

/** Rate limits (fixed windows, shared by all server processes through the database). */
export const AUTH_LIMITS = {
  loginPerIp: { max: 30, windowSeconds: 15 * 60 },
  /** Wrong passwords for one account from one address: that address is refused (OWASP: throttle the pair). */
  loginPerAccountAndIp: { max: 10, windowSeconds: 15 * 60 },
  /**
   * Guesses at one account from anywhere (issue 40, findings 3 and 10). Every attempt is counted before its password
   * is checked (a success takes its count back), so a burst cannot slip through before its failures are written.
   * Past `freeFailures` in the window, attempts take turns: one password check per `intervalMs` for the account,
   * across every address and process, none waiting more than `maxWaitMs` (refused 429 beyond). Past `budget`, the
   * account refuses log-ins until the window ends, except from a browser that logged in to it before or completed a
   * password reset for it (the signed `rw_device` cookie): its owner is never locked out, and a reset cannot be
   * blocked (one mail per address per `resetMailIntervalSeconds`, answered the same way every time).
   */
  loginAccount: { freeFailures: 10, intervalMs: 1_000, maxWaitMs: 3_000, budget: 30, windowSeconds: 15 * 60 },
  resetPerIp: { max: 10, windowSeconds: 60 * 60 },
  /** At most one reset mail per address in this time; further requests answer the same and send nothing. */
  resetMailIntervalSeconds: 5 * 60,
  signupPerIp: { max: 20, windowSeconds: 60 * 60 },
  /** Following sign-up links (each asks for the password chosen at sign-up). */
  signupConfirmPerIp: { max: 20, windowSeconds: 60 * 60 },
  inviteCodePerIp: { max: 10, windowSeconds: 60 * 60 },
} as const;

/**
 * Checks e-mail and password. Unknown e-mail and wrong password take the same path, the same
 * time (a dummy hash is verified) and give the same answer. `trusted`: the browser proved earlier that it belongs to
 * the account's owner (knownDevice), which lifts the per-account turns and budget (never the per-address limits).
 * `billing`: a payment provider is configured (the plan decides whether "require SSO" holds).
 */
export async function login(
  db: Db,
  limiter: RateLimiter,
  accounts: AccountLifecycle,
  email: string,
  password: string,
  meta: SessionMeta & { ip: string; scale: number; knownDevice: (userId: string) => boolean; billing: boolean },
) {
  const normalised = normaliseEmail(email);
  await limiter.consume({ key: `login:ip:${meta.ip}`, ...AUTH_LIMITS.loginPerIp, message: 'Too many login attempts.' });
  const pairKey = `login:account-ip:${normalised}:${meta.ip}`;
  await limiter.consume({
    key: pairKey,
    ...AUTH_LIMITS.loginPerAccountAndIp,
    message: 'Too many login attempts for this account.',
  });
  // The address's company signs its people in with its identity provider only (issue 34): no password is checked.
  if (await ssoRequiredFor(db, meta.billing, normalised))
    throw new AppError(403, 'SSO_REQUIRED', SSO_MESSAGES.ssoRequired);
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(lowerEq(users.email, normalised));
  const trusted = !!user && meta.knownDevice(user.id);

  const attemptsKey = accountAttemptsKey(normalised);
  if (!trusted) await awaitAccountTurn(limiter, normalised, meta.scale);
  else await limiter.record({ key: attemptsKey, windowSeconds: AUTH_LIMITS.loginAccount.windowSeconds });

  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) throw new AppError(401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);

  await limiter.forgive(attemptsKey);
  await limiter.reset(pairKey);
  // The password was right; an account with a second factor gets its session only once a code is accepted.
  if (await hasTwoFactor(db, user.id)) return { userId: user.id, token: null, notices: [] };
  // An admin whose company requires two-factor and whose second factor is a passkey: the password alone is one
  // factor, so they sign in with the passkey (ADR 0040).
  if ((await requiredFor(db, user.id)) && (await hasPasskey(db, user.id)))
    throw new AppError(403, 'PASSKEY_REQUIRED', AUTH_FORM_ERRORS['passkey-required']);
  return { userId: user.id, ...(await finishLogin(db, accounts, user.id, meta)) };
}

/** Starts the session of a login whose factors are all checked, running what features do on a login. */
export async function finishLogin(db: Db, accounts: AccountLifecycle, userId: string, meta: SessionMeta) {
  const notices = await accounts.loggedIn(db, userId);
  return { token: await createSession(db, userId, meta), notices };
}

/** The bucket of log-in attempts at one address's account, from anywhere (AUTH_LIMITS.loginAccount). */
export const accountAttemptsKey = (normalisedEmail: string) => `login:account:${normalisedEmail}`;

/**
 * Counts an attempt at the account (any address, any process) and waits for its turn when guesses pile up; throws 429
 * past the account's budget or when its turn is too far away. The same for an address that has no account.
 */
async function awaitAccountTurn(limiter: RateLimiter, normalised: string, scale: number): Promise<void> {
  const policy = AUTH_LIMITS.loginAccount;
  const { hits, remainingSeconds } = await limiter.record({
    key: accountAttemptsKey(normalised),
    windowSeconds: policy.windowSeconds,
  });
  if (hits > policy.budget * scale) {
    const error = new AppError(429, 'RATE_LIMITED', AUTH_MESSAGES.accountThrottled);
    error.retryAfterSeconds = remainingSeconds;
    throw error;
  }
  if (hits <= policy.freeFailures * scale) return;
  const wait = await limiter.takeTurn({
    key: `login:turn:${normalised}`,
    intervalMs: policy.intervalMs / scale,
    maxWaitMs: policy.maxWaitMs,
  });
  if (wait === null) {
    const error = new AppError(
      429,
      'RATE_LIMITED',
      `Too many login attempts for this account. Please wait ${Math.ceil(policy.maxWaitMs / 1000)} seconds and try again.`,
    );
    error.retryAfterSeconds = Math.ceil(policy.maxWaitMs / 1000);
    throw error;
  }
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
