import { boolean, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/** Our words for a subscription's state (packages/shared rules/plans.ts SUBSCRIPTION_STATUSES). */
export const subscriptionStatus = pgEnum('subscription_status', ['none', 'trialing', 'active', 'past_due', 'canceled']);

/**
 * A company's plan: its Stripe customer and subscription, and the subscription's state as we last read it from
 * Stripe. Written only by the billing feature: a checkout links the customer, and the subscription's state comes
 * from the API (a webhook queues a fresh read), never from the browser. A lapsed plan deletes nothing.
 */
export const companySubscriptions = pgTable('company_subscriptions', {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  stripeCustomerId: text().unique(),
  stripeSubscriptionId: text().unique(),
  /** The plan of the subscription's price (PLAN_IDS); null for a price we do not sell. */
  plan: text(),
  status: subscriptionStatus().notNull().default('none'),
  /** Stripe's own status word (trialing, active, past_due, unpaid, incomplete, paused, canceled…). */
  providerStatus: text(),
  currentPeriodEnd: timestamp({ withTimezone: true }),
  trialEnd: timestamp({ withTimezone: true }),
  cancelAtPeriodEnd: boolean().notNull().default(false),
  cancelAt: timestamp({ withTimezone: true }),
  /** A trial was started once: the next checkout starts without one. */
  trialUsed: boolean().notNull().default(false),
  /**
   * When the read of the subscription we last applied was started: a read started earlier never overwrites it, so
   * webhooks arriving in any order and reads finishing in any order leave the newest state.
   */
  readAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Every Stripe webhook event received, by its id: a replay of one is a no-op. */
export const stripeEvents = pgTable('stripe_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  /** The event's own creation time at Stripe. */
  createdAt: timestamp({ withTimezone: true }).notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** What we did with it: 'queued' (a read of its subscription), 'linked', 'ignored' (a type we do not handle). */
  outcome: text().notNull(),
  companyId: uuid().references(() => companies.id, { onDelete: 'set null' }),
});
