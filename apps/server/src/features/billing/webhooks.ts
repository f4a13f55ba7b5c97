/**
 * Stripe's webhook events. Each is verified with Stripe's library against the endpoint's signing secret (a bad or
 * missing signature is a 400 and nothing is recorded), then recorded by its id in the transaction that acts on it: a
 * replay finds the id and is a no-op. An event about a subscription queues a read of it from the API (in that same
 * transaction), so the order events arrive in does not matter; an event type we do not handle is recorded and
 * answered 200 (Stripe would retry anything else for days).
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { StripeConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/repository';
import { companies, companySubscriptions, stripeEvents } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Stripe } from '../../lib/payments/stripe';
import { idOf, queueSubscriptionRead } from './subscriptions';

/** The events whose object is a subscription: its state may have changed. */
const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.pending_update_applied',
  'customer.subscription.pending_update_expired',
  'customer.subscription.trial_will_end',
]);

/** The events whose object is an invoice of a subscription: a payment succeeded, failed or needs the customer. */
const INVOICE_EVENTS = new Set([
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
  'invoice.payment_action_required',
  'invoice.marked_uncollectible',
]);

export type WebhookOutcome = 'duplicate' | 'queued' | 'ignored' | 'unrelated';

/** Verifies the signature of the raw body; a bad one is a 400 that tells the sender nothing more. */
export function verifiedEvent(stripe: Stripe, settings: StripeConfig, body: Buffer, signature: unknown): Stripe.Event {
  if (typeof signature !== 'string' || signature === '')
    throw new AppError(400, 'BAD_SIGNATURE', 'The Stripe-Signature header is missing.');
  try {
    return stripe.webhooks.constructEvent(body, signature, settings.webhookSecret);
  } catch {
    throw new AppError(400, 'BAD_SIGNATURE', 'The webhook signature does not match.');
  }
}

/** The subscription an invoice belongs to (the API's `parent.subscription_details`, or the older `subscription`). */
function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  const fromParent = idOf(invoice.parent?.subscription_details?.subscription);
  if (fromParent) return fromParent;
  return idOf((invoice as unknown as { subscription?: string | { id: string } | null }).subscription);
}

/** A checkout that finished links the customer to the company it was opened for, and queues a read. */
async function checkoutCompleted(tx: Tx, session: Stripe.Checkout.Session): Promise<{ companyId: string | null }> {
  const companyId = session.client_reference_id ?? session.metadata?.companyId ?? null;
  const subscriptionId = idOf(session.subscription);
  const customerId = idOf(session.customer);
  if (session.mode !== 'subscription' || !companyId || !/^[0-9a-f-]{36}$/i.test(companyId) || !subscriptionId)
    return { companyId: null };
  const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) return { companyId: null };
  await tx
    .insert(companySubscriptions)
    .values({ companyId, stripeCustomerId: customerId })
    .onConflictDoUpdate({
      target: companySubscriptions.companyId,
      set: customerId ? { stripeCustomerId: customerId } : { companyId },
    });
  await queueSubscriptionRead(tx, subscriptionId);
  return { companyId };
}

/** Which company's subscription an event concerns, when we know it (for the event's record). */
async function companyOfSubscription(tx: Tx, subscriptionId: string): Promise<string | null> {
  const [row] = await tx
    .select({ companyId: companySubscriptions.companyId })
    .from(companySubscriptions)
    .where(eq(companySubscriptions.stripeSubscriptionId, subscriptionId));
  return row?.companyId ?? null;
}

/** Records the event and acts on it in one transaction: all of it, or (on a failure) none and Stripe retries. */
export async function handleEvent(db: Db, event: Stripe.Event, log: FastifyBaseLogger): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, createdAt: new Date(event.created * 1000), outcome: 'received' })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) {
      log.info({ event: event.id, type: event.type }, 'billing: webhook event replayed, nothing to do');
      return 'duplicate';
    }
    let outcome: WebhookOutcome = 'ignored';
    let companyId: string | null = null;
    const object = event.data.object as unknown;
    if (event.type === 'checkout.session.completed') {
      companyId = (await checkoutCompleted(tx, object as Stripe.Checkout.Session)).companyId;
      outcome = companyId ? 'queued' : 'unrelated';
    } else if (SUBSCRIPTION_EVENTS.has(event.type) || INVOICE_EVENTS.has(event.type)) {
      const subscriptionId = SUBSCRIPTION_EVENTS.has(event.type)
        ? (object as Stripe.Subscription).id
        : subscriptionOfInvoice(object as Stripe.Invoice);
      if (subscriptionId) {
        await queueSubscriptionRead(tx, subscriptionId);
        companyId = await companyOfSubscription(tx, subscriptionId);
        outcome = 'queued';
      } else outcome = 'unrelated';
    } else {
      log.info({ event: event.id, type: event.type }, 'billing: webhook event of a type we do not handle');
    }
    await tx.update(stripeEvents).set({ outcome, companyId }).where(eq(stripeEvents.id, event.id));
    return outcome;
  });
}
