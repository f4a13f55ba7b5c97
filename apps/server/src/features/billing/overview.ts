import { eq } from 'drizzle-orm';
import { PLAN_IDS, type BillingOverview, type CompanyPlan, type PlanId } from '@referwell/shared';
import type { Config } from '../../config';
import type { Executor } from '../../db/repository';
import { companySubscriptions } from '../../db/schema';
import { capabilitiesOf } from '../../platform/plans/capability';
import { companyPlanState } from '../../platform/plans/state';

const iso = (value: Date | null) => value?.toISOString() ?? null;
const planOf = (value: string | null): PlanId | null => (PLAN_IDS.includes(value as PlanId) ? (value as PlanId) : null);

/** What a company member may know of the plan: its state and what it may use now. */
export async function companyPlan(db: Executor, config: Config, companyId: string): Promise<CompanyPlan> {
  const state = await companyPlanState(db, config.stripe !== null, companyId);
  return { state, capabilities: capabilitiesOf(state) };
}

/** The billing page: the plan, its renewal or end, and whether a trial is still offered (company admins). */
export async function billingOverview(db: Executor, config: Config, companyId: string): Promise<BillingOverview> {
  const { state, capabilities } = await companyPlan(db, config, companyId);
  const [row] =
    config.stripe === null
      ? []
      : await db.select().from(companySubscriptions).where(eq(companySubscriptions.companyId, companyId));
  return {
    state,
    capabilities,
    trialDays: config.stripe?.trialDays ?? 0,
    subscription: row
      ? {
          plan: planOf(row.plan),
          status: row.status,
          currentPeriodEnd: iso(row.currentPeriodEnd),
          trialEnd: iso(row.trialEnd),
          cancelAtPeriodEnd: row.cancelAtPeriodEnd,
          cancelAt: iso(row.cancelAt),
          trialUsed: row.trialUsed,
          hasBillingAccount: row.stripeCustomerId !== null,
        }
      : null,
  };
}
