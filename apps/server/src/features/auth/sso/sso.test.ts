// Single sign-on (issue 34) against real components started here: a DNS server answering the domains' TXT records,
// and a real OpenID provider (oidc-provider) with its own sign-in form.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_FORM_ERRORS, SSO_MESSAGES, SSO_TXT_PREFIX, type SsoDomain } from '@referwell/shared';
import { selectRows } from '../../../db/repository';
import { companyMembers, ssoConnections, users } from '../../../db/schema';
import { startFakeDns, type FakeDns } from '../../../test/fake-dns';
import { createTestApp, signUp, withSession, type SignedUp, type TestApp } from '../../../test/harness';
import { linkIn, mailsTo } from '../../../test/mail';
import { signInAtIdp, startOidcIdp, type OidcIdp } from '../../../test/oidc-idp';

const PUBLIC_URL = 'http://localhost:3000';
let t: TestApp;
let dns: FakeDns;
let idp: OidcIdp;
let admin: SignedUp;
let companyId: string;
const suffix = randomBytes(3).toString('hex');
const domain = `acme-${suffix}.test`;

const api = (token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), ...(token ? withSession(token) : {}) });

async function auditActions(): Promise<{ action: string; after: Record<string, unknown> | null }[]> {
  return selectRows(
    t.app.db,
    sql`select action, after from company_audit_log where company_id = ${companyId} order by created_at, id`,
  );
}

/** The app's answer to the provider's redirect back. */
const callback = (url: URL) => t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });

beforeAll(async () => {
  dns = await startFakeDns();
  idp = await startOidcIdp(`${PUBLIC_URL}/api/auth/sso/oidc/callback`);
  t = await createTestApp({
    env: { PUBLIC_URL, SSO_DNS_SERVERS: dns.server, OUTBOUND_ALLOW_HOSTS: idp.host, RATE_LIMIT_SCALE: '100' },
  });
  admin = await signUp(t, { role: 'companyHR', companyName: `Acme Health ${suffix}` });
  companyId = admin.body.company!.id;
});

afterAll(async () => {
  await t?.close();
  await idp?.close();
  await dns?.close();
});

