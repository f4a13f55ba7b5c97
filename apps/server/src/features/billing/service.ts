/**
 * What a company admin does with the plan: start a checkout (the provider's hosted page takes the first payment, a
 * trial first when the company has not had one), open the billing portal (cards, cancellation, invoices), change
 * the plan, cancel at the period's end or take that back, and list invoices. Each call to the provider here is one
 * the admin waits for: a failure answers 402 (a declined card), 502 or 503 (the provider) and changes nothing.
 */
import { eq } from 'drizzle-orm';
import {
  BILLING_MESSAGES,
  PLANS,
  type BillingOverview,
  type Cancellation,
  type InvoiceList,
  type PlanId,
} from '@referwell/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config, StripeConfig } from '../../config';
import type { Db } from '../../db/client';
import { companies, companySubscriptions, users } from '../../db/schema';
import { AppError, conflict } from '../../lib/errors';
import { inRequest, type Stripe } from '../../lib/payments/stripe';
import { billingOverview } from './overview';
import { applySubscription } from './subscriptions';

export interface BillingDeps {
  db: Db;
  config: Config;
  stripe: Stripe | null;
  log: FastifyBaseLogger;
}

const notConfigured = () => new AppError(404, 'BILLING_NOT_CONFIGURED', BILLING_MESSAGES.notConfigured);

function provider(deps: BillingDeps): { stripe: Stripe; settings: StripeConfig } {
  if (!deps.stripe || !deps.config.stripe) throw notConfigured();
  return { stripe: deps.stripe, settings: deps.config.stripe };
}

const logRefusal = (log: FastifyBaseLogger) => (error: unknown, message: string) => log.error({ err: error }, message);

async function subscriptionRow(db: Db, companyId: string) {
  const [row] = await db.select().from(companySubscriptions).where(eq(companySubscriptions.companyId, companyId));
  return row ?? null;
}

const billingPage = (config: Config) => `${config.publicUrl}/company-dashboard/billing`;

/**
 * The company's Stripe customer, created on its first checkout. The idempotency key makes two admins' checkouts at
 * once one customer; the row is written only after the provider answered.
 */
async function customerOf(deps: BillingDeps, companyId: string, adminId: string): Promise<string> {
  const { stripe } = provider(deps);
  const existing = await subscriptionRow(deps.db, companyId);
  if (existing?.stripeCustomerId) return existing.stripeCustomerId;
  const [company] = await deps.db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  const [admin] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, adminId));
  const customer = await inRequest(
    () =>
      stripe.customers.create(
        { name: company?.name ?? 'Referwell company', email: admin?.email, metadata: { companyId } },
        { idempotencyKey: `customer:${companyId}` },
      ),
    logRefusal(deps.log),
  );
  await deps.db
    .insert(companySubscriptions)
    .values({ companyId, stripeCustomerId: customer.id })
    .onConflictDoUpdate({ target: companySubscriptions.companyId, set: { stripeCustomerId: customer.id } });
  return customer.id;
}

/** Opens Stripe Checkout for a plan: the URL of the hosted page the admin's browser goes to. */
export async function startCheckout(
  deps: BillingDeps,
  companyId: string,
  adminId: string,
  plan: PlanId,
): Promise<{ url: string }> {
  const { stripe, settings } = provider(deps);
  const row = await subscriptionRow(deps.db, companyId);
  if (row && ['trialing', 'active', 'past_due'].includes(row.status))
    throw conflict(BILLING_MESSAGES.alreadySubscribed);
  const customer = await customerOf(deps, companyId, adminId);
  const trial = !row?.trialUsed && settings.trialDays > 0;
  const session = await inRequest(
    () =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: companyId,
        line_items: [{ price: settings.prices[plan], quantity: 1 }],
        subscription_data: {
          metadata: { companyId, plan },
          ...(trial ? { trial_period_days: settings.trialDays } : {}),
        },
        metadata: { companyId, plan },
        success_url: `${billingPage(deps.config)}?checkout=success`,
        cancel_url: `${billingPage(deps.config)}?checkout=canceled`,
      }),
    logRefusal(deps.log),
  );
  if (!session.url) throw new AppError(502, 'PROVIDER_UNAVAILABLE', BILLING_MESSAGES.providerDown);
  return { url: session.url };
}

/** Opens the provider's billing portal: card changes, cancellation and invoices, back to our billing page. */
export async function openPortal(deps: BillingDeps, companyId: string): Promise<{ url: string }> {
  const { stripe } = provider(deps);
  const row = await subscriptionRow(deps.db, companyId);
  if (!row?.stripeCustomerId) throw conflict(BILLING_MESSAGES.noCustomer);
  const session = await inRequest(
    () =>
      stripe.billingPortal.sessions.create({ customer: row.stripeCustomerId!, return_url: billingPage(deps.config) }),
    logRefusal(deps.log),
  );
  return { url: session.url };
}

