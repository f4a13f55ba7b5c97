// Passkeys (WebAuthn, issue 34; ADR 0040): an account registers discoverable credentials on its devices and signs in
// with one instead of a password and code. Ceremonies are verified by @simplewebauthn/server; each challenge is made
// here, kept server-side, answered once and expires. The relying party is the app's public URL.
import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import {
  PASSKEY_CHALLENGE_MINUTES,
  PASSKEY_MESSAGES,
  PASSKEYS_PER_ACCOUNT,
  SSO_MESSAGES,
  type Passkey,
  type PasskeyList,
  type PasskeyRegisterRequest,
  type PasskeySignInRequest,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { inTransaction, isUniqueViolation, type Executor } from '../../db/repository';
import { passkeyChallenges, passkeys, users } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limit';
import type { Secrets } from '../../lib/secrets';
import { auditAccountEvent, hasTwoFactor, requiredFor, withSecondFactor } from './two-factor';
import { AUTH_LIMITS } from './service';
import { ssoRequiredFor } from './sso/sign-in';

/** The relying party: its id (a domain: WebAuthn refuses IP addresses) and the one origin its pages are served from. */
export interface RelyingParty {
  rpID: string;
  origin: string;
  rpName: string;
}

/**
 * The relying party of a public URL (WebAuthn L3 §5.1.3 step 8, §13.4.9): its host name and origin. A loopback IP
 * (development, the browser tests) is not a valid RP ID, so there the passkey pages are reached as `localhost` on
 * the same port.
 */
export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  if (url.hostname === '127.0.0.1' || url.hostname === '[::1]') url.hostname = 'localhost';
  return { rpID: url.hostname, origin: url.origin, rpName: 'Referwell' };
}

/**
 * The WebAuthn library loads with the first passkey step, not with the server (as the other sign-in libraries: most
 * processes never need it; its ASN.1 and X.509 dependencies are large).
 */
const webauthn = () => import('@simplewebauthn/server');

/** COSE algorithms accepted: ES256 (every platform authenticator), EdDSA, RS256 (Windows Hello). */
const ALGORITHMS = [-7, -8, -257];

/** The WebAuthn user handle of an account: its id's 16 bytes (opaque, no personal data; L3 §14.6.1). */
const userHandleOf = (userId: string) => Buffer.from(userId.replace(/-/g, ''), 'hex');

const expiry = () => new Date(Date.now() + PASSKEY_CHALLENGE_MINUTES * 60_000);

export interface PasskeyAttempt {
  limiter: RateLimiter;
  ip: string;
}

/** Takes a challenge (once): whether it was handed out for this purpose (and account) and has not expired. */
async function takeChallenge(db: Executor, challenge: string, purpose: 'register' | 'sign_in', userId: string | null) {
  const taken = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        userId ? eq(passkeyChallenges.userId, userId) : sql`${passkeyChallenges.userId} is null`,
        gt(passkeyChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  return taken.length > 0;
}

const toPasskey = (row: typeof passkeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backedUp,
});

/** The account's passkeys, oldest first (never key material), and whether changing them asks for a code. */
export async function listPasskeys(db: Db, userId: string): Promise<PasskeyList> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
  return { passkeys: rows.map(toPasskey), codeNeeded: await hasTwoFactor(db, userId) };
}

/**
 * Changing an account's passkeys needs what changing its second factor needs (ADR 0035): while two-factor is on, a
 * code of it (counted, audited when wrong); otherwise the signed-in session.
 */
async function withChangeAllowed<T>(
  db: Db,
  secrets: Secrets,
  userId: string,
  code: string | undefined,
  attempt: PasskeyAttempt,
  work: () => Promise<T>,
): Promise<T> {
  if (!(await hasTwoFactor(db, userId))) return work();
  if (!code)
    throw new AppError(400, 'TWO_FACTOR_CODE_NEEDED', PASSKEY_MESSAGES.codeNeeded, {
      code: PASSKEY_MESSAGES.codeNeeded,
    });
  await withSecondFactor(db, secrets, userId, code, { ...attempt, allowRecovery: true }, async () => undefined);
  return work();
}

