// Two-factor authentication (ADR 0035): a TOTP secret per account (RFC 6238, the authenticator apps' algorithm:
// SHA-1, 6 digits, 30 s), sealed at rest, and ten one-time recovery codes stored hashed. Every code tried is counted by
// the house rate limiter, per account and per address; enabling, disabling, failures and recovery codes are audited in
// the account's company log.
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Secret } from 'otpauth';
import {
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_MESSAGES,
  type AuditAction,
  type RecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { inTransaction, type Executor, type Tx } from '../../db/repository';
import { companies, companyMembers, passkeys, twoFactor, twoFactorRecoveryCodes } from '../../db/schema';
import { AppError, conflict } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limit';
import type { Secrets } from '../../lib/secrets';
import { hashToken, randomCode } from '../../lib/tokens';
import { recordAudit } from '../../platform/audit/service';
import { sealedContext } from '../../lib/sealed-columns';

export const TWO_FACTOR_LIMITS = {
  /** Codes tried for one account, from anywhere: 5 wrong codes in 15 minutes and it waits (a 6-digit code has 10⁶). */
  perAccount: { max: 5, windowSeconds: 15 * 60 },
  perIp: { max: 30, windowSeconds: 15 * 60 },
} as const;

const ISSUER = 'Referwell';
const PERIOD_SECONDS = 30;
/** One step either side: a phone clock off by up to 30 seconds still works (RFC 6238 §5.2). */
const WINDOW = 1;

/**
 * The TOTP and QR libraries load with the first two-factor step, not with the server: most processes never need them
 * (~12 MB of resident memory between them).
 */
const otpauth = () => import('otpauth');

const totpOf = async (secret: Secret, label: string) => {
  const { TOTP } = await otpauth();
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret });
};

/** A recovery code as shown: 10 characters in two groups (xxxxx-xxxxx), case and dashes ignored when typed. */
const newRecoveryCode = () => {
  const code = randomCode(10).toLowerCase();
  return `${code.slice(0, 5)}-${code.slice(5)}`;
};
const recoveryHash = (code: string) => hashToken(`recovery:${code.toLowerCase().replace(/[^a-z0-9]/g, '')}`);

/** Whether the account has a second factor turned on (the login asks for it). */
export async function hasTwoFactor(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactor.userId })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)));
  return !!row;
}

/**
 * Whether the account has a passkey. A passkey signs in with both factors (user verification, ADR 0040), so it counts
 * as a second-factor enrolment for "require two-factor for admins", beside the authenticator app.
 */
export async function hasPasskey(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return !!row;
}

/** Whether the account is an admin of a company that requires two-factor of its admins. */
export async function requiredFor(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ required: companies.requireTwoFactorForAdmins })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(and(eq(companyMembers.userId, userId), eq(companyMembers.role, 'admin')));
  return row?.required ?? false;
}

export async function twoFactorStatus(db: Db, userId: string): Promise<TwoFactorStatus> {
  const [codes] = await db
    .select({ left: sql<number>`cast(count(*) as int)` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return {
    enabled: await hasTwoFactor(db, userId),
    recoveryCodesLeft: codes?.left ?? 0,
    required: await requiredFor(db, userId),
    hasPasskey: await hasPasskey(db, userId),
  };
}

/** Audits an account's sign-in factor event in its company log (an account without a company has no log). */
export async function auditAccountEvent(tx: Tx, userId: string, action: AuditAction, after?: Record<string, unknown>) {
  const [member] = await tx
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId));
  if (!member) return;
  await recordAudit(tx, {
    companyId: member.companyId,
    actorId: userId,
    action,
    subject: { type: 'user', id: userId, userId },
    after: after ?? null,
  });
}

/**
 * Starts (or restarts) setting up: a new secret, waiting for its first code. Refused while a second factor is on
 * (turning it off first needs a code).
 */
