import { eq } from 'drizzle-orm';
import { PLAN_IDS, type CompanyPlanState, type PlanId } from '@referwell/shared';
import type { Executor } from '../../db/repository';
import { companySubscriptions } from '../../db/schema';

const isPlanId = (value: string | null): value is PlanId => PLAN_IDS.includes(value as PlanId);

/**
 * A company's plan state for the capability check: self-hosted when the server has no payment provider, otherwise
 * the plan and status of its subscription as last read from the provider (no row: no plan yet).
 */
export async function companyPlanState(db: Executor, billing: boolean, companyId: string): Promise<CompanyPlanState> {
  if (!billing) return { billing: 'self_hosted' };
  const [row] = await db
    .select({ plan: companySubscriptions.plan, status: companySubscriptions.status })
    .from(companySubscriptions)
    .where(eq(companySubscriptions.companyId, companyId));
  return {
    billing: 'stripe',
    plan: row && isPlanId(row.plan) ? row.plan : null,
    status: row?.status ?? 'none',
  };
}
