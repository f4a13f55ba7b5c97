// Slack and Teams as an Enterprise capability (`slack_teams`), with billing configured against the fake Stripe: set-up
// needs the plan, and when the plan lapses channel posts and DMs stop quietly, the admins told once.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CHAT_MESSAGES, NOTIFICATION_TYPES_COMPANY } from '@referwell/shared';
import { notifications } from '../../db/schema';
import { startFakeSlack, slackTestEnv, type FakeSlack } from '../../test/fake-slack';
import { startFakeStripe, stripeTestEnv, type FakeStripe } from '../../test/fake-stripe';
import { createTestApp, postJobAs, requestsTo, signUp, type SignedUp, type TestApp } from '../../test/harness';
import { mailsTo } from '../../test/mail';
import { lapseSubscription, receiveStripeWebhooks, subscribeCompany } from '../../test/plans';
import { drainQueue } from '../../test/queue';

const until = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 15_000, interval: 50 });

describe('Slack and Teams on the plan', () => {
  let t: TestApp;
  let slack: FakeSlack;
  let stripe: FakeStripe;
  let admin: SignedUp;
  let member: SignedUp;
  let seeker: SignedUp;
  let companyId: string;
  let subscriptionId: string;
  const { call, ok } = requestsTo(() => t);
  const integrations = () => `/api/companies/${companyId}/integrations`;
  const posted = (title: string) =>
    slack.callsOf('chat.postMessage').filter((c) => String(c.args.text).includes(title));
  const dmsTo = (slackUser: string, title: string) => posted(title).filter((c) => c.args.channel === slackUser);
  const teamsPosts = (title: string) =>
    slack.hooks.filter((h) => h.path === '/hooks/teams/plan' && JSON.stringify(h.body).includes(title));
  const askForReferral = async (title: string) => {
    const job = await postJobAs(t, admin, { title, referralBonusAmount: 1500 });
    await ok('POST', '/api/referral-requests', seeker, {
      jobId: job.id,
      referrerId: member.body.user.id,
      message: 'Would you refer me?',
    });
    return job;
  };

  beforeAll(async () => {
    [slack, stripe] = await Promise.all([startFakeSlack(), startFakeStripe()]);
    t = await createTestApp({ env: { ...stripeTestEnv(stripe.origin), ...slackTestEnv(slack.origin) } });
    await receiveStripeWebhooks(t, stripe);
    admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Planned Health' });
    companyId = admin.body.company!.id;
    const { inviteCode } = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
    member = await signUp(t, { role: 'referrer', inviteCode });
    seeker = await signUp(t);
    slack.users.set(member.body.user.email.toLowerCase(), 'U0PLANNED');
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([slack?.close(), stripe?.close()]);
  });

  it('refuses setting Slack or Teams up without a plan that includes it, with what it needs', async () => {
    const install = await call('POST', `${integrations()}/slack/install`, admin);
    expect(install.statusCode).toBe(402);
    expect(install.json().error.message).toBe(
      'Slack and Microsoft Teams are part of the Enterprise License. An admin can upgrade on the billing page.',
    );
    const teams = await call('PUT', `${integrations()}/teams`, admin, { webhookUrl: `${slack.origin}/hooks/teams/x` });
    expect(teams.statusCode).toBe(402);
    expect((await call('GET', integrations(), admin)).statusCode).toBe(402);
    // Monthly Access does not include it either.
    subscriptionId = await subscribeCompany(t, stripe, admin, 'monthly');
    expect((await call('POST', `${integrations()}/slack/install`, admin)).statusCode).toBe(402);
  });

  it('posts and sends DMs on an Enterprise plan', async () => {
    await lapseSubscription(t, stripe, subscriptionId);
    subscriptionId = await subscribeCompany(t, stripe, admin, 'enterprise');
    const { url } = await ok<{ url: string }>('POST', `${integrations()}/slack/install`, admin);
    const state = new URL(url).searchParams.get('state')!;
    const back = await call(
      'GET',
      `/api/slack/oauth/callback?code=${slack.issueCode()}&state=${encodeURIComponent(state)}`,
      admin,
    );
    expect(back.statusCode).toBe(303);
    // Connected at once; the channels are listed by a queued job after it (slack-list-channels).
    await until(async () =>
      expect((await ok('GET', integrations(), admin)).slack).toMatchObject({
        status: 'connected',
        channels: expect.arrayContaining([expect.objectContaining({ id: 'C0REFERRALS' })]),
      }),
    );
    await ok('PUT', `${integrations()}/slack/channel`, admin, { channelId: 'C0REFERRALS' });
    await ok('PUT', `${integrations()}/teams`, admin, { webhookUrl: `${slack.origin}/hooks/teams/plan` });

    await askForReferral('Paid Plan Nurse');
    await until(() => {
      expect(posted('Paid Plan Nurse').filter((c) => c.args.channel === 'C0REFERRALS')).toHaveLength(1);
      expect(dmsTo('U0PLANNED', 'Paid Plan Nurse')).toHaveLength(1);
      expect(teamsPosts('Paid Plan Nurse')).toHaveLength(1);
    });
  });

  it('stops channel posts, DMs and /refer quietly once the plan lapses, telling the admins once', async () => {
    await lapseSubscription(t, stripe, subscriptionId);
    await askForReferral('Lapsed Plan Nurse');
    await askForReferral('Second Lapsed Nurse');
    expect((await call('POST', `${integrations()}/slack/test`, admin)).statusCode).toBe(402);
    await drainQueue(t.database);
    for (const title of ['Lapsed Plan Nurse', 'Second Lapsed Nurse']) {
      expect(posted(title)).toEqual([]);
      expect(teamsPosts(title)).toEqual([]);
    }
    // The people still hear of the request in the app.
    const memberBell = await ok<{ items: { message: string }[] }>('GET', '/api/notifications', member);
    expect(memberBell.items.some((n) => n.message.includes('Lapsed Plan Nurse'))).toBe(true);

    // One notice to the admin, however many deliveries stopped: in the bell, and by e-mail.
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.type, NOTIFICATION_TYPES_COMPANY.chatPaused),
          eq(notifications.userId, admin.body.user.id),
        ),
      );
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: CHAT_MESSAGES.pausedTitle, message: CHAT_MESSAGES.paused });
    const mails = await mailsTo(t, admin.body.user.email);
    expect(mails.filter((m) => m.includes(CHAT_MESSAGES.pausedTitle))).toHaveLength(1);
    // The member is not an admin: not told.
    expect(
      (await ok<{ items: { title: string }[] }>('GET', '/api/notifications', member)).items.map((n) => n.title),
    ).not.toContain(CHAT_MESSAGES.pausedTitle);

    // /refer in Slack says why, and opens nothing.
    const body = new URLSearchParams({
      command: '/refer',
      team_id: slack.team.id,
      user_id: 'U0PLANNED',
      trigger_id: 'trigger-lapsed',
    }).toString();
    const refer = await t.app.inject({
      method: 'POST',
      url: '/api/slack/commands',
      payload: body,
      headers: slack.sign(body),
    });
    expect(refer.json()).toEqual({ response_type: 'ephemeral', text: CHAT_MESSAGES.pausedInSlack });
    expect(slack.callsOf('views.open')).toEqual([]);

    // What was set up can still be seen (read access), and disconnected.
    expect((await ok('GET', integrations(), admin)).slack).toMatchObject({ status: 'connected' });
    expect((await call('DELETE', `${integrations()}/teams`, admin)).statusCode).toBe(204);
  });
});