describe('verified e-mail domains', () => {
  it('proves a domain by its DNS TXT record, and refuses a check while the record is missing', async () => {
    const added = await api(admin.token, 'POST', `/api/companies/${companyId}/sso/domains`, {
      domain: ` ${domain.toUpperCase()} `,
    });
    expect(added.statusCode).toBe(201);
    const row = added.json<SsoDomain>();
    expect(row).toMatchObject({ domain, verified: false, txtRecord: { name: domain } });
    expect(row.txtRecord.value.startsWith(SSO_TXT_PREFIX)).toBe(true);

    const missing = await api(admin.token, 'POST', `/api/companies/${companyId}/sso/domains/${row.id}/dns-check`);
    expect(missing.statusCode).toBe(409);
    expect(missing.json().error.message).toBe(SSO_MESSAGES.dnsNotFound);
    expect(dns.questions).toContain(domain);

    dns.txt.set(domain, ['google-site-verification=abc', `${SSO_TXT_PREFIX}wrong`]);
    expect(
      (await api(admin.token, 'POST', `/api/companies/${companyId}/sso/domains/${row.id}/dns-check`)).statusCode,
    ).toBe(409);

    dns.txt.set(domain, ['google-site-verification=abc', row.txtRecord.value]);
    const ok = await api(admin.token, 'POST', `/api/companies/${companyId}/sso/domains/${row.id}/dns-check`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ domain, verified: true, method: 'dns' });
    expect((await auditActions()).map((a) => a.action)).toEqual(
      expect.arrayContaining(['sso.domain_added', 'sso.domain_verified']),
    );
  });

  it('refuses a domain another company has verified, and a second claim of one already on the list', async () => {
    const other = await signUp(t, { role: 'companyHR', companyName: `Other Co ${suffix}` });
    const taken = await api(other.token, 'POST', `/api/companies/${other.body.company!.id}/sso/domains`, { domain });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(SSO_MESSAGES.domainTaken);
    const again = await api(admin.token, 'POST', `/api/companies/${companyId}/sso/domains`, { domain });
    expect(again.statusCode).toBe(409);
    const bad = await api(admin.token, 'POST', `/api/companies/${companyId}/sso/domains`, { domain: 'not a domain' });
    expect(bad.statusCode).toBe(400);
  });

  it('lets only the first company to prove a contested domain hold it', async () => {
    const contested = `contested-${suffix}.test`;
    const other = await signUp(t, { role: 'companyHR', companyName: `Rival ${suffix}` });
    const otherCompany = other.body.company!.id;
    const mine = (
      await api(admin.token, 'POST', `/api/companies/${companyId}/sso/domains`, { domain: contested })
    ).json<SsoDomain>();
    const theirs = (
      await api(other.token, 'POST', `/api/companies/${otherCompany}/sso/domains`, { domain: contested })
    ).json<SsoDomain>();
    dns.txt.set(contested, [mine.txtRecord.value, theirs.txtRecord.value]);
    expect(
      (await api(other.token, 'POST', `/api/companies/${otherCompany}/sso/domains/${theirs.id}/dns-check`)).statusCode,
    ).toBe(200);
    const late = await api(admin.token, 'POST', `/api/companies/${companyId}/sso/domains/${mine.id}/dns-check`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(SSO_MESSAGES.domainTaken);
  });

  it('proves a domain by a link mailed to an address at it, used once', async () => {
    const mailed = `mailed-${suffix}.test`;
    const row = (
      await api(admin.token, 'POST', `/api/companies/${companyId}/sso/domains`, { domain: mailed })
    ).json<SsoDomain>();
    const sent = await api(admin.token, 'POST', `/api/companies/${companyId}/sso/domains/${row.id}/mail`, {
      localPart: 'postmaster',
    });
    expect(sent.statusCode).toBe(202);
    const [mail] = await mailsTo(t, `postmaster@${mailed}`);
    expect(mail).toContain(`Confirm that Acme Health ${suffix} uses ${mailed}`);
    const token = new URL(linkIn(mail!, '/verify-domain'), PUBLIC_URL).searchParams.get('token')!;

    const wrong = await t.app.inject({ method: 'POST', url: '/api/sso/domains/verify', payload: { token: 'nope' } });
    expect(wrong.statusCode).toBe(400);
    const followed = await t.app.inject({ method: 'POST', url: '/api/sso/domains/verify', payload: { token } });
    expect(followed.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/sso/domains/verify', payload: { token } });
    expect(again.statusCode).toBe(400);
    const list = await api(admin.token, 'GET', `/api/companies/${companyId}/sso/domains`);
    expect(list.json().items.find((d: SsoDomain) => d.domain === mailed)).toMatchObject({
      verified: true,
      method: 'mail',
    });
  });

  it('keeps domains to the company: another admin and a member are refused', async () => {
    const other = await signUp(t, { role: 'companyHR', companyName: `Third ${suffix}` });
    expect((await api(other.token, 'GET', `/api/companies/${companyId}/sso/domains`)).statusCode).toBe(403);
    expect((await api(null, 'GET', `/api/companies/${companyId}/sso/domains`)).statusCode).toBe(401);
  });
});

describe('OpenID Connect sign-in', () => {
  const connection = (overrides: Record<string, unknown> = {}) => ({
    protocol: 'oidc',
    enabled: true,
    requireSso: false,
    adminGroups: ['referwell-admins'],
    oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
    ...overrides,
  });

  it('saves the provider with the secret sealed and never returned, and audits the change', async () => {
    const saved = await api(admin.token, 'PUT', `/api/companies/${companyId}/sso/connection`, connection());
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(idp.clientSecret);
    expect(saved.json()).toMatchObject({
      protocol: 'oidc',
      enabled: true,
      oidc: { issuer: idp.issuer, clientId: idp.clientId, hasClientSecret: true },
      oidcRedirectUri: `${PUBLIC_URL}/api/auth/sso/oidc/callback`,
    });
    const [row] = await t.app.db.select().from(ssoConnections).where(eq(ssoConnections.companyId, companyId));
    expect(row!.oidcClientSecretSealed).not.toContain(idp.clientSecret);
    const got = await api(admin.token, 'GET', `/api/companies/${companyId}/sso/connection`);
    expect(got.body).not.toContain(idp.clientSecret);
    // Saving again without a secret keeps it.
    const kept = await api(
      admin.token,
      'PUT',
      `/api/companies/${companyId}/sso/connection`,
      connection({ oidc: { issuer: idp.issuer, clientId: idp.clientId } }),
    );
    expect(kept.json().oidc.hasClientSecret).toBe(true);
    const audit = (await auditActions()).filter((a) => a.action === 'sso.connection_changed');
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(audit)).not.toContain(idp.clientSecret);
  });

  it('refuses requiring SSO while it is off, and turning it on without a verified domain', async () => {
    const off = await api(
      admin.token,
      'PUT',
      `/api/companies/${companyId}/sso/connection`,
      connection({ enabled: false, requireSso: true }),
    );
    expect(off.statusCode).toBe(400);
    const fresh = await signUp(t, { role: 'companyHR', companyName: `No Domain ${suffix}` });
    const none = await api(fresh.token, 'PUT', `/api/companies/${fresh.body.company!.id}/sso/connection`, connection());
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(SSO_MESSAGES.enableNeedsDomain);
  });

  it('sends an address on a verified domain to the provider, and one elsewhere to its password', async () => {
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sso/start',
      payload: { email: 'someone@example.com' },
    });
    expect(elsewhere.json()).toEqual({ redirectUrl: null, notice: null });
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sso/start',
      payload: { email: `pat@${domain}` },
    });
    expect(start.statusCode).toBe(200);
    const url = new URL(start.json().redirectUrl);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/sso/oidc/callback`);
  });

  it('creates the member just in time with the role their groups map to, and signs them in with our session', async () => {
    idp.people.set('pat', { email: `pat@${domain}`, name: 'Pat Provisioned', groups: ['everyone'] });
    idp.people.set('ada', { email: `ada@${domain}`, name: 'Ada Admin', groups: ['referwell-admins'] });
    for (const [login, role] of [
      ['pat', 'member'],
      ['ada', 'companyAdmin'],
    ] as const) {
      const start = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sso/start',
        payload: { email: `${login}@${domain}`, returnTo: '/company-dashboard' },
      });
      const back = await signInAtIdp(start.json().redirectUrl, login);
      expect(back.pathname).toBe('/api/auth/sso/oidc/callback');
      const done = await callback(back);
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe('/company-dashboard');
      const cookie = done.cookies.find((c) => c.name === 'rw_session')!.value;
      const session = (await api(cookie, 'GET', '/api/auth/session')).json();
      expect(session.user).toMatchObject({ email: `${login}@${domain}`, type: 'referrer' });
      expect(session.company).toMatchObject({ id: companyId, role });

      // Signing in again finds the same person: nobody is created twice.
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sso/start',
        payload: { email: `${login}@${domain}` },
      });
      const second = await callback(await signInAtIdp(again.json().redirectUrl, login));
      expect(second.statusCode).toBe(303);
      expect(second.headers.location).toBe('/referrer-dashboard');
    }
    const created = await t.app.db
      .select()
      .from(users)
      .where(eq(users.email, `pat@${domain}`));
    expect(created).toHaveLength(1);
    expect(created[0]!.name).toBe('Pat Provisioned');
    const provisioned = (await auditActions()).filter((a) => a.action === 'sso.member_provisioned');
    expect(provisioned.map((a) => a.after?.role)).toEqual(['member', 'admin']);
  });

  it('refuses a replayed callback, an unknown state, and an address outside the verified domains, creating nobody', async () => {
    idp.people.set('sam', { email: `sam@${domain}`, name: 'Sam' });
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sso/start',
      payload: { email: `sam@${domain}` },
    });
    const back = await signInAtIdp(start.json().redirectUrl, 'sam');
    expect((await callback(back)).statusCode).toBe(303);
    const replay = await callback(back);
    expect(replay.headers.location).toBe('/login?error=sso-expired');
    expect(replay.cookies.find((c) => c.name === 'rw_session')).toBeUndefined();
    const forged = await callback(new URL(`${PUBLIC_URL}/api/auth/sso/oidc/callback?code=x&state=made-up`));
    expect(forged.headers.location).toBe('/login?error=sso-expired');

    idp.people.set('eve', { email: 'eve@elsewhere.example', name: 'Eve' });
    const before = (await auditActions()).length;
    const evil = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sso/start',
      payload: { email: `eve@${domain}` },
    });
    const refused = await callback(await signInAtIdp(evil.json().redirectUrl, 'eve'));
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe('/login?error=sso-domain');
    expect(AUTH_FORM_ERRORS['sso-domain']).toBeTruthy();
    expect(await t.app.db.select().from(users).where(eq(users.email, 'eve@elsewhere.example'))).toHaveLength(0);
    const after = await auditActions();
    expect(after.slice(before).map((a) => a.action)).toEqual(['sso.login_refused']);
  });

  it('refuses password sign-in and password reset for the domain once SSO is required', async () => {
    // A person of the domain who signed up with a password before SSO was required.
    const member = await signUp(t, { role: 'referrer', inviteCode: await inviteCode(), email: `legacy@${domain}` });
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `legacy@${domain}`, password: member.password },
    });
    expect(before.statusCode).toBe(200);

    const required = await api(
      admin.token,
      'PUT',
      `/api/companies/${companyId}/sso/connection`,
      connection({ requireSso: true, oidc: { issuer: idp.issuer, clientId: idp.clientId } }),
    );
    expect(required.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `Legacy@${domain.toUpperCase()}`, password: member.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.message).toBe(SSO_MESSAGES.ssoRequired);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: `legacy@${domain}` },
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().error.message).toBe(SSO_MESSAGES.ssoRequiredReset);
    // Other domains sign in with their passwords as before.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.body.user.email, password: admin.password },
    });
    expect(elsewhere.statusCode).toBe(200);
    const [membership] = await t.app.db
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.userId, member.body.user.id));
    expect(membership?.companyId).toBe(companyId);
  });
});

async function inviteCode(): Promise<string> {
  const res = await api(admin.token, 'GET', `/api/companies/${companyId}/team`);
  return res.json().inviteCode as string;
}
