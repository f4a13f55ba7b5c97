// Where an address signs in (issue 34): the identity provider of the company holding its domain verified, when that
// company has single sign-on on; and whether that company turned password sign-in off ("require SSO").
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../../db/repository';
import { ssoConnections, ssoDomains } from '../../../db/schema';
import type { ConnectionRow } from './connection';
import { startOidc, type OidcDeps } from './oidc';
import { startSaml } from './saml';

const domainOf = (email: string) =>
  email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();

/** The enabled connection of the company that holds the address's domain verified, if any. */
export async function connectionForEmail(db: Executor, email: string): Promise<ConnectionRow | null> {
  const [row] = await db
    .select({ connection: ssoConnections })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.companyId, ssoDomains.companyId))
    .where(
      and(eq(ssoDomains.domain, domainOf(email)), isNotNull(ssoDomains.verifiedAt), eq(ssoConnections.enabled, true)),
    );
  return row?.connection ?? null;
}

/** Whether the address's company requires single sign-on: password sign-in and reset are refused for it. */
export async function ssoRequiredFor(db: Executor, email: string): Promise<boolean> {
  return (await connectionForEmail(db, email))?.requireSso ?? false;
}

/**
 * The identity provider's sign-in page for the address, with the attempt remembered; null when the address signs
 * in with a password (no verified domain, or single sign-on off).
 */
export async function startSignIn(deps: OidcDeps, email: string, returnTo: string | null): Promise<string | null> {
  const connection = await connectionForEmail(deps.db, email);
  if (!connection) return null;
  if (connection.protocol === 'oidc') return startOidc(deps, connection, email, returnTo);
  return startSaml(deps.db, deps.publicUrl, connection, returnTo);
}
