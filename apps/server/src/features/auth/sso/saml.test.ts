// SAML 2.0 sign-in (issue 34): responses signed as an IdP signs them (test/saml-idp.ts, xml-crypto), checked by
// node-saml; bad signature, wrong audience, expired assertion and replayed assertion id are refused and audited.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_FORM_ERRORS, type SsoDomain } from '@referwell/shared';
import { selectRows } from '../../../db/repository';
import { ssoLoginAttempts, ssoUsedAssertions, users } from '../../../db/schema';
import { pruneExpired } from '../../maintenance/prune';
import { startFakeDns, type FakeDns } from '../../../test/fake-dns';
import { createTestApp, signUp, withSession, type SignedUp, type TestApp } from '../../../test/harness';
import { samlKeys, signedSamlResponse, type AssertionInput, type SamlKeys } from '../../../test/saml-idp';

const PUBLIC_URL = 'http://localhost:3000';
const ACS = `${PUBLIC_URL}/sso/saml/acs`;
const SP_ENTITY = `${PUBLIC_URL}/sso/saml`;
const IDP = 'https://idp.example.com/saml';
let t: TestApp;
let dns: FakeDns;
let keys: SamlKeys;
let admin: SignedUp;
let companyId: string;
const domain = `saml-${randomBytes(3).toString('hex')}.test`;

/** A sign-in started at the login page: the RelayState the IdP will post back. */
async function start(email: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/sso/start', payload: { email } });
  const url = new URL(res.json().redirectUrl as string);
  expect(url.origin + url.pathname).toBe(`${IDP}/sso`);
  expect(url.searchParams.get('SAMLRequest')).toBeTruthy();
  return url.searchParams.get('RelayState')!;
}

const post = (relayState: string, samlResponse: string) =>
  t.app.inject({
    method: 'POST',
    url: '/sso/saml/acs',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://idp.example.com' },
    payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString(),
  });

const assertion = (overrides: Partial<AssertionInput> = {}): string =>
  signedSamlResponse({ keys, idpIssuer: IDP, audience: SP_ENTITY, acsUrl: ACS, email: `kim@${domain}`, ...overrides });

const refusals = async () =>
  (
    await selectRows<{ after: { reason: string } }>(
      t.app.db,
      sql`select after from company_audit_log where company_id = ${companyId} and action = 'sso.login_refused' order by created_at, id`,
    )
  ).map((r) => r.after.reason);

beforeAll(async () => {
  dns = await startFakeDns();
  keys = samlKeys();
  t = await createTestApp({ env: { PUBLIC_URL, SSO_DNS_SERVERS: dns.server, RATE_LIMIT_SCALE: '100' } });
  admin = await signUp(t, { role: 'companyHR', companyName: `Saml Health ${domain}` });
  companyId = admin.body.company!.id;
  const added = await t.app.inject({
    method: 'POST',
    url: `/api/companies/${companyId}/sso/domains`,
    payload: { domain },
    ...withSession(admin.token),
  });
  dns.txt.set(domain, [added.json<SsoDomain>().txtRecord.value]);
  const checked = await t.app.inject({
    method: 'POST',
    url: `/api/companies/${companyId}/sso/domains/${added.json<SsoDomain>().id}/dns-check`,
    ...withSession(admin.token),
  });
  expect(checked.statusCode).toBe(200);
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/companies/${companyId}/sso/connection`,
    payload: {
      protocol: 'saml',
      enabled: true,
      requireSso: false,
      adminGroups: ['hr-admins'],
      saml: { entryPoint: `${IDP}/sso`, idpIssuer: IDP, certificate: keys.cert },
    },
    ...withSession(admin.token),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json()).toMatchObject({ protocol: 'saml', samlAcsUrl: ACS, samlEntityId: SP_ENTITY });
});

afterAll(async () => {
  await t?.close();
  await dns?.close();
});

describe('SAML 2.0 sign-in', () => {
  it('refuses a certificate that is not one', async () => {
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${companyId}/sso/connection`,
      payload: {
        protocol: 'saml',
        enabled: true,
        requireSso: false,
        saml: { entryPoint: `${IDP}/sso`, idpIssuer: IDP, certificate: 'nope' },
      },
      ...withSession(admin.token),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('signs in a new person from a signed assertion, as an admin when their group maps to it', async () => {
    const done = await post(await start(`kim@${domain}`), assertion({ name: 'Kim Saml', groups: ['hr-admins'] }));
    expect(done.statusCode, done.body).toBe(303);
    expect(done.headers.location).toBe('/referrer-dashboard');
    const cookie = done.cookies.find((c) => c.name === 'rw_session')!.value;
    const session = (await t.app.inject({ method: 'GET', url: '/api/auth/session', ...withSession(cookie) })).json();
    expect(session.user).toMatchObject({ email: `kim@${domain}`, name: 'Kim Saml' });
    expect(session.company).toMatchObject({ id: companyId, role: 'companyAdmin' });
  });

  it('refuses a bad signature, another audience, an expired assertion and a replayed one, creating nobody', async () => {
    const cases: [string, string, string][] = [
      ['signature', `sig@${domain}`, assertion({ email: `sig@${domain}`, keys: { ...samlKeys() } })],
      ['audience', `aud@${domain}`, assertion({ email: `aud@${domain}`, audience: 'https://someone-else.example/sp' })],
      [
        'expired',
        `old@${domain}`,
        assertion({ email: `old@${domain}`, notOnOrAfter: new Date(Date.now() - 10 * 60_000) }),
      ],
    ];
    for (const [what, email, response] of cases) {
      const res = await post(await start(email), response);
      expect(res.statusCode, what).toBe(403);
      expect(res.json().error.message).toBe(AUTH_FORM_ERRORS['sso-failed']);
      expect(res.cookies.find((c) => c.name === 'rw_session')).toBeUndefined();
      expect(await t.app.db.select().from(users).where(eq(users.email, email)), what).toHaveLength(0);
    }

    const once = assertion({ email: `rep@${domain}`, assertionId: '_replayed-assertion' });
    expect((await post(await start(`rep@${domain}`), once)).statusCode).toBe(303);
    const replay = await post(await start(`rep@${domain}`), once);
    expect(replay.statusCode).toBe(403);

    const reasons = await refusals();
    expect(reasons).toHaveLength(4);
    expect(reasons[0]).toMatch(/signature/i);
    expect(reasons[1]).toMatch(/audience/i);
    expect(reasons[2]).toMatch(/expired|NotOnOrAfter/i);
    expect(reasons[3]).toBe('SAML assertion replayed');
  });

  it('refuses a response for a sign-in nobody started, or one already finished', async () => {
    const unknown = await post('made-up-relay-state', assertion());
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(AUTH_FORM_ERRORS['sso-expired']);
  });

  it('forgets expired attempts and assertion ids in the nightly prune', async () => {
    await start(`late@${domain}`);
    await t.app.db.update(ssoLoginAttempts).set({ expiresAt: new Date(Date.now() - 1000) });
    await t.app.db.update(ssoUsedAssertions).set({ expiresAt: new Date(Date.now() - 1000) });
    const pruned = await pruneExpired(t.app.db);
    expect(pruned.ssoLoginAttempts).toBeGreaterThanOrEqual(1);
    expect(pruned.ssoUsedAssertions).toBeGreaterThanOrEqual(1);
    expect(await t.app.db.select().from(ssoUsedAssertions)).toHaveLength(0);
  });
});