export async function startTwoFactorSetup(
  db: Db,
  secrets: Secrets,
  user: { id: string; email: string },
): Promise<TwoFactorSetup> {
  if (await hasTwoFactor(db, user.id)) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
  const { Secret } = await otpauth();
  const secret = new Secret({ size: 20 });
  const totpSealed = secrets.seal(secret.base32, sealedContext.totp(user.id));
  await db
    .insert(twoFactor)
    .values({ userId: user.id, totpSealed })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { totpSealed, enabledAt: null, lastUsedStep: null } });
  const uri = (await totpOf(secret, user.email)).toString();
  const { default: QRCode } = await import('qrcode');
  return { secret: secret.base32, uri, qrSvg: await QRCode.toString(uri, { type: 'svg', margin: 1 }) };
}

/** Counts a code tried for the account (and from the address); 429 past the limits. */
async function countAttempt(limiter: RateLimiter, userId: string, ip: string) {
  await limiter.consume({
    key: `two-factor:ip:${ip}`,
    ...TWO_FACTOR_LIMITS.perIp,
    message: TWO_FACTOR_MESSAGES.throttled,
  });
  await limiter.consume({
    key: `two-factor:account:${userId}`,
    ...TWO_FACTOR_LIMITS.perAccount,
    message: TWO_FACTOR_MESSAGES.throttled,
  });
}

/**
 * Checks a TOTP code against the account's secret (enabled or waiting for its first code): the time step it matched,
 * or null. A step at or before the last one accepted is refused: a code works once.
 */
async function matchTotp(tx: Tx, secrets: Secrets, userId: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const [row] = await tx
    .select({ sealed: twoFactor.totpSealed, lastUsedStep: twoFactor.lastUsedStep })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .for('update');
  if (!row) return false;
  const { Secret } = await otpauth();
  const secret = Secret.fromBase32(secrets.open(row.sealed, sealedContext.totp(userId)));
  const now = Date.now();
  const delta = (await totpOf(secret, '')).validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return false;
  const step = Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
  if (row.lastUsedStep !== null && step <= row.lastUsedStep) return false;
  await tx.update(twoFactor).set({ lastUsedStep: step }).where(eq(twoFactor.userId, userId));
  return true;
}

/** Uses up a recovery code: true when it was one of the account's, unused. */
async function useRecoveryCode(tx: Tx, userId: string, code: string): Promise<boolean> {
  const used = await tx
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, recoveryHash(code)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ userId: twoFactorRecoveryCodes.userId });
  return used.length > 0;
}

export interface CodeAttempt {
  limiter: RateLimiter;
  ip: string;
  /** Recovery codes count (not while setting up: none exist yet). */
  allowRecovery: boolean;
}

/**
 * Checks a code of the account's second factor, counted by the limiter; a wrong code is audited and answered 400.
 * `work` runs in the transaction that accepted the code (a TOTP step or recovery code is used only with it).
 */
export async function withSecondFactor<T>(
  db: Db,
  secrets: Secrets,
  userId: string,
  code: string,
  attempt: CodeAttempt,
  work: (tx: Tx, how: 'totp' | 'recovery') => Promise<T>,
): Promise<T> {
  await countAttempt(attempt.limiter, userId, attempt.ip);
  const result = await inTransaction(db, async (tx) => {
    const how = (await matchTotp(tx, secrets, userId, code))
      ? 'totp'
      : attempt.allowRecovery && (await useRecoveryCode(tx, userId, code))
        ? 'recovery'
        : null;
    if (!how) return { ok: false as const };
    if (how === 'recovery') await auditAccountEvent(tx, userId, 'two_factor.recovery_code_used');
    return { ok: true as const, value: await work(tx, how) };
  });
  if (!result.ok) {
    await inTransaction(db, (tx) => auditAccountEvent(tx, userId, 'two_factor.failed'));
    throw new AppError(400, 'TWO_FACTOR_INVALID', TWO_FACTOR_MESSAGES.codeInvalid, {
      code: TWO_FACTOR_MESSAGES.codeInvalid,
    });
  }
  await attempt.limiter.reset(`two-factor:account:${userId}`);
  return result.value;
}

