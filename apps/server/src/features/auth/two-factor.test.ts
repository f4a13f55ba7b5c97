// Two-factor authentication (ADR 0035), with codes made by `otpauth` as an authenticator app makes them.
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOVERY_CODE_COUNT, TWO_FACTOR_MESSAGES } from '@referwell/shared';
import { companyAuditLog, twoFactor } from '../../db/schema';
import { createTestApp, requestsTo, signUp, TEST_PASSWORD, type SignedUp, type TestApp } from '../../test/harness';
import { TWO_FACTOR_LIMITS } from './two-factor';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { call, ok } = requestsTo(() => t);

let ipCounter = 0;
const freshIp = () => `172.20.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

/** The authenticator app of an account: codes for now, or for the next 30-second step (a code works once). */
function authenticatorFor(setup: { secret: string; uri: string }) {
  const totp = new TOTP({ secret: Secret.fromBase32(setup.secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return { now: () => totp.generate(), next: () => totp.generate({ timestamp: Date.now() + 30_000 }) };
}

/** Turns two-factor on for `who`: the app and the recovery codes. */
async function enable(who: SignedUp) {
  const setup = await ok<{ secret: string; uri: string; qrSvg: string }>('POST', '/api/account/two-factor/setup', who);
  const app = authenticatorFor(setup);
  const { recoveryCodes } = await ok<{ recoveryCodes: string[] }>('POST', '/api/account/two-factor/enable', who, {
    code: app.now(),
  });
  return { setup, app, recoveryCodes };
}

/** The password step: the answer and the challenge cookie it set. */
async function passwordStep(who: SignedUp, ip = freshIp()) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: who.body.user.email, password: TEST_PASSWORD },
    remoteAddress: ip,
  });
  const challenge = res.cookies.find((c) => c.name === 'rw_2fa')?.value;
  return { res, challenge, ip };
}

const codeStep = (challenge: string | undefined, code: string, ip = freshIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login/two-factor',
    payload: { code },
    remoteAddress: ip,
    ...(challenge ? { cookies: { rw_2fa: challenge } } : {}),
  });

const auditActions = async (companyId: string) =>
  (await t.database.db.select().from(companyAuditLog).where(eq(companyAuditLog.companyId, companyId))).map(
    (row) => row.action,
  );

describe('setting up two-factor', () => {
  it('gives a QR code and otpauth URI, turns on with the first code, and shows ten recovery codes once', async () => {
    const who = await signUp(t);
    const setup = await ok<{ secret: string; uri: string; qrSvg: string }>(
      'POST',
      '/api/account/two-factor/setup',
      who,
    );
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Referwell:.+\?.*secret=/);
    expect(setup.uri).toContain('issuer=Referwell');
    expect(setup.qrSvg).toMatch(/^<svg/);
    expect((await ok('GET', '/api/account/two-factor', who)).enabled).toBe(false);

    const wrong = await call('POST', '/api/account/two-factor/enable', who, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(TWO_FACTOR_MESSAGES.codeInvalid);

    const { recoveryCodes } = await ok<{ recoveryCodes: string[] }>('POST', '/api/account/two-factor/enable', who, {
      code: authenticatorFor(setup).now(),
    });
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect(await ok('GET', '/api/account/two-factor', who)).toEqual({
      enabled: true,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
      required: false,
      hasPasskey: false,
    });
    // The secret is sealed at rest: the stored value does not hold it.
    const [row] = await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, who.body.user.id));
    expect(row!.totpSealed).not.toContain(setup.secret);
    expect(row!.totpSealed.startsWith(`v2.${t.app.secrets.currentKeyId}.`)).toBe(true);
    // Once on, a new secret cannot replace it without turning it off (which needs a code).
    expect((await call('POST', '/api/account/two-factor/setup', who)).statusCode).toBe(409);
  });
});

describe('logging in with two-factor', () => {
  it('asks for the code after the password, with no session until a valid code, and a code works once', async () => {
    const who = await signUp(t);
    const { app } = await enable(who);

    const { res, challenge } = await passwordStep(who);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: null, twoFactorRequired: true });
    expect(res.cookies.find((c) => c.name === 'rw_session')).toBeUndefined();
    expect(challenge).toBeTruthy();

    const wrong = await codeStep(challenge, '123456');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.cookies.find((c) => c.name === 'rw_session')).toBeUndefined();

    const code = app.next();
    const right = await codeStep(challenge, code);
    expect(right.statusCode).toBe(200);
    expect(right.json().user.id).toBe(who.body.user.id);
    const session = right.cookies.find((c) => c.name === 'rw_session')!.value;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', cookies: { rw_session: session } })).json().user
        .id,
    ).toBe(who.body.user.id);

    // The same code again (a replay), even after a fresh password step: refused.
    const again = await passwordStep(who);
    expect((await codeStep(again.challenge, code)).statusCode).toBe(400);
  });

  it('refuses the code step without a password step first', async () => {
    const res = await codeStep(undefined, '123456');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('TWO_FACTOR_EXPIRED');
    const forged = await codeStep('00000000-0000-0000-0000-000000000000.99999999999999.forged', '123456');
    expect(forged.statusCode).toBe(401);
  });

  it('accepts a recovery code once', async () => {
    const who = await signUp(t);
    const { recoveryCodes } = await enable(who);
    const first = await passwordStep(who);
    const used = await codeStep(first.challenge, recoveryCodes[0]!.toUpperCase());
    expect(used.statusCode).toBe(200);
    expect((await ok('GET', '/api/account/two-factor', who)).recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);

    const second = await passwordStep(who);
    expect((await codeStep(second.challenge, recoveryCodes[0]!)).statusCode).toBe(400);
    expect((await codeStep(second.challenge, recoveryCodes[1]!)).statusCode).toBe(200);
  });

  it('throttles guessing: past the limit even the right code waits, from any address', async () => {
    const who = await signUp(t);
    const { app } = await enable(who);
    const { challenge } = await passwordStep(who);
    for (let i = 0; i < TWO_FACTOR_LIMITS.perAccount.max; i++) {
      expect((await codeStep(challenge, String(100000 + i))).statusCode).toBe(400);
    }
    const throttled = await codeStep(challenge, app.next());
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
  });

  it('sends a plain form login of an account with two-factor to the code step', async () => {
    const who = await signUp(t);
    await enable(who);
    const res = await t.app.inject({
      method: 'POST',
      url: '/login?returnTo=%2Fsettings',
      payload: `email=${encodeURIComponent(who.body.user.email)}&password=${encodeURIComponent(TEST_PASSWORD)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login/two-factor?returnTo=%2Fsettings');
    expect(res.cookies.find((c) => c.name === 'rw_session')).toBeUndefined();
    expect(res.cookies.find((c) => c.name === 'rw_2fa')).toBeDefined();
  });
});

