// Passkeys (ADR 0040), driven by a software authenticator that signs real P-256 assertions (src/test/soft-authenticator.ts).
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_FORM_ERRORS, PASSKEY_MESSAGES, TWO_FACTOR_MESSAGES } from '@referwell/shared';
import { companyAuditLog, passkeyChallenges, passkeys } from '../../db/schema';
import { createTestApp, requestsTo, signUp, TEST_PASSWORD, type SignedUp, type TestApp } from '../../test/harness';
import { assert, register, strayKey, type SoftPasskey } from '../../test/soft-authenticator';
import { inTransaction } from '../../db/repository';
import { eraseAccount } from '../account/port';
import { relyingPartyOf } from './passkeys';

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp();
  origin = relyingPartyOf(t.app.config.publicUrl).origin;
});
afterAll(() => t.close());
const { call, ok } = requestsTo(() => t);

let ipCounter = 0;
const freshIp = () => `172.21.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

type Options = { challenge: string; rp: { id?: string }; user: { id: string } };

/** Registers a passkey for `who` through the API; the authenticator's side of it. */
async function addPasskey(who: SignedUp, name = 'Work laptop', body: object = {}): Promise<SoftPasskey> {
  const options = await ok<Options>('POST', '/api/account/passkeys/options', who, body);
  const { passkey, response } = register(options, { origin });
  await ok('POST', '/api/account/passkeys', who, { name, response });
  return passkey;
}

const signInOptions = async (ip = freshIp()) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/passkey/options', remoteAddress: ip });
  expect(res.statusCode).toBe(200);
  return res.json<{ challenge: string; rpId: string; userVerification: string }>();
};
const verify = (response: object, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/passkey/verify', payload: { response }, remoteAddress: ip });

const sessionOf = (res: Awaited<ReturnType<typeof verify>>) => res.cookies.find((c) => c.name === 'rw_session');

const auditActions = async (companyId: string) =>
  (await t.database.db.select().from(companyAuditLog).where(eq(companyAuditLog.companyId, companyId))).map(
    (row) => row.action,
  );

describe('registering a passkey', () => {
  it('asks for a discoverable credential with user verification, keeps it, and lists it without key material', async () => {
    const admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Passkey Clinic' });
    const options = await ok<Options & Record<string, unknown>>('POST', '/api/account/passkeys/options', admin, {});
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'Referwell' },
      user: { name: admin.body.user.email },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const { response } = register(options, { origin });
    const created = await call('POST', '/api/account/passkeys', admin, { name: '  Work laptop ', response });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Work laptop', lastUsedAt: null });

    const list = await ok<{ passkeys: Record<string, unknown>[]; codeNeeded: boolean }>(
      'GET',
      '/api/account/passkeys',
      admin,
    );
    expect(list.codeNeeded).toBe(false);
    expect(list.passkeys).toHaveLength(1);
    expect(Object.keys(list.passkeys[0]!).sort()).toEqual(['backedUp', 'createdAt', 'id', 'lastUsedAt', 'name']);

    // The same challenge again (a replayed registration) is refused: it worked once.
    const replay = await call('POST', '/api/account/passkeys', admin, {
      response: register(options, { origin }).response,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe(PASSKEY_MESSAGES.registrationFailed);
    // The next options exclude the passkey already registered.
    const next = await ok<{ excludeCredentials: { id: string }[] }>('POST', '/api/account/passkeys/options', admin, {});
    expect(next.excludeCredentials.map((c) => c.id)).toEqual([response.id]);
    expect(await auditActions(admin.body.company!.id)).toContain('passkey.added');
  });

  it('refuses an answer from another origin, without user verification, or to another account’s challenge', async () => {
    const who = await signUp(t);
    const other = await signUp(t);
    const options = await ok<Options>('POST', '/api/account/passkeys/options', who, {});
    const wrongOrigin = register(options, { origin: 'https://evil.example' }).response;
    expect((await call('POST', '/api/account/passkeys', who, { response: wrongOrigin })).statusCode).toBe(400);

    const fresh = await ok<Options>('POST', '/api/account/passkeys/options', who, {});
    const notVerified = register(fresh, { origin, userVerified: false }).response;
    expect((await call('POST', '/api/account/passkeys', who, { response: notVerified })).statusCode).toBe(400);

    const theirs = await ok<Options>('POST', '/api/account/passkeys/options', other, {});
    expect(
      (await call('POST', '/api/account/passkeys', who, { response: register(theirs, { origin }).response }))
        .statusCode,
    ).toBe(400);
    expect((await ok<{ passkeys: unknown[] }>('GET', '/api/account/passkeys', who)).passkeys).toHaveLength(0);
  });

  it('refuses malformed answers with 400, not 500', async () => {
    const who = await signUp(t);
    const options = await ok<Options>('POST', '/api/account/passkeys/options', who, {});
    const { response } = register(options, { origin });
    const broken = { ...response, response: { clientDataJSON: 'not json!', attestationObject: 'AAAA' } };
    expect((await call('POST', '/api/account/passkeys', who, { response: broken })).statusCode).toBe(400);
    const garbage = { ...response, response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' } };
    expect((await call('POST', '/api/account/passkeys', who, { response: garbage })).statusCode).toBe(400);
  });
});

describe('signing in with a passkey', () => {
  it('signs in without a password or code (usernameless), and records when it was used', async () => {
    const who = await signUp(t);
    const passkey = await addPasskey(who);
    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options).not.toHaveProperty('allowCredentials.0');

    const res = await verify(assert(passkey, options, { origin }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(who.body.user.id);
    const session = sessionOf(res)!.value;
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/session', cookies: { rw_session: session } });
    expect(me.json().user.id).toBe(who.body.user.id);
    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.userId, who.body.user.id));
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('counts as both factors: an account with two-factor on gets its session without a code', async () => {
    const admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Both Factors Clinic' });
    const setup = await ok<{ secret: string }>('POST', '/api/account/two-factor/setup', admin);
    const totp = new TOTP({ secret: Secret.fromBase32(setup.secret), algorithm: 'SHA1', digits: 6, period: 30 });
    await ok('POST', '/api/account/two-factor/enable', admin, { code: totp.generate() });

    // With two-factor on, adding a passkey needs a code.
    const noCode = await call('POST', '/api/account/passkeys/options', admin, {});
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.code).toBe('TWO_FACTOR_CODE_NEEDED');
    expect((await call('POST', '/api/account/passkeys/options', admin, { code: '000000' })).statusCode).toBe(400);
    const passkey = await addPasskey(admin, 'Phone', { code: totp.generate({ timestamp: Date.now() + 30_000 }) });
    expect((await ok<{ codeNeeded: boolean }>('GET', '/api/account/passkeys', admin)).codeNeeded).toBe(true);

    const res = await verify(assert(passkey, await signInOptions(), { origin }));
    expect(res.statusCode).toBe(200);
    expect(res.json().twoFactorRequired).toBeUndefined();
    expect(sessionOf(res)).toBeDefined();
    const actions = await auditActions(admin.body.company!.id);
    expect(actions).toContain('passkey.signed_in');
    expect(actions).toContain('two_factor.failed');
  });

  it('refuses a bad signature, another origin, another RP ID and a missing user verification', async () => {
    const admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Forged Clinic' });
    const passkey = await addPasskey(admin);
    const cases = [
      { origin, signWith: strayKey() },
      { origin: 'https://evil.example' },
      { origin, rpId: 'evil.example' },
      { origin, userVerified: false },
    ];
    for (const how of cases) {
      const res = await verify(assert(passkey, await signInOptions(), how));
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(PASSKEY_MESSAGES.signInFailed);
      expect(sessionOf(res)).toBeUndefined();
    }
    expect((await auditActions(admin.body.company!.id)).filter((a) => a === 'passkey.refused')).toHaveLength(4);
  });

  it('uses a challenge once, and never after it expired or one made up', async () => {
    const who = await signUp(t);
    const passkey = await addPasskey(who);
    const options = await signInOptions();
    expect((await verify(assert(passkey, options, { origin }))).statusCode).toBe(200);
    const replay = await verify(assert(passkey, options, { origin }));
    expect(replay.statusCode).toBe(401);

    const stale = await signInOptions();
    await t.database.db
      .update(passkeyChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passkeyChallenges.challenge, stale.challenge));
    expect((await verify(assert(passkey, stale, { origin }))).statusCode).toBe(401);

    const madeUp = { challenge: Buffer.from('never handed out').toString('base64url') };
    expect((await verify(assert(passkey, madeUp, { origin }))).statusCode).toBe(401);
  });

  it('refuses a signature counter that did not move forward (a cloned authenticator)', async () => {
    const who = await signUp(t);
    const passkey = await addPasskey(who);
    expect((await verify(assert(passkey, await signInOptions(), { origin, counter: 5 }))).statusCode).toBe(200);
    expect((await verify(assert(passkey, await signInOptions(), { origin, counter: 3 }))).statusCode).toBe(401);
    expect((await verify(assert(passkey, await signInOptions(), { origin, counter: 5 }))).statusCode).toBe(401);
    expect((await verify(assert(passkey, await signInOptions(), { origin, counter: 6 }))).statusCode).toBe(200);
  });

  it('refuses a passkey it does not know, and one whose user handle names someone else', async () => {
    const who = await signUp(t);
    const other = await signUp(t);
    const passkey = await addPasskey(who);
    const stranger = { ...passkey, credentialId: Buffer.from('unknown-credential') };
    const unknown = await verify(assert(stranger, await signInOptions(), { origin }));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('PASSKEY_UNKNOWN');
    const handle = Buffer.from(other.body.user.id.replace(/-/g, ''), 'hex').toString('base64url');
    const impostor = await verify(assert({ ...passkey, userHandle: handle }, await signInOptions(), { origin }));
    expect(impostor.statusCode).toBe(401);
  });
});

describe('renaming and removing passkeys', () => {
  it('renames and removes only the account’s own passkeys', async () => {
    const who = await signUp(t);
    const other = await signUp(t);
    const passkey = await addPasskey(who, 'Old name');
    const [listed] = (await ok<{ passkeys: { id: string }[] }>('GET', '/api/account/passkeys', who)).passkeys;
    const id = listed!.id;

    expect((await call('PATCH', `/api/account/passkeys/${id}`, other, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/account/passkeys/${id}`, who, { name: '' })).statusCode).toBe(400);
    expect((await ok('PATCH', `/api/account/passkeys/${id}`, who, { name: 'Desk key' })).name).toBe('Desk key');

    expect((await call('POST', `/api/account/passkeys/${id}/remove`, other, {})).statusCode).toBe(404);
    expect((await call('POST', `/api/account/passkeys/${id}/remove`, who, {})).statusCode).toBe(204);
    expect((await ok<{ passkeys: unknown[] }>('GET', '/api/account/passkeys', who)).passkeys).toHaveLength(0);
    // A removed passkey no longer signs in.
    expect((await verify(assert(passkey, await signInOptions(), { origin }))).statusCode).toBe(401);
  });
});

