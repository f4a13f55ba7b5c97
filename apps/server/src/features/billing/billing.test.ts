import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, CAPABILITIES, type SubscriptionStatus } from '@referwell/shared';
import { companySubscriptions } from '../../db/schema';
import { createTestApp, requestsTo, type SignedUp, signUp, type TestApp } from '../../test/harness';

/** STRIPE_* for an app whose provider is never reached in these tests (the capability check reads our database). */
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_gate',
  STRIPE_WEBHOOK_SECRET: 'whsec_gate',
  STRIPE_PRICE_MONTHLY: 'price_monthly',
  STRIPE_PRICE_ENTERPRISE: 'price_enterprise',
  STRIPE_PRICE_BETA: 'price_beta',
  STRIPE_PRICE_BETA_YEAR: 'price_beta_year',
  STRIPE_API_URL: 'http://127.0.0.1:9',
};

describe('the capability check', () => {
  let selfHosted: TestApp;
  let billed: TestApp;
  let admin: SignedUp;
  let member: SignedUp;
  let hostedAdmin: SignedUp;
  let companyId: string;
  const hosted = requestsTo(() => selfHosted);
  const { call, ok } = requestsTo(() => billed);

  beforeAll(async () => {
    [selfHosted, billed] = await Promise.all([createTestApp(), createTestApp({ env: STRIPE_ENV })]);
    hostedAdmin = await signUp(selfHosted, { role: 'companyHR', companyType: 'create', companyName: 'Hosted Health' });
    admin = await signUp(billed, { role: 'companyHR', companyType: 'create', companyName: 'Billed Health' });
    companyId = admin.body.company!.id;
    const { inviteCode } = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
    member = await signUp(billed, { role: 'referrer', inviteCode });
  });
  afterAll(() => Promise.all([selfHosted?.close(), billed?.close()]));

  const setPlan = (plan: string | null, status: SubscriptionStatus) =>
    billed.database.db
      .insert(companySubscriptions)
      .values({ companyId, plan, status })
      .onConflictDoUpdate({ target: companySubscriptions.companyId, set: { plan, status } });
  const exportFunnel = () => call('POST', `/api/companies/${companyId}/exports/funnel`, admin, { period: '30d' });

  it('turns every capability on without a payment provider, and the billing page says so', async () => {
    const id = hostedAdmin.body.company!.id;
    expect(await hosted.ok('GET', `/api/companies/${id}/plan`, hostedAdmin)).toEqual({
      state: { billing: 'self_hosted' },
      capabilities: [...CAPABILITIES],
    });
    expect(await hosted.ok('GET', `/api/companies/${id}/billing`, hostedAdmin)).toMatchObject({
      state: { billing: 'self_hosted' },
      subscription: null,
    });
    const res = await hosted.call('POST', `/api/companies/${id}/exports/funnel`, hostedAdmin, { period: '30d' });
    expect(res.statusCode).toBe(202);
    expect(BILLING_MESSAGES.selfHosted).toMatch(/every feature is on/);
  });

  it('refuses an Enterprise capability to a company without a plan, with what it needs, and keeps the rest', async () => {
    expect(await ok('GET', `/api/companies/${companyId}/plan`, member)).toEqual({
      state: { billing: 'stripe', plan: null, status: 'none' },
      capabilities: [],
    });
    const refused = await exportFunnel();
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toEqual({
      code: 'PLAN_REQUIRED',
      message:
        'Advanced analytics exports are part of the Enterprise License. An admin can upgrade on the billing page.',
    });
    // The payroll export is bonus management, which every plan has: it is never gated.
    const payroll = await call('POST', `/api/companies/${companyId}/exports/bonuses`, admin, { period: '30d' });
    expect(payroll.statusCode).toBe(202);
  });

  it('opens the capability on an active or trialing Enterprise plan, not on Monthly Access', async () => {
    await setPlan('monthly', 'active');
    expect((await exportFunnel()).statusCode).toBe(402);
    await setPlan('enterprise', 'trialing');
    expect((await exportFunnel()).statusCode).toBe(202);
    await setPlan('enterprise', 'active');
    expect((await exportFunnel()).statusCode).toBe(202);
    expect((await ok('GET', `/api/companies/${companyId}/plan`, member)).capabilities).toEqual([...CAPABILITIES]);
  });

  it('keeps read access but no new use while past due or after the plan ended', async () => {
    await setPlan('enterprise', 'past_due');
    const pastDue = await exportFunnel();
    expect(pastDue.statusCode).toBe(402);
    expect(pastDue.json().error.message).toMatch(/read-only while the last payment has failed/);
    await setPlan('enterprise', 'canceled');
    expect((await exportFunnel()).json().error.message).toMatch(/read-only since your Enterprise License plan ended/);
  });

  it('shows the billing page to admins only', async () => {
    expect((await call('GET', `/api/companies/${companyId}/billing`, member)).statusCode).toBe(403);
    expect((await ok('GET', `/api/companies/${companyId}/billing`, admin)).state).toMatchObject({ billing: 'stripe' });
  });
});
