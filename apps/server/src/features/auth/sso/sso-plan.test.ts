// Single sign-on as an Enterprise capability (`sso_scim`), with billing configured against the fake Stripe: while the
// company's plan includes it its people sign in through its identity provider and "require SSO" holds; once the plan
// lapses they sign in with their password (and may reset it), told why, and nobody is let in by the provider.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_MESSAGES, type SsoDomain } from '@referwell/shared';
import { users } from '../../../db/schema';
import { startFakeDns, type FakeDns } from '../../../test/fake-dns';
import { startFakeStripe, stripeTestEnv, type FakeStripe } from '../../../test/fake-stripe';
import { createTestApp, requestsTo, signUp, type SignedUp, type TestApp } from '../../../test/harness';
import { signInAtIdp, startOidcIdp, type OidcIdp } from '../../../test/oidc-idp';
import { samlKeys, signedSamlResponse } from '../../../test/saml-idp';
import { lapseSubscription, receiveStripeWebhooks, subscribeCompany } from '../../../test/plans';

const PUBLIC_URL = 'http://localhost:3000';
const suffix = randomBytes(3).toString('hex');
const domain = `planned-${suffix}.test`;

describe('single sign-on on the plan', () => {
  let t: TestApp;
  let dns: FakeDns;
  let idp: OidcIdp;
  let stripe: FakeStripe;
  let admin: SignedUp;
  let legacy: SignedUp;
  let companyId: string;
  let subscriptionId: string;
  const { call, ok } = requestsTo(() => t);
  const start = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/sso/start', payload: { email } });
  const passwordLogin = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: legacy.body.user.email, password: legacy.password },
    });
  const askReset = () =>
    t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: legacy.body.user.email } });

  beforeAll(async () => {
    [dns, idp, stripe] = await Promise.all([
      startFakeDns(),
      startOidcIdp(`${PUBLIC_URL}/api/auth/sso/oidc/callback`),
      startFakeStripe(),
    ]);
    t = await createTestApp({
      env: {
        ...stripeTestEnv(stripe.origin),
        PUBLIC_URL,
        SSO_DNS_SERVERS: dns.server,
        OUTBOUND_ALLOW_HOSTS: idp.host,
        RATE_LIMIT_SCALE: '100',
      },
    });
    await receiveStripeWebhooks(t, stripe);
    admin = await signUp(t, { role: 'companyHR', companyName: `Planned Health ${suffix}` });
    companyId = admin.body.company!.id;
    const { inviteCode } = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
    legacy = await signUp(t, { role: 'referrer', inviteCode, email: `legacy@${domain}` });
    idp.people.set('pat', { email: `pat@${domain}`, name: 'Pat Planned' });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([idp?.close(), dns?.close(), stripe?.close()]);
  });

  it('refuses setting single sign-on up without the plan', async () => {
    const refused = await call('POST', `/api/companies/${companyId}/sso/domains`, admin, { domain });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.message).toMatch(/Single sign-on and SCIM provisioning are part of the Enterprise/);
  });

  it('signs people in through the identity provider and holds "require SSO" while the plan includes it', async () => {
    subscriptionId = await subscribeCompany(t, stripe, admin, 'enterprise');
    const added = await ok<SsoDomain>('POST', `/api/companies/${companyId}/sso/domains`, admin, { domain });
    dns.txt.set(domain, [added.txtRecord.value]);
    await ok('POST', `/api/companies/${companyId}/sso/domains/${added.id}/dns-check`, admin);
    await ok('PUT', `/api/companies/${companyId}/sso/connection`, admin, {
      protocol: 'oidc',
      enabled: true,
      requireSso: true,
      adminGroups: [],
      oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
    });
    const started = await start(`pat@${domain}`);
    expect(new URL(started.json().redirectUrl).origin).toBe(idp.issuer);
    expect(started.json().notice).toBeNull();
    expect((await passwordLogin()).statusCode).toBe(403);
    expect((await askReset()).statusCode).toBe(403);
  });

  it('falls back to the password with a clear message once the plan lapses, and lets nobody in by the provider', async () => {
    // Pat is at the identity provider when the plan ends.
    const underway = await signInAtIdp((await start(`pat@${domain}`)).json().redirectUrl, 'pat');
    await lapseSubscription(t, stripe, subscriptionId);

    const back = await t.app.inject({ method: 'GET', url: `${underway.pathname}${underway.search}` });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/login?error=sso-paused');
    expect(back.cookies.find((c) => c.name === 'rw_session')).toBeUndefined();
    expect(
      await t.app.db
        .select()
        .from(users)
        .where(eq(users.email, `pat@${domain}`)),
    ).toEqual([]);

    expect((await start(`pat@${domain}`)).json()).toEqual({ redirectUrl: null, notice: SSO_MESSAGES.ssoPaused });
    // "Require SSO" no longer locks anyone out: the password signs in, and a reset can be asked for.
    expect((await passwordLogin()).statusCode).toBe(200);
    expect((await askReset()).statusCode).toBe(200);
    // The settings stay readable (nothing is taken away), but cannot be changed.
    expect((await call('GET', `/api/companies/${companyId}/sso/connection`, admin)).statusCode).toBe(200);
    expect(
      (await call('POST', `/api/companies/${companyId}/sso/domains`, admin, { domain: 'x.test' })).statusCode,
    ).toBe(402);
  });

  it('sends a SAML response posted after the lapse back to the login page, creating nobody', async () => {
    const samlAdmin = await signUp(t, { role: 'companyHR', companyName: `Saml Planned ${suffix}` });
    const samlCompany = samlAdmin.body.company!.id;
    const samlDomain = `saml-planned-${suffix}.test`;
    const IDP = 'https://idp.example.com/saml';
    const keys = samlKeys();
    const samlSubscription = await subscribeCompany(t, stripe, samlAdmin, 'enterprise');
    const added = (
      await call('POST', `/api/companies/${samlCompany}/sso/domains`, samlAdmin, { domain: samlDomain })
    ).json<SsoDomain>();
    dns.txt.set(samlDomain, [added.txtRecord.value]);
    await ok('POST', `/api/companies/${samlCompany}/sso/domains/${added.id}/dns-check`, samlAdmin);
    await ok('PUT', `/api/companies/${samlCompany}/sso/connection`, samlAdmin, {
      protocol: 'saml',
      enabled: true,
      requireSso: false,
      adminGroups: [],
      saml: { entryPoint: `${IDP}/sso`, idpIssuer: IDP, certificate: keys.cert },
    });
    const relayState = new URL((await start(`kim@${samlDomain}`)).json().redirectUrl).searchParams.get('RelayState')!;
    await lapseSubscription(t, stripe, samlSubscription);
    const response = signedSamlResponse({
      keys,
      idpIssuer: IDP,
      audience: `${PUBLIC_URL}/sso/saml`,
      acsUrl: `${PUBLIC_URL}/sso/saml/acs`,
      email: `kim@${samlDomain}`,
    });
    const posted = await t.app.inject({
      method: 'POST',
      url: '/sso/saml/acs',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://idp.example.com' },
      payload: new URLSearchParams({ SAMLResponse: response, RelayState: relayState }).toString(),
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/login?error=sso-paused');
    expect(posted.cookies.find((c) => c.name === 'rw_session')).toBeUndefined();
    expect(
      await t.app.db
        .select()
        .from(users)
        .where(eq(users.email, `kim@${samlDomain}`)),
    ).toEqual([]);
  });

  it('turns single sign-on back on with a new plan', async () => {
    await subscribeCompany(t, stripe, admin, 'enterprise');
    expect(new URL((await start(`pat@${domain}`)).json().redirectUrl).origin).toBe(idp.issuer);
    expect((await passwordLogin()).statusCode).toBe(403);
  });
});
