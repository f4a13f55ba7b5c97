// The one way to check who may do what. A route declares who may call it (`config.access`, route-access.ts, which
// checks it with these guards); a rule about one record (its owner, its company, the job's team) is checked where the
// record is loaded, with the record-level guards below (requireCompanyAdmin with the record's company, onJobTeam).
import { COMPANY_MESSAGES } from '@referwell/shared';
import { forbidden, unauthorized } from '../../lib/errors';
import type { AuthContext } from '../sessions/sessions';

/** A signed-in user who belongs to a company (referrer or admin). */
export type CompanyAuth = AuthContext & { company: NonNullable<AuthContext['company']> };

/** Guards for services, which get the request's auth context: visitors 401, the wrong kind of user 403. */
export function requireSignedIn(auth: AuthContext | null, message?: string): AuthContext {
  if (!auth) throw unauthorized(message);
  return auth;
}

export function requireJobseeker(auth: AuthContext | null, message?: string, loggedOutMessage?: string): AuthContext {
  const signedIn = requireSignedIn(auth, loggedOutMessage);
  if (signedIn.user.type !== 'jobseeker') throw forbidden(message);
  return signedIn;
}

export function requireCompanyUser(auth: AuthContext | null, message?: string, loggedOutMessage?: string): CompanyAuth {
  const signedIn = requireSignedIn(auth, loggedOutMessage);
  if (signedIn.user.type !== 'referrer' || !signedIn.company) throw forbidden(message);
  return signedIn as CompanyAuth;
}

/** A referrer account: a company's referrers and admins, and one whose company has removed them. */
export function requireReferrer(auth: AuthContext | null, message?: string, loggedOutMessage?: string): AuthContext {
  const signedIn = requireSignedIn(auth, loggedOutMessage);
  if (signedIn.user.type !== 'referrer') throw forbidden(message);
  return signedIn;
}

export const isCompanyAdminOf = (auth: AuthContext | null, companyId: string) =>
  auth?.company?.id === companyId && auth.company.role === 'companyAdmin';

/**
 * A job's team (SPEC §6): its company's admins and, among the company's other members, the job's creator. They edit
 * the job, see its applicants and track them.
 */
export const onJobTeam = (auth: AuthContext | null, job: { companyId: string; createdBy: string | null }) =>
  auth?.company?.id === job.companyId && (auth.company.role === 'companyAdmin' || job.createdBy === auth.user.id);

/**
 * Who may know a job exists: anyone, once it is posted; only its company's members while it is a draft (SPEC §6).
 * The one visibility rule for a job named by id, wherever a caller names one (its page, applying, a conversation
 * about it, its referrers, its share link, its team's pages): a job the caller may not see answers as one that does
 * not exist (404), and nothing of it (its title) reaches the answer.
 */
export const seesJob = (auth: AuthContext | null, job: { companyId: string; status: string }) =>
  job.status !== 'DRAFT' || auth?.company?.id === job.companyId;

/** Any member of the company (admin or not). Others get 403, visitors 401. */
export function requireCompanyMember(auth: AuthContext | null, companyId: string): CompanyAuth {
  const signedIn = requireSignedIn(auth);
  if (signedIn.company?.id !== companyId) throw forbidden('You are not a member of this company.');
  return signedIn as CompanyAuth;
}

/** An admin of the company. Others get 403 with `message`, visitors 401. */
export function requireCompanyAdmin(
  auth: AuthContext | null,
  companyId: string,
  message: string = COMPANY_MESSAGES.notAdmin,
): CompanyAuth {
  const signedIn = requireSignedIn(auth);
  if (!isCompanyAdminOf(signedIn, companyId)) throw forbidden(message);
  return signedIn as CompanyAuth;
}

/**
 * A member of the company holding the `compliance` permission (issue 36), whatever their role: the only reader of
 * self-identification data. Others get 403, visitors 401.
 */
export function requireCompanyCompliance(auth: AuthContext | null, companyId: string, message?: string): CompanyAuth {
  const signedIn = requireSignedIn(auth);
  if (signedIn.company?.id !== companyId || !signedIn.company.compliance) throw forbidden(message);
  return signedIn as CompanyAuth;
}
