import { z } from 'zod';
import { CAPABILITIES, PLAN_IDS, SUBSCRIPTION_STATUSES } from '../rules/plans';

export const BILLING_MESSAGES = {
  selfHosted:
    'Billing is not set up on this server, so every feature is on (a self-hosted install). Plans and invoices appear here once the server has a payment provider.',
  pastDueBanner: 'The last payment for your plan failed.',
  pastDueBody:
    'Your team keeps read access to everything, and nothing is deleted. Update the card to use every feature again.',
  providerDown: 'The payment provider did not answer. Nothing was changed; please try again in a moment.',
  providerBusy: 'The payment provider is busy. Nothing was changed; please try again in a minute.',
  cardDeclined: 'Your card was declined. Update your card in the billing portal and try again; nothing was changed.',
  notConfigured: 'Billing is not set up on this server: every feature is already on.',
  noSubscription: 'Your company has no plan yet. Choose one to start.',
  alreadySubscribed: 'Your company already has a plan: change it here or manage it in the billing portal.',
  samePlan: 'Your company is already on this plan.',
  noCustomer: 'Your company has no billing account yet. Choose a plan first.',
  subscriptionEnded: 'Your plan has ended. Choose a plan to start a new subscription.',
} as const;

export const planIdSchema = z.enum(PLAN_IDS);

/** What a company member may know of the plan: enough for the capability check and the past-due banner. */
export const companyPlanStateSchema = z.discriminatedUnion('billing', [
  z.object({ billing: z.literal('self_hosted') }),
  z.object({ billing: z.literal('stripe'), plan: planIdSchema.nullable(), status: z.enum(SUBSCRIPTION_STATUSES) }),
]);

export const companyPlanSchema = z.object({
  state: companyPlanStateSchema,
  /** The capabilities the company may use now (the same `can` the server checks). */
  capabilities: z.array(z.enum(CAPABILITIES)),
});
export type CompanyPlan = z.infer<typeof companyPlanSchema>;

/** The billing page (company admins). */
export const billingOverviewSchema = z.object({
  state: companyPlanStateSchema,
  capabilities: z.array(z.enum(CAPABILITIES)),
  subscription: z
    .object({
      plan: planIdSchema.nullable(),
      status: z.enum(SUBSCRIPTION_STATUSES),
      /** The end of the current period: the renewal date, or the day the plan ends when it cancels at period end. */
      currentPeriodEnd: z.string().nullable(),
      trialEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
      /** A fixed end (the beta's term), or null. */
      cancelAt: z.string().nullable(),
      /** Whether the company has had a trial already (a new checkout then starts without one). */
      trialUsed: z.boolean(),
      hasBillingAccount: z.boolean(),
    })
    .nullable(),
  /** Days of the free trial a first checkout starts with. */
  trialDays: z.number().int(),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

export const checkoutRequestSchema = z.object({ plan: planIdSchema });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
/** Where to send the browser: the provider's hosted checkout or billing portal. */
export const redirectUrlSchema = z.object({ url: z.url() });

export const changePlanSchema = z.object({ plan: planIdSchema });
export type ChangePlan = z.infer<typeof changePlanSchema>;

export const cancellationSchema = z.object({
  /** true: end the plan at the end of the period; false: keep it renewing (undo). */
  cancelAtPeriodEnd: z.boolean(),
});
export type Cancellation = z.infer<typeof cancellationSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.string().nullable(),
  /** In the currency's smallest unit (cents). */
  total: z.number().int(),
  amountDue: z.number().int(),
  currency: z.string(),
  created: z.string(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  hostedInvoiceUrl: z.string().nullable(),
  invoicePdf: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListSchema = z.object({ invoices: z.array(invoiceSchema), hasMore: z.boolean() });
export type InvoiceList = z.infer<typeof invoiceListSchema>;

export const webhookAnswerSchema = z.object({ received: z.literal(true), outcome: z.string() });
