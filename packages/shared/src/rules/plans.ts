import { PRICING } from '../constants';

/**
 * What a company pays for and what each plan includes: the offers of the pricing page as plans, and the one
 * capability check (`can`) the server's routes and the web's screens both ask. Pure: the company's plan state comes
 * from the server (its subscription, kept from the payment provider's webhooks).
 */

/** The plans a company can buy: the pricing page's offers (SPEC §1). */
export const PLAN_IDS = ['monthly', 'enterprise', 'beta', 'beta_year'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/**
 * What a plan can include beyond the Monthly Access product every plan has: the Enterprise License's features that
 * the product gates. Other teams' features (ATS integrations, SSO/SCIM, the branded portal, Slack and Teams) ask for
 * theirs.
 */
export const CAPABILITIES = [
  'ats_integrations',
  'sso_scim',
  'branded_portal',
  'analytics_exports',
  'slack_teams',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const CAPABILITY_LABELS: Record<Capability, string> = {
  ats_integrations: 'ATS integrations',
  sso_scim: 'Single sign-on and SCIM provisioning',
  branded_portal: 'Branded talent portal',
  analytics_exports: 'Advanced analytics exports',
  slack_teams: 'Slack and Microsoft Teams',
};

export interface Plan {
  id: PlanId;
  name: string;
  /** Whole US dollars per billing interval. */
  priceUsd: number;
  interval: 'month' | 'year';
  /** A fixed term in months (the beta), after which the subscription ends unless renewed; null: until cancelled. */
  termMonths: number | null;
  summary: string;
  /** What the pricing and billing pages list. */
  includes: readonly string[];
  capabilities: readonly Capability[];
}

const MONTHLY_INCLUDES = [
  'Unlimited referrer seats',
  'Full access to the job seeker pool',
  'Company profile customization',
  'Referral tracking dashboard',
  'Bonus management',
] as const;

export const PLANS: Record<PlanId, Plan> = {
  monthly: {
    id: 'monthly',
    name: 'Monthly Access',
    priceUsd: PRICING.monthlyAccessUsd,
    interval: 'month',
    termMonths: null,
    summary: 'Everything your team needs to hire through employee referrals.',
    includes: MONTHLY_INCLUDES,
    capabilities: [],
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise License',
    priceUsd: PRICING.enterpriseLicenseUsdPerYear,
    interval: 'year',
    termMonths: null,
    summary: 'Your own referral platform, branded and connected to your stack.',
    includes: [
      'Dedicated talent portal',
      'Custom branded platform',
      'White-label',
      'Priority support',
      'Advanced analytics',
      'ATS integrations',
    ],
    capabilities: CAPABILITIES,
  },
  beta: {
    id: 'beta',
    name: 'Beta Program (6 months)',
    priceUsd: PRICING.monthlyAccessUsd,
    interval: 'month',
    termMonths: PRICING.betaProgramMonths,
    summary: `Monthly Access for the ${PRICING.betaProgramMonths}-month beta, then it ends unless you choose a plan.`,
    includes: MONTHLY_INCLUDES,
    capabilities: [],
  },
  beta_year: {
    id: 'beta_year',
    name: 'Beta Program (full year)',
    priceUsd: PRICING.monthlyAccessUsd,
    interval: 'month',
    termMonths: 12,
    summary: 'The beta with the full-year option: Monthly Access for twelve months.',
    includes: MONTHLY_INCLUDES,
    capabilities: [],
  },
};

/** The plans in the order the billing page offers them. */
export const PLAN_ORDER: readonly PlanId[] = ['monthly', 'enterprise', 'beta', 'beta_year'];

/**
 * Where a company's subscription stands, in our words: none yet, trialing, active, past_due (a payment failed:
 * read access only, admins are warned) and canceled (lapsed: read access only). Nothing is ever deleted by a plan's
 * state; it only decides what can be used.
 */
export const SUBSCRIPTION_STATUSES = ['none', 'trialing', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  none: 'No plan',
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Payment failed',
  canceled: 'Ended',
};

/**
 * A company's plan state: `self_hosted` when the server has no payment provider configured (every capability on,
 * as a self-hosted install), otherwise its plan and subscription status.
 */
export type CompanyPlanState =
  { billing: 'self_hosted' } | { billing: 'stripe'; plan: PlanId | null; status: SubscriptionStatus };

/**
 * How a capability is used: `view` reads what exists (a connection's settings, a portal's look), `use` does something
 * new with it (connect, sync, export). A lapsed or unpaid plan keeps `view` for what it included and loses `use`.
 */
export type CapabilityUse = 'view' | 'use';

/** The statuses whose plan is in good standing: everything it includes can be used. */
const GOOD_STANDING: ReadonlySet<SubscriptionStatus> = new Set(['trialing', 'active']);

/** May the company with this plan state use (or only view) the capability? The one check, server and web. */
export function can(state: CompanyPlanState, capability: Capability, use: CapabilityUse = 'use'): boolean {
  if (state.billing === 'self_hosted') return true;
  if (!state.plan || !PLANS[state.plan].capabilities.includes(capability)) return false;
  if (GOOD_STANDING.has(state.status)) return true;
  // past_due and canceled keep read access to what the plan included; nothing is taken away but new use.
  return use === 'view' && state.status !== 'none';
}

/** The cheapest plan that includes a capability (the upgrade a refusal points to). */
export function planFor(capability: Capability): Plan {
  return PLAN_ORDER.map((id) => PLANS[id]).find((plan) => plan.capabilities.includes(capability)) ?? PLANS.enterprise;
}

/** The words of a refusal: what the capability needs, and why it is not available now. */
export function capabilityRefusal(state: CompanyPlanState, capability: Capability): string {
  const what = CAPABILITY_LABELS[capability];
  const needs = planFor(capability).name;
  if (state.billing === 'stripe' && state.plan && PLANS[state.plan].capabilities.includes(capability)) {
    return state.status === 'past_due'
      ? `${what} are read-only while the last payment has failed. Update your card on the billing page.`
      : `${what} are read-only since your ${PLANS[state.plan].name} plan ended. Choose a plan on the billing page.`;
  }
  return `${what} are part of the ${needs}. An admin can upgrade on the billing page.`;
}
