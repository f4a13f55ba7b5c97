// A company's identity provider settings (issue 34). The OpenID Connect client secret is sealed at rest
// (lib/secrets.ts, bound to the company) and never returned: the API answers `hasClientSecret`.
import { eq } from 'drizzle-orm';
import { SSO_MESSAGES, type SsoConnection, type SsoConnectionInput, ssoConnectionInputSchema } from '@referwell/shared';
import type { Db } from '../../../db/client';
import { inTransaction, type Executor } from '../../../db/repository';
import { ssoConnections } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import type { Secrets } from '../../../lib/secrets';
import { recordAudit } from '../../../platform/audit/service';
import { verifiedDomainsOf } from './domains';
import { sealedContext } from '../../../lib/sealed-columns';

export type ConnectionRow = typeof ssoConnections.$inferSelect;

/** Where the identity provider sends people back (register these at the IdP). */
export const ssoEndpoints = (publicUrl: string) => {
  const origin = new URL(publicUrl).origin;
  return {
    oidcRedirectUri: `${origin}/api/auth/sso/oidc/callback`,
    // Outside /api: the IdP's page posts it cross-site, which the API's same-origin guard refuses; the signed
    // response and the attempt taken once are its proof.
    samlAcsUrl: `${origin}/sso/saml/acs`,
    samlEntityId: `${origin}/sso/saml`,
  };
};

export async function connectionRowOf(db: Executor, companyId: string): Promise<ConnectionRow | null> {
  const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.companyId, companyId));
  return row ?? null;
}

function toConnection(row: ConnectionRow | null, publicUrl: string): SsoConnection {
  return {
    protocol: (row?.protocol as SsoConnection['protocol']) ?? null,
    enabled: row?.enabled ?? false,
    requireSso: row?.requireSso ?? false,
    adminGroups: row?.adminGroups ?? [],
    oidc:
      row?.oidcIssuer && row.oidcClientId
        ? { issuer: row.oidcIssuer, clientId: row.oidcClientId, hasClientSecret: !!row.oidcClientSecretSealed }
        : null,
    saml:
      row?.samlEntryPoint && row.samlIdpIssuer && row.samlCertificate
        ? { entryPoint: row.samlEntryPoint, idpIssuer: row.samlIdpIssuer, certificate: row.samlCertificate }
        : null,
    ...ssoEndpoints(publicUrl),
  };
}

export async function getConnection(db: Db, publicUrl: string, companyId: string): Promise<SsoConnection> {
  return toConnection(await connectionRowOf(db, companyId), publicUrl);
}

/** What the audit log keeps of a connection: settings, never the secret (only whether there is one). */
const auditValues = (row: ConnectionRow | null) =>
  row
    ? {
        protocol: row.protocol,
        enabled: row.enabled,
        requireSso: row.requireSso,
        adminGroups: row.adminGroups,
        oidcIssuer: row.oidcIssuer,
        oidcClientId: row.oidcClientId,
        hasClientSecret: !!row.oidcClientSecretSealed,
        samlEntryPoint: row.samlEntryPoint,
        samlIdpIssuer: row.samlIdpIssuer,
      }
    : null;

const PEM = /-----BEGIN CERTIFICATE-----\s*([A-Za-z0-9+/=\s]+?)\s*-----END CERTIFICATE-----/;

/** The certificate's base64 body, as node-saml takes it (a PEM block, or the bare base64 an IdP's metadata shows). */
export function certificateBody(text: string): string | null {
  const body = (PEM.exec(text)?.[1] ?? text).replace(/\s+/g, '');
  return /^[A-Za-z0-9+/]+={0,2}$/.test(body) && body.length >= 100 ? body : null;
}

/**
 * Saves the settings. Turning sign-on on needs a verified domain and the chosen protocol's settings; requiring it
 * needs it on. A client secret left empty keeps the saved one; the first OpenID Connect settings need one.
 */
export async function saveConnection(
  db: Db,
  secrets: Secrets,
  publicUrl: string,
  actorId: string,
  companyId: string,
  raw: SsoConnectionInput,
): Promise<SsoConnection> {
  const input = ssoConnectionInputSchema.parse(raw);
  const before = await connectionRowOf(db, companyId);
  if (input.protocol === 'oidc' && !input.oidc)
    throw badRequest(SSO_MESSAGES.required, { oidc: SSO_MESSAGES.required });
  if (input.protocol === 'saml' && !input.saml)
    throw badRequest(SSO_MESSAGES.required, { saml: SSO_MESSAGES.required });
  if (input.requireSso && !input.enabled)
    throw badRequest(SSO_MESSAGES.requireNeedsEnabled, { requireSso: SSO_MESSAGES.requireNeedsEnabled });
  if (input.enabled && (await verifiedDomainsOf(db, companyId)).length === 0)
    throw badRequest(SSO_MESSAGES.enableNeedsDomain, { enabled: SSO_MESSAGES.enableNeedsDomain });

  let sealedSecret = before?.oidcClientSecretSealed ?? null;
  if (input.oidc?.clientSecret)
    sealedSecret = secrets.seal(input.oidc.clientSecret, sealedContext.ssoClientSecret(companyId));
  if (input.protocol === 'oidc' && !sealedSecret)
    throw badRequest(SSO_MESSAGES.clientSecretRequired, { 'oidc.clientSecret': SSO_MESSAGES.clientSecretRequired });
  if (input.saml && !certificateBody(input.saml.certificate))
    throw badRequest(SSO_MESSAGES.samlCertificateInvalid, { 'saml.certificate': SSO_MESSAGES.samlCertificateInvalid });

  const values = {
    protocol: input.protocol,
    enabled: input.enabled,
    requireSso: input.requireSso,
    adminGroups: input.adminGroups,
    oidcIssuer: input.oidc?.issuer.replace(/\/+$/, '') ?? before?.oidcIssuer ?? null,
    oidcClientId: input.oidc?.clientId ?? before?.oidcClientId ?? null,
    oidcClientSecretSealed: sealedSecret,
    samlEntryPoint: input.saml?.entryPoint ?? before?.samlEntryPoint ?? null,
    samlIdpIssuer: input.saml?.idpIssuer ?? before?.samlIdpIssuer ?? null,
    samlCertificate: input.saml?.certificate ?? before?.samlCertificate ?? null,
    updatedAt: new Date(),
  };
  const saved = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(ssoConnections)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: ssoConnections.companyId, set: values })
      .returning();
    await recordAudit(tx, {
      companyId,
      actorId,
      action: 'sso.connection_changed',
      subject: { type: 'company', id: companyId },
      before: auditValues(before),
      after: { ...auditValues(row!), clientSecretChanged: !!input.oidc?.clientSecret },
    });
    return row!;
  });
  return toConnection(saved, publicUrl);
}