/** A plan's price over a year, to tell an upgrade (charged now, prorated) from a downgrade (credited). */
const yearly = (plan: PlanId) => PLANS[plan].priceUsd * (PLANS[plan].interval === 'month' ? 12 : 1);

/** The live subscription an admin changes: refused without one, or while a payment is due. */
async function liveSubscription(deps: BillingDeps, companyId: string) {
  const row = await subscriptionRow(deps.db, companyId);
  if (!row?.stripeSubscriptionId || row.status === 'none') throw conflict(BILLING_MESSAGES.noSubscription);
  if (row.status === 'canceled') throw conflict(BILLING_MESSAGES.subscriptionEnded);
  return { ...row, stripeSubscriptionId: row.stripeSubscriptionId };
}

/** Applies the provider's answer to a change the admin made, recording who made it. */
async function keep(deps: BillingDeps, subscription: Stripe.Subscription, readAt: Date, adminId: string) {
  const { settings } = provider(deps);
  await deps.db.transaction((tx) => applySubscription(tx, settings, subscription, readAt, adminId));
}

/**
 * Moves the subscription to another plan at once. An upgrade is invoiced now for the rest of the period and must be
 * paid now (a declined card is a 402 and nothing changes); a downgrade credits the unused time to the next invoice.
 */
export async function changePlan(
  deps: BillingDeps,
  companyId: string,
  adminId: string,
  plan: PlanId,
): Promise<BillingOverview> {
  const { stripe, settings } = provider(deps);
  const row = await liveSubscription(deps, companyId);
  if (row.status === 'past_due')
    throw conflict(`${BILLING_MESSAGES.pastDueBanner} Update the card in the billing portal first.`);
  if (row.plan === plan) throw conflict(BILLING_MESSAGES.samePlan);
  const readAt = new Date();
  const current = await inRequest(() => stripe.subscriptions.retrieve(row.stripeSubscriptionId), logRefusal(deps.log));
  const item = current.items.data[0];
  if (!item) throw conflict(BILLING_MESSAGES.noSubscription);
  const upgrade = row.plan === null || yearly(plan) > yearly(row.plan as PlanId);
  const leavingTerm = PLANS[plan].termMonths === null && current.cancel_at !== null && !current.cancel_at_period_end;
  const updated = await inRequest(
    () =>
      stripe.subscriptions.update(row.stripeSubscriptionId, {
        items: [{ id: item.id, price: settings.prices[plan] }],
        proration_behavior: upgrade ? 'always_invoice' : 'create_prorations',
        payment_behavior: 'error_if_incomplete',
        metadata: { companyId, plan },
        // A plan without a fixed term renews: the beta's end goes.
        ...(leavingTerm ? { cancel_at: '' as const } : {}),
      }),
    logRefusal(deps.log),
  );
  await keep(deps, updated, readAt, adminId);
  return billingOverview(deps.db, deps.config, companyId);
}

/** Cancels the plan at the end of the paid period (nothing is deleted then: features become read-only), or undoes it. */
export async function setCancellation(
  deps: BillingDeps,
  companyId: string,
  adminId: string,
  { cancelAtPeriodEnd }: Cancellation,
): Promise<BillingOverview> {
  const { stripe } = provider(deps);
  const row = await liveSubscription(deps, companyId);
  const readAt = new Date();
  const updated = await inRequest(
    () => stripe.subscriptions.update(row.stripeSubscriptionId, { cancel_at_period_end: cancelAtPeriodEnd }),
    logRefusal(deps.log),
  );
  await keep(deps, updated, readAt, adminId);
  return billingOverview(deps.db, deps.config, companyId);
}

const isoOf = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);

/** The company's latest invoices, read from the provider (newest first). */
export async function listInvoices(deps: BillingDeps, companyId: string): Promise<InvoiceList> {
  const { stripe } = provider(deps);
  const row = await subscriptionRow(deps.db, companyId);
  if (!row?.stripeCustomerId) return { invoices: [], hasMore: false };
  const page = await inRequest(
    () => stripe.invoices.list({ customer: row.stripeCustomerId!, limit: 12 }),
    logRefusal(deps.log),
  );
  return {
    hasMore: page.has_more,
    invoices: page.data.map((invoice) => ({
      id: invoice.id ?? '',
      number: invoice.number,
      status: invoice.status,
      total: invoice.total,
      amountDue: invoice.amount_due,
      currency: invoice.currency,
      created: isoOf(invoice.created)!,
      periodStart: isoOf(invoice.period_start),
      periodEnd: isoOf(invoice.period_end),
      hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
      invoicePdf: invoice.invoice_pdf ?? null,
    })),
  };
}
