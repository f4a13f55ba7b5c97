// Role guards for services, which get the request's auth context (lib/auth.ts has the request-level ones).
import { forbidden, unauthorized } from '../../lib/errors';
import type { AuthContext } from './sessions';

/** A signed-in user who belongs to a company (referrer or admin). */
export type CompanyAuth = AuthContext & { company: NonNullable<AuthContext['company']> };

/** Guards for services, which get the request's auth context: visitors 401, the wrong kind of user 403. */
export function requireSignedIn(auth: AuthContext | null, message?: string): AuthContext {
  if (!auth) throw unauthorized(message);
  return auth;
}

export function requireJobseeker(auth: AuthContext | null, message: string): AuthContext {
  const signedIn = requireSignedIn(auth);
  if (signedIn.user.type !== 'jobseeker') throw forbidden(message);
  return signedIn;
}

export function requireCompanyUser(auth: AuthContext | null, message: string, loggedOutMessage?: string): CompanyAuth {
  const signedIn = requireSignedIn(auth, loggedOutMessage);
  if (signedIn.user.type !== 'referrer' || !signedIn.company) throw forbidden(message);
  return signedIn as CompanyAuth;
}
