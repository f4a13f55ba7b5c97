// Test support: a company's plan as a customer gets it, through the fake Stripe (test/fake-stripe.ts): Checkout on its
// hosted page, then the provider's signed events; and the plan's end, as Stripe announces it.
import type { FakeStripe } from './fake-stripe';
import { callAs, type SignedUp, type TestApp } from './harness';
import { drainQueue } from './queue';

/** Points the fake's webhooks at the app (listening on loopback). Call once after createTestApp. */
export async function receiveStripeWebhooks(t: TestApp, fake: FakeStripe): Promise<void> {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  fake.webhookUrl = `${address}/api/billing/stripe/webhook`;
}

/** The admin checks out a plan for their company; answers the provider's subscription id once the app has read it. */
export async function subscribeCompany(
  t: TestApp,
  fake: FakeStripe,
  admin: SignedUp,
  plan: 'monthly' | 'enterprise' = 'enterprise',
): Promise<string> {
  const companyId = admin.body.company!.id;
  const res = await callAs(t, 'POST', `/api/companies/${companyId}/billing/checkout`, admin, { plan });
  if (res.statusCode !== 200) throw new Error(`checkout → ${res.statusCode} ${res.body}`);
  await fake.completeCheckout(res.json<{ url: string }>().url.split('/').at(-1)!);
  await drainQueue(t.database);
  // The newest of the company's subscriptions (an ended one stays in the fake).
  const subscription = [...fake.subscriptions.values()].filter((s) => s.metadata.companyId === companyId).at(-1);
  if (!subscription) throw new Error('the fake Stripe holds no subscription for the company');
  return subscription.id;
}

/** The subscription ends at the provider (customer.subscription.deleted), and the app has read it. */
export async function lapseSubscription(t: TestApp, fake: FakeStripe, subscriptionId: string): Promise<void> {
  const ended = fake.setSubscription(subscriptionId, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) });
  const answer = await fake.deliver(fake.event('customer.subscription.deleted', ended));
  if (answer.status !== 200) throw new Error(`webhook → ${answer.status} ${answer.body}`);
  await drainQueue(t.database);
}