/** Options for navigator.credentials.create(): a discoverable credential with user verification. */
export async function startPasskeyRegistration(
  db: Db,
  secrets: Secrets,
  rp: RelyingParty,
  user: { id: string; email: string; name: string },
  code: string | undefined,
  attempt: PasskeyAttempt,
) {
  const existing = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  if (existing.length >= PASSKEYS_PER_ACCOUNT) throw conflict(PASSKEY_MESSAGES.tooMany);
  return withChangeAllowed(db, secrets, user.id, code, attempt, async () => {
    const { generateRegistrationOptions } = await webauthn();
    const options = await generateRegistrationOptions({
      rpName: rp.rpName,
      rpID: rp.rpID,
      userName: user.email,
      userID: userHandleOf(user.id),
      userDisplayName: user.name,
      timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      supportedAlgorithmIDs: ALGORITHMS,
    });
    await db
      .insert(passkeyChallenges)
      .values({ challenge: options.challenge, purpose: 'register', userId: user.id, expiresAt: expiry() });
    return options;
  });
}

/** Verifies the browser's answer to the registration options and keeps the new passkey; audited. */
export async function finishPasskeyRegistration(
  db: Db,
  rp: RelyingParty,
  userId: string,
  input: PasskeyRegisterRequest,
): Promise<Passkey> {
  const refused = () => new AppError(400, 'PASSKEY_INVALID', PASSKEY_MESSAGES.registrationFailed);
  const { verifyRegistrationResponse } = await webauthn();
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: { ...input.response, clientExtensionResults: input.response.clientExtensionResults ?? {} },
      expectedChallenge: (challenge) => takeChallenge(db, challenge, 'register', userId),
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch {
    throw refused();
  }
  if (!verification.verified) throw refused();
  const { credential, credentialBackedUp } = verification.registrationInfo;
  try {
    return await inTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(passkeys)
        .values({
          userId,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? [],
          backedUp: credentialBackedUp,
          name: input.name ?? PASSKEY_MESSAGES.defaultName,
        })
        .returning();
      await auditAccountEvent(tx, userId, 'passkey.added', { passkeyId: row!.id });
      return toPasskey(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PASSKEY_MESSAGES.alreadyRegistered);
    throw error;
  }
}

export async function renamePasskey(db: Db, userId: string, passkeyId: string, name: string): Promise<Passkey> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw notFound(PASSKEY_MESSAGES.notFound);
  return toPasskey(row);
}

/** Removes one of the account's passkeys (a code while two-factor is on); audited. */
export async function removePasskey(
  db: Db,
  secrets: Secrets,
  userId: string,
  passkeyId: string,
  code: string | undefined,
  attempt: PasskeyAttempt,
): Promise<void> {
  const [own] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)));
  if (!own) throw notFound(PASSKEY_MESSAGES.notFound);
  await withChangeAllowed(db, secrets, userId, code, attempt, () =>
    inTransaction(db, async (tx) => {
      // The last passkey of an admin who must have two-factor and has no authenticator app stays (ADR 0040).
      if ((await requiredFor(tx, userId)) && !(await hasTwoFactor(tx, userId))) {
        // Locks the account's passkeys, so two removals at once cannot both leave the other one as the last.
        const held = await tx
          .select({ id: passkeys.id })
          .from(passkeys)
          .where(eq(passkeys.userId, userId))
          .for('update');
        if (!held.some((row) => row.id !== passkeyId)) throw conflict(PASSKEY_MESSAGES.lastRequired);
      }
      await tx.delete(passkeys).where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)));
      await auditAccountEvent(tx, userId, 'passkey.removed', { passkeyId });
    }),
  );
}

