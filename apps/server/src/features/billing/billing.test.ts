import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import {
  BILLING_MESSAGES,
  CAPABILITIES,
  type BillingOverview,
  type CompanyPlan,
  type InvoiceList,
  type PlanId,
  type SubscriptionStatus,
} from '@referwell/shared';
import { companyAuditLog, companySubscriptions, stripeEvents } from '../../db/schema';
import { startFakeStripe, stripeTestEnv, TEST_PRICE_IDS, type FakeStripe } from '../../test/fake-stripe';
import { createTestApp, requestsTo, type SignedUp, signUp, type TestApp } from '../../test/harness';
import { drainQueue, recordQueuedJobs } from '../../test/queue';
import { applySubscription } from './subscriptions';

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
    // No webhook to receive either.
    const webhook = await selfHosted.app.inject({ method: 'POST', url: '/api/billing/stripe/webhook', payload: {} });
    expect(webhook.statusCode).toBe(404);
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

describe('plans and billing with Stripe', () => {
  let t: TestApp;
  let fake: FakeStripe;
  const { call, ok } = requestsTo(() => t);
  let companies = 0;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp({ env: stripeTestEnv(fake.origin) });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    fake.webhookUrl = `${address}/api/billing/stripe/webhook`;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const newCompany = async () => {
    const admin = await signUp(t, {
      role: 'companyHR',
      companyType: 'create',
      companyName: `Paying Health ${++companies}`,
    });
    return { admin, companyId: admin.body.company!.id };
  };
  const planOf = (companyId: string, who: SignedUp) => ok<CompanyPlan>('GET', `/api/companies/${companyId}/plan`, who);
  const overview = (companyId: string, who: SignedUp) =>
    ok<BillingOverview>('GET', `/api/companies/${companyId}/billing`, who);
  const sessionIdOf = (url: string) => url.split('/').at(-1)!;
  const subscriptionOf = (companyId: string) =>
    [...fake.subscriptions.values()].find((s) => s.metadata.companyId === companyId)!;

  /** Checks out a plan on the fake's hosted page, then lets the queued reads run. */
  const subscribe = async (companyId: string, admin: SignedUp, plan: PlanId = 'enterprise') => {
    const { url } = await ok<{ url: string }>('POST', `/api/companies/${companyId}/billing/checkout`, admin, { plan });
    const back = await fake.completeCheckout(sessionIdOf(url));
    await drainQueue(t.database);
    return { url, back, subscription: subscriptionOf(companyId) };
  };
  const auditActions = async (companyId: string) =>
    (
      await t.database.db
        .select({ action: companyAuditLog.action, after: companyAuditLog.after })
        .from(companyAuditLog)
        .where(eq(companyAuditLog.companyId, companyId))
    ).filter((row) => row.action === 'billing.subscription_changed');

  it('starts a trial through Checkout: the hosted page, the webhooks, then the plan read from the API', async () => {
    const { admin, companyId } = await newCompany();
    expect((await overview(companyId, admin)).subscription).toBeNull();
    const { url } = await ok<{ url: string }>('POST', `/api/companies/${companyId}/billing/checkout`, admin, {
      plan: 'enterprise',
    });
    expect(url.startsWith(`${fake.origin}/c/pay/cs_test_`)).toBe(true);
    // The requests as Stripe's reference documents them: a customer (once, by idempotency key), then the session.
    const [customer, checkout] = fake.requests.slice(-2);
    expect(customer).toMatchObject({ method: 'POST', path: '/v1/customers', idempotencyKey: `customer:${companyId}` });
    expect(customer!.params.metadata).toEqual({ companyId });
    expect(checkout).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(checkout!.params).toMatchObject({
      mode: 'subscription',
      customer: expect.stringMatching(/^cus_/),
      client_reference_id: companyId,
      line_items: [{ price: TEST_PRICE_IDS.enterprise, quantity: '1' }],
      subscription_data: { metadata: { companyId, plan: 'enterprise' }, trial_period_days: '14' },
      success_url: expect.stringMatching(/\/company-dashboard\/billing\?checkout=success$/),
      cancel_url: expect.stringMatching(/\/company-dashboard\/billing\?checkout=canceled$/),
    });
    // Until the provider says so, nothing is unlocked.
    expect((await planOf(companyId, admin)).state).toEqual({ billing: 'stripe', plan: null, status: 'none' });

    const back = await fake.completeCheckout(sessionIdOf(url));
    expect(back).toMatch(/\/company-dashboard\/billing\?checkout=success$/);
    await drainQueue(t.database);
    expect(await planOf(companyId, admin)).toEqual({
      state: { billing: 'stripe', plan: 'enterprise', status: 'trialing' },
      capabilities: [...CAPABILITIES],
    });
    const subscription = subscriptionOf(companyId);
    const page = await overview(companyId, admin);
    expect(page.subscription).toMatchObject({
      plan: 'enterprise',
      status: 'trialing',
      trialUsed: true,
      cancelAtPeriodEnd: false,
      hasBillingAccount: true,
      trialEnd: new Date(subscription.trial_end! * 1000).toISOString(),
      currentPeriodEnd: new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString(),
    });
    expect(
      (await call('POST', `/api/companies/${companyId}/exports/funnel`, admin, { period: '30d' })).statusCode,
    ).toBe(202);
    // A second checkout while subscribed is refused before the provider is asked.
    const again = await call('POST', `/api/companies/${companyId}/billing/checkout`, admin, { plan: 'monthly' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(BILLING_MESSAGES.alreadySubscribed);
    expect((await auditActions(companyId)).map((row) => row.after)).toEqual([
      { plan: 'enterprise', status: 'trialing', cancelAtPeriodEnd: false, providerStatus: 'trialing' },
    ]);
  });

  it('moves trialing → active → past_due → active → canceled as the provider does, read access kept', async () => {
    const { admin, companyId } = await newCompany();
    const { subscription } = await subscribe(companyId, admin);
    const move = async (type: string, change: Partial<Stripe.Subscription>) => {
      const changed = fake.setSubscription(subscription.id, change);
      expect((await fake.deliver(fake.event(type, changed))).status).toBe(200);
      await drainQueue(t.database);
      return (await planOf(companyId, admin)).state;
    };
    expect(await move('customer.subscription.updated', { status: 'active', trial_end: null })).toMatchObject({
      status: 'active',
    });
    await fake.failPayment(subscription.id);
    await drainQueue(t.database);
    expect((await planOf(companyId, admin)).state).toMatchObject({ plan: 'enterprise', status: 'past_due' });
    const pastDue = await call('POST', `/api/companies/${companyId}/exports/funnel`, admin, { period: '30d' });
    expect(pastDue.statusCode).toBe(402);
    expect(pastDue.json().error.message).toMatch(/read-only while the last payment has failed/);
    // Nothing of the company's data goes: the payroll export and the analytics stay.
    expect((await call('GET', `/api/companies/${companyId}/analytics?period=30d`, admin)).statusCode).toBe(200);
    // The card is updated and the open invoice paid: the invoice's event names its subscription.
    fake.setSubscription(subscription.id, { status: 'active' });
    const paid = { ...fake.invoices[0]!, status: 'paid' };
    expect(JSON.parse((await fake.deliver(fake.event('invoice.paid', paid))).body).outcome).toBe('queued');
    await drainQueue(t.database);
    expect((await planOf(companyId, admin)).state).toMatchObject({ status: 'active' });
    expect(
      await move('customer.subscription.deleted', { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) }),
    ).toMatchObject({ status: 'canceled', plan: 'enterprise' });
    expect((await planOf(companyId, admin)).capabilities).toEqual([]);
    expect((await auditActions(companyId)).map((row) => row.after!.status)).toEqual([
      'trialing',
      'active',
      'past_due',
      'active',
      'canceled',
    ]);
    // An ended plan starts over with a new checkout, without a second trial.
    await ok('POST', `/api/companies/${companyId}/billing/checkout`, admin, { plan: 'monthly' });
    expect(fake.requests.at(-1)!.params.subscription_data).toEqual({ metadata: { companyId, plan: 'monthly' } });
  });

  it('answers a replayed event once, and events out of order end in the provider’s current state', async () => {
    const { admin, companyId } = await newCompany();
    const { subscription } = await subscribe(companyId, admin, 'monthly');
    const queued = await recordQueuedJobs(t.database);
    const early = fake.event('customer.subscription.created', subscription, Math.floor(Date.now() / 1000) - 120);
    const canceled = fake.setSubscription(subscription.id, { status: 'canceled' });
    const late = fake.event('customer.subscription.deleted', canceled);
    // The newer event first, then the older one: both only queue a read, and the read finds the truth.
    expect(JSON.parse((await fake.deliver(late)).body)).toEqual({ received: true, outcome: 'queued' });
    expect(JSON.parse((await fake.deliver(early)).body)).toEqual({ received: true, outcome: 'queued' });
    await drainQueue(t.database);
    expect((await planOf(companyId, admin)).state).toMatchObject({ status: 'canceled' });
    // A replay is a no-op: answered 200, nothing queued, nothing changed.
    const before = await queued('billing-sync-subscription');
    expect(JSON.parse((await fake.deliver(late)).body)).toEqual({ received: true, outcome: 'duplicate' });
    expect(await queued('billing-sync-subscription')).toBe(before);
    const events = await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, late.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'customer.subscription.deleted', outcome: 'queued', companyId });

    // A read started before the one last applied never overwrites it (reads may finish out of order).
    const stale = await t.database.db.transaction((tx) =>
      applySubscription(tx, t.app.config.stripe!, { ...canceled, status: 'active' }, new Date(Date.now() - 60_000)),
    );
    expect(stale).toBe('stale');
    expect((await planOf(companyId, admin)).state).toMatchObject({ status: 'canceled' });
  });

  it('refuses a bad or missing signature with 400 and records nothing; logs an unknown type and answers 200', async () => {
    const sent = fake.event('customer.subscription.updated', { id: 'sub_unknown', object: 'subscription' });
    const forged = await fake.deliver(sent, 't=1700000000,v1=' + 'ab'.repeat(32));
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body).error.code).toBe('BAD_SIGNATURE');
    const unsigned = await fetch(fake.webhookUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sent),
    });
    expect(unsigned.status).toBe(400);
    expect(await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, sent.id))).toEqual([]);

    const unknown = fake.event('payout.paid', { id: 'po_1', object: 'payout' });
    expect(JSON.parse((await fake.deliver(unknown)).body)).toEqual({ received: true, outcome: 'ignored' });
    expect((await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, unknown.id)))[0]).toMatchObject({
      outcome: 'ignored',
    });
  });

  it('changes the plan now: an upgrade is charged at once, a declined card changes nothing', async () => {
    const { admin, companyId } = await newCompany();
    const { subscription } = await subscribe(companyId, admin, 'monthly');
    fake.setSubscription(subscription.id, { status: 'active', trial_end: null });
    await fake.deliver(fake.event('customer.subscription.updated', fake.subscriptions.get(subscription.id)));
    await drainQueue(t.database);
    const url = `/api/companies/${companyId}/billing/plan`;
    expect((await call('PUT', url, admin, { plan: 'monthly' })).statusCode).toBe(409);

    fake.declineCards(String(subscription.customer));
    const refused = await call('PUT', url, admin, { plan: 'enterprise' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toEqual({ code: 'CARD_DECLINED', message: BILLING_MESSAGES.cardDeclined });
    expect((await planOf(companyId, admin)).state).toMatchObject({ plan: 'monthly', status: 'active' });
    expect(fake.subscriptions.get(subscription.id)!.items.data[0]!.price.id).toBe(TEST_PRICE_IDS.monthly);

    fake.declineCards(String(subscription.customer), false);
    const upgraded = await ok<BillingOverview>('PUT', url, admin, { plan: 'enterprise' });
    expect(upgraded.subscription).toMatchObject({ plan: 'enterprise', status: 'active' });
    expect(upgraded.capabilities).toEqual([...CAPABILITIES]);
    expect(fake.requests.at(-1)!.params).toMatchObject({
      items: [{ id: subscription.items.data[0]!.id, price: TEST_PRICE_IDS.enterprise }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
    });
    const downgraded = await ok<BillingOverview>('PUT', url, admin, { plan: 'monthly' });
    expect(downgraded.subscription!.plan).toBe('monthly');
    expect(fake.requests.at(-1)!.params.proration_behavior).toBe('create_prorations');
  });

  it('cancels at the end of the period and takes it back; the plan stays until then', async () => {
    const { admin, companyId } = await newCompany();
    await subscribe(companyId, admin);
    const url = `/api/companies/${companyId}/billing/cancellation`;
    const canceled = await ok<BillingOverview>('PUT', url, admin, { cancelAtPeriodEnd: true });
    expect(canceled.subscription).toMatchObject({ cancelAtPeriodEnd: true, status: 'trialing' });
    expect(canceled.capabilities).toEqual([...CAPABILITIES]);
    expect(fake.requests.at(-1)!.params).toEqual({ cancel_at_period_end: 'true' });
    const kept = await ok<BillingOverview>('PUT', url, admin, { cancelAtPeriodEnd: false });
    expect(kept.subscription!.cancelAtPeriodEnd).toBe(false);
  });

  it('gives a beta plan its six-month end through a queued call', async () => {
    const { admin, companyId } = await newCompany();
    const { subscription } = await subscribe(companyId, admin, 'beta');
    const end = new Date(subscription.start_date * 1000);
    end.setUTCMonth(end.getUTCMonth() + 6);
    expect(fake.subscriptions.get(subscription.id)!.cancel_at).toBe(Math.floor(end.getTime() / 1000));
    expect((await overview(companyId, admin)).subscription!.cancelAt).toBe(end.toISOString());
  });

  it('lists invoices and opens the portal; a provider that fails is a 502 or a 503, never a 500', async () => {
    const { admin, companyId } = await newCompany();
    // Before any checkout: no billing account, no portal.
    expect((await call('POST', `/api/companies/${companyId}/billing/portal`, admin)).statusCode).toBe(409);
    expect(await ok('GET', `/api/companies/${companyId}/billing/invoices`, admin)).toEqual({
      invoices: [],
      hasMore: false,
    });
    await subscribe(companyId, admin, 'monthly');
    const { invoices } = await ok<InvoiceList>('GET', `/api/companies/${companyId}/billing/invoices`, admin);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      status: 'paid',
      total: 0,
      currency: 'usd',
      number: expect.stringMatching(/^FAKE-/),
    });
    const portal = await ok<{ url: string }>('POST', `/api/companies/${companyId}/billing/portal`, admin);
    expect(portal.url.startsWith(`${fake.origin}/p/session/`)).toBe(true);
    expect(fake.requests.at(-1)!.params.return_url).toMatch(/\/company-dashboard\/billing$/);

    fake.failNext('POST /v1/billing_portal/sessions', 500);
    const down = await call('POST', `/api/companies/${companyId}/billing/portal`, admin);
    expect(down.statusCode).toBe(502);
    expect(down.json().error).toEqual({ code: 'PROVIDER_UNAVAILABLE', message: BILLING_MESSAGES.providerDown });
    fake.failNext('GET /v1/invoices', 429);
    const busy = await call('GET', `/api/companies/${companyId}/billing/invoices`, admin);
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('30');
    // No answer within STRIPE_TIMEOUT_MS: the client gives up and the admin gets a 502.
    fake.failNext('GET /v1/invoices', 'timeout');
    const silent = await call('GET', `/api/companies/${companyId}/billing/invoices`, admin);
    expect(silent.statusCode).toBe(502);
    expect(silent.json().error.code).toBe('PROVIDER_UNAVAILABLE');
    const other = await newCompany();
    fake.failNext('POST /v1/checkout/sessions', 500);
    const failed = await call('POST', `/api/companies/${other.companyId}/billing/checkout`, other.admin, {
      plan: 'monthly',
    });
    expect(failed.statusCode).toBe(502);
    expect((await planOf(other.companyId, other.admin)).state).toMatchObject({ status: 'none' });
  });

  it('refuses a plan we do not sell', async () => {
    const { admin, companyId } = await newCompany();
    expect(
      (await call('POST', `/api/companies/${companyId}/billing/checkout`, admin, { plan: 'gold' })).statusCode,
    ).toBe(400);
  });
});