async function replaceRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.insert(twoFactorRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryHash(code) })));
  return codes;
}

/** Turns the second factor on with the first code from the app: the recovery codes, shown this once. */
export async function enableTwoFactor(
  db: Db,
  secrets: Secrets,
  userId: string,
  code: string,
  attempt: Omit<CodeAttempt, 'allowRecovery'>,
): Promise<RecoveryCodes> {
  const [row] = await db.select({ enabledAt: twoFactor.enabledAt }).from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!row) throw conflict(TWO_FACTOR_MESSAGES.setupFirst);
  if (row.enabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
  return withSecondFactor(db, secrets, userId, code, { ...attempt, allowRecovery: false }, async (tx) => {
    await tx.update(twoFactor).set({ enabledAt: new Date() }).where(eq(twoFactor.userId, userId));
    await auditAccountEvent(tx, userId, 'two_factor.enabled', { method: 'totp' });
    return { recoveryCodes: await replaceRecoveryCodes(tx, userId) };
  });
}

/**
 * Turns the second factor off with a code. Refused while the company requires two-factor of this admin and the app is
 * their only second factor: with a passkey they stay enrolled.
 */
export async function disableTwoFactor(
  db: Db,
  secrets: Secrets,
  userId: string,
  code: string,
  attempt: Omit<CodeAttempt, 'allowRecovery'>,
): Promise<void> {
  if (!(await hasTwoFactor(db, userId))) throw conflict(TWO_FACTOR_MESSAGES.notEnabled);
  if ((await requiredFor(db, userId)) && !(await hasPasskey(db, userId)))
    throw conflict(TWO_FACTOR_MESSAGES.requiredByCompany);
  await withSecondFactor(db, secrets, userId, code, { ...attempt, allowRecovery: true }, async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    await auditAccountEvent(tx, userId, 'two_factor.disabled');
  });
}

/** New recovery codes (the old ones stop working), for a code of the second factor. */
export async function regenerateRecoveryCodes(
  db: Db,
  secrets: Secrets,
  userId: string,
  code: string,
  attempt: Omit<CodeAttempt, 'allowRecovery'>,
): Promise<RecoveryCodes> {
  if (!(await hasTwoFactor(db, userId))) throw conflict(TWO_FACTOR_MESSAGES.notEnabled);
  return withSecondFactor(db, secrets, userId, code, { ...attempt, allowRecovery: true }, async (tx) => {
    await auditAccountEvent(tx, userId, 'two_factor.recovery_codes_regenerated');
    return { recoveryCodes: await replaceRecoveryCodes(tx, userId) };
  });
}

/** The company's two-factor policy. */
export async function companySecurity(db: Db, companyId: string) {
  const [row] = await db
    .select({ requireTwoFactorForAdmins: companies.requireTwoFactorForAdmins })
    .from(companies)
    .where(eq(companies.id, companyId));
  return { requireTwoFactorForAdmins: row?.requireTwoFactorForAdmins ?? false };
}

/** Sets the company's two-factor policy, audited. */
export async function setCompanySecurity(
  db: Db,
  companyId: string,
  actorId: string,
  input: { requireTwoFactorForAdmins: boolean },
) {
  await inTransaction(db, async (tx) => {
    const [before] = await tx
      .select({ requireTwoFactorForAdmins: companies.requireTwoFactorForAdmins })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
    if (!before || before.requireTwoFactorForAdmins === input.requireTwoFactorForAdmins) return;
    await tx
      .update(companies)
      .set({ requireTwoFactorForAdmins: input.requireTwoFactorForAdmins, updatedAt: new Date() })
      .where(eq(companies.id, companyId));
    await recordAudit(tx, {
      companyId,
      actorId,
      action: 'company.two_factor_policy_changed',
      subject: { type: 'company', id: companyId },
      before,
      after: input,
    });
  });
  return companySecurity(db, companyId);
}