/** Counts a passkey sign-in step against the address's login budget (the password login's bucket). */
const countSignInAttempt = (attempt: PasskeyAttempt) =>
  attempt.limiter.consume({
    key: `login:ip:${attempt.ip}`,
    ...AUTH_LIMITS.loginPerIp,
    message: PASSKEY_MESSAGES.throttled,
  });

/** Options for navigator.credentials.get() with no account named: the authenticator offers its passkeys for us. */
export async function startPasskeySignIn(db: Db, rp: RelyingParty, attempt: PasskeyAttempt) {
  await countSignInAttempt(attempt);
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
  });
  await db
    .insert(passkeyChallenges)
    .values({ challenge: options.challenge, purpose: 'sign_in', userId: null, expiresAt: expiry() });
  return options;
}

/**
 * Verifies a passkey sign-in: the challenge handed out (once, not expired), origin and RP ID, the signature by the
 * stored public key, user verification, and a signature counter that moved forward. The account whose passkey it is,
 * whose session the caller starts: a passkey with user verification is both factors (possession and a fingerprint,
 * face or PIN; NIST SP 800-63B §5.1.8 multi-factor cryptographic authenticator), so no TOTP code is asked.
 */
export async function finishPasskeySignIn(
  db: Db,
  rp: RelyingParty,
  input: PasskeySignInRequest,
  attempt: PasskeyAttempt,
  /** Billing is configured: "Require SSO" holds only while the company's plan has SSO (ADR 0036). */
  billing: boolean,
): Promise<string> {
  await countSignInAttempt(attempt);
  const { response } = input;
  const [found] = await db
    .select({ passkey: passkeys, email: users.email })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(and(eq(passkeys.credentialId, response.id), sql`${users.deletedAt} is null`));
  if (!found) throw new AppError(401, 'PASSKEY_UNKNOWN', PASSKEY_MESSAGES.unknownPasskey);
  const { passkey } = found;

  const refuse = async (reason: string) => {
    await inTransaction(db, (tx) =>
      auditAccountEvent(tx, passkey.userId, 'passkey.refused', { passkeyId: passkey.id, reason }),
    );
    return new AppError(401, 'PASSKEY_INVALID', PASSKEY_MESSAGES.signInFailed);
  };
  if (
    response.response.userHandle &&
    response.response.userHandle !== userHandleOf(passkey.userId).toString('base64url')
  )
    throw await refuse('user handle');

  const { verifyAuthenticationResponse } = await webauthn();
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: { ...response, clientExtensionResults: response.clientExtensionResults ?? {} },
      expectedChallenge: (challenge) => takeChallenge(db, challenge, 'sign_in', null),
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports,
      },
    });
  } catch (error) {
    throw await refuse(error instanceof Error ? error.message.slice(0, 120) : 'invalid');
  }
  if (!verification.verified) throw await refuse('invalid');
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;

  // The address's company signs its people in with its identity provider only: a passkey does not get around it.
  if (await ssoRequiredFor(db, billing, found.email)) throw new AppError(403, 'SSO_REQUIRED', SSO_MESSAGES.ssoRequired);

  // The counter moves forward in the same statement that reads it: two sign-ins racing with one count, or a cloned
  // authenticator replaying an older one, cannot both pass (WebAuthn L3 §6.1.1).
  const moved = await inTransaction(db, async (tx) => {
    const updated = await tx
      .update(passkeys)
      .set({ counter: newCounter, backedUp: credentialBackedUp, lastUsedAt: new Date() })
      .where(
        and(
          eq(passkeys.id, passkey.id),
          or(sql`${passkeys.counter} < ${newCounter}`, and(eq(passkeys.counter, 0), sql`${newCounter} = 0`)),
        ),
      )
      .returning({ id: passkeys.id });
    if (updated.length === 0) return false;
    await auditAccountEvent(tx, passkey.userId, 'passkey.signed_in', { passkeyId: passkey.id });
    return true;
  });
  if (!moved) throw await refuse('counter');
  return passkey.userId;
}
