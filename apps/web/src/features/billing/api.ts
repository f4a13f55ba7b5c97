import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingOverview, Cancellation, InvoiceList, PlanId } from '@referwell/shared';
import { api } from '@/lib/api';
import { companyPlanQueryOptions } from '@/lib/plan';

const base = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}/billing`;

export const billingKeys = {
  overview: (companyId: string) => ['companies', companyId, 'billing'] as const,
  invoices: (companyId: string) => ['companies', companyId, 'billing', 'invoices'] as const,
};

/** The billing page's plan, renewal date and trial (company admins); polled while a checkout is being confirmed. */
export const billingOverviewQueryOptions = (companyId: string, confirming = false) =>
  queryOptions({
    queryKey: billingKeys.overview(companyId),
    queryFn: ({ signal }) => api<BillingOverview>(base(companyId), { signal }),
    refetchInterval: (query) =>
      confirming && (query.state.data?.subscription?.status ?? 'none') === 'none' ? 1500 : false,
  });

/** The latest invoices, read from the payment provider. */
export const invoicesQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: billingKeys.invoices(companyId),
    queryFn: ({ signal }) => api<InvoiceList>(`${base(companyId)}/invoices`, { signal }),
    retry: false,
  });

/** Opens the provider's page (Checkout or the billing portal): the browser leaves for it. */
export function useProviderRedirect(companyId: string) {
  return useMutation({
    mutationFn: (to: { checkout: PlanId } | { portal: true }) =>
      'checkout' in to
        ? api<{ url: string }>(`${base(companyId)}/checkout`, { method: 'POST', body: { plan: to.checkout } })
        : api<{ url: string }>(`${base(companyId)}/portal`, { method: 'POST' }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** Changes the plan or its cancellation; the page and every capability check read the answer. */
export function useChangeSubscription(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { plan: PlanId } | Cancellation) =>
      'plan' in change
        ? api<BillingOverview>(`${base(companyId)}/plan`, { method: 'PUT', body: change })
        : api<BillingOverview>(`${base(companyId)}/cancellation`, { method: 'PUT', body: change }),
    onSuccess: (overview) => {
      client.setQueryData(billingKeys.overview(companyId), overview);
      void client.invalidateQueries({ queryKey: companyPlanQueryOptions(companyId).queryKey });
      void client.invalidateQueries({ queryKey: billingKeys.invoices(companyId) });
    },
  });
}
