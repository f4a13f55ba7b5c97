// "Bonus due" (issue 34): a hire that makes a referral bonus due tells the referrer and the company's admins, through
// every channel a notification has: the bell, e-mail (a real SMTP server here) and a Slack DM (the fake Slack).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BONUS_DUE_MESSAGES, formatDate, UNDO_WINDOW_MS } from '@referwell/shared';
import { startFakeSlack, slackTestEnv, type FakeSlack } from '../../test/fake-slack';
import { createTestApp, postJobAs, requestsTo, signUp, type SignedUp, type TestApp } from '../../test/harness';
import { drainQueue } from '../../test/queue';
import { freePort, TestSmtp } from '../../test/smtp';
import { deliverHeldNotifications } from './pipeline';

const until = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 15_000, interval: 50 });

describe('bonus due', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let slack: FakeSlack;
  let admin: SignedUp;
  let secondAdmin: SignedUp;
  let referrer: SignedUp;
  let companyId: string;
  const { call, ok } = requestsTo(() => t);
  const pastUndoWindow = () => deliverHeldNotifications(t.app.db, new Date(Date.now() + UNDO_WINDOW_MS + 1000));
  const bonusNotices = async (who: SignedUp, referralId: string) =>
    (
      await ok<{ items: { title: string; message: string; type: string; referenceId: string }[] }>(
        'GET',
        '/api/notifications?pageSize=50',
        who,
      )
    ).items.filter((n) => n.title === BONUS_DUE_MESSAGES.title && n.referenceId === referralId);
  const mailsTo = async (email: string) => {
    await drainQueue(t.database);
    return smtp.received
      .filter((m) => m.to === email)
      .map((m) =>
        m.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      );
  };
  /** The referrer refers a new seeker for a new job with a bonus, and the seeker confirms. */
  const referral = async (title: string) => {
    const job = await postJobAs(t, admin, { title, referralBonusAmount: 2500 });
    const seeker = await signUp(t, { name: `Sam ${title}` });
    const made = await ok<{ id: string }>('POST', '/api/referrals', referrer, {
      jobId: job.id,
      talentId: seeker.body.user.id,
    });
    await ok('POST', `/api/referrals/${made.id}/consent`, seeker, { decision: 'confirm' });
    return { job, seeker, referralId: made.id };
  };

  beforeAll(async () => {
    smtp = new TestSmtp(await freePort());
    await smtp.start();
    slack = await startFakeSlack();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMIT_SCALE: '100', ...slackTestEnv(slack.origin) } });
    admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Due Health' });
    companyId = admin.body.company!.id;
    const { inviteCode } = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
    referrer = await signUp(t, { role: 'referrer', inviteCode, name: 'Riley Referrer' });
    secondAdmin = await signUp(t, { role: 'referrer', inviteCode, name: 'Bea Admin' });
    await ok('PATCH', `/api/companies/${companyId}/members/${secondAdmin.body.user.id}`, admin, { role: 'Admin' });
    slack.users.set(referrer.body.user.email.toLowerCase(), 'U0RILEY');
    // The company connects Slack.
    const { url } = await ok<{ url: string }>('POST', `/api/companies/${companyId}/integrations/slack/install`, admin);
    const state = encodeURIComponent(new URL(url).searchParams.get('state')!);
    await call('GET', `/api/slack/oauth/callback?code=${slack.issueCode()}&state=${state}`, admin);
    await until(async () =>
      expect((await ok('GET', `/api/companies/${companyId}/integrations`, admin)).slack).toMatchObject({
        status: 'connected',
      }),
    );
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([smtp?.stop(), slack?.close()]);
  });

  it('tells the referrer and the other admins when a hire makes the bonus due: bell, e-mail and Slack DM', async () => {
    const { job, seeker, referralId } = await referral('Night Nurse');
    const startDate = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    await ok('PUT', `/api/jobs/${job.id}/tracking/${seeker.body.user.id}`, admin, { status: 'Hired', startDate });
    // Held for the undo window, like the move's other notifications.
    expect(await bonusNotices(referrer, referralId)).toEqual([]);
    await pastUndoWindow();

    const { bonus } = await ok<{ bonus: { dueOn: string } }>('GET', `/api/referrals/${referralId}`, referrer);
    const payableFrom = formatDate(bonus.dueOn);
    const toReferrer = BONUS_DUE_MESSAGES.toReferrer('$2,500', 'Sam Night Nurse', 'Night Nurse', payableFrom);
    const toAdmins = BONUS_DUE_MESSAGES.toAdmins(
      'Riley Referrer',
      '$2,500',
      'Sam Night Nurse',
      'Night Nurse',
      payableFrom,
    );
    expect(await bonusNotices(referrer, referralId)).toEqual([
      expect.objectContaining({ message: toReferrer, type: 'bonus_due' }),
    ]);
    expect(await bonusNotices(secondAdmin, referralId)).toEqual([
      expect.objectContaining({ message: toAdmins, type: 'company_bonus_due' }),
    ]);
    // The admin who recorded the hire knows already.
    expect(await bonusNotices(admin, referralId)).toEqual([]);

    const referrerMail = (await mailsTo(referrer.body.user.email)).find((m) => m.includes(BONUS_DUE_MESSAGES.title));
    expect(referrerMail).toContain(toReferrer);
    expect(referrerMail).toContain(`/referrer-dashboard/referrals/${referralId}`);
    expect((await mailsTo(secondAdmin.body.user.email)).some((m) => m.includes(toAdmins))).toBe(true);
    expect((await mailsTo(admin.body.user.email)).some((m) => m.includes(BONUS_DUE_MESSAGES.title))).toBe(false);

    const dm = await until(() => {
      const found = slack
        .callsOf('chat.postMessage')
        .find((c) => c.args.channel === 'U0RILEY' && String(c.args.text).includes(BONUS_DUE_MESSAGES.title));
      expect(found).toBeDefined();
      return found!;
    });
    expect(String(dm.args.text)).toContain(toReferrer);
    expect(JSON.stringify(dm.args.blocks)).toContain(`/referrer-dashboard/referrals/${referralId}`);
  });

  it('sends nothing for a hire undone within the undo window', async () => {
    const { job, seeker, referralId } = await referral('Day Nurse');
    const moved = await ok<{ undoable: { id: string } }>(
      'PUT',
      `/api/jobs/${job.id}/tracking/${seeker.body.user.id}`,
      admin,
      { status: 'Hired' },
    );
    expect((await call('POST', `/api/pipeline-changes/${moved.undoable.id}/undo`, admin)).statusCode).toBe(204);
    await pastUndoWindow();
    expect(await bonusNotices(referrer, referralId)).toEqual([]);
    expect(await bonusNotices(secondAdmin, referralId)).toEqual([]);
  });
});
