// Referrers see the money where they decide: the jobs board, the roles to refer (dashboard card, refer dialog),
// referral requests and their e-mail, and the weekly "roles to refer" e-mail under its own preference.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDigests } from '../mail/digest';
import { createTestApp, postJobAs, requestsTo, signUp, type SignedUp, type TestApp } from '../../test/harness';
import { linkIn, mailsTo } from '../../test/mail';

let t: TestApp;
let admin: SignedUp;
let member: SignedUp;
let seeker: SignedUp;
let companyId: string;
let paid: { id: string };
let byDefault: { id: string };

const { call, ok } = requestsTo(() => t);

interface Offer {
  amount: number;
  currency: string;
  payoutDelayDays: number;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Bonus Board Health' });
  companyId = admin.body.company!.id;
  const { inviteCode } = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
  member = await signUp(t, { role: 'referrer', inviteCode, name: 'Riley Board' });
  seeker = await signUp(t, { name: 'Jordan Asker' });
  byDefault = await postJobAs(t, admin, { title: 'Clinical Data Analyst' });
  paid = await postJobAs(t, admin, {
    title: 'Senior FHIR Engineer',
    referralBonusAmount: 3000,
    referralBonusCurrency: 'USD',
  });
});
afterAll(() => t.close());

describe('the bonus where referrers decide', () => {
  it("shows each job's bonus on the jobs board: its own, else the company default, with the payout rule", async () => {
    const board = async () =>
      (await ok<{ items: { id: string; bonus: Offer | null }[] }>('GET', '/api/company/jobs', member)).items;
    const before = await board();
    expect(before.find((j) => j.id === paid.id)!.bonus).toEqual({ amount: 3000, currency: 'USD', payoutDelayDays: 90 });
    expect(before.find((j) => j.id === byDefault.id)!.bonus).toBeNull();

    await ok('PUT', `/api/companies/${companyId}/bonus-policy`, admin, {
      defaultBonusAmount: 500,
      defaultBonusCurrency: 'EUR',
      payoutDelayDays: 0,
      ownershipMonths: 6,
      retentionCheckDays: null,
      applyToScheduled: false,
    });
    const after = await board();
    expect(after.find((j) => j.id === byDefault.id)!.bonus).toEqual({
      amount: 500,
      currency: 'EUR',
      payoutDelayDays: 0,
    });
    expect(after.find((j) => j.id === paid.id)!.bonus).toEqual({ amount: 3000, currency: 'USD', payoutDelayDays: 0 });
    // The rule in words never says "paid 0 days after".
    const policy = await ok<{ rule: string }>('GET', `/api/companies/${companyId}/bonus-policy`, member);
    expect(policy.rule).toMatch(/^A bonus is paid on your referral's start date\./);
    await ok('PUT', `/api/companies/${companyId}/bonus-policy`, admin, {
      defaultBonusAmount: null,
      defaultBonusCurrency: null,
      payoutDelayDays: 90,
      ownershipMonths: 6,
      retentionCheckDays: null,
      applyToScheduled: false,
    });
  });

  it('lists the roles to refer, bonus first, for company members only', async () => {
    const closed = await postJobAs(t, admin, { title: 'Closed Role', referralBonusAmount: 9000 });
    await ok('PUT', `/api/jobs/${closed.id}/status`, admin, { status: 'CLOSED' });
    const roles = await ok<{ items: { id: string; title: string; bonus: Offer | null }[]; total: number }>(
      'GET',
      '/api/company/roles-to-refer',
      member,
    );
    expect(roles.items.map((r) => r.title)).toEqual(['Senior FHIR Engineer', 'Clinical Data Analyst']);
    expect(roles.total).toBe(2);
    expect(roles.items[0]!.bonus).toEqual({ amount: 3000, currency: 'USD', payoutDelayDays: 90 });
    const one = await ok<{ items: unknown[]; total: number }>('GET', '/api/company/roles-to-refer?limit=1', member);
    expect(one).toMatchObject({ items: [expect.objectContaining({ id: paid.id })], total: 2 });
    expect((await call('GET', '/api/company/roles-to-refer', seeker)).statusCode).toBe(403);
    expect((await call('GET', '/api/company/roles-to-refer')).statusCode).toBe(401);
    expect((await call('GET', '/api/company/roles-to-refer?limit=0', member)).statusCode).toBe(400);

    const dashboard = await ok<{ rolesToRefer: { items: { id: string }[]; total: number } }>(
      'GET',
      '/api/dashboard/referrer',
      member,
    );
    expect(dashboard.rolesToRefer).toMatchObject({ total: 2, items: [{ id: paid.id }, { id: byDefault.id }] });
  });

  it("puts the bonus on the referrer's requests and in the request e-mail, with the job seeker's message", async () => {
    const message = 'I built the FHIR gateway at St. Mary’s.\nHappy to talk any time.';
    const asked = await call('POST', '/api/referral-requests', seeker, {
      jobId: paid.id,
      referrerId: member.body.user.id,
      message,
    });
    expect(asked.statusCode).toBe(201);
    const received = await ok<{ id: string; bonus: Offer | null }[]>(
      'GET',
      '/api/referral-requests?box=received',
      member,
    );
    expect(received.find((r) => r.id === asked.json().id)!.bonus).toEqual({
      amount: 3000,
      currency: 'USD',
      payoutDelayDays: 90,
    });
    // The job seeker's own list does not carry the employer's bonus terms.
    const sent = await ok<{ bonus: Offer | null }[]>('GET', '/api/referral-requests?box=sent', seeker);
    expect(sent.every((r) => r.bonus === null)).toBe(true);

    const mail = (await mailsTo(t, member.body.user.email)).find((m) => m.includes('Subject: New referral request'))!;
    expect(mail).toContain('Jordan Asker asked you for a referral for Senior FHIR Engineer.');
    expect(mail).toContain('Jordan Asker wrote:');
    expect(mail).toContain('I built the FHIR gateway at St. Mary’s.');
    expect(mail).toContain('Happy to talk any time.');
    expect(mail).toContain('Referral bonus: $3,000 paid 90 days after start');
    expect(linkIn(mail, '/referral-requests')).toBe('/referral-requests');
  });
});

describe('the weekly roles to refer e-mail', () => {
  const weeklyTo = async (who: SignedUp) =>
    (await mailsTo(t, who.body.user.email)).filter((m) => m.includes('Subject: Your Referwell weekly digest'));

  it("lists the company's open roles with their bonus in the weekly digest; on by default, weekly or off only", async () => {
    const prefs = await ok<{ preferences: Record<string, string> }>('GET', '/api/account/email-preferences', member);
    expect(prefs.preferences.roles_to_refer).toBe('weekly');
    const instant = await call('PUT', '/api/account/email-preferences', member, {
      preferences: { roles_to_refer: 'instant' },
    });
    expect(instant.statusCode).toBe(400);
    expect(instant.json().error.message).toContain('Roles to refer e-mails can be: Weekly digest, Off.');

    await sendDigests(t.database.db, 'weekly');
    const [digest] = await weeklyTo(member);
    expect(digest).toContain('ROLES TO REFER');
    expect(digest).toContain('Senior FHIR Engineer (Remote): $3,000 paid 90 days after start');
    expect(digest).toContain('Clinical Data Analyst (Remote): no referral bonus');
    expect(digest).not.toContain('Closed Role');
    expect(linkIn(digest!, `/job/${paid.id}`)).toBe(`/job/${paid.id}`);
    // A job seeker has no company: no roles to refer, and no empty digest.
    expect(await weeklyTo(seeker)).toEqual([]);
  });

  it('sends none when the preference is off, and a roles-only digest unsubscribes from exactly that', async () => {
    const { inviteCode } = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
    const quiet = await signUp(t, { role: 'referrer', inviteCode, name: 'Quinn Quiet' });
    const loud = await signUp(t, { role: 'referrer', inviteCode, name: 'Lou Loud' });
    await ok('PUT', '/api/account/email-preferences', quiet, { preferences: { roles_to_refer: 'off' } });
    await sendDigests(t.database.db, 'weekly');
    expect(await weeklyTo(quiet)).toEqual([]);

    const [mail] = await weeklyTo(loud);
    expect(mail).toContain('ROLES TO REFER');
    expect(mail).toContain('"Roles to refer" e-mails are on.');
    const unsubscribe = new URL(/^List-Unsubscribe: <(.*)>$/m.exec(mail!)![1]!);
    const res = await t.app.inject({
      method: 'POST',
      url: `${unsubscribe.pathname}${unsubscribe.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    const prefs = await ok<{ preferences: Record<string, string> }>('GET', '/api/account/email-preferences', loud);
    expect(prefs.preferences).toMatchObject({ roles_to_refer: 'off', referral_requests: 'instant' });
  });
});
