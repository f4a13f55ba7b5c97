// A real OpenID provider for tests (the `oidc-provider` package, OpenID Certified), on 127.0.0.1: one confidential
// client, people the test adds by login name, its development sign-in form (any password) and consent given at once.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

export interface IdpPerson {
  email: string;
  name: string;
  groups?: string[];
  emailVerified?: boolean;
}

export interface OidcIdp {
  issuer: string;
  /** "127.0.0.1:port", for OUTBOUND_ALLOW_HOSTS. */
  host: string;
  clientId: string;
  clientSecret: string;
  /** People by the login name typed at the provider's sign-in form. */
  people: Map<string, IdpPerson>;
  close(): Promise<void>;
}

export interface OidcIdpOptions {
  port?: number;
  /** A login name that is an e-mail address and not in `people` signs in as that address (the browser tests). */
  anyAddress?: boolean;
  /** The client's secret (at least 32 characters); a fixed one unless given. */
  clientSecret?: string;
}

export async function startOidcIdp(redirectUri: string, options: OidcIdpOptions = {}): Promise<OidcIdp> {
  const people = new Map<string, IdpPerson>();
  const personOf = (login: string): IdpPerson | undefined =>
    people.get(login) ??
    (options.anyAddress && /^[^@\s]+@[^@\s]+$/.test(login)
      ? { email: login, name: login.slice(0, login.indexOf('@')).replace(/^./, (c) => c.toUpperCase()) }
      : undefined);
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'referwell-test';
  const clientSecret = options.clientSecret ?? 'a-client-secret-of-at-least-32-characters-for-hs256';
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    cookies: { keys: ['test-cookie-key-0123456789abcdef'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    // The scopes' claims go into the ID token too (as Okta and Entra put email, name and groups there).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: KoaContextWithOIDC, id: string) {
      const person = personOf(id);
      if (!person) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: person.email,
          email_verified: person.emailVerified ?? true,
          name: person.name,
          groups: person.groups ?? [],
        }),
      };
    },
    // First-party sign-in: consent to the scopes asked is given without a page.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  server.on('request', provider.callback());
  return {
    issuer,
    host: `127.0.0.1:${port}`,
    clientId,
    clientSecret,
    people,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Goes through the provider's sign-in as a browser would: from the authorization URL, through its sign-in form
 * (login name, any password), to the redirect back to the app. Returns the callback URL the provider sent to.
 */
export async function signInAtIdp(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  };
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    const response = await send(url);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (!next.href.startsWith(new URL(authorizationUrl).origin)) return next;
      url = next.href;
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`the provider answered ${response.status} without a form: ${page.slice(0, 300)}`);
    const posted = await send(new URL(action, url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
    });
    const back = posted.headers.get('location');
    if (!back) throw new Error(`the provider's sign-in form answered ${posted.status}`);
    url = new URL(back, url).href;
  }
  throw new Error('the provider never sent the browser back');
}

// The browser tests start it as a process: OIDC_IDP_PORT, OIDC_IDP_REDIRECT_URI, OIDC_IDP_CLIENT_SECRET (its client is
// `referwell-test`); anyone signs in by e-mail address.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const idp = await startOidcIdp(process.env.OIDC_IDP_REDIRECT_URI ?? '', {
    port: Number(process.env.OIDC_IDP_PORT ?? 0),
    anyAddress: true,
    ...(process.env.OIDC_IDP_CLIENT_SECRET ? { clientSecret: process.env.OIDC_IDP_CLIENT_SECRET } : {}),
  });
  console.log(`OpenID provider on ${idp.issuer} (client ${idp.clientId})`);
  const stop = () => void idp.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
