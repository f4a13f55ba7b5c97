import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_POLICY_MESSAGES, passwordProblem } from '@referwell/shared';
import { isBreachedPassword } from '@referwell/shared/rules/breached-passwords';
import { badRequest } from '../../lib/errors';

// @node-rs/argon2's Algorithm is a const enum; Argon2id is 2.
const ARGON2ID = 2;

/** argon2id at the OWASP baseline: 19 MiB memory, 2 iterations, 1 lane. */
export const PASSWORD_HASH_PARAMS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_PARAMS);
}

// Verified against when the e-mail is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;

/** `verifier` is argon2's verify; a test passes a counting wrapper around it. */
export async function verifyPassword(
  storedHash: string | undefined,
  password: string,
  verifier: typeof verify = verify,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('referwell-timing-equaliser');
    await verifier(await dummyHash, password).catch(() => false);
    return false;
  }
  return verifier(storedHash, password).catch(() => false);
}

/**
 * The server's password rule: the shared rule (length, trivial and common passwords, the e-mail) plus the
 * breached-password list, which is too large to ship to browsers.
 */
export function assertAcceptablePassword(password: string, email: string | undefined, field: string): void {
  const problem =
    passwordProblem(password, email) ?? (isBreachedPassword(password) ? PASSWORD_POLICY_MESSAGES.tooCommon : null);
  if (problem) throw badRequest(problem, { [field]: problem });
}
