// SAML 2.0 sign-in (issue 34) with @node-saml/node-saml: SP-initiated, HTTP-Redirect AuthnRequest, HTTP-POST
// Response at the assertion consumer service. node-saml checks the signature against the IdP's certificate, the
// audience, the recipient and the validity window; a replayed assertion id is refused here (sso_used_assertions).
import type { Profile, SAML } from '@node-saml/node-saml';
import { newSecretToken, hashToken } from '../../../lib/tokens';
import { ssoLoginAttempts, ssoUsedAssertions } from '../../../db/schema';
import type { Db } from '../../../db/client';
import { certificateBody, ssoEndpoints, type ConnectionRow } from './connection';
import { SSO_ATTEMPT_MINUTES } from './oidc';
import { SsoRefusal, type SsoIdentity } from './provision';

/** How long an accepted assertion id is remembered (longer than any assertion's validity node-saml accepts). */
const USED_ASSERTION_HOURS = 24;

const EMAIL_ATTRIBUTES = ['email', 'mail', 'urn:oid:0.9.2342.19200300.100.1.3'] as const;
const NAME_ATTRIBUTES = ['displayName', 'name', 'urn:oid:2.16.840.1.113730.3.1.241'] as const;
const GROUP_ATTRIBUTES = [
  'groups',
  'memberOf',
  'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups',
] as const;

/** node-saml (and its XML signature stack, ~14 MB resident) loads with the first SAML sign-in, not with the server. */
async function samlFor(row: ConnectionRow, publicUrl: string): Promise<SAML> {
  const { SAML, ValidateInResponseTo } = await import('@node-saml/node-saml');
  const endpoints = ssoEndpoints(publicUrl);
  return new SAML({
    entryPoint: row.samlEntryPoint!,
    idpIssuer: row.samlIdpIssuer!,
    idpCert: certificateBody(row.samlCertificate!) ?? '',
    issuer: endpoints.samlEntityId,
    callbackUrl: endpoints.samlAcsUrl,
    audience: endpoints.samlEntityId,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: 60_000,
    // The attempt (RelayState, taken once) binds the response to a sign-in we started.
    validateInResponseTo: ValidateInResponseTo.never,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    disableRequestedAuthnContext: true,
  });
}

/** Starts a sign-in: the IdP's sign-on URL with the AuthnRequest, and a RelayState naming the attempt. */
export async function startSaml(db: Db, publicUrl: string, row: ConnectionRow, returnTo: string | null) {
  const relayState = newSecretToken(24);
  await db.insert(ssoLoginAttempts).values({
    stateHash: hashToken(relayState),
    companyId: row.companyId,
    returnTo,
    expiresAt: new Date(Date.now() + SSO_ATTEMPT_MINUTES * 60_000),
  });
  return (await samlFor(row, publicUrl)).getAuthorizeUrlAsync(relayState, undefined, {});
}

const first = (profile: Profile, names: readonly string[]): string | null => {
  for (const name of names) {
    const value = profile[name];
    if (typeof value === 'string' && value) return value;
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  }
  return null;
};

/** The assertion's ID attribute (what a replay repeats). */
function assertionId(profile: Profile): string | null {
  const xml = profile.getAssertionXml?.() ?? '';
  return /<(?:\w+:)?Assertion\b[^>]*\sID="([^"]+)"/.exec(xml)?.[1] ?? null;
}

/**
 * Checks a SAMLResponse posted to the ACS and records its assertion id (a second use is refused). Throws SsoRefusal
 * for a bad signature, another audience, an expired assertion, a replay or a response without an e-mail address.
 */
export async function finishSaml(
  db: Db,
  publicUrl: string,
  row: ConnectionRow,
  samlResponse: string,
): Promise<SsoIdentity> {
  let profile: Profile | null;
  try {
    ({ profile } = await (await samlFor(row, publicUrl)).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    throw new SsoRefusal('sso-failed', `SAML response refused: ${(error as Error).message}`.slice(0, 200));
  }
  if (!profile) throw new SsoRefusal('sso-failed', 'SAML response without an assertion');
  const id = assertionId(profile);
  if (!id) throw new SsoRefusal('sso-failed', 'SAML assertion without an ID');
  const recorded = await db
    .insert(ssoUsedAssertions)
    .values({
      companyId: row.companyId,
      assertionId: id,
      expiresAt: new Date(Date.now() + USED_ASSERTION_HOURS * 3600_000),
    })
    .onConflictDoNothing()
    .returning({ id: ssoUsedAssertions.assertionId });
  if (recorded.length === 0) throw new SsoRefusal('sso-failed', 'SAML assertion replayed');
  const email = first(profile, EMAIL_ATTRIBUTES) ?? (/^[^@\s]+@[^@\s]+$/.test(profile.nameID) ? profile.nameID : null);
  if (!email) throw new SsoRefusal('sso-failed', 'SAML assertion without an e-mail address');
  const groupValue = GROUP_ATTRIBUTES.map((name) => profile[name]).find((v) => v !== undefined);
  const groups = (Array.isArray(groupValue) ? groupValue : [groupValue]).filter(
    (g): g is string => typeof g === 'string',
  );
  return { email, name: first(profile, NAME_ATTRIBUTES), groups, subject: profile.nameID };
}
