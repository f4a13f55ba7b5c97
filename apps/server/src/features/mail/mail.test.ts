import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, MAIL_MESSAGES } from '@referwell/shared';
import { selectRows } from '../../db/repository';
import { emailPreferences } from '../../db/schema';
import { createTestApp, requestsTo, type SignedUp, signUp, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { linkIn, mailsTo } from '../../test/mail';
import { drainQueue, dueJobs } from '../../test/queue';
import { sendDigests } from './digest';

let t: TestApp;
let admin: SignedUp;
let referrer: SignedUp;
let seeker: SignedUp;
let jobId: string;

const { call } = requestsTo(() => t);

const headerOf = (mail: string, name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(mail)?.[1];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Mail Test Health' });
  const { inviteCode } = (await call('GET', `/api/companies/${admin.body.company!.id}/team`, admin)).json();
  referrer = await signUp(t, { role: 'referrer', inviteCode, name: 'Riley Mailer' });
  seeker = await signUp(t, { name: 'Jordan Mailer' });
  const job = await call('POST', '/api/jobs', admin, {
    title: 'Interface Analyst',
    company: 'Mail Test Health',
    location: 'Remote',
    employmentType: 'full-time',
    description: 'HL7 interfaces.',
    requirements: 'HL7.',
    skills: ['HL7'],
  });
  jobId = job.json().id;
});
afterAll(() => t.close());

const askForReferral = (message = 'Could you refer me?') =>
  call('POST', '/api/referral-requests', seeker, { jobId, referrerId: referrer.body.user.id, message });