describe('turning two-factor off and new recovery codes', () => {
  it('needs a code, and audits every change and failure in the company log', async () => {
    const admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Twofactor Clinic' });
    const companyId = admin.body.company!.id;
    const { recoveryCodes } = await enable(admin);

    expect((await call('POST', '/api/account/two-factor/disable', admin, { code: 'nope-nope' })).statusCode).toBe(400);
    const fresh = await ok<{ recoveryCodes: string[] }>('POST', '/api/account/two-factor/recovery-codes', admin, {
      code: recoveryCodes[0],
    });
    expect(fresh.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    // The old codes stopped working.
    expect((await call('POST', '/api/account/two-factor/disable', admin, { code: recoveryCodes[1] })).statusCode).toBe(
      400,
    );
    await ok('POST', '/api/account/two-factor/disable', admin, { code: fresh.recoveryCodes[0] });
    expect((await ok('GET', '/api/account/two-factor', admin)).enabled).toBe(false);

    const actions = await auditActions(companyId);
    expect(actions.filter((a) => a === 'two_factor.enabled')).toHaveLength(1);
    expect(actions.filter((a) => a === 'two_factor.failed')).toHaveLength(2);
    expect(actions).toContain('two_factor.recovery_codes_regenerated');
    expect(actions).toContain('two_factor.recovery_code_used');
    expect(actions).toContain('two_factor.disabled');
  });
});

describe('a company that requires two-factor for its admins', () => {
  it('sends an admin without it to set it up before anything else, enforced by the server', async () => {
    const admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Strict Clinic' });
    const companyId = admin.body.company!.id;
    const other = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Strict Clinic Two' });
    const otherId = other.body.company!.id;

    expect(await ok('PUT', `/api/companies/${companyId}/security`, admin, { requireTwoFactorForAdmins: true })).toEqual(
      { requireTwoFactorForAdmins: true },
    );
    expect(await auditActions(companyId)).toContain('company.two_factor_policy_changed');

    // Nothing but the set-up answers now.
    expect((await ok('GET', '/api/auth/session', admin)).twoFactorSetupRequired).toBe(true);
    const refused = await call('GET', `/api/companies/${companyId}/team`, admin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    expect((await call('GET', '/api/dashboard/referrer', admin)).statusCode).toBe(403);
    expect((await ok('GET', '/api/account/two-factor', admin)).required).toBe(true);
    // Another company's admin is not affected.
    expect((await call('GET', `/api/companies/${otherId}/team`, other)).statusCode).toBe(200);

    const { recoveryCodes } = await enable(admin);
    expect((await ok('GET', '/api/auth/session', admin)).twoFactorSetupRequired).toBeUndefined();
    expect((await call('GET', `/api/companies/${companyId}/team`, admin)).statusCode).toBe(200);
    // While required, it cannot be turned off.
    const off = await call('POST', '/api/account/two-factor/disable', admin, { code: recoveryCodes[0] });
    expect(off.statusCode).toBe(409);
    expect(off.json().error.message).toBe(TWO_FACTOR_MESSAGES.requiredByCompany);
  });
});
