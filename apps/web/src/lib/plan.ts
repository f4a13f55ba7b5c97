/**
 * What the company's plan lets it use: the web's one capability check. It asks the same `can` the server's routes
 * ask (packages/shared rules/plans.ts) of the plan state the server gives company members, so a screen shows a
 * feature as locked exactly when the server would refuse it. Without billing configured every capability is on.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  can,
  capabilityRefusal,
  type Capability,
  type CapabilityUse,
  type CompanyPlan,
  type CompanyPlanState,
} from '@referwell/shared';
import { api } from '@/lib/api';
import { useSession } from '@/lib/session';

export const companyPlanQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: ['companies', companyId, 'plan'] as const,
    queryFn: ({ signal }) => api<CompanyPlan>(`/api/companies/${encodeURIComponent(companyId)}/plan`, { signal }),
    staleTime: 60_000,
  });

/** The signed-in user's company plan state (undefined while loading or without a company). */
export function useCompanyPlanState(): CompanyPlanState | undefined {
  const { company } = useSession();
  const { data } = useQuery({ ...companyPlanQueryOptions(company?.id ?? ''), enabled: Boolean(company) });
  return data?.state;
}

export interface CapabilityAnswer {
  /** Whether the capability may be used (false while the plan loads, so nothing is offered then refused). */
  allowed: boolean;
  isLoading: boolean;
  /** Why not, in words that say what to do (the server's own refusal text); null when allowed or loading. */
  reason: string | null;
}

/** May the signed-in user's company use (or view) this capability? */
export function useCapability(capability: Capability, use: CapabilityUse = 'use'): CapabilityAnswer {
  const state = useCompanyPlanState();
  if (!state) return { allowed: false, isLoading: true, reason: null };
  const allowed = can(state, capability, use);
  return { allowed, isLoading: false, reason: allowed ? null : capabilityRefusal(state, capability) };
}