describe('e-mail preferences', () => {
  it('start at instant for every category and save a partial change', async () => {
    const initial = await call('GET', '/api/account/email-preferences', seeker);
    expect(initial.json().preferences).toEqual({
      referral_requests: 'instant',
      referral_updates: 'instant',
      messages: 'instant',
      company_activity: 'instant',
    });
    const saved = await call('PUT', '/api/account/email-preferences', seeker, {
      preferences: { messages: 'off', referral_updates: 'weekly' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().preferences).toMatchObject({
      messages: 'off',
      referral_updates: 'weekly',
      referral_requests: 'instant',
    });
    await call('PUT', '/api/account/email-preferences', seeker, {
      preferences: { messages: 'instant', referral_updates: 'instant' },
    });
  });

  it('refuse an unknown choice with 400 and a visitor with 401', async () => {
    const bad = await call('PUT', '/api/account/email-preferences', seeker, { preferences: { messages: 'hourly' } });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', '/api/account/email-preferences')).statusCode).toBe(401);
    expect((await call('PUT', '/api/account/email-preferences', undefined, { preferences: {} })).statusCode).toBe(401);
  });

  it('decide whether a notification is mailed: off means in-app only', async () => {
    await call('PUT', '/api/account/email-preferences', referrer, { preferences: { referral_requests: 'off' } });
    const before = (await mailsTo(t, referrer.body.user.email)).length;
    const res = await askForReferral('Off preference');
    expect(res.statusCode).toBe(201);
    expect((await mailsTo(t, referrer.body.user.email)).length).toBe(before);
    await call('POST', `/api/referral-requests/${res.json().id}/decline`, referrer, {});
    await call('PUT', '/api/account/email-preferences', referrer, { preferences: { referral_requests: 'instant' } });
  });
});

describe('notification mail and one-click unsubscribe', () => {
  it('mails the referrer a request with List-Unsubscribe headers; the one-click POST turns only that category off', async () => {
    const res = await askForReferral();
    expect(res.statusCode).toBe(201);
    const mail = (await mailsTo(t, referrer.body.user.email)).find((m) => m.includes('Subject: New referral request'))!;
    expect(mail).toContain('Jordan Mailer asked you for a referral for Interface Analyst.');
    expect(linkIn(mail, '/referral-requests')).toBe('/referral-requests');
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribeUrl = new URL(/^<(.*)>$/.exec(headerOf(mail, 'List-Unsubscribe')!)![1]!);

    // The page a person opens asks first; opening it changes nothing.
    const page = await t.app.inject({ method: 'GET', url: `${unsubscribeUrl.pathname}${unsubscribeUrl.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Referral requests');
    expect((await call('GET', '/api/account/email-preferences', referrer)).json().preferences.referral_requests).toBe(
      'instant',
    );

    // What a mail client sends (RFC 8058): a form POST without cookies.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${unsubscribeUrl.pathname}${unsubscribeUrl.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('You are unsubscribed');
    const prefs = (await call('GET', '/api/account/email-preferences', referrer)).json().preferences;
    expect(prefs).toEqual({
      referral_requests: 'off',
      referral_updates: 'instant',
      messages: 'instant',
      company_activity: 'instant',
    });
    await call('POST', `/api/referral-requests/${res.json().id}/decline`, referrer, { reason: 'Not this one' });
    await call('PUT', '/api/account/email-preferences', referrer, { preferences: { referral_requests: 'instant' } });
  });

  it('refuses a forged or altered token without changing anything', async () => {
    const forged = `${referrer.body.user.id}.messages.${'A'.repeat(43)}`;
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: `/api/mail/unsubscribe?token=${encodeURIComponent(forged)}` });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(MAIL_MESSAGES.unsubscribeInvalid);
    }
    const rows = await t.database.db
      .select()
      .from(emailPreferences)
      .where(eq(emailPreferences.userId, referrer.body.user.id));
    expect(rows.filter((r) => r.frequency === 'off')).toEqual([]);
  });

  it('mails the job seeker the decline with its reason', async () => {
    const res = await askForReferral('Once more');
    await call('POST', `/api/referral-requests/${res.json().id}/decline`, referrer, {
      reason: 'I have not worked with you',
    });
    const mails = (await mailsTo(t, seeker.body.user.email)).filter((m) =>
      m.includes('Subject: Referral request declined'),
    );
    expect(
      mails.some((m) => m.includes('declined your referral request for Interface Analyst: I have not worked with you')),
    ).toBe(true);
  });

  it('mails a new message once per conversation, only when it is still unread after the quiet period', async () => {
    const start = await call('POST', '/api/conversations', seeker, {
      recipientId: referrer.body.user.id,
      message: 'Hi Riley',
    });
    expect(start.statusCode).toBe(201);
    const conversationId = start.json().conversation.id as string;
    for (const text of ['Are you there?', 'One more thing']) {
      await call('POST', `/api/conversations/${conversationId}/messages`, seeker, { text });
    }
    // One delayed job for the conversation, not one per message.
    const jobs = await selectRows<{ later: boolean }>(
      t.database.db,
      sql`select run_at > now() + interval '9 minutes' as later from graphile_worker._private_jobs where key = ${`message-mail:${referrer.body.user.id}:${conversationId}`}`,
    );
    expect(jobs).toEqual([{ later: true }]);
    expect(await dueJobs(t.database, 'message-mail')).toBe(0);

    // Ten minutes later (moved forward here), still unread and the referrer has not been back: one mail.
    await t.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '1 hour' where user_id = ${referrer.body.user.id}`,
    );
    await t.database.db.execute(
      sql`update graphile_worker._private_jobs set run_at = now() where key like 'message-mail:%'`,
    );
    await drainQueue(t.database);
    const mails = (await mailsTo(t, referrer.body.user.email)).filter((m) => m.includes('Subject: New Message'));
    expect(mails).toHaveLength(1);
    expect(linkIn(mails[0]!, '/messages/')).toBe(`/messages/${conversationId}`);
  });
});

describe('e-mail confirmation', () => {
  it('a sign-up proves its address; an older unconfirmed account confirms it once through a link sent again', async () => {
    const fresh = await signUp(t);
    expect((await call('GET', '/api/account/email', fresh)).json()).toEqual({
      email: fresh.body.user.email,
      confirmed: true,
      pendingEmail: null,
    });
    // An account made before sign-up links (its address never proven) asks for the link again.
    await t.database.db.execute(sql`update users set email_confirmed_at = null where id = ${fresh.body.user.id}`);
    expect((await call('POST', '/api/account/email/resend', fresh)).statusCode).toBeLessThan(300);
    const mail = (await mailsTo(t, fresh.body.user.email)).find((m) => m.includes('Confirm your e-mail address'))!;
    const token = new URL(`http://x${linkIn(mail, '/confirm-email')}`).searchParams.get('token')!;
    const confirm = await call('POST', '/api/account/email/confirm', undefined, { token });
    expect(confirm.json()).toEqual({ message: MAIL_MESSAGES.emailConfirmed });
    expect((await call('GET', '/api/account/email', fresh)).json().confirmed).toBe(true);
    const again = await call('POST', '/api/account/email/confirm', undefined, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(MAIL_MESSAGES.confirmInvalid);
  });

  it("answers a change to another account's address as any other and tells that address's owner (issue 40, finding 9)", async () => {
    const person = await signUp(t);
    const ask = (email: string) =>
      call('POST', '/api/account/email', person, { email, currentPassword: TEST_PASSWORD });
    const free = await ask(`free.${Date.now()}@example.com`);
    const taken = await ask(seeker.body.user.email.toUpperCase());
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.statusCode).toBe(202);
    expect(taken.json()).toEqual(free.json());
    expect((await call('GET', '/api/account/email', person)).json().pendingEmail).toBe(seeker.body.user.email);
    const toOwner = await mailsTo(t, seeker.body.user.email);
    expect(toOwner.filter((m) => m.includes('Someone asked to move their Referwell account'))).toHaveLength(1);
    expect(toOwner.some((m) => m.includes('/confirm-email'))).toBe(false); // no link that could move anything
    expect((await call('GET', '/api/account/email', person)).json().email).toBe(person.body.user.email);
  });

  it('changes the address only after the link sent to the new one is followed', async () => {
    const person = await signUp(t);
    const wrong = await call('POST', '/api/account/email', person, {
      email: 'new@example.com',
      currentPassword: 'nope',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.currentPassword).toBe(AUTH_MESSAGES.currentPasswordWrong);

    const newEmail = `moved.${Date.now()}@example.com`;
    const res = await call('POST', '/api/account/email', person, { email: newEmail, currentPassword: TEST_PASSWORD });
    expect(res.statusCode).toBe(202);
    expect((await call('GET', '/api/account/email', person)).json()).toMatchObject({
      email: person.body.user.email,
      pendingEmail: newEmail,
    });
    const mail = (await mailsTo(t, newEmail)).find((m) => m.includes('Confirm your new e-mail address'))!;
    const token = new URL(`http://x${linkIn(mail, '/confirm-email')}`).searchParams.get('token')!;
    expect((await call('POST', '/api/account/email/confirm', undefined, { token })).statusCode).toBe(200);
    expect((await call('GET', '/api/account/email', person)).json()).toEqual({
      email: newEmail,
      confirmed: true,
      pendingEmail: null,
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: newEmail, password: TEST_PASSWORD },
      remoteAddress: '10.77.0.1',
    });
    expect(login.statusCode).toBe(200);
  });

  it('confirms only the newest requested change: asking for another voids the older link (issue 40, finding 4)', async () => {
    const person = await signUp(t);
    const stamp = Date.now();
    const [n1, n2] = [`first.${stamp}@example.com`, `second.${stamp}@example.com`];
    const linkTo = async (email: string) => {
      const ask = await call('POST', '/api/account/email', person, { email, currentPassword: TEST_PASSWORD });
      expect(ask.statusCode).toBe(202);
      const mail = (await mailsTo(t, email)).find((m) => m.includes('Confirm your new e-mail address'))!;
      return new URL(`http://x${linkIn(mail, '/confirm-email')}`).searchParams.get('token')!;
    };
    const first = await linkTo(n1);
    const second = await linkTo(n2);
    expect((await call('GET', '/api/account/email', person)).json().pendingEmail).toBe(n2);

    const old = await call('POST', '/api/account/email/confirm', undefined, { token: first });
    expect(old.statusCode).toBe(400);
    expect(old.json().error.message).toBe(MAIL_MESSAGES.confirmInvalid);
    expect((await call('GET', '/api/account/email', person)).json().email).toBe(person.body.user.email);

    expect((await call('POST', '/api/account/email/confirm', undefined, { token: second })).statusCode).toBe(200);
    expect((await call('GET', '/api/account/email', person)).json()).toMatchObject({ email: n2, pendingEmail: null });
  });

  it('lets only the signed-in user ask for their address and a new link', async () => {
    expect((await call('GET', '/api/account/email')).statusCode).toBe(401);
    expect((await call('POST', '/api/account/email/resend')).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/account/email', undefined, { email: 'a@b.co', currentPassword: 'x' })).statusCode,
    ).toBe(401);
  });
});

describe('digests', () => {
  it('the weekly digest batches weekly categories and pending requests; nobody gets an empty one', async () => {
    const quiet = await signUp(t);
    await call('PUT', '/api/account/email-preferences', quiet, { preferences: { referral_updates: 'weekly' } });
    await call('PUT', '/api/account/email-preferences', referrer, { preferences: { referral_requests: 'weekly' } });
    // A job seeker whose profile this week matches the company's open job (HL7).
    const match = await signUp(t, { name: 'Harper Interface' });
    expect(
      (await call('PUT', '/api/talent/profile', match, { name: 'Harper Interface', skills: ['HL7'] })).statusCode,
    ).toBe(200);
    const open = await askForReferral('Weekly please');
    expect(open.statusCode).toBe(201);
    await sendDigests(t.database.db, 'weekly');
    await sendDigests(t.database.db, 'weekly');
    const digests = (await mailsTo(t, referrer.body.user.email)).filter((m) => m.includes('weekly digest'));
    expect(digests).toHaveLength(1);
    expect(digests[0]).toMatch(/referral requests? (is|are) waiting for your answer/);
    expect(digests[0]).toContain('Jordan Mailer asked you for a referral for Interface Analyst.');
    expect(digests[0]).toMatch(/new candidates? match(es)? your company's open jobs/);
    expect(headerOf(digests[0]!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect((await mailsTo(t, quiet.body.user.email)).filter((m) => m.includes('digest'))).toEqual([]);
    await call('POST', `/api/referral-requests/${open.json().id}/decline`, referrer, {});
    await call('PUT', '/api/account/email-preferences', referrer, { preferences: { referral_requests: 'instant' } });
  });

  it('the daily admin digest lists new applications and referrals awaiting a decision', async () => {
    const referral = await call('POST', '/api/referrals', admin, { jobId, talentId: seeker.body.user.id });
    expect(referral.statusCode).toBe(201);
    const applicant = await signUp(t, { name: 'Quinn Applicant' });
    expect((await call('POST', `/api/jobs/${jobId}/apply`, applicant, {})).statusCode).toBe(201);
    await sendDigests(t.database.db, 'daily');
    const digest = (await mailsTo(t, admin.body.user.email)).find((m) => m.includes('daily digest'));
    expect(digest).toContain('1 referral is awaiting your decision.');
    expect(digest).toMatch(/\d+ new applications? to your jobs\./);
    // Company activity is mailed at once by default: the hiring team hears about the application.
    const instant = await mailsTo(t, admin.body.user.email);
    expect(instant.some((m) => m.includes('Quinn Applicant applied for Interface Analyst.'))).toBe(true);
  });
});

describe('mail template previews (/api/dev/mail)', () => {
  it('are served only when DEV_ROUTES is set, to anyone who can reach the server', async () => {
    // Off by default whatever NODE_ENV says (the authorization matrix checks every role gets 404).
    expect((await call('GET', '/api/dev/mail')).statusCode).toBe(404);
    const dev = await createTestApp({ env: { DEV_ROUTES: 'true' }, database: t.database });
    try {
      const list = await dev.app.inject({ method: 'GET', url: '/api/dev/mail' });
      expect(list.statusCode).toBe(200);
      expect(list.body).toContain('/api/dev/mail/password-reset');
      const text = await dev.app.inject({ method: 'GET', url: '/api/dev/mail/password-reset?format=text' });
      expect(text.statusCode).toBe(200);
      expect(text.body).toMatch(/^Subject: /);
      expect((await dev.app.inject({ method: 'GET', url: '/api/dev/mail/no-such-template' })).statusCode).toBe(404);
    } finally {
      await dev.close();
    }
  });
});
