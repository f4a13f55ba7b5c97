import { describe, expect, it } from 'vitest';
import {
  can,
  CAPABILITIES,
  capabilityRefusal,
  planFor,
  PLANS,
  SUBSCRIPTION_STATUSES,
  type CompanyPlanState,
  type PlanId,
  type SubscriptionStatus,
} from './plans';

const stripe = (plan: PlanId | null, status: SubscriptionStatus): CompanyPlanState => ({
  billing: 'stripe',
  plan,
  status,
});

describe('plans and the capability check', () => {
  it('turns every capability on for a self-hosted server, whatever the use', () => {
    for (const capability of CAPABILITIES) {
      expect(can({ billing: 'self_hosted' }, capability)).toBe(true);
      expect(can({ billing: 'self_hosted' }, capability, 'view')).toBe(true);
    }
  });

  it('gives the Enterprise capabilities to the Enterprise plan only, while it is trialing or active', () => {
    for (const capability of CAPABILITIES) {
      expect(can(stripe('enterprise', 'active'), capability)).toBe(true);
      expect(can(stripe('enterprise', 'trialing'), capability)).toBe(true);
      for (const plan of ['monthly', 'beta', 'beta_year'] as const) {
        expect(can(stripe(plan, 'active'), capability)).toBe(false);
        expect(can(stripe(plan, 'active'), capability, 'view')).toBe(false);
      }
      expect(can(stripe(null, 'none'), capability, 'view')).toBe(false);
    }
  });

  it('keeps read access for a past-due or ended Enterprise plan, and nothing new', () => {
    for (const status of ['past_due', 'canceled'] as const) {
      expect(can(stripe('enterprise', status), 'ats_integrations')).toBe(false);
      expect(can(stripe('enterprise', status), 'ats_integrations', 'view')).toBe(true);
    }
  });

  it('decides every plan × status × use combination without throwing', () => {
    for (const plan of [...(Object.keys(PLANS) as PlanId[]), null])
      for (const status of SUBSCRIPTION_STATUSES)
        for (const capability of CAPABILITIES) {
          const use = can(stripe(plan, status), capability, 'use');
          const view = can(stripe(plan, status), capability, 'view');
          // Whatever may be used may be viewed.
          expect(!use || view).toBe(true);
        }
  });

  it('names the plan to upgrade to, and says why a lapsed plan is read-only', () => {
    expect(planFor('sso_scim').id).toBe('enterprise');
    expect(capabilityRefusal(stripe('monthly', 'active'), 'ats_integrations')).toBe(
      'ATS integrations are part of the Enterprise License. An admin can upgrade on the billing page.',
    );
    expect(capabilityRefusal(stripe('enterprise', 'past_due'), 'ats_integrations')).toMatch(
      /read-only while the last payment has failed/,
    );
    expect(capabilityRefusal(stripe('enterprise', 'canceled'), 'ats_integrations')).toMatch(
      /read-only since your Enterprise License plan ended/,
    );
  });

  it('sells the pricing page offers: $500 a month, $10,000 a year, and the beta for 6 or 12 months', () => {
    expect(PLANS.monthly).toMatchObject({ priceUsd: 500, interval: 'month', termMonths: null });
    expect(PLANS.enterprise).toMatchObject({ priceUsd: 10_000, interval: 'year', termMonths: null });
    expect(PLANS.beta).toMatchObject({ priceUsd: 500, interval: 'month', termMonths: 6 });
    expect(PLANS.beta_year).toMatchObject({ priceUsd: 500, interval: 'month', termMonths: 12 });
  });
});
