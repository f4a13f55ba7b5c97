import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACCOUNT_DATA_MESSAGES, DELETED_USER_NAME } from '@referwell/shared';
import { selectRows } from '../../db/repository';
import {
  createTestApp,
  multipartFile,
  requestsTo,
  type SignedUp,
  signUp,
  TEST_PASSWORD,
  type TestApp,
  withSession,
} from '../../test/harness';
import { enqueueMail } from '../../lib/mail/send';
import { mailsTo } from '../../test/mail';
import { eraseDueAccounts } from './deletion';

let t: TestApp;
let admin: SignedUp;
let member: SignedUp;
let companyId: string;

const { call, ok } = requestsTo(() => t);
const requestDeletion = (who: SignedUp, password = TEST_PASSWORD) =>
  call('POST', '/api/account/deletion', who, { password });
const login = (who: SignedUp) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: who.body.user.email, password: TEST_PASSWORD },
  });
const afterGrace = () => new Date(Date.now() + 8 * 24 * 3600 * 1000);
const sessionUser = async (who: SignedUp) => (await call('GET', '/api/auth/session', who)).json().user;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Erase Health' });
  companyId = admin.body.company!.id;
  const { inviteCode } = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
  member = await signUp(t, { role: 'referrer', inviteCode, name: 'Riley Referrer' });
});
afterAll(() => t.close());

