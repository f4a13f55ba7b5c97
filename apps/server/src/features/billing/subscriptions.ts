/**
 * A company's subscription as we keep it: always the provider's own state, read from its API. A webhook never
 * writes the state it carries; it queues a read of the subscription (`billing-sync-subscription`), so events that
 * arrive twice, late or out of order all end in the provider's current state. A read started before the one last
 * applied is dropped (`readAt`), so reads that finish out of order cannot step back either.
 */
import { eq } from 'drizzle-orm';
import { PLAN_IDS, PLANS, type PlanId, type SubscriptionStatus } from '@referwell/shared';
import type { StripeConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Executor, Tx } from '../../db/repository';
import { companies, companySubscriptions } from '../../db/schema';
import { enqueue } from '../../lib/queue/enqueue';
import type { Stripe } from '../../lib/payments/stripe';
import { recordAudit } from '../../platform/audit/service';

declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    /** Reads a subscription from Stripe and keeps its state (queued by its webhooks and by a checkout). */
    'billing-sync-subscription': { subscriptionId: string };
  }
}

/** Our status for Stripe's: unpaid, incomplete and paused need a payment (read access only); an expired start ended. */
export function statusOf(providerStatus: Stripe.Subscription.Status): SubscriptionStatus {
  switch (providerStatus) {
    case 'trialing':
      return 'trialing';
    case 'active':
      return 'active';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'past_due';
  }
}

/** The plan a price belongs to, by the configured price ids (null for a price we do not sell). */
export function planOfPrice(config: StripeConfig, priceId: string | undefined): PlanId | null {
  return PLAN_IDS.find((plan) => config.prices[plan] === priceId) ?? null;
}

const at = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** The id of an expandable field (a string id or the object itself). */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Queues a read of the subscription from the provider, in the caller's transaction; reads of one coalesce. */
export function queueSubscriptionRead(tx: Executor, subscriptionId: string) {
  return enqueue(
    tx,
    'billing-sync-subscription',
    { subscriptionId },
    {
      jobKey: `billing-sync:${subscriptionId}`,
      maxAttempts: 12,
    },
  );
}

/** The company a subscription belongs to: the one whose customer it bills, else the one its metadata names. */
async function companyOf(tx: Executor, subscription: Stripe.Subscription): Promise<string | null> {
  const customerId = idOf(subscription.customer);
  const [byCustomer] = customerId
    ? await tx
        .select({ companyId: companySubscriptions.companyId })
        .from(companySubscriptions)
        .where(eq(companySubscriptions.stripeCustomerId, customerId))
    : [];
  if (byCustomer) return byCustomer.companyId;
  const named = subscription.metadata?.companyId;
  if (!named || !/^[0-9a-f-]{36}$/i.test(named)) return null;
  const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, named));
  return company?.id ?? null;
}

export type ApplyOutcome = 'applied' | 'stale' | 'unknown_company' | 'other_subscription';

/**
 * Keeps the subscription's state for its company, unless a newer read was applied already. A company has one
 * subscription: a canceled one is replaced by the next checkout's, but an older subscription's events never
 * overwrite a newer one's state. A change of plan or status goes to the audit log (by the provider, or `actorId`).
 */
export async function applySubscription(
  tx: Tx,
  config: StripeConfig,
  subscription: Stripe.Subscription,
  readAt: Date,
  actorId: string | null = null,
): Promise<ApplyOutcome> {
  const companyId = await companyOf(tx, subscription);
  if (!companyId) return 'unknown_company';
  await tx.insert(companySubscriptions).values({ companyId }).onConflictDoNothing();
  const [current] = await tx
    .select()
    .from(companySubscriptions)
    .where(eq(companySubscriptions.companyId, companyId))
    .for('update');
  if (!current) return 'unknown_company';
  if (current.readAt && current.readAt > readAt) return 'stale';
  const replacing = current.stripeSubscriptionId !== null && current.stripeSubscriptionId !== subscription.id;
  // A canceled subscription's late news never displaces the live one that followed it.
  if (replacing && subscription.status === 'canceled' && current.status !== 'canceled') return 'other_subscription';

  const item = subscription.items.data[0];
  const plan = planOfPrice(config, item?.price.id);
  const status = statusOf(subscription.status);
  const next = {
    stripeCustomerId: idOf(subscription.customer),
    stripeSubscriptionId: subscription.id,
    plan,
    status,
    providerStatus: subscription.status,
    currentPeriodEnd: at(item?.current_period_end),
    trialEnd: at(subscription.trial_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    cancelAt: at(subscription.cancel_at),
    trialUsed: current.trialUsed || subscription.trial_end !== null,
    readAt,
    updatedAt: new Date(),
  };
  await tx.update(companySubscriptions).set(next).where(eq(companySubscriptions.companyId, companyId));
  if (current.plan !== plan || current.status !== status || current.cancelAtPeriodEnd !== next.cancelAtPeriodEnd)
    await recordAudit(tx, {
      companyId,
      actorId,
      action: 'billing.subscription_changed',
      subject: { type: 'company', id: companyId },
      before: { plan: current.plan, status: current.status, cancelAtPeriodEnd: current.cancelAtPeriodEnd },
      after: { plan, status, cancelAtPeriodEnd: next.cancelAtPeriodEnd, providerStatus: subscription.status },
    });
  return 'applied';
}

/** The end of a fixed-term plan (the beta): its months after the subscription started, as Stripe's `cancel_at`. */
export function termEnd(subscription: Stripe.Subscription, plan: PlanId | null): number | null {
  const months = plan ? PLANS[plan].termMonths : null;
  if (months === null) return null;
  const start = new Date(subscription.start_date * 1000);
  start.setUTCMonth(start.getUTCMonth() + months);
  return Math.floor(start.getTime() / 1000);
}

/**
 * The queued read: fetches the subscription and keeps its state. A beta subscription without its end gets it first
 * (an update at the provider, here in the job, so a failure is retried by the queue, never by a waiting user).
 */
export async function syncSubscription(
  db: Db,
  stripe: Stripe,
  config: StripeConfig,
  subscriptionId: string,
  log: { info: (obj: object, msg: string) => void },
): Promise<ApplyOutcome> {
  const readAt = new Date();
  let subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const plan = planOfPrice(config, subscription.items.data[0]?.price.id);
  const end = termEnd(subscription, plan);
  if (end !== null && subscription.cancel_at === null && subscription.status !== 'canceled')
    subscription = await stripe.subscriptions.update(
      subscriptionId,
      { cancel_at: end },
      { idempotencyKey: `term-end:${subscriptionId}:${end}` },
    );
  const outcome = await db.transaction((tx) => applySubscription(tx, config, subscription, readAt));
  log.info({ subscriptionId, status: subscription.status, plan, outcome }, 'billing: subscription read');
  return outcome;
}
