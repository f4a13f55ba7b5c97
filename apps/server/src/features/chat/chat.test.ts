import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CHAT_MESSAGES, type ChatSettings } from '@referwell/shared';
import { companyAuditLog, referralRequests, referrals, slackConnections, users } from '../../db/schema';
import { startFakeSlack, slackTestEnv, type FakeSlack } from '../../test/fake-slack';
import {
  createTestApp,
  postJobAs,
  requestsTo,
  signUp,
  withSession,
  type SignedUp,
  type TestApp,
} from '../../test/harness';
import { SLACK_ACTIONS } from '../../platform/notifications/slack';

const until = <T>(check: () => T | Promise<T>, timeout = 15_000) => vi.waitFor(check, { timeout, interval: 50 });

describe('Slack and Teams for a company', () => {
  let t: TestApp;
  let fake: FakeSlack;
  let admin: SignedUp;
  let member: SignedUp;
  let seeker: SignedUp;
  let otherAdmin: SignedUp;
  let companyId: string;
  const { call, ok } = requestsTo(() => t);
  const integrations = () => `/api/companies/${companyId}/integrations`;

  /** A request from Slack to the app, signed unless told otherwise. */
  const fromSlack = (url: string, form: Record<string, string>, headers?: Record<string, string>) => {
    const body = new URLSearchParams(form).toString();
    return t.app.inject({ method: 'POST', url, payload: body, headers: headers ?? fake.sign(body) });
  };
  const interaction = (payload: object, headers?: Record<string, string>) =>
    fromSlack('/api/slack/interactions', { payload: JSON.stringify(payload) }, headers);
  const asMember = { team: { id: 'T0FAKE' }, user: { id: 'U0MEMBER', team_id: 'T0FAKE' } };

  beforeAll(async () => {
    fake = await startFakeSlack();
    t = await createTestApp({ env: slackTestEnv(fake.origin) });
    admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Acme Health' });
    companyId = admin.body.company!.id;
    const { inviteCode } = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
    member = await signUp(t, { role: 'referrer', inviteCode });
    seeker = await signUp(t);
    otherAdmin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Other Health' });
    fake.users.set(member.body.user.email.toLowerCase(), 'U0MEMBER');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('installs the Slack app by OAuth v2: the code is exchanged on the queue, the token sealed and never shown', async () => {
    const { url } = await ok<{ url: string }>('POST', `${integrations()}/slack/install`, admin);
    const authorize = new URL(url);
    expect(authorize.origin + authorize.pathname).toBe('https://slack.com/oauth/v2/authorize');
    expect(authorize.searchParams.get('client_id')).toBe('1111.2222');
    expect(authorize.searchParams.get('scope')).toContain('chat:write');
    expect(authorize.searchParams.get('redirect_uri')).toMatch(/\/api\/slack\/oauth\/callback$/);
    const state = authorize.searchParams.get('state')!;

    // A forged state, or someone else finishing the admin's install, is refused and records nothing.
    const forged = await call('GET', `/api/slack/oauth/callback?code=x&state=${state.slice(0, -2)}xx`, admin);
    expect(forged.statusCode).toBe(400);
    const stolen = await call('GET', `/api/slack/oauth/callback?code=x&state=${encodeURIComponent(state)}`, otherAdmin);
    expect(stolen.statusCode).toBe(400);
    expect(await t.database.db.select().from(slackConnections)).toEqual([]);

    // A code Slack does not know: the connection shows Slack's error.
    const bad = await call('GET', `/api/slack/oauth/callback?code=nope&state=${encodeURIComponent(state)}`, admin);
    expect(bad.statusCode).toBe(303);
    await until(async () =>
      expect((await ok<ChatSettings>('GET', integrations(), admin)).slack).toMatchObject({
        status: 'failed',
        lastError: 'invalid_code',
      }),
    );

    const code = fake.issueCode();
    const res = await call('GET', `/api/slack/oauth/callback?code=${code}&state=${encodeURIComponent(state)}`, admin);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/company-dashboard/slack-teams?company=${companyId}`);
    await until(async () =>
      expect((await ok<ChatSettings>('GET', integrations(), admin)).slack.channels).toHaveLength(2),
    );
    const settingsRes = await call('GET', integrations(), admin);
    expect(settingsRes.json()).toMatchObject({
      slack: { available: true, status: 'connected', teamName: 'Acme Health', channel: null, lastError: null },
      teams: { connected: false },
    });
    expect(settingsRes.body).not.toContain(fake.botToken);
    const [row] = await t.database.db.select().from(slackConnections);
    expect(row!.tokenSealed).toMatch(/^v2\./);
    expect(row!.tokenSealed).not.toContain(fake.botToken);
    expect(fake.callsOf('oauth.v2.access')[0]!.args).toMatchObject({ code });
    expect(fake.callsOf('conversations.list')[0]!.args).toMatchObject({ types: 'public_channel' });
    const audit = await t.database.db
      .select()
      .from(companyAuditLog)
      .where(and(eq(companyAuditLog.companyId, companyId), eq(companyAuditLog.action, 'integration.connected')));
    expect(audit).toHaveLength(1);
    // Members and other companies' admins do not see or change it.
    expect((await call('GET', integrations(), member)).statusCode).toBe(403);
    expect((await call('GET', integrations(), otherAdmin)).statusCode).toBe(403);
  });

  it('posts a test message to the chosen channel, honouring a 429 Retry-After', async () => {
    const unknown = await call('PUT', `${integrations()}/slack/channel`, admin, { channelId: 'C0NOPE' });
    expect(unknown.statusCode).toBe(400);
    const chosen = await ok<ChatSettings>('PUT', `${integrations()}/slack/channel`, admin, {
      channelId: 'C0REFERRALS',
    });
    expect(chosen.slack.channel).toEqual({ id: 'C0REFERRALS', name: 'referrals' });

    fake.failNext({ status: 429, retryAfter: 1 });
    const asked = Date.now();
    expect((await call('POST', `${integrations()}/slack/test`, admin)).statusCode).toBe(202);
    const post = await until(() => {
      const found = fake.callsOf('chat.postMessage').find((c) => c.args.text === CHAT_MESSAGES.testMessage);
      expect(found).toBeDefined();
      return found!;
    });
    expect(post.args.channel).toBe('C0REFERRALS');
    expect(post.contentType).toMatch(/^application\/json/);
    // The post came after the wait Slack asked for, not at once and not on the queue's own back-off.
    expect(post.at - asked).toBeGreaterThanOrEqual(1000);
  });

  it('posts a new open role with a bonus to the channel when it is published, retrying after a 500', async () => {
    fake.failNext({ status: 500 });
    const job = await postJobAs(t, admin, { title: 'Infection Prevention Nurse', referralBonusAmount: 2500 });
    const post = await until(() => {
      const found = fake.callsOf('chat.postMessage').find((c) => String(c.args.text).includes(job.title));
      expect(found).toBeDefined();
      return found!;
    });
    expect(post.args).toMatchObject({ channel: 'C0REFERRALS' });
    expect(String(post.args.text)).toContain('Referral bonus: $2,500');
    expect(JSON.stringify(post.args.blocks)).toContain(`/job/${job.id}`);
  });

  let requestId: string;
  it('sends a referral request to the referrer as a Slack DM with Accept and Decline, found by e-mail', async () => {
    const job = await postJobAs(t, admin, { title: 'Charge Nurse', referralBonusAmount: 1000 });
    ({ id: requestId } = await ok<{ id: string }>('POST', '/api/referral-requests', seeker, {
      jobId: job.id,
      referrerId: member.body.user.id,
      message: 'I would love a referral.',
    }));
    const dm = await until(() => {
      const found = fake.callsOf('chat.postMessage').find((c) => c.args.channel === 'U0MEMBER');
      expect(found).toBeDefined();
      return found!;
    });
    expect(fake.callsOf('users.lookupByEmail').map((c) => c.args.email)).toContain(member.body.user.email);
    const blocks = dm.args.blocks as { type: string; elements?: { action_id?: string; value?: string }[] }[];
    const buttons = blocks.find((b) => b.type === 'actions')!.elements!;
    expect(buttons).toEqual([
      expect.objectContaining({ action_id: SLACK_ACTIONS.acceptRequest, value: requestId }),
      expect.objectContaining({ action_id: SLACK_ACTIONS.declineRequest, value: requestId }),
    ]);
  });

  it('sends no Slack DM for a category the person turned off in their notification preferences', async () => {
    await ok('PUT', '/api/account/email-preferences', member, { preferences: { referral_requests: 'off' } });
    const job = await postJobAs(t, admin, { title: 'Quiet Nurse', referralBonusAmount: 700 });
    await ok('POST', '/api/referral-requests', seeker, {
      jobId: job.id,
      referrerId: member.body.user.id,
      message: 'Please?',
    });
    // Turned on again, the next request does arrive (so the silence about the first one is the person's choice).
    await ok('PUT', '/api/account/email-preferences', member, { preferences: { referral_requests: 'instant' } });
    const again = await postJobAs(t, admin, { title: 'Loud Nurse', referralBonusAmount: 700 });
    await ok('POST', '/api/referral-requests', seeker, {
      jobId: again.id,
      referrerId: member.body.user.id,
      message: 'Please?',
    });
    const dmAbout = (title: string) =>
      fake
        .callsOf('chat.postMessage')
        .filter((c) => c.args.channel === 'U0MEMBER' && String(c.args.text).includes(title));
    await until(() => expect(dmAbout('Loud Nurse')).toHaveLength(1));
    expect(dmAbout('Quiet Nurse')).toHaveLength(0);
  });

  it('refuses unsigned, forged and stale Slack requests with 401, and acts on none of them', async () => {
    const payload = {
      type: 'block_actions',
      ...asMember,
      actions: [{ action_id: SLACK_ACTIONS.declineRequest, value: requestId }],
      response_url: `${fake.origin}/hooks/response/forged`,
    };
    const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
    const unsigned = await interaction(payload, { 'content-type': 'application/x-www-form-urlencoded' });
    const forged = await interaction(payload, fake.sign(body, undefined, 'not-the-signing-secret'));
    const stale = await interaction(payload, fake.sign(body, Math.floor(Date.now() / 1000) - 6 * 60));
    const tampered = await fromSlack(
      '/api/slack/interactions',
      { payload: JSON.stringify({ ...payload, user: { id: 'U0SOMEONE' } }) },
      fake.sign(body),
    );
    for (const res of [unsigned, forged, stale, tampered]) expect(res.statusCode).toBe(401);
    const command = await fromSlack(
      '/api/slack/commands',
      { command: '/refer' },
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(command.statusCode).toBe(401);
    const [request] = await t.database.db.select().from(referralRequests).where(eq(referralRequests.id, requestId));
    expect(request!.status).toBe('pending');
  });

  it('accepts a request from Slack: the button opens a modal, its submission acts through the same service', async () => {
    const click = await interaction({
      type: 'block_actions',
      ...asMember,
      trigger_id: 'trigger-accept',
      actions: [{ action_id: SLACK_ACTIONS.acceptRequest, value: requestId }],
      response_url: `${fake.origin}/hooks/response/accept`,
    });
    expect(click.statusCode).toBe(200);
    const opened = await until(() => {
      const found = fake.callsOf('views.open').find((c) => c.args.trigger_id === 'trigger-accept');
      expect(found).toBeDefined();
      return found!;
    });
    expect(opened.args.view).toMatchObject({ callback_id: 'referral_request.accept', private_metadata: requestId });

    const submission = (relationship: string | null) => ({
      type: 'view_submission',
      ...asMember,
      view: {
        callback_id: 'referral_request.accept',
        private_metadata: requestId,
        state: {
          values: {
            relationship: { relationship: { selected_option: relationship ? { value: relationship } : null } },
            note: { note: { value: 'Great nurse.' } },
          },
        },
      },
    });
    const missing = await interaction(submission(null));
    expect(missing.json()).toMatchObject({ response_action: 'errors', errors: { relationship: expect.any(String) } });
    const done = await interaction(submission('worked_together'));
    expect(done.statusCode).toBe(200);
    const [request] = await t.database.db.select().from(referralRequests).where(eq(referralRequests.id, requestId));
    expect(request!.status).toBe('accepted');
    const [referral] = await t.database.db.select().from(referrals).where(eq(referrals.id, request!.referralId!));
    expect(referral).toMatchObject({
      referrerId: member.body.user.id,
      talentId: seeker.body.user.id,
      notes: 'Great nurse.',
    });
    // Answered already: a second submission is refused with the web's words, under the field.
    const again = await interaction(submission('worked_together'));
    expect(again.json()).toMatchObject({ response_action: 'errors' });
  });

  it('declines a request from its Decline button and updates the message through response_url', async () => {
    const job = await postJobAs(t, admin, { title: 'Night Nurse', referralBonusAmount: 500 });
    const { id } = await ok<{ id: string }>('POST', '/api/referral-requests', seeker, {
      jobId: job.id,
      referrerId: member.body.user.id,
      message: 'Could you refer me?',
    });
    const res = await interaction({
      type: 'block_actions',
      ...asMember,
      actions: [{ action_id: SLACK_ACTIONS.declineRequest, value: id }],
      response_url: `${fake.origin}/hooks/response/decline`,
    });
    expect(res.statusCode).toBe(200);
    const [request] = await t.database.db.select().from(referralRequests).where(eq(referralRequests.id, id));
    expect(request!.status).toBe('rejected');
    await until(() =>
      expect(fake.hooks).toContainEqual(
        expect.objectContaining({
          path: '/hooks/response/decline',
          body: { replace_original: true, text: CHAT_MESSAGES.requestDeclined },
        }),
      ),
    );
  });

  it('/refer opens a modal whose submission refers the person through the external-referral service', async () => {
    const job = await postJobAs(t, admin, { title: 'Radiology Technologist', referralBonusAmount: 800 });
    const unlinked = await fromSlack('/api/slack/commands', {
      command: '/refer',
      team_id: 'T0FAKE',
      user_id: 'U0STRANGER',
      trigger_id: 'trigger-x',
    });
    expect(unlinked.json()).toEqual({ response_type: 'ephemeral', text: CHAT_MESSAGES.notLinked });

    // Linked on first use: Slack's profile e-mail names the admin (never DMed yet), so /refer works on the next try.
    fake.users.set(admin.body.user.email.toLowerCase(), 'U0ADMIN');
    const slashFrom = (user: string, trigger: string) =>
      fromSlack('/api/slack/commands', {
        command: '/refer',
        team_id: 'T0FAKE',
        user_id: user,
        trigger_id: trigger,
        response_url: `${fake.origin}/hooks/response/${user}`,
      });
    expect((await slashFrom('U0ADMIN', 'trigger-first')).json()).toMatchObject({ text: CHAT_MESSAGES.notLinked });
    await until(() =>
      expect(fake.hooks).toContainEqual(
        expect.objectContaining({
          path: '/hooks/response/U0ADMIN',
          body: expect.objectContaining({ text: CHAT_MESSAGES.linkedNow }),
        }),
      ),
    );
    expect((await slashFrom('U0ADMIN', 'trigger-second')).statusCode).toBe(200);
    await until(() => expect(fake.callsOf('views.open').map((c) => c.args.trigger_id)).toContain('trigger-second'));
    expect(fake.callsOf('views.open').map((c) => c.args.trigger_id)).not.toContain('trigger-first');
    // Nobody in the company has the stranger's Slack e-mail: they are told so, and stay unlinked.
    await slashFrom('U0STRANGER', 'trigger-y');
    await until(() =>
      expect(fake.hooks).toContainEqual(
        expect.objectContaining({
          path: '/hooks/response/U0STRANGER',
          body: expect.objectContaining({ text: CHAT_MESSAGES.cannotLink }),
        }),
      ),
    );

    const res = await fromSlack('/api/slack/commands', {
      command: '/refer',
      text: '',
      team_id: 'T0FAKE',
      user_id: 'U0MEMBER',
      trigger_id: 'trigger-refer',
      response_url: `${fake.origin}/hooks/response/refer`,
    });
    expect(res.statusCode).toBe(200);
    const opened = await until(() => {
      const found = fake.callsOf('views.open').find((c) => c.args.trigger_id === 'trigger-refer');
      expect(found).toBeDefined();
      return found!;
    });
    expect(JSON.stringify(opened.args.view)).toContain(job.id);

    const submit = (email: string) =>
      interaction({
        type: 'view_submission',
        ...asMember,
        view: {
          callback_id: 'refer',
          state: {
            values: {
              jobId: { jobId: { selected_option: { value: job.id } } },
              name: { name: { value: 'Dana Scully' } },
              email: { email: { value: email } },
              relationship: { relationship: { selected_option: { value: 'worked_together' } } },
              vouch: { vouch: { selected_option: { value: 'worked_directly' } } },
              notes: { notes: { value: null } },
            },
          },
        },
      });
    const bad = await submit('not-an-address');
    expect(bad.json()).toMatchObject({ response_action: 'errors', errors: { email: expect.any(String) } });
    expect((await submit('dana.scully@example.org')).statusCode).toBe(200);
    const [person] = await t.database.db.select().from(users).where(eq(users.email, 'dana.scully@example.org'));
    const made = await t.database.db
      .select()
      .from(referrals)
      .where(and(eq(referrals.jobId, job.id), eq(referrals.talentId, person!.id)));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ referrerId: member.body.user.id, consent: 'pending' });
  });

  it('connects a Teams channel by its webhook (sealed, never shown) and posts new roles there as an Adaptive Card', async () => {
    const invalid = await call('PUT', `${integrations()}/teams`, admin, { webhookUrl: 'not a url' });
    expect(invalid.statusCode).toBe(400);
    const privateUrl = await call('PUT', `${integrations()}/teams`, admin, { webhookUrl: 'http://10.0.0.5/hook' });
    expect(privateUrl.statusCode).toBe(400);
    const webhookUrl = `${fake.origin}/hooks/teams/secret-path`;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${integrations()}/teams`,
      payload: { webhookUrl },
      ...withSession(admin.token),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ teams: { connected: true, webhookHost: new URL(fake.origin).host } });
    expect(saved.body).not.toContain('secret-path');

    const job = await postJobAs(t, admin, { title: 'Respiratory Therapist', referralBonusAmount: 1200 });
    const hook = await until(() => {
      const found = fake.hooks.find((h) => h.path === '/hooks/teams/secret-path');
      expect(found).toBeDefined();
      return found!;
    });
    expect(hook.body).toMatchObject({
      type: 'message',
      attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: { type: 'AdaptiveCard' } }],
    });
    expect(JSON.stringify(hook.body)).toContain(job.title);
    expect((await call('DELETE', `${integrations()}/teams`, admin)).statusCode).toBe(204);
  });

  it('disconnects Slack: the token is revoked in Slack and the connection forgotten', async () => {
    expect((await call('DELETE', `${integrations()}/slack`, member)).statusCode).toBe(403);
    expect((await call('DELETE', `${integrations()}/slack`, admin)).statusCode).toBe(204);
    expect((await ok<ChatSettings>('GET', integrations(), admin)).slack).toMatchObject({
      status: 'none',
      channels: [],
    });
    await until(() => expect(fake.callsOf('auth.revoke')).toHaveLength(1));
    expect((await call('DELETE', `${integrations()}/slack`, admin)).statusCode).toBe(409);
  });
});
