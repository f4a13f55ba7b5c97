import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPANY_CLAIM_MESSAGES,
  NOTIFICATION_TYPES_COMPANY,
  type CompanyClaimOutcome,
  type MyCompanyClaimResponse,
  type PendingCompanyClaim,
} from '@referwell/shared';
import {
  companies,
  companyAuditLog,
  companyClaims,
  companyMembers,
  jobSources,
  notifications,
  users,
} from '../../db/schema';
import { createTestApp, signUp, withSession, type SignedUp, type TestApp } from '../../test/harness';
import { linkIn, mailsTo } from '../../test/mail';
import { emailMatchesDomains, knownDomainsOf } from './claims';

let t: TestApp;
let operator: SignedUp;
const OPERATOR_EMAIL = 'ops.claims@example.com';
const run = randomBytes(3).toString('hex');

beforeAll(async () => {
  t = await createTestApp({ env: { PLATFORM_ADMIN_EMAILS: OPERATOR_EMAIL } });
  operator = await signUp(t, { email: OPERATOR_EMAIL });
});
afterAll(async () => {
  await t?.close();
});

/** A company listed from its job board (as a platform admin's board source makes it), with its known addresses. */
async function listedCompany(name: string, website: string | null, sourceUrls: string[] = []) {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${run}`;
  const [company] = await t.database.db
    .insert(companies)
    .values({ name, slug, website, notOnReferwell: true, inviteCode: `CLM-${randomBytes(4).toString('hex')}` })
    .returning();
  for (const url of sourceUrls)
    await t.database.db.insert(jobSources).values({
      companyId: company!.id,
      addedBy: operator.body.user.id,
      url,
      nextCrawlAt: new Date(Date.now() + 3600_000),
    });
  return company!;
}

/** Each person asks from a network of their own, so the per-network claim limit is not shared between tests. */
const networkOf = (who: SignedUp | null) =>
  who ? `10.${[0, 2, 4].map((at) => parseInt(who.body.user.id.slice(at, at + 2), 16)).join('.')}` : '10.255.255.255';

const api = (who: SignedUp | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, remoteAddress: networkOf(who), ...(who ? withSession(who.token) : {}) });

/** Asks to claim, then reads the link mailed to the work address. */
async function requestAndRead(who: SignedUp, companySlug: string, email: string): Promise<string> {
  const asked = await api(who, 'POST', '/api/company-claims', { companySlug, email });
  expect(asked.statusCode, asked.body).toBe(202);
  const mails = await mailsTo(t, email);
  const mail = mails.at(-1)!;
  expect(mail).toContain('Confirm your claim to');
  return new URL(linkIn(mail, '/claim-company'), 'http://x').searchParams.get('token')!;
}

const membership = async (userId: string) =>
  (await t.database.db.select().from(companyMembers).where(eq(companyMembers.userId, userId)))[0];
const audit = async (companyId: string) =>
  (await t.database.db.select().from(companyAuditLog).where(eq(companyAuditLog.companyId, companyId))).map(
    (r) => r.action,
  );
const notified = async (userId: string, type: string) =>
  (
    await t.database.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)))
  ).map((r) => r.message);

describe('claiming a company listed from its job board', () => {
  it('makes the claimant its admin at once when the work e-mail matches its website, and the link works once', async () => {
    const company = await listedCompany('Acme Claim Health', 'https://www.acme-claim.test/about');
    const seeker = await signUp(t);
    const email = `jo@acme-claim.test`;
    const token = await requestAndRead(seeker, company.slug, email);

    const stranger = await signUp(t);
    const notTheirs = await api(stranger, 'POST', '/api/company-claims/confirm', { token });
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().error.message).toBe(COMPANY_CLAIM_MESSAGES.notYours);

    const confirmed = await api(seeker, 'POST', '/api/company-claims/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<CompanyClaimOutcome>()).toEqual({
      status: 'granted',
      companyName: 'Acme Claim Health',
      companySlug: company.slug,
    });
    expect(await membership(seeker.body.user.id)).toMatchObject({ companyId: company.id, role: 'admin' });
    const [account] = await t.database.db.select().from(users).where(eq(users.id, seeker.body.user.id));
    expect(account!.type).toBe('referrer'); // a company admin's account, as sign-up with a new company makes it
    const [after] = await t.database.db.select().from(companies).where(eq(companies.id, company.id));
    expect(after!.notOnReferwell).toBe(false);
    expect(await audit(company.id)).toContain('company.claimed');
    expect(await notified(operator.body.user.id, NOTIFICATION_TYPES_COMPANY.platformCompanyClaim)).toContain(
      COMPANY_CLAIM_MESSAGES.claimedNotice(seeker.body.user.name, email, 'Acme Claim Health'),
    );
    // The session now carries the company, as an admin.
    const me = await api(seeker, 'GET', '/api/auth/session');
    expect(me.json().company).toMatchObject({ id: company.id, role: 'companyAdmin' });

    const again = await api(seeker, 'POST', '/api/company-claims/confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(COMPANY_CLAIM_MESSAGES.linkInvalid);
    const [row] = await t.database.db.select().from(companyClaims).where(eq(companyClaims.companyId, company.id));
    expect(row!.tokenHash).toBeNull(); // only the hash was kept, and it is gone once used
  });

  it('matches the start page of a careers-page source, never an applicant-tracking vendor or a free-mail domain', async () => {
    const company = await listedCompany('Beta Claim Clinic', null, [
      'https://careers.beta-claim.test/jobs',
      'https://boards.greenhouse.io/betaclaim',
      'https://jobs.lever.co/betaclaim',
    ]);
    expect(await knownDomainsOf(t.database.db, t.app.config, company.id)).toEqual(['careers.beta-claim.test']);
    expect(emailMatchesDomains('sam@beta-claim.test', ['careers.beta-claim.test'])).toBe(true);
    expect(emailMatchesDomains('sam@greenhouse.io', ['careers.beta-claim.test'])).toBe(false);
    expect(emailMatchesDomains('sam@gmail.com', ['gmail.com'])).toBe(false);
    expect(emailMatchesDomains('sam@other-claim.test', ['careers.beta-claim.test'])).toBe(false);

    const referrerless = await signUp(t);
    const token = await requestAndRead(referrerless, company.slug, 'sam@beta-claim.test');
    const confirmed = await api(referrerless, 'POST', '/api/company-claims/confirm', { token });
    expect(confirmed.json<CompanyClaimOutcome>().status).toBe('granted');
  });

  it('matches on the registrable domain: sibling hosts match, a hosting platform or a domain two companies share does not', async () => {
    expect(emailMatchesDomains('sam@eu.beta-claim.test', ['careers.beta-claim.test'])).toBe(true);
    expect(emailMatchesDomains('sam@acme.co.uk', ['careers.acme.co.uk'])).toBe(true);
    expect(emailMatchesDomains('sam@co.uk', ['careers.acme.co.uk'])).toBe(false);
    // Sites on platforms the Public Suffix List names are their own domains, not the platform's.
    expect(emailMatchesDomains('sam@github.io', ['acme.github.io'])).toBe(false);
    expect(emailMatchesDomains('sam@myshopify.com', ['acme.myshopify.com'])).toBe(false);

    // Two companies' careers sites on one host's subdomains: that domain is the host's, so it names neither.
    const platform = `jobsplatform-${run}.test`;
    const delta = await listedCompany('Delta Claim Health', `https://delta-claim-${run}.test`, [
      `https://delta.${platform}/careers`,
    ]);
    await listedCompany('Epsilon Claim Health', null, [`https://epsilon.${platform}/careers`]);
    expect(await knownDomainsOf(t.database.db, t.app.config, delta.id)).toEqual([`delta-claim-${run}.test`]);

    const platformStaff = await signUp(t);
    const token = await requestAndRead(platformStaff, delta.slug, `sam@${platform}`);
    const confirmed = await api(platformStaff, 'POST', '/api/company-claims/confirm', { token });
    expect(confirmed.json<CompanyClaimOutcome>().status).toBe('pending');
  });

  it('waits for a platform admin when the domain does not match; approving makes them admin, told in the app and by mail', async () => {
    const company = await listedCompany('Gamma Claim Care', null);
    const seeker = await signUp(t);
    const token = await requestAndRead(seeker, company.slug, `gamma.${run}@gmail.com`);
    const confirmed = await api(seeker, 'POST', '/api/company-claims/confirm', { token });
    expect(confirmed.json<CompanyClaimOutcome>().status).toBe('pending');
    expect(await membership(seeker.body.user.id)).toBeUndefined();
    expect(await notified(operator.body.user.id, NOTIFICATION_TYPES_COMPANY.platformCompanyClaim)).toContain(
      COMPANY_CLAIM_MESSAGES.pendingNotice(seeker.body.user.name, `gamma.${run}@gmail.com`, 'Gamma Claim Care'),
    );

    expect((await api(seeker, 'GET', '/api/admin/company-claims')).statusCode).toBe(403);
    const list = await api(operator, 'GET', '/api/admin/company-claims');
    expect(list.statusCode).toBe(200);
    const pending = list.json<{ items: PendingCompanyClaim[] }>().items.find((c) => c.companyId === company.id)!;
    expect(pending).toMatchObject({
      companyName: 'Gamma Claim Care',
      knownDomains: [],
      email: `gamma.${run}@gmail.com`,
    });

    expect((await api(seeker, 'POST', `/api/admin/company-claims/${pending.id}/approve`)).statusCode).toBe(403);
    const approved = await api(operator, 'POST', `/api/admin/company-claims/${pending.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(204);
    expect(await membership(seeker.body.user.id)).toMatchObject({ companyId: company.id, role: 'admin' });
    expect(await audit(company.id)).toContain('company.claim_approved');
    expect(await notified(seeker.body.user.id, NOTIFICATION_TYPES_COMPANY.companyClaimDecided)).toEqual([
      COMPANY_CLAIM_MESSAGES.approvedNotice('Gamma Claim Care'),
    ]);
    expect(
      (await mailsTo(t, seeker.body.user.email)).some((m) => m.includes('Your claim to Gamma Claim Care was approved')),
    ).toBe(true);
    // Decided: gone from the list, and not decided twice.
    expect((await api(operator, 'POST', `/api/admin/company-claims/${pending.id}/refuse`)).statusCode).toBe(404);
    const after = (await api(operator, 'GET', '/api/admin/company-claims')).json<{ items: PendingCompanyClaim[] }>();
    expect(after.items.some((c) => c.id === pending.id)).toBe(false);
  });

  it('lets the claimant see and withdraw an open claim: its link stops working and no platform admin sees it', async () => {
    const company = await listedCompany('Eta Claim Health', null);
    const seeker = await signUp(t);
    const mine = async (who: SignedUp) => {
      const res = await api(who, 'GET', `/api/company-claims/mine?companySlug=${company.slug}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<MyCompanyClaimResponse>().claim;
    };
    expect(await mine(seeker)).toBeNull();

    // Mailed: withdrawn before the link is followed, the link no longer works.
    const token = await requestAndRead(seeker, company.slug, `eta.${run}@eta-claim.test`);
    const mailed = (await mine(seeker))!;
    expect(mailed).toMatchObject({ status: 'mailed', email: `eta.${run}@eta-claim.test` });
    const stranger = await signUp(t);
    expect(await mine(stranger)).toBeNull();
    expect((await api(stranger, 'POST', `/api/company-claims/${mailed.id}/withdraw`)).statusCode).toBe(404);
    expect((await api(seeker, 'POST', `/api/company-claims/${mailed.id}/withdraw`)).statusCode).toBe(204);
    expect(await mine(seeker)).toBeNull();
    const followed = await api(seeker, 'POST', '/api/company-claims/confirm', { token });
    expect(followed.statusCode).toBe(400);
    expect(followed.json().error.message).toBe(COMPANY_CLAIM_MESSAGES.linkInvalid);
    expect((await api(seeker, 'POST', `/api/company-claims/${mailed.id}/withdraw`)).statusCode).toBe(404);

    // Pending: withdrawn while a platform admin has not decided, it leaves their list and cannot be approved.
    const again = await requestAndRead(seeker, company.slug, `eta.${run}@eta-claim.test`);
    expect((await api(seeker, 'POST', '/api/company-claims/confirm', { token: again })).json().status).toBe('pending');
    const pending = (await mine(seeker))!;
    expect(pending.status).toBe('pending');
    const listed = async () =>
      (await api(operator, 'GET', '/api/admin/company-claims'))
        .json<{ items: PendingCompanyClaim[] }>()
        .items.some((c) => c.id === pending.id);
    expect(await listed()).toBe(true);
    expect((await api(seeker, 'POST', `/api/company-claims/${pending.id}/withdraw`)).statusCode).toBe(204);
    expect(await listed()).toBe(false);
    expect((await api(operator, 'POST', `/api/admin/company-claims/${pending.id}/approve`)).statusCode).toBe(404);
    expect(await membership(seeker.body.user.id)).toBeUndefined();
    expect(await mine(seeker)).toBeNull();
    expect((await api(seeker, 'GET', '/api/company-claims/mine')).statusCode).toBe(400);
  });

  it("closes a company's other open claims when one is granted: their claimants told, the platform admins' list cleared", async () => {
    const company = await listedCompany('Theta Claim Clinic', 'https://theta-claim.test');
    const first = await signUp(t);
    const second = await signUp(t);
    const third = await signUp(t);
    // Two wait for a check; a third person's link is still unopened; the winner also mistyped an address first.
    for (const [who, email] of [
      [first, `first.${run}@gmail.com`],
      [second, `second.${run}@gmail.com`],
    ] as const) {
      const token = await requestAndRead(who, company.slug, email);
      expect((await api(who, 'POST', '/api/company-claims/confirm', { token })).json().status).toBe('pending');
    }
    const unopened = await requestAndRead(third, company.slug, `third.${run}@theta-claim.test`);
    await requestAndRead(first, company.slug, `first.${run}@theta-claim.tset`);
    const pendingOf = async (userId: string) =>
      (await t.database.db.select().from(companyClaims).where(eq(companyClaims.userId, userId))).find(
        (c) => c.status === 'pending',
      )!;
    const secondClaim = await pendingOf(second.body.user.id);

    const approved = await api(
      operator,
      'POST',
      `/api/admin/company-claims/${(await pendingOf(first.body.user.id)).id}/approve`,
    );
    expect(approved.statusCode, approved.body).toBe(204);
    const statuses = async (userId: string) =>
      (await t.database.db.select().from(companyClaims).where(eq(companyClaims.userId, userId)))
        .map((c) => c.status)
        .sort();
    expect(await statuses(first.body.user.id)).toEqual(['approved', 'closed']);
    expect(await statuses(second.body.user.id)).toEqual(['closed']);
    expect(await statuses(third.body.user.id)).toEqual(['closed']);
    // The others are told in the app and by mail; the winner hears only of the approval.
    for (const who of [second, third]) {
      expect(await notified(who.body.user.id, NOTIFICATION_TYPES_COMPANY.companyClaimDecided)).toEqual([
        COMPANY_CLAIM_MESSAGES.closedNotice('Theta Claim Clinic'),
      ]);
      expect(
        (await mailsTo(t, who.body.user.email)).some((m) => m.includes('Your claim to Theta Claim Clinic is closed')),
      ).toBe(true);
    }
    expect(await notified(first.body.user.id, NOTIFICATION_TYPES_COMPANY.companyClaimDecided)).toEqual([
      COMPANY_CLAIM_MESSAGES.approvedNotice('Theta Claim Clinic'),
    ]);
    // Nothing of the company waits for a check; the closed claims cannot be decided, withdrawn or followed.
    const list = (await api(operator, 'GET', '/api/admin/company-claims')).json<{ items: PendingCompanyClaim[] }>();
    expect(list.items.some((c) => c.companyId === company.id)).toBe(false);
    expect((await api(operator, 'POST', `/api/admin/company-claims/${secondClaim.id}/approve`)).statusCode).toBe(404);
    expect((await api(second, 'POST', `/api/company-claims/${secondClaim.id}/withdraw`)).statusCode).toBe(404);
    // A closed link followed says why: the company is on Referwell now.
    const late = await api(third, 'POST', '/api/company-claims/confirm', { token: unopened });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(COMPANY_CLAIM_MESSAGES.onReferwell('Theta Claim Clinic'));
    expect(await membership(second.body.user.id)).toBeUndefined();
  });

  it('closes the other open claims when a matching domain grants one at once', async () => {
    const company = await listedCompany('Iota Claim Health', 'https://iota-claim.test');
    const waiting = await signUp(t);
    const token = await requestAndRead(waiting, company.slug, `waiting.${run}@gmail.com`);
    expect((await api(waiting, 'POST', '/api/company-claims/confirm', { token })).json().status).toBe('pending');
    const insider = await signUp(t);
    const own = await requestAndRead(insider, company.slug, `insider.${run}@iota-claim.test`);
    expect((await api(insider, 'POST', '/api/company-claims/confirm', { token: own })).json().status).toBe('granted');
    const [claim] = await t.database.db
      .select()
      .from(companyClaims)
      .where(eq(companyClaims.userId, waiting.body.user.id));
    expect(claim!.status).toBe('closed');
    expect(await notified(waiting.body.user.id, NOTIFICATION_TYPES_COMPANY.companyClaimDecided)).toEqual([
      COMPANY_CLAIM_MESSAGES.closedNotice('Iota Claim Health'),
    ]);
  });

  it('refuses a pending claim: audited, the claimant told, nobody joins', async () => {
    const company = await listedCompany('Delta Claim Labs', 'https://delta-claim.test');
    const seeker = await signUp(t);
    const token = await requestAndRead(seeker, company.slug, `lee@elsewhere-${run}.test`);
    expect((await api(seeker, 'POST', '/api/company-claims/confirm', { token })).json().status).toBe('pending');
    const [claim] = await t.database.db.select().from(companyClaims).where(eq(companyClaims.companyId, company.id));
    const refused = await api(operator, 'POST', `/api/admin/company-claims/${claim!.id}/refuse`);
    expect(refused.statusCode).toBe(204);
    expect(await membership(seeker.body.user.id)).toBeUndefined();
    expect(await audit(company.id)).toContain('company.claim_refused');
    expect(await notified(seeker.body.user.id, NOTIFICATION_TYPES_COMPANY.companyClaimDecided)).toEqual([
      COMPANY_CLAIM_MESSAGES.refusedNotice('Delta Claim Labs'),
    ]);
    expect((await mailsTo(t, seeker.body.user.email)).some((m) => m.includes('was refused'))).toBe(true);
    const [after] = await t.database.db.select().from(companies).where(eq(companies.id, company.id));
    expect(after!.notOnReferwell).toBe(true);
  });

  it('refuses an expired link, a company already on Referwell (409), and claims by the wrong people', async () => {
    const company = await listedCompany('Epsilon Claim Rx', 'https://epsilon-claim.test');
    const seeker = await signUp(t);
    const token = await requestAndRead(seeker, company.slug, 'pat@epsilon-claim.test');
    await t.database.db
      .update(companyClaims)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(companyClaims.companyId, company.id));
    const expired = await api(seeker, 'POST', '/api/company-claims/confirm', { token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe(COMPANY_CLAIM_MESSAGES.linkInvalid);

    // Another person claims it first: the first link's company is on Referwell now.
    const late = await requestAndRead(seeker, company.slug, 'pat@epsilon-claim.test');
    const first = await signUp(t);
    const firstToken = await requestAndRead(first, company.slug, 'kim@epsilon-claim.test');
    expect((await api(first, 'POST', '/api/company-claims/confirm', { token: firstToken })).statusCode).toBe(200);
    const tooLate = await api(seeker, 'POST', '/api/company-claims/confirm', { token: late });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error.message).toBe(COMPANY_CLAIM_MESSAGES.onReferwell('Epsilon Claim Rx'));
    const onReferwell = await api(seeker, 'POST', '/api/company-claims', {
      companySlug: company.slug,
      email: 'pat@epsilon-claim.test',
    });
    expect(onReferwell.statusCode).toBe(409);
    expect(onReferwell.json().error.message).toBe(COMPANY_CLAIM_MESSAGES.onReferwell('Epsilon Claim Rx'));

    const other = await listedCompany('Zeta Claim Health', 'https://zeta-claim.test');
    const body = { companySlug: other.slug, email: 'ann@zeta-claim.test' };
    expect((await api(null, 'POST', '/api/company-claims', body)).statusCode).toBe(401);
    const asOperator = await api(operator, 'POST', '/api/company-claims', body);
    expect(asOperator.statusCode).toBe(403);
    const member = await api(first, 'POST', '/api/company-claims', body); // already the admin of Epsilon
    expect(member.statusCode).toBe(409);
    expect(member.json().error.message).toBe(COMPANY_CLAIM_MESSAGES.alreadyMember);
    expect((await api(seeker, 'POST', '/api/company-claims', { ...body, email: 'not-an-address' })).statusCode).toBe(
      400,
    );
    expect(
      (await api(seeker, 'POST', '/api/company-claims', { ...body, companySlug: 'no-such-company' })).statusCode,
    ).toBe(404);
  });

  it('limits how often one person asks (429)', async () => {
    const company = await listedCompany('Eta Claim Group', null);
    const seeker = await signUp(t);
    const body = { companySlug: company.slug, email: `eta.${run}@eta-claim.test` };
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await api(seeker, 'POST', '/api/company-claims', body)).statusCode);
    expect(codes).toEqual([202, 202, 202, 202, 202, 429]);
  });
});
