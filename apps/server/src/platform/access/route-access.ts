// Who may call a route, declared on the route itself (`config: { access }`) and checked by one hook before its
// handler: each role rule is written once, here and in guards.ts. A rule about one record (the referral's company,
// the profile's owner, the job's team) stays where the record is loaded, with the record-level guards of guards.ts.
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import { forbidden } from '../../lib/errors';
import { TWO_FACTOR_MESSAGES } from '@referwell/shared';
import type { AuthContext } from '../sessions/sessions';
import { AppError } from '../../lib/errors';
import {
  requireCompanyAdmin,
  requireCompanyCompliance,
  requireCompanyMember,
  requireCompanyUser,
  requireJobseeker,
  requireReferrer,
  requireSignedIn,
  type CompanyAuth,
} from './guards';

export type Role =
  /** Anyone, signed in or not: public pages and data, sign-up and login, links that carry their own token. */
  | 'visitor'
  /** Any signed-in user. */
  | 'signedIn'
  /** A signed-in job seeker. */
  | 'jobseeker'
  /** A referrer account, with a company or (removed from it) without. */
  | 'referrer'
  /** A referrer or admin of any company. */
  | 'companyUser'
  /** A member (admin or not) of the company named by the route's `:companyId`. */
  | 'companyMember'
  /** An admin of the company named by the route's `:companyId`. */
  | 'companyAdmin'
  /** A platform operator: a signed-in user whose e-mail is in PLATFORM_ADMIN_EMAILS (the LEIE list, issue 36). */
  | 'platformAdmin'
  /** A member of the company named by `:companyId` holding the `compliance` permission (self-identification data). */
  | 'companyCompliance';

/**
 * A route's access: a role, or a role with the words of its refusal (`refused`: the 403 message; `signedOut`: the
 * 401 message, where the route's callers are told something more specific than "Please log in").
 */
export type Access = Role | { role: Role; refused?: string; signedOut?: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: every feature route declares it (a route without one stops the start-up). */
    access?: Access;
    /**
     * The route stays open to an admin whose company requires two-factor and who has none yet (setting it up, and
     * what the set-up page reads); every other signed-in route answers 403 TWO_FACTOR_SETUP_REQUIRED (ADR 0035).
     */
    twoFactorSetup?: boolean;
  }
}

/** An admin whose company requires two-factor, without one: refused until it is set up (server-enforced). */
function refuseUntilTwoFactorSetUp(request: FastifyRequest): void {
  if (request.auth?.twoFactorSetupRequired)
    throw new AppError(403, 'TWO_FACTOR_SETUP_REQUIRED', TWO_FACTOR_MESSAGES.setupRequired);
}

/** The check of one declaration: 401 for a visitor where a user is needed, 403 for the wrong user. */
function checkOf(access: Access, platform: PlatformAdmins): ((request: FastifyRequest) => void) | null {
  const { role, refused, signedOut } = typeof access === 'string' ? { role: access } : access;
  switch (role) {
    case 'visitor':
      return null;
    case 'signedIn':
      return (request) => void requireSignedIn(request.auth, signedOut);
    case 'jobseeker':
      return (request) => void requireJobseeker(request.auth, refused, signedOut);
    case 'referrer':
      return (request) => void requireReferrer(request.auth, refused, signedOut);
    case 'companyUser':
      return (request) => void requireCompanyUser(request.auth, refused, signedOut);
    case 'companyMember':
      return (request) => void requireCompanyMember(request.auth, companyIdOf(request));
    case 'companyAdmin':
      return (request) => void requireCompanyAdmin(request.auth, companyIdOf(request), refused);
    case 'platformAdmin':
      return (request) => {
        const signedIn = requireSignedIn(request.auth, signedOut);
        if (!platform.emails.includes(signedIn.user.email.toLowerCase()))
          throw forbidden(refused ?? 'Only the platform’s administrators can do that.');
      };
    case 'companyCompliance':
      return (request) => void requireCompanyCompliance(request.auth, companyIdOf(request), refused);
  }
}

function companyIdOf(request: FastifyRequest): string {
  const { companyId } = (request.params ?? {}) as { companyId?: string };
  if (!companyId) throw new Error(`${request.routeOptions.url} declares a company role but has no :companyId`);
  return companyId;
}

/** The platform's operators (PLATFORM_ADMIN_EMAILS, lowercased): the `platformAdmin` role. */
export interface PlatformAdmins {
  emails: readonly string[];
}

/**
 * Makes every route registered on `app` from now on (in any plugin under it) declare its access, and checks it before
 * the route's own preHandlers, after its schema has validated the request (so bad input is still a 400, as before).
 * A route without a declaration throws here, stopping the start-up (and the test that builds the app).
 */
export function requireRouteAccess(app: FastifyInstance, platform: PlatformAdmins = { emails: [] }): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    if (!access) {
      throw new Error(
        `${String(route.method)} ${route.url} declares no access: add config: { access } (platform/access/route-access.ts)`,
      );
    }
    const check = checkOf(access, platform);
    if (!check) return;
    const setupOpen = route.config?.twoFactorSetup === true;
    const hook: preHandlerAsyncHookHandler = async (request) => {
      check(request);
      if (!setupOpen) refuseUntilTwoFactorSetUp(request);
    };
    const own = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [hook, ...own];
  });
}

/** The signed-in user of a route whose access needs one (checked before the handler runs): for its handler. */
export function authOf(request: FastifyRequest): AuthContext {
  return requireSignedIn(request.auth);
}

/** The company user of a route whose access needs one (checked before the handler runs): for its handler. */
export function companyAuthOf(request: FastifyRequest): CompanyAuth {
  return requireCompanyUser(request.auth);
}
