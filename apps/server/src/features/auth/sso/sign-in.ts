// Where an address signs in (issue 34): the identity provider of the company holding its domain verified, when that
// company has single sign-on on; and whether that company turned password sign-in off ("require SSO"). Single sign-on
// is an Enterprise capability (`sso_scim`): while the company's plan does not include it (lapsed, unpaid), its people
// sign in with their password, "require SSO" included, and are told why.
import { and, eq, isNotNull } from 'drizzle-orm';
import { SSO_MESSAGES } from '@referwell/shared';
import type { Executor } from '../../../db/repository';
import { ssoConnections, ssoDomains } from '../../../db/schema';
import { emailDomainOf } from '../../../lib/email-domain';
import { hasCapability } from '../../../platform/plans/capability';
import type { ConnectionRow } from './connection';
import { startOidc, type OidcDeps } from './oidc';
import { startSaml } from './saml';

/** The enabled connection of the company that holds the address's domain verified, whatever its plan. */
async function enabledConnectionForEmail(db: Executor, email: string): Promise<ConnectionRow | null> {
  const [row] = await db
    .select({ connection: ssoConnections })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.companyId, ssoDomains.companyId))
    .where(
      and(
        eq(ssoDomains.domain, emailDomainOf(email)),
        isNotNull(ssoDomains.verifiedAt),
        eq(ssoConnections.enabled, true),
      ),
    );
  return row?.connection ?? null;
}

/** Whether the company's plan lets its people sign in through its identity provider now (always, without billing). */
export const ssoSignInAllowed = (db: Executor, billing: boolean, companyId: string) =>
  hasCapability(db, billing, companyId, 'sso_scim');

/** The connection the address signs in with: enabled, on a verified domain, and on a plan that includes it. */
export async function connectionForEmail(db: Executor, billing: boolean, email: string): Promise<ConnectionRow | null> {
  const connection = await enabledConnectionForEmail(db, email);
  return connection && (await ssoSignInAllowed(db, billing, connection.companyId)) ? connection : null;
}

/**
 * Whether the address's company requires single sign-on: password sign-in and reset are refused for it. Never while
 * its plan does not include single sign-on, so that nobody is locked out by a lapsed plan.
 */
export async function ssoRequiredFor(db: Executor, billing: boolean, email: string): Promise<boolean> {
  return (await connectionForEmail(db, billing, email))?.requireSso ?? false;
}

/**
 * The identity provider's sign-in page for the address, with the attempt remembered; null when the address signs
 * in with a password (no verified domain, or single sign-on off), with the reason when its company's plan paused it.
 */
export async function startSignIn(
  deps: OidcDeps & { billing: boolean },
  email: string,
  returnTo: string | null,
): Promise<{ redirectUrl: string | null; notice: string | null }> {
  const connection = await enabledConnectionForEmail(deps.db, email);
  if (!connection) return { redirectUrl: null, notice: null };
  if (!(await ssoSignInAllowed(deps.db, deps.billing, connection.companyId)))
    return { redirectUrl: null, notice: SSO_MESSAGES.ssoPaused };
  const redirectUrl =
    connection.protocol === 'oidc'
      ? await startOidc(deps, connection, email, returnTo)
      : await startSaml(deps.db, deps.publicUrl, connection, returnTo);
  return { redirectUrl, notice: null };
}
