import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELETED_USER_NAME,
  RETENTION_MESSAGES,
  TALENT_POOL_CONSENT,
  type DataSubjectRequest,
  type RetentionPolicy,
} from '@referwell/shared';
import { referrals, talentPoolConsents, users } from '../../db/schema';
import { createTestApp, postJobAs, requestsTo, type SignedUp, signUp, type TestApp } from '../../test/harness';
import { linkIn, mailsTo } from '../../test/mail';
import { sweepRetention } from './service';

let t: TestApp;
let admin: SignedUp;
let member: SignedUp;
let companyId: string;
let jobId: string;
const { call, ok } = requestsTo(() => t);
const today = new Date().toISOString().slice(0, 10);
const policyUrl = () => `/api/companies/${companyId}/retention-policy`;
const sweep = () => sweepRetention(t.app.db, t.app.storage, t.app.secret, 24);

/** Moves everything the company holds of `who` back by `days` (their last activity with it was then). */
async function lastActiveDaysAgo(who: SignedUp, days: number) {
  const at = sql`now() - make_interval(days => ${days})`;
  const id = who.body.user.id;
  await t.database.db.execute(sql`update candidate_pipelines set updated_at = ${at} where talent_id = ${id}`);
  await t.database.db.execute(sql`update referrals set updated_at = ${at} where talent_id = ${id}`);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Keep Health' });
  companyId = admin.body.company!.id;
  const { inviteCode } = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
  member = await signUp(t, { role: 'referrer', inviteCode, name: 'Riley Referrer' });
  jobId = (await postJobAs(t, admin, { title: 'Pharmacy Informaticist', referralBonusAmount: 1500 })).id;
});
afterAll(() => t.close());

