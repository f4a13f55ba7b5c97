// OpenID Connect sign-in (issue 34) with openid-client: the authorization code flow with PKCE (S256), `state` and
// `nonce` kept server-side for one use (sso_login_attempts), every call to the provider through the SSRF-safe fetcher.
import type * as oidc from 'openid-client';

/** openid-client loads with the first OpenID sign-in, not with the server (most processes never use it). */
const openidClient = () => import('openid-client');
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ssoLoginAttempts } from '../../../db/schema';
import { safeFetch } from '../../../lib/safe-fetch';
import type { Secrets } from '../../../lib/secrets';
import { hashToken } from '../../../lib/tokens';
import { clientSecretContext, ssoEndpoints, type ConnectionRow } from './connection';
import { SsoRefusal, type SsoIdentity } from './provision';

/** How long a sign-in sent to the identity provider may take to come back. */
export const SSO_ATTEMPT_MINUTES = 10;

export interface OidcDeps {
  db: Db;
  secrets: Secrets;
  publicUrl: string;
  /** OUTBOUND_ALLOW_HOSTS: the only hosts an issuer may be reached at over plain http or on a private address. */
  allowHosts: readonly string[];
}

/** openid-client's fetch, answered by the one SSRF-safe fetcher (no redirects, size and time caps). */
function safeCustomFetch(allowHosts: readonly string[]): oidc.CustomFetch {
  return async (url, options) => {
    const response = await safeFetch(url, {
      allowHosts,
      method: options.method === 'POST' ? 'POST' : 'GET',
      maxRedirects: 0,
      maxBytes: 512 * 1024,
      timeoutMs: 10_000,
      headers: { ...options.headers, 'user-agent': 'Referwell single sign-on' },
      ...(options.body === undefined || options.body === null ? {} : { body: String(options.body) }),
    });
    return new Response(response.status === 204 ? null : response.body, {
      status: response.status,
      // Node's header values may be lists (set-cookie) or absent; a Response takes strings.
      headers: Object.entries(response.headers).flatMap(([name, value]): [string, string][] =>
        value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v) => [name, v]),
      ),
    });
  };
}

/** The provider's configuration, discovered from its issuer (`/.well-known/openid-configuration`). */
async function clientFor(deps: OidcDeps, row: ConnectionRow): Promise<oidc.Configuration> {
  const issuer = new URL(row.oidcIssuer!);
  const customFetch = safeCustomFetch(deps.allowHosts);
  // Plain http only for an issuer the operator allowed (a provider on the test machine); https otherwise.
  const insecure =
    issuer.protocol === 'http:' && deps.allowHosts.some((h) => h === issuer.host || h === issuer.hostname);
  const secret = deps.secrets.open(row.oidcClientSecretSealed!, clientSecretContext(row.companyId));
  const client = await openidClient();
  const config = await client.discovery(issuer, row.oidcClientId!, secret, client.ClientSecretBasic(secret), {
    [client.customFetch]: customFetch,
    ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
  });
  config[client.customFetch] = customFetch;
  return config;
}

/** Starts a sign-in: remembers state, nonce and the PKCE verifier, and answers the provider's authorization URL. */
export async function startOidc(
  deps: OidcDeps,
  row: ConnectionRow,
  email: string,
  returnTo: string | null,
): Promise<string> {
  const config = await clientFor(deps, row);
  const client = await openidClient();
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  await deps.db.insert(ssoLoginAttempts).values({
    stateHash: hashToken(state),
    companyId: row.companyId,
    codeVerifier,
    nonce,
    returnTo,
    expiresAt: new Date(Date.now() + SSO_ATTEMPT_MINUTES * 60_000),
  });
  return client
    .buildAuthorizationUrl(config, {
      redirect_uri: ssoEndpoints(deps.publicUrl).oidcRedirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      login_hint: email,
    })
    .toString();
}

/** Takes the attempt a callback's `state` names, once: a second use, an unknown or an expired state finds nothing. */
export async function takeAttempt(db: Db, state: string) {
  const [attempt] = await db
    .delete(ssoLoginAttempts)
    .where(and(eq(ssoLoginAttempts.stateHash, hashToken(state)), gt(ssoLoginAttempts.expiresAt, sql`now()`)))
    .returning();
  return attempt ?? null;
}

/**
 * Finishes a sign-in from the provider's redirect (`callbackUrl`, the full URL with `code` and `state`): exchanges
 * the code with the PKCE verifier and checks the ID token (signature, issuer, audience, expiry, nonce). Throws
 * SsoRefusal when the provider's answer does not pass.
 */
export async function finishOidc(
  deps: OidcDeps,
  row: ConnectionRow,
  attempt: { codeVerifier: string | null; nonce: string | null },
  callbackUrl: URL,
  state: string,
): Promise<SsoIdentity> {
  const config = await clientFor(deps, row);
  let claims: oidc.IDToken | undefined;
  try {
    const tokens = await (await openidClient()).authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: attempt.codeVerifier!,
      expectedState: state,
      expectedNonce: attempt.nonce!,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as Error).name;
    throw new SsoRefusal('sso-failed', `OpenID Connect response refused (${code})`);
  }
  const email = typeof claims?.email === 'string' ? claims.email : null;
  if (!claims || !email) throw new SsoRefusal('sso-failed', 'the ID token carries no e-mail address');
  if (claims.email_verified === false) throw new SsoRefusal('sso-failed', 'the e-mail address is not verified');
  const groups = Array.isArray(claims.groups) ? claims.groups.filter((g): g is string => typeof g === 'string') : [];
  return {
    email,
    name: typeof claims.name === 'string' ? claims.name : null,
    groups,
    subject: claims.sub,
  };
}
