import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PASSWORD_POLICY_MESSAGES } from '@referwell/shared';
import { accountAttemptsKey, AUTH_LIMITS } from './service';
import { resetMailKey } from './password-changes';
import { sessions, signupRequests, users } from '../../db/schema';
import { captureSignupLinks, signupLinkFor } from '../../test/signup-links';
import { mailsTo } from '../../test/mail';
import { selectRows } from '../../db/repository';
import { createTestApp, signUp, TEST_PASSWORD, withSession, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `172.16.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
const post = (
  url: string,
  payload: object,
  extra: { ip?: string; token?: string; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: extra.ip ?? freshIp(),
    headers: extra.headers,
    ...(extra.token ? withSession(extra.token) : {}),
  });
const session = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/session', ...(token ? withSession(token) : {}) }).then((r) => r.json());
/** The token of the newest sign-up link mailed to `email`. */
async function signupToken(email: string): Promise<string> {
  const link = await signupLinkFor(t.app.db, email);
  return new URL(link!, 'http://link').searchParams.get('token')!;
}
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('sign-up', () => {
  it('creates a job seeker with a TALENT referral code and no company role', async () => {
    const { body, token } = await signUp(t, { role: 'jobseeker' });
    expect(body.outcome).toBe('jobseeker');
    expect(body.user.type).toBe('jobseeker');
    expect(body.user.referralCode).toMatch(/^TALENT[A-Z2-9]{6}$/);
    expect(body.company).toBeNull();
    expect((await session(token)).user.id).toBe(body.user.id);
  });

  it('sets an httpOnly, SameSite=Lax session cookie of at least 128 random bits once the sign-up link is followed', async () => {
    const email = uniqueEmail('cookie');
    const ip = freshIp();
    await captureSignupLinks(t.app.db);
    const asked = await post(
      '/api/auth/signup',
      { name: 'Cookie', email, password: TEST_PASSWORD, role: 'jobseeker' },
      { ip },
    );
    expect(asked.statusCode).toBe(202);
    expect(asked.cookies).toEqual([]);
    const res = await post(
      '/api/auth/signup/confirm',
      { token: await signupToken(email), password: TEST_PASSWORD },
      { ip },
    );
    expect(res.statusCode).toBe(201);
    const cookie = res.cookies.find((c) => c.name === 'rw_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
    expect(Buffer.from(cookie.value, 'base64url').length).toBeGreaterThanOrEqual(16);
    // Only the hash is stored.
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, cookie.value));
    expect(stored).toHaveLength(0);
  });

  it('creates the account only from its link, with the password chosen at sign-up, once (finding 9)', async () => {
    const email = uniqueEmail('link');
    await captureSignupLinks(t.app.db);
    await post('/api/auth/signup', { name: 'Linked', email, password: TEST_PASSWORD, role: 'jobseeker' });
    const token = await signupToken(email);
    const accounts = () =>
      t.database.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`);
    expect(await accounts()).toHaveLength(0);
    const wrong = await post('/api/auth/signup/confirm', { token, password: 'not the chosen password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.password).toBe(AUTH_MESSAGES.signupPasswordWrong);
    expect(
      (await post('/api/auth/signup/confirm', { token: 'x'.repeat(43), password: TEST_PASSWORD })).statusCode,
    ).toBe(400);
    const made = await post('/api/auth/signup/confirm', { token, password: TEST_PASSWORD });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ outcome: 'jobseeker', user: { email, type: 'jobseeker' } });
    const [row] = await accounts();
    expect(row!.emailConfirmedAt).not.toBeNull(); // the link reached the address
    const again = await post('/api/auth/signup/confirm', { token, password: TEST_PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(AUTH_MESSAGES.signupLinkInvalid);
  });

  it('stores the password as an argon2id hash at the OWASP parameters', async () => {
    const { body } = await signUp(t);
    const [row] = await t.database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, body.user.id));
    expect(row!.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('makes a company HR who creates a company its companyAdmin', async () => {
    const { body } = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Acme Health' });
    expect(body.outcome).toBe('companyCreated');
    expect(body.user.type).toBe('referrer');
    expect(body.company).toMatchObject({ name: 'Acme Health', role: 'companyAdmin' });
    expect(body.company!.slug).toMatch(/^acme-health(-\d+)?$/);
  });

  it('makes a referrer or company HR who joins with the invite code a member', async () => {
    const admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Joinable Clinic' });
    const team = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${admin.body.company!.id}/team`,
      ...withSession(admin.token),
    });
    const { inviteCode } = team.json();
    expect(inviteCode).toMatch(/^JOIN-[A-Z2-9]{8}$/);

    const referrer = await signUp(t, { role: 'referrer', inviteCode: inviteCode.toLowerCase() });
    expect(referrer.body.outcome).toBe('joinedAsReferrer');
    expect(referrer.body.company).toMatchObject({ id: admin.body.company!.id, role: 'member' });

    const hr = await signUp(t, { role: 'companyHR', companyType: 'join', inviteCode });
    expect(hr.body.outcome).toBe('joinedAsHR');
    expect(hr.body.company).toMatchObject({ id: admin.body.company!.id, role: 'member' });
  });

  it("links a job seeker who signs up with another job seeker's referral code", async () => {
    const inviter = await signUp(t);
    const invited = await signUp(t, { inviteCode: inviter.body.user.referralCode!.toLowerCase() });
    const [row] = await t.database.db
      .select({ by: users.invitedByUserId })
      .from(users)
      .where(eq(users.id, invited.body.user.id));
    expect(row!.by).toBe(inviter.body.user.id);
  });

  it.each([
    [{ role: 'referrer' }, 'inviteCode', AUTH_MESSAGES.referrerInviteCode],
    [{ role: 'companyHR', companyType: 'create' }, 'companyName', AUTH_MESSAGES.companyName],
    [{ role: 'companyHR', companyType: 'join' }, 'inviteCode', AUTH_MESSAGES.hrInviteCode],
    [{ role: 'referrer', inviteCode: 'NOPE-AAAAAAAA' }, 'inviteCode', AUTH_MESSAGES.inviteCodeInvalid],
    [
      { role: 'companyHR', companyType: 'join', inviteCode: 'NOPE-AAAAAAAA' },
      'inviteCode',
      AUTH_MESSAGES.inviteCodeInvalid,
    ],
    [{ role: 'jobseeker', inviteCode: 'TALENTZZZZZZ' }, 'inviteCode', AUTH_MESSAGES.referralCodeInvalid],
    [{ role: 'jobseeker', name: '' }, 'name', AUTH_MESSAGES.nameRequired],
    [{ role: 'jobseeker', email: 'not-an-email' }, 'email', AUTH_MESSAGES.emailInvalid],
    [{ role: 'jobseeker', password: 'short12' }, 'password', AUTH_MESSAGES.passwordTooShort],
    [{ role: 'jobseeker', password: 'x'.repeat(257) }, 'password', AUTH_MESSAGES.passwordTooLong],
    // On the breached-password list the server checks (not in the short list the forms check as you type).
    [{ role: 'jobseeker', password: 'soso123aljg' }, 'password', PASSWORD_POLICY_MESSAGES.tooCommon],
    [{ role: 'admin' }, 'role', AUTH_MESSAGES.roleRequired],
  ])('refuses %j with the message for %s', async (overrides, field, message) => {
    const email = uniqueEmail('invalid');
    const res = await post('/api/auth/signup', { name: 'Someone', email, password: TEST_PASSWORD, ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    // Nothing half-written.
    expect(
      await t.database.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`),
    ).toHaveLength(0);
  });

  it('accepts a 64-character password and never truncates it', async () => {
    const password = 'p'.repeat(63) + 'Z' + 'q'.repeat(36);
    const { body } = await signUp(t, { password });
    const truncated = await post('/api/auth/login', { email: body.user.email, password: password.slice(0, 72) });
    expect(truncated.statusCode).toBe(401);
    const full = await post('/api/auth/login', { email: body.user.email, password });
    expect(full.statusCode).toBe(200);
  });

  it('answers a sign-up with a taken e-mail exactly like a new one, mails the owner, and adds no row (finding 9)', async () => {
    const first = await signUp(t);
    const before = await signUp(t); // a caller already signed in keeps their session either way
    const ask = (email: string) =>
      post(
        '/api/auth/signup',
        { name: 'Copy', email, password: TEST_PASSWORD, role: 'jobseeker' },
        { token: before.token },
      );
    const fresh = await ask(uniqueEmail('fresh'));
    const taken = await ask(first.body.user.email.toUpperCase());
    for (const res of [fresh, taken]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.signupCheckEmail });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    expect((await session(before.token)).user.id).toBe(before.body.user.id);
    const told = (await mailsTo(t, first.body.user.email)).filter((m) => m.includes('Someone tried to sign up'));
    expect(told).toHaveLength(1);
    expect(told[0]).not.toContain('/confirm-signup');
    const rows = await t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${first.body.user.email}`);
    expect(rows).toHaveLength(1);
    const waiting = await t.database.db
      .select()
      .from(signupRequests)
      .where(sql`lower(${signupRequests.email}) = ${first.body.user.email}`);
    expect(waiting).toHaveLength(0);
  });

  it("never lets a stranger's sign-up with an address keep its owner from signing up (finding 9)", async () => {
    const email = uniqueEmail('contested');
    await captureSignupLinks(t.app.db);
    await post('/api/auth/signup', { name: 'Stranger', email, password: 'stranger password 1', role: 'jobseeker' });
    const strangers = await signupToken(email);
    await post('/api/auth/signup', { name: 'Owner', email, password: TEST_PASSWORD, role: 'jobseeker' });
    const owners = await signupToken(email);
    expect(owners).not.toBe(strangers);
    // The owner following the stranger's link with their own password gets nothing; their own link works.
    expect((await post('/api/auth/signup/confirm', { token: strangers, password: TEST_PASSWORD })).statusCode).toBe(
      400,
    );
    const made = await post('/api/auth/signup/confirm', { token: owners, password: TEST_PASSWORD });
    expect(made.statusCode).toBe(201);
    expect(made.json().user.name).toBe('Owner');
    // The stranger's link is void now that the address has its account.
    const late = await post('/api/auth/signup/confirm', { token: strangers, password: 'stranger password 1' });
    expect(late.statusCode).toBe(400);
  });

  it('limits invite-code sign-ups per address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await post(
        '/api/auth/signup',
        {
          name: 'Guesser',
          email: uniqueEmail('guess'),
          password: TEST_PASSWORD,
          role: 'referrer',
          inviteCode: `GUES-${i}AAAAAAA`,
        },
        { ip },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('login, sessions and logout', () => {
  it('logs in with the right password and answers the session', async () => {
    const { body, password } = await signUp(t, { role: 'companyHR', companyName: 'Login Labs' });
    const res = await post('/api/auth/login', { email: body.user.email.toUpperCase(), password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: body.user.id },
      company: { role: 'companyAdmin' },
      prelaunch: false,
    });
    const token = res.cookies.find((c) => c.name === 'rw_session')!.value;
    expect((await session(token)).user.id).toBe(body.user.id);
  });

  it('answers an unknown e-mail and a wrong password the same way (password.test.ts shows both verify a hash)', async () => {
    const { body } = await signUp(t);
    const post401 = (email: string) => post('/api/auth/login', { email, password: 'wrong password!' });
    const a = await post401(body.user.email);
    const b = await post401(uniqueEmail('nobody'));
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.body).toBe(b.body);
    expect(a.json().error.message).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it('rotates the session on login: the token sent with the login request stops working', async () => {
    const { body, token, password } = await signUp(t);
    const res = await post('/api/auth/login', { email: body.user.email, password }, { token });
    const fresh = res.cookies.find((c) => c.name === 'rw_session')!.value;
    expect(fresh).not.toBe(token);
    expect((await session(token)).user).toBeNull();
    expect((await session(fresh)).user.id).toBe(body.user.id);
  });

  it('revokes the session on logout', async () => {
    const { token } = await signUp(t);
    const res = await post('/api/auth/logout', {}, { token });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'rw_session')?.value).toBe('');
    expect((await session(token)).user).toBeNull();
  });

  it('ends a session after 7 idle days and 30 days after login', async () => {
    const idle = await signUp(t);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '8 days'` })
      .where(eq(sessions.userId, idle.body.user.id));
    expect((await session(idle.token)).user).toBeNull();

    const old = await signUp(t);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, old.body.user.id));
    expect((await session(old.token)).user).toBeNull();
  });

  it('refuses an address after 10 wrong passwords for an account, with a clear 429 and Retry-After', async () => {
    const { body } = await signUp(t);
    const ip = freshIp();
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 11; i++) {
      last = await post('/api/auth/login', { email: body.user.email, password: `wrong-${i}-password` }, { ip });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(last!.json().error.message).toMatch(
      /^Too many login attempts for this account\. Please wait \d+ minutes and try again\.$/,
    );
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    // That address waits even with the right password: the limit protects the account from it.
    expect(
      (await post('/api/auth/login', { email: body.user.email, password: TEST_PASSWORD }, { ip })).statusCode,
    ).toBe(429);
  });

  it('does not lock the owner out: the right password from another address gets in after guesses from ten', async () => {
    const { body } = await signUp(t);
    for (let i = 0; i < 10; i++)
      await post('/api/auth/login', { email: body.user.email, password: `guess-${i}-password` }, { ip: freshIp() });
    const owner = await post('/api/auth/login', { email: body.user.email, password: TEST_PASSWORD });
    expect(owner.statusCode).toBe(200);
  });

  it('serialises guesses at one account from many addresses, and refuses those whose turn is too far off (findings 3, 10)', async () => {
    const { body } = await signUp(t);
    const policy = AUTH_LIMITS.loginAccount;
    const addresses = Array.from({ length: 10 }, freshIp);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await post(
          '/api/auth/login',
          { email: body.user.email, password: `distributed-guess-${i}` },
          { ip: addresses[i % 10] },
        );
        return { status: res.statusCode, at: performance.now() - started };
      }),
    );
    const checked = answers.filter((a) => a.status === 401);
    const refused = answers.filter((a) => a.status === 429);
    expect(checked.length + refused.length).toBe(20);
    // The first few are checked at once; the rest queue one per interval, and those whose turn would come more
    // than maxWaitMs later are refused without a check.
    expect(checked.length).toBeGreaterThan(policy.freeFailures);
    expect(refused.length).toBeGreaterThan(0);
    const queued = checked.length - policy.freeFailures;
    expect(Math.max(...checked.map((a) => a.at))).toBeGreaterThanOrEqual((queued - 1) * policy.intervalMs - 50);
    // Every attempt counts against the account, whichever address it came from.
    const [bucket] = await selectRows<{ hits: number }>(
      t.database.db,
      sql`select hits from rate_limit_buckets where key = ${accountAttemptsKey(body.user.email)}`,
    );
    expect(bucket!.hits).toBe(20);
  });

  it("past the account's budget refuses new browsers, even with the right password, but not its owner's (findings 3, 10)", async () => {
    const { body } = await signUp(t);
    const email = body.user.email;
    const deviceOf = (res: { cookies: { name: string; value: string }[] }) =>
      res.cookies.find((c) => c.name === 'rw_device')!.value;
    const ownBrowser = deviceOf(await post('/api/auth/login', { email, password: TEST_PASSWORD }));
    /** Guesses from elsewhere have used up the account's budget for this window. */
    const spend = (address: string) =>
      t.database.db.execute(
        sql`insert into rate_limit_buckets (key, window_started_at, hits)
            values (${accountAttemptsKey(address)}, now(), ${AUTH_LIMITS.loginAccount.budget})
            on conflict (key) do update set hits = excluded.hits`,
      );
    await spend(email);

    const stranger = await post('/api/auth/login', { email, password: TEST_PASSWORD });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().error.message).toBe(AUTH_MESSAGES.accountThrottled);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    // An address without an account answers the same once its budget is spent: nothing tells them apart.
    const ghost = uniqueEmail('ghost');
    await spend(ghost);
    expect((await post('/api/auth/login', { email: ghost, password: TEST_PASSWORD })).json()).toEqual(stranger.json());

    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
      remoteAddress: freshIp(),
      cookies: { rw_device: ownBrowser },
    });
    expect(owner.statusCode).toBe(200);

    // A browser that completes a password reset is the owner's too, and the budget starts afresh.
    await post('/api/auth/password-reset', { email });
    const link = (await mailsTo(t, email)).find((m) => m.includes('Reset your Referwell password'))!;
    const resetToken = decodeURIComponent(link.match(/\/reset-password\?token=([\w%-]+)/)![1]!);
    const reset = await post('/api/auth/password-reset/confirm', {
      token: resetToken,
      password: 'a brand new password',
    });
    expect(reset.statusCode).toBe(200);
    const resetBrowser = deviceOf(reset);
    await spend(email);
    expect((await post('/api/auth/login', { email, password: 'a brand new password' })).statusCode).toBe(429);
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'a brand new password' },
      remoteAddress: freshIp(),
      cookies: { rw_device: resetBrowser },
    });
    expect(back.statusCode).toBe(200);
  });

  it('limits login attempts per address across accounts', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (await post('/api/auth/login', { email: uniqueEmail(`spray${i}`), password: 'whatever-pass' }, { ip }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('refuses a state-changing request from a foreign origin (CSRF)', async () => {
    const { body, password } = await signUp(t);
    const foreign = await post(
      '/api/auth/login',
      { email: body.user.email, password },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('CSRF');
    const crossSite = await post(
      '/api/auth/login',
      { email: body.user.email, password },
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(crossSite.statusCode).toBe(403);
    const own = await post(
      '/api/auth/login',
      { email: body.user.email, password },
      { headers: { origin: t.app.config.publicUrl } },
    );
    expect(own.statusCode).toBe(200);
  });
});

describe('password reset and change', () => {
  const resetLink = async (email: string) => {
    const mail = (await mailsTo(t, email)).find((m) => m.includes('Reset your Referwell password'));
    return mail?.match(/\/reset-password\?token=([\w%-]+)/)?.[1];
  };

  it('mails a single-use link that sets a new password and ends every session', async () => {
    const { body, token } = await signUp(t);
    const res = await post('/api/auth/password-reset', { email: body.user.email });
    expect(res.json().message).toBe(AUTH_MESSAGES.resetRequested);
    const resetToken = decodeURIComponent((await resetLink(body.user.email))!);
    expect(resetToken.length).toBeGreaterThan(30);

    const confirm = await post('/api/auth/password-reset/confirm', {
      token: resetToken,
      password: 'a brand new password',
    });
    expect(confirm.statusCode).toBe(200);
    expect((await session(token)).user).toBeNull();
    expect((await post('/api/auth/login', { email: body.user.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect(
      (await post('/api/auth/login', { email: body.user.email, password: 'a brand new password' })).statusCode,
    ).toBe(200);

    const again = await post('/api/auth/password-reset/confirm', {
      token: resetToken,
      password: 'yet another password',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(AUTH_MESSAGES.resetTokenInvalid);
  });

  it('voids every older reset link once one is used (finding 6)', async () => {
    const { body } = await signUp(t);
    await post('/api/auth/password-reset', { email: body.user.email });
    const older = decodeURIComponent((await resetLink(body.user.email))!);
    await t.database.db.execute(
      sql`update rate_limit_buckets
          set window_started_at = now() - make_interval(secs => ${AUTH_LIMITS.resetMailIntervalSeconds})
          where key = ${resetMailKey(body.user.email)}`,
    ); // the interval between two reset mails has passed
    await post('/api/auth/password-reset', { email: body.user.email });
    const links = (await mailsTo(t, body.user.email))
      .map((m) => m.match(/\/reset-password\?token=([\w%-]+)/)?.[1])
      .filter((l): l is string => !!l)
      .map(decodeURIComponent);
    const newer = links.find((l) => l !== older)!;
    expect(newer).toBeDefined();
    expect(
      (await post('/api/auth/password-reset/confirm', { token: newer, password: 'a brand new password' })).statusCode,
    ).toBe(200);
    const stale = await post('/api/auth/password-reset/confirm', { token: older, password: 'an attacker password' });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.message).toBe(AUTH_MESSAGES.resetTokenInvalid);
  });

  it('voids pending reset links when the password is changed (finding 6)', async () => {
    const { body, token } = await signUp(t);
    await post('/api/auth/password-reset', { email: body.user.email });
    const pending = decodeURIComponent((await resetLink(body.user.email))!);
    const changed = await post(
      '/api/auth/password',
      { currentPassword: TEST_PASSWORD, newPassword: 'changed password 1' },
      { token },
    );
    expect(changed.statusCode).toBe(200);
    const stale = await post('/api/auth/password-reset/confirm', { token: pending, password: 'an attacker password' });
    expect(stale.statusCode).toBe(400);
  });

  it.each(['password', 'aaaaaaaa', '        ', 'Password123!', '12345678'])(
    'refuses the common password %j at sign-up, reset and change (finding 8)',
    async (weak) => {
      const signup = await post('/api/auth/signup', {
        name: 'W',
        email: uniqueEmail('weak'),
        password: weak,
        role: 'jobseeker',
      });
      expect(signup.statusCode).toBe(400);
      expect(signup.json().error.fields.password).toBe(PASSWORD_POLICY_MESSAGES.tooCommon);
      const { token } = await signUp(t);
      const change = await post('/api/auth/password', { currentPassword: TEST_PASSWORD, newPassword: weak }, { token });
      expect(change.statusCode).toBe(400);
      const reset = await post('/api/auth/password-reset/confirm', { token: 'x'.repeat(40), password: weak });
      expect(reset.json().error.fields.password).toBe(PASSWORD_POLICY_MESSAGES.tooCommon);
    },
  );

  it('refuses the e-mail address as the password (finding 8)', async () => {
    const email = uniqueEmail('same');
    const signup = await post('/api/auth/signup', { name: 'S', email, password: email, role: 'jobseeker' });
    expect(signup.json().error.fields.password).toBe(PASSWORD_POLICY_MESSAGES.sameAsEmail);
    const { body, token } = await signUp(t);
    const change = await post(
      '/api/auth/password',
      { currentPassword: TEST_PASSWORD, newPassword: body.user.email },
      { token },
    );
    expect(change.statusCode).toBe(400);
    expect(change.json().error.fields.newPassword).toBe(PASSWORD_POLICY_MESSAGES.sameAsEmail);
  });

  it('refuses an expired reset token', async () => {
    const { body } = await signUp(t);
    await post('/api/auth/password-reset', { email: body.user.email });
    const resetToken = decodeURIComponent((await resetLink(body.user.email))!);
    await t.database.db.execute(sql`update password_reset_tokens set expires_at = now() - interval '1 minute'`);
    const res = await post('/api/auth/password-reset/confirm', { token: resetToken, password: 'a brand new password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(AUTH_MESSAGES.resetTokenInvalid);
  });

  it('answers an unknown e-mail exactly like a known one and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await post('/api/auth/password-reset', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(AUTH_MESSAGES.resetRequested);
    expect(await mailsTo(t, email)).toHaveLength(0);
  });

  it("cannot be blocked by others: resets asked by strangers never keep the owner's link from them (finding 3)", async () => {
    const { body } = await signUp(t);
    const email = body.user.email;
    const variants = [email.toUpperCase(), ` ${email}`, email.replace(/^./, (c) => c.toUpperCase())];
    for (const asked of variants) {
      const res = await post('/api/auth/password-reset', { email: asked }); // three strangers, three addresses
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(AUTH_MESSAGES.resetRequested);
    }
    const own = await post('/api/auth/password-reset', { email });
    expect([own.statusCode, own.json().message]).toEqual([200, AUTH_MESSAGES.resetRequested]);
    // One mail in the interval, whoever asked: a link that works is in the owner's inbox.
    const links = async () =>
      (await mailsTo(t, email)).flatMap((m) => {
        const token = m.match(/\/reset-password\?token=([\w%-]+)/)?.[1];
        return token ? [decodeURIComponent(token)] : [];
      });
    expect(await links()).toHaveLength(1);

    // Once the interval has passed, the owner's own request mails again.
    await t.database.db.execute(
      sql`update rate_limit_buckets
          set window_started_at = now() - make_interval(secs => ${AUTH_LIMITS.resetMailIntervalSeconds})
          where key = ${resetMailKey(email)}`,
    );
    expect((await post('/api/auth/password-reset', { email })).statusCode).toBe(200);
    const [, latest] = await links();
    expect(latest).toBeDefined();
    const confirm = await post('/api/auth/password-reset/confirm', { token: latest!, password: 'mine again, finally' });
    expect(confirm.statusCode).toBe(200);
  });

  it('changes the password of a logged-in user and ends the other sessions', async () => {
    const { body, token } = await signUp(t);
    const other = (await post('/api/auth/login', { email: body.user.email, password: TEST_PASSWORD })).cookies.find(
      (c) => c.name === 'rw_session',
    )!.value;

    const wrong = await post(
      '/api/auth/password',
      { currentPassword: 'not it at all', newPassword: 'changed password 1' },
      { token },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.currentPassword).toBe(AUTH_MESSAGES.currentPasswordWrong);

    const res = await post(
      '/api/auth/password',
      { currentPassword: TEST_PASSWORD, newPassword: 'changed password 1' },
      { token },
    );
    expect(res.statusCode).toBe(200);
    const renewed = res.cookies.find((c) => c.name === 'rw_session')!.value;
    expect((await session(other)).user).toBeNull();
    expect((await session(token)).user).toBeNull();
    expect((await session(renewed)).user.id).toBe(body.user.id);
  });

  it('requires a session to change the password', async () => {
    const res = await post('/api/auth/password', { currentPassword: 'x', newPassword: 'changed password 1' });
    expect(res.statusCode).toBe(401);
  });
});

describe('team invitations by e-mail', () => {
  it('mails a sign-up link that joins the company once', async () => {
    const admin = await signUp(t, { role: 'companyHR', companyName: 'Invite Health' });
    const email = uniqueEmail('invitee');
    const res = await post(
      `/api/companies/${admin.body.company!.id}/invitations`,
      { name: 'New Person', email },
      { token: admin.token },
    );
    expect(res.statusCode).toBe(201);
    const mail = (await mailsTo(t, email))[0]!;
    const inviteToken = decodeURIComponent(mail.match(/\/signup\?invite=([\w%-]+)/)![1]!);

    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/auth/invitations/${encodeURIComponent(inviteToken)}`,
    });
    expect(preview.json()).toEqual({ companyName: 'Invite Health', name: 'New Person', email });

    const joined = await signUp(t, { role: 'referrer', email, invitationToken: inviteToken });
    expect(joined.body.company).toMatchObject({ id: admin.body.company!.id, role: 'member' });

    const reused = await post('/api/auth/signup', {
      name: 'Again',
      email: uniqueEmail('again'),
      password: TEST_PASSWORD,
      role: 'referrer',
      invitationToken: inviteToken,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(AUTH_MESSAGES.invitationInvalid);
  });
});

describe('pre-launch mode', () => {
  it('reports prelaunch and refuses logins', async () => {
    const pre = await createTestApp({ env: { PRELAUNCH: 'true' } });
    try {
      const state = (await pre.app.inject({ method: 'GET', url: '/api/auth/session' })).json();
      expect(state).toEqual({ user: null, company: null, prelaunch: true });
      const res = await pre.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@example.com', password: 'whatever1' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toContain(AUTH_MESSAGES.prelaunchTitle);
    } finally {
      await pre.close();
    }
  });
});

describe('cookies over https', () => {
  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://referwell.example' } });
    try {
      const email = uniqueEmail('secure');
      await captureSignupLinks(secure.app.db);
      const payload = { name: 'Secure', email, password: TEST_PASSWORD, role: 'jobseeker' };
      await secure.app.inject({ method: 'POST', url: '/api/auth/signup', payload });
      const token = new URL((await signupLinkFor(secure.app.db, email))!, 'http://link').searchParams.get('token');
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/signup/confirm',
        payload: { token, password: TEST_PASSWORD },
      });
      expect(res.cookies.find((c) => c.name === 'rw_session')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe('login and sign-up as plain form posts (before the page script runs, ADR 0017)', () => {
  const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', ...headers },
      remoteAddress: freshIp(),
    });
  const returnTo = '/job/00000000-0000-4000-8000-000000000042?resume=apply';
  const query = `?returnTo=${encodeURIComponent(returnTo)}`;

  /** The sign-up link mailed to `email`, as the address /confirm-signup is opened with. */
  const mailedLink = async (email: string) => new URL((await signupLinkFor(t.app.db, email))!, 'http://link');

  it('answers a sign-up with "check your e-mail", taken address or not; the link keeps returnTo and signs in', async () => {
    await captureSignupLinks(t.app.db);
    const email = uniqueEmail('form.signup');
    const fields = { name: 'Form Person', email, password: TEST_PASSWORD, role: 'jobseeker', inviteCode: '' };
    const res = await form(`/signup${query}`, fields);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/signup/sent');
    expect(res.cookies.find((c) => c.name === 'rw_session')).toBeUndefined();
    const link = await mailedLink(email);
    expect(link.pathname).toBe('/confirm-signup');
    expect(link.searchParams.get('returnTo')).toBe(returnTo);
    const confirmed = await post('/api/auth/signup/confirm', {
      token: link.searchParams.get('token'),
      password: TEST_PASSWORD,
    });
    expect(confirmed.statusCode).toBe(201);
    const token = confirmed.cookies.find((c) => c.name === 'rw_session')!.value;
    expect((await session(token)).user).toMatchObject({ email, type: 'jobseeker' });

    // The same answer for an address that has an account: no session, no link, its owner told instead.
    const again = await form(`/signup${query}`, { ...fields, email: email.toUpperCase() });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/signup/sent');
    expect(again.cookies.find((c) => c.name === 'rw_session')).toBeUndefined();
    expect(await signupLinkFor(t.app.db, email)).toBe(link.pathname + link.search);
    expect((await mailsTo(t, email)).some((m) => m.includes('Someone tried to sign up'))).toBe(true);
  });

  it('keeps a return target on another site out of the link; company HR naming a company creates it on confirming', async () => {
    await captureSignupLinks(t.app.db);
    const email = uniqueEmail('form.hr');
    const res = await form(`/signup?returnTo=${encodeURIComponent('https://evil.example/job/42')}`, {
      name: 'Form Admin',
      email,
      password: TEST_PASSWORD,
      role: 'companyHR',
      companyName: 'Form Post Health',
    });
    expect(res.headers.location).toBe('/signup/sent');
    const link = await mailedLink(email);
    expect(link.searchParams.has('returnTo')).toBe(false);
    const confirmed = await post('/api/auth/signup/confirm', {
      token: link.searchParams.get('token'),
      password: TEST_PASSWORD,
    });
    const token = confirmed.cookies.find((c) => c.name === 'rw_session')!.value;
    expect((await session(token)).company).toMatchObject({ name: 'Form Post Health', role: 'companyAdmin' });
  });

  it("follows company HR's choice to join when the form showed one, and to create one without a name", async () => {
    // Posted from /signup?role=companyHR, whose form shows the choice (ADR 0007).
    const asCompanyHr = (fields: Record<string, string>) =>
      form('/signup?role=companyHR', {
        name: 'Form HR',
        email: uniqueEmail('form.hr'),
        password: TEST_PASSWORD,
        role: 'companyHR',
        ...fields,
      });
    const joining = await asCompanyHr({ companyType: 'join', companyName: 'Typed First', inviteCode: 'NOSUCHCODE' });
    expect(joining.headers.location).toBe('/signup?role=companyHR&error=signup-code');
    const nameless = await asCompanyHr({ companyType: 'create', companyName: ' ', inviteCode: 'ABCD-EFGH' });
    expect(nameless.headers.location).toBe('/signup?role=companyHR&error=signup-invalid');
  });

  it('sends a refused sign-up back to the page with its query and a code, never the typed values', async () => {
    const weak = await form(`/signup${query}`, {
      name: 'Weak',
      email: uniqueEmail('form.weak'),
      password: 'password',
      role: 'jobseeker',
    });
    expect(weak.statusCode).toBe(303);
    expect(weak.headers.location).toBe(`/signup${query}&error=signup-password`);
    const noRole = await form('/signup?role=x', {
      name: 'No Role',
      email: uniqueEmail('form.norole'),
      password: TEST_PASSWORD,
    });
    expect(noRole.headers.location).toBe('/signup?role=x&error=signup-invalid');
    const badCode = await form('/signup', {
      name: 'Bad Code',
      email: uniqueEmail('form.code'),
      password: TEST_PASSWORD,
      role: 'referrer',
      inviteCode: 'NOSUCHCODE',
    });
    expect(badCode.headers.location).toBe('/signup?error=signup-code');
    expect(badCode.cookies.find((c) => c.name === 'rw_session')).toBeUndefined();
  });

  it('logs in and goes back to returnTo; wrong credentials come back with the one message code', async () => {
    const { body } = await signUp(t);
    const ok = await form(`/login${query}`, { email: body.user.email, password: TEST_PASSWORD });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe(returnTo);
    expect((await session(ok.cookies.find((c) => c.name === 'rw_session')!.value)).user.id).toBe(body.user.id);

    const wrong = await form(`/login${query}`, { email: body.user.email, password: 'not the password' });
    expect(wrong.headers.location).toBe(`/login${query}&error=credentials`);
    expect(wrong.cookies.find((c) => c.name === 'rw_session')).toBeUndefined();
    const empty = await form('/login', { email: '' });
    expect(empty.headers.location).toBe('/login?error=invalid');
  });

  it('ignores a return target on another site and uses the dashboard', async () => {
    const { body } = await signUp(t);
    const res = await form(`/login?returnTo=${encodeURIComponent('//evil.example/x')}`, {
      email: body.user.email,
      password: TEST_PASSWORD,
    });
    expect(res.headers.location).toBe('/jobseeker-dashboard');
  });

  it('refuses a post another site made (login CSRF), by Sec-Fetch-Site, or by Origin when that is missing', async () => {
    const { body } = await signUp(t);
    const credentials = { email: body.user.email, password: TEST_PASSWORD };
    for (const headers of <Record<string, string>[]>[
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
      { origin: 'https://evil.example' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/login',
        payload: new URLSearchParams(credentials).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        remoteAddress: freshIp(),
      });
      expect(res.headers.location, JSON.stringify(headers)).toBe('/login?error=refused');
      expect(res.cookies.find((c) => c.name === 'rw_session')).toBeUndefined();
    }
  });
});