describe('a company that requires two-factor for its admins', () => {
  const passwordLogin = (who: SignedUp, form = false) =>
    t.app.inject({
      method: 'POST',
      url: form ? '/login' : '/api/auth/login',
      ...(form
        ? {
            payload: `email=${encodeURIComponent(who.body.user.email)}&password=${encodeURIComponent(TEST_PASSWORD)}`,
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
          }
        : { payload: { email: who.body.user.email, password: TEST_PASSWORD } }),
      remoteAddress: freshIp(),
    });

  it('takes a passkey as the admin’s second factor: set up from the set-up-only session, then signed in with', async () => {
    const admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Passkey Policy Clinic' });
    const companyId = admin.body.company!.id;
    await ok('PUT', `/api/companies/${companyId}/security`, admin, { requireTwoFactorForAdmins: true });
    expect((await ok('GET', '/api/auth/session', admin)).twoFactorSetupRequired).toBe(true);
    expect((await call('GET', `/api/companies/${companyId}/team`, admin)).statusCode).toBe(403);

    // The set-up-only session may add a passkey; once it has one, the admin is enrolled.
    const passkey = await addPasskey(admin);
    expect((await ok('GET', '/api/auth/session', admin)).twoFactorSetupRequired).toBeUndefined();
    expect(await ok('GET', '/api/account/two-factor', admin)).toMatchObject({
      enabled: false,
      required: true,
      hasPasskey: true,
    });

    // A password alone is one factor: refused, pointing to the passkey (JSON and the plain form).
    const password = await passwordLogin(admin);
    expect(password.statusCode).toBe(403);
    expect(password.json().error).toMatchObject({
      code: 'PASSKEY_REQUIRED',
      message: AUTH_FORM_ERRORS['passkey-required'],
    });
    expect(password.cookies.find((c) => c.name === 'rw_session')).toBeUndefined();
    const form = await passwordLogin(admin, true);
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toContain('error=passkey-required');
    expect(form.cookies.find((c) => c.name === 'rw_session')).toBeUndefined();

    // The passkey sign-in is both factors: a full session.
    const res = await verify(assert(passkey, await signInOptions(), { origin }));
    expect(res.statusCode).toBe(200);
    const cookies = { rw_session: sessionOf(res)!.value };
    const team = await t.app.inject({ method: 'GET', url: `/api/companies/${companyId}/team`, cookies });
    expect(team.statusCode).toBe(200);

    // The last passkey stays while it is the admin's only second factor.
    const [listed] = (await ok<{ passkeys: { id: string }[] }>('GET', '/api/account/passkeys', admin)).passkeys;
    const removal = await call('POST', `/api/account/passkeys/${listed!.id}/remove`, admin, {});
    expect(removal.statusCode).toBe(409);
    expect(removal.json().error.message).toBe(PASSKEY_MESSAGES.lastRequired);

    // Once the policy is off, the password signs in again and the passkey can go.
    await ok('PUT', `/api/companies/${companyId}/security`, admin, { requireTwoFactorForAdmins: false });
    expect((await passwordLogin(admin)).statusCode).toBe(200);
    expect((await call('POST', `/api/account/passkeys/${listed!.id}/remove`, admin, {})).statusCode).toBe(204);
  });

  it('lets an admin with a passkey turn the authenticator app off, and asks TOTP holders for their code as before', async () => {
    const admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Two Keys Clinic' });
    const companyId = admin.body.company!.id;
    const setup = await ok<{ secret: string }>('POST', '/api/account/two-factor/setup', admin);
    const totp = new TOTP({ secret: Secret.fromBase32(setup.secret), algorithm: 'SHA1', digits: 6, period: 30 });
    const { recoveryCodes } = await ok<{ recoveryCodes: string[] }>('POST', '/api/account/two-factor/enable', admin, {
      code: totp.generate(),
    });
    await ok('PUT', `/api/companies/${companyId}/security`, admin, { requireTwoFactorForAdmins: true });

    // With the app as the only factor, it cannot be turned off.
    const refused = await call('POST', '/api/account/two-factor/disable', admin, { code: recoveryCodes[0] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(TWO_FACTOR_MESSAGES.requiredByCompany);
    // The password still leads to the code step (not to the passkey refusal) while the app is on.
    await addPasskey(admin, 'Phone', { code: recoveryCodes[1] });
    const step = await passwordLogin(admin);
    expect(step.statusCode).toBe(200);
    expect(step.json().twoFactorRequired).toBe(true);

    // With a passkey, the app can go: the admin stays enrolled.
    expect((await call('POST', '/api/account/two-factor/disable', admin, { code: recoveryCodes[2] })).statusCode).toBe(
      200,
    );
    expect((await ok('GET', '/api/auth/session', admin)).twoFactorSetupRequired).toBeUndefined();
    expect((await passwordLogin(admin)).json().error.code).toBe('PASSKEY_REQUIRED');
  });
});

describe('erasing an account', () => {
  it('deletes its passkeys: they no longer sign in', async () => {
    const who = await signUp(t);
    const passkey = await addPasskey(who);
    await inTransaction(t.database.db, (tx) => eraseAccount(tx, who.body.user.id, new Date(), true));
    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.userId, who.body.user.id))).toEqual([]);
    expect((await verify(assert(passkey, await signInOptions(), { origin }))).statusCode).toBe(401);
  });
});