describe('delete my account', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const seeker = await signUp(t);
    const res = await requestDeletion(seeker, 'not my password at all');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(ACCOUNT_DATA_MESSAGES.wrongPassword);
    expect(await sessionUser(seeker)).toMatchObject({ id: seeker.body.user.id });
    const [row] = await selectRows<{ due: string | null }>(
      t.app.db,
      sql`select deletion_scheduled_for as due from users where id = ${seeker.body.user.id}`,
    );
    expect(row!.due).toBeNull();
    expect((await call('POST', '/api/account/deletion', undefined, { password: TEST_PASSWORD })).statusCode).toBe(401);
  });

  it("refuses a company's last admin with a clear message until they hand over admin", async () => {
    const res = await requestDeletion(admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ACCOUNT_DATA_MESSAGES.lastAdmin);
    expect(await sessionUser(admin)).toMatchObject({ id: admin.body.user.id });

    const successor = await signUp(t, {
      role: 'referrer',
      inviteCode: (await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin)).inviteCode,
    });
    await ok('PATCH', `/api/companies/${companyId}/members/${successor.body.user.id}`, admin, { role: 'Admin' });
    const handedOver = await requestDeletion(admin);
    expect(handedOver.statusCode).toBe(202);
    // Logging in again keeps the account (and this test's admin).
    const back = await login(admin);
    expect(back.statusCode).toBe(200);
    admin = { ...admin, token: back.cookies.find((c) => c.name === 'rw_session')!.value };
  });

  it('logs out at once; logging in during the grace period cancels the deletion and says so', async () => {
    const seeker = await signUp(t, { name: 'Gale Grace' });
    const res = await requestDeletion(seeker);
    expect(res.statusCode).toBe(202);
    const days = (Date.parse(res.json().scheduledFor) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(7);
    expect(res.cookies.find((c) => c.name === 'rw_session')?.value).toBe('');
    expect(await sessionUser(seeker)).toBeNull();
    const [mail] = (await mailsTo(t, seeker.body.user.email)).filter((m) => m.includes('will be deleted'));
    expect(mail).toContain('Log in before then');

    const back = await login(seeker);
    expect(back.statusCode).toBe(200);
    expect(back.json().notice).toBe(ACCOUNT_DATA_MESSAGES.deletionCancelled);
    expect((await login(seeker)).json().notice).toBeUndefined();
    await eraseDueAccounts(t.app.db, t.app.storage, afterGrace());
    const again = await login(seeker);
    expect(again.json().user).toMatchObject({ name: 'Gale Grace' });
  });

  it('after the grace period erases the person and leaves "Deleted user" in what others hold', async () => {
    const seeker = await signUp(t, { name: 'Quinn Quitting' });
    const resume = await readFile(path.join(import.meta.dirname, '../talent/resume/fixtures/h01-pdf-mexico-pm.pdf'));
    const file = multipartFile(resume, 'cv.pdf');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/talent/resume',
      payload: file.payload,
      headers: file.headers,
      ...withSession(seeker.token),
    });
    expect(upload.statusCode).toBe(200);
    const [stored] = await selectRows<{ key: string }>(
      t.app.db,
      sql`select stored_name as key from resume_files where owner_id = ${seeker.body.user.id}`,
    );
    const job = await ok<{ id: string }>('POST', '/api/jobs', admin, {
      title: 'Erasure Analyst',
      company: 'Erase Health',
      location: 'Remote',
      employmentType: 'full-time',
      description: 'Interfaces.',
      requirements: 'HL7.',
    });
    const referral = await ok<{ id: string }>('POST', '/api/referrals', member, {
      talentId: seeker.body.user.id,
      jobId: job.id,
      notes: 'Worked with Quinn',
      relationship: 'worked_together',
    });
    const { conversation } = await ok<{ conversation: { id: string } }>('POST', '/api/conversations', seeker, {
      recipientId: member.body.user.id,
      message: 'Thanks for the referral',
    });

    expect((await requestDeletion(seeker)).statusCode).toBe(202);
    expect(await eraseDueAccounts(t.app.db, t.app.storage, new Date())).toBe(0); // still in the grace period
    expect(await eraseDueAccounts(t.app.db, t.app.storage, afterGrace())).toBe(1);

    // The other party's conversation keeps the message, from "Deleted user".
    const thread = await call('GET', `/api/conversations/${conversation.id}`, member);
    expect(thread.statusCode).toBe(200);
    expect(thread.body).toContain('Thanks for the referral');
    expect(thread.body).toContain(DELETED_USER_NAME);
    expect(thread.body).not.toContain('Quinn Quitting');
    const list = await call('GET', '/api/conversations', member);
    expect(list.body).toContain(DELETED_USER_NAME);
    expect(list.body).not.toContain('Quinn Quitting');

    // The company's referral history keeps the referral, anonymised.
    const view = await call('GET', `/api/referrals/${referral.id}`, admin);
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain(DELETED_USER_NAME);
    expect(view.body).not.toContain('Quinn Quitting');
    expect(view.body).not.toContain(seeker.body.user.email);

    // The person is gone: no login, no profile, no résumé file, no sessions.
    expect((await login(seeker)).statusCode).toBe(401);
    expect(await sessionUser(seeker)).toBeNull();
    expect((await call('GET', `/api/talent/${seeker.body.user.id}`, admin)).statusCode).toBe(404);
    expect(await t.app.storage.exists(stored!.key)).toBe(false);
    const [row] = await selectRows<{ name: string; email: string; sessions: number }>(
      t.app.db,
      sql`select name, email, (select count(*)::int from sessions where user_id = u.id) as sessions
            from users u where id = ${seeker.body.user.id}`,
    );
    expect(row).toEqual({
      name: DELETED_USER_NAME,
      email: `deleted-${seeker.body.user.id}@deleted.invalid`,
      sessions: 0,
    });
  });

  it('sends nothing to an erased account: a mail queued for it afterwards (or retried) is dropped', async () => {
    const leaving = await signUp(t, { name: 'Morgan Mailless' });
    const staying = await signUp(t, { name: 'Sam Staying' });
    expect((await requestDeletion(leaving)).statusCode).toBe(202);
    expect(await eraseDueAccounts(t.app.db, t.app.storage, afterGrace())).toBeGreaterThanOrEqual(1);
    const before = (await mailsTo(t, leaving.body.user.email)).length;
    for (const person of [leaving, staying])
      await enqueueMail(t.app.db, {
        key: `erased-test:${person.body.user.id}`,
        template: 'account-deletion-scheduled',
        to: person.body.user.email,
        userId: person.body.user.id,
        props: { name: person.body.user.name, date: '2026-12-31', days: 7 },
      });
    expect(await mailsTo(t, leaving.body.user.email)).toHaveLength(before);
    const delivered = await mailsTo(t, staying.body.user.email);
    expect(delivered.some((mail) => mail.includes('Hi Sam Staying') && mail.includes('Dec 31, 2026'))).toBe(true);
  });

  it('a member who leaves erases their side too: their referrals show "Deleted user" as the referrer', async () => {
    const { inviteCode } = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
    const leaver = await signUp(t, { role: 'referrer', inviteCode, name: 'Lee Leaving' });
    const seeker = await signUp(t);
    const job = await ok<{ id: string }>('POST', '/api/jobs', admin, {
      title: 'Second Analyst',
      company: 'Erase Health',
      location: 'Remote',
      employmentType: 'full-time',
      description: 'Interfaces.',
      requirements: 'HL7.',
    });
    const referral = await ok<{ id: string }>('POST', '/api/referrals', leaver, {
      talentId: seeker.body.user.id,
      jobId: job.id,
      notes: 'Good',
      relationship: 'worked_together',
    });
    expect((await requestDeletion(leaver)).statusCode).toBe(202);
    await eraseDueAccounts(t.app.db, t.app.storage, afterGrace());
    const view = await call('GET', `/api/referrals/${referral.id}`, admin);
    expect(view.statusCode).toBe(200);
    expect(view.body).not.toContain('Lee Leaving');
    const team = await ok<{ members: { userId: string }[] }>('GET', `/api/companies/${companyId}/team`, admin);
    expect(team.members.map((m) => m.userId)).not.toContain(leaver.body.user.id);
  });
});