describe('retention policy', () => {
  it('defaults to 24 months; an admin sets months per country, audited', async () => {
    expect(await ok<RetentionPolicy>('GET', policyUrl(), admin)).toEqual({ defaultMonths: 24, countryMonths: {} });
    expect((await call('GET', policyUrl(), member)).statusCode).toBe(403);
    const bad = await call('PUT', policyUrl(), admin, { defaultMonths: 0, countryMonths: { Germany: 6 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(RETENTION_MESSAGES.months);
    const policy = { defaultMonths: 12, countryMonths: { DE: 6 } };
    expect(await ok<RetentionPolicy>('PUT', policyUrl(), admin, policy)).toEqual(policy);
    const log = await ok<{ items: unknown[] }>(
      'GET',
      `/api/companies/${companyId}/audit-log?action=retention.policy_changed`,
      admin,
    );
    expect(log.items).toHaveLength(1);
  });
});

describe('expiry', () => {
  it('anonymises what the company holds, keeps the referral and its paid bonus, and logs it', async () => {
    const seeker = await signUp(t, { name: 'Morgan Candidate' });
    const referral = await ok<{ id: string }>('POST', '/api/referrals', member, {
      jobId,
      talentId: seeker.body.user.id,
    });
    await ok('POST', `/api/referrals/${referral.id}/consent`, seeker, { decision: 'confirm' });
    await ok('PUT', `/api/jobs/${jobId}/tracking/${seeker.body.user.id}`, admin, {
      status: 'Hired',
      startDate: new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10), // past the payout delay
    });
    await ok('POST', `/api/referrals/${referral.id}/bonus-paid`, admin, { paidOn: today });
    await lastActiveDaysAgo(seeker, 200); // within 12 months: nothing happens
    await sweep();
    const [kept] = await t.database.db.select().from(referrals).where(eq(referrals.id, referral.id));
    expect(kept!.talentProfile.name).toBe('Morgan Candidate');

    await lastActiveDaysAgo(seeker, 370); // past the company's 12 months
    expect((await sweep()).erased).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(referrals).where(eq(referrals.id, referral.id));
    expect(row!.talentProfile.name).toBe(DELETED_USER_NAME);
    expect(row).toMatchObject({
      referrerId: member.body.user.id,
      bonusAmount: 1500,
      bonusState: 'paid',
      bonusPaidOn: today,
    });
    // The person's own account is theirs: only what this company held went.
    const [user] = await t.database.db.select().from(users).where(eq(users.id, seeker.body.user.id));
    expect(user!.deletedAt).toBeNull();
    const log = await ok<{ items: { subject: { id: string } }[] }>(
      'GET',
      `/api/companies/${companyId}/audit-log?action=retention.candidate_erased`,
      admin,
    );
    expect(log.items.map((i) => i.subject.id)).toContain(seeker.body.user.id);
    // Once is enough: the next sweep leaves them be.
    await sweep();
    expect(
      (
        await ok<{ items: unknown[] }>(
          'GET',
          `/api/companies/${companyId}/audit-log?action=retention.candidate_erased`,
          admin,
        )
      ).items,
    ).toHaveLength(log.items.length);
  });

  it('reminds a candidate before the end with a one-click renewal that starts a new term', async () => {
    const seeker = await signUp(t, { name: 'Jamie Renewer' });
    await ok('POST', `/api/jobs/${jobId}/apply`, seeker, {});
    await lastActiveDaysAgo(seeker, 350); // 12 months end within 30 days
    expect((await sweep()).reminded).toBeGreaterThanOrEqual(1);
    const [mail] = (await mailsTo(t, seeker.body.user.email)).filter((m) => m.includes('will delete your data'));
    expect(mail).toContain('Keep Health');
    const link = linkIn(mail!, '/api/talent-pool/renew');
    // Opening the link asks; only the click renews (a mail scanner's GET changes nothing).
    const asked = await call('GET', link);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Keep Health');
    const consent = () =>
      t.database.db
        .select()
        .from(talentPoolConsents)
        .where(and(eq(talentPoolConsents.userId, seeker.body.user.id), eq(talentPoolConsents.companyId, companyId)));
    expect(await consent()).toHaveLength(0);
    const renewed = await call('POST', link);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.body).toContain('Your profile stays');
    expect(await consent()).toEqual([
      expect.objectContaining({ scope: 'talent_pool', textVersion: TALENT_POOL_CONSENT.version, withdrawnAt: null }),
    ]);
    // Past the old end, the renewal keeps them.
    await lastActiveDaysAgo(seeker, 400);
    await sweep();
    const erased = await ok<{ items: { subject: { id: string } }[] }>(
      'GET',
      `/api/companies/${companyId}/audit-log?action=retention.candidate_erased`,
      admin,
    );
    expect(erased.items.map((i) => i.subject.id)).not.toContain(seeker.body.user.id);
    // A forged or altered token renews nothing.
    const forged = await call(
      'POST',
      link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain(RETENTION_MESSAGES.invalidRenewal);
  });
});

describe('talent-pool consent', () => {
  it('is recorded with what, when and the wording version, and can be withdrawn', async () => {
    const seeker = await signUp(t, { name: 'Casey Consent' });
    const url = `/api/companies/${companyId}/talent-pool-consent`;
    expect((await call('PUT', url, seeker, { textVersion: 'talent-pool-2020-01' })).statusCode).toBe(400);
    const given = await ok<{ textVersion: string; givenAt: string; withdrawnAt: null }>('PUT', url, seeker, {
      textVersion: TALENT_POOL_CONSENT.version,
    });
    expect(given).toMatchObject({ scope: 'talent_pool', textVersion: TALENT_POOL_CONSENT.version, withdrawnAt: null });
    expect((await call('PUT', url, member, { textVersion: TALENT_POOL_CONSENT.version })).statusCode).toBe(403);
    await ok('DELETE', url, seeker);
    const [row] = await t.database.db
      .select()
      .from(talentPoolConsents)
      .where(eq(talentPoolConsents.userId, seeker.body.user.id));
    expect(row!.withdrawnAt).not.toBeNull();
  });
});

describe('data-subject requests', () => {
  it('are tracked with the deadline of their law, open ones first', async () => {
    const url = `/api/companies/${companyId}/data-subject-requests`;
    const gdpr = await ok<DataSubjectRequest>('POST', url, admin, {
      kind: 'access',
      requesterName: 'Dana Subject',
      requesterEmail: 'dana@example.com',
      jurisdiction: 'gdpr',
      receivedOn: '2026-01-31',
    });
    expect(gdpr).toMatchObject({ dueOn: '2026-02-28', overdue: true, completedAt: null });
    const ccpa = await ok<DataSubjectRequest>('POST', url, admin, {
      kind: 'deletion',
      requesterName: 'Lee Subject',
      requesterEmail: 'lee@example.com',
      jurisdiction: 'ccpa',
    });
    expect(ccpa.overdue).toBe(false);
    const done = await ok<DataSubjectRequest>('POST', `${url}/${gdpr.id}/complete`, admin);
    expect(done.completedAt).not.toBeNull();
    expect(done.overdue).toBe(false);
    expect((await ok<DataSubjectRequest[]>('GET', url, admin)).map((r) => r.id)).toEqual([ccpa.id, gdpr.id]);
    expect((await call('GET', url, member)).statusCode).toBe(403);
    expect((await call('POST', `${url}/${crypto.randomUUID()}/complete`, admin)).statusCode).toBe(404);
    expect(
      (await call('POST', url, admin, { kind: 'erase', requesterName: 'X', requesterEmail: 'x', jurisdiction: 'gdpr' }))
        .statusCode,
    ).toBe(400);
  });
});
