import { queryOptions } from '@tanstack/react-query';
import type { BillingOverview } from '@referwell/shared';
import { api } from '@/lib/api';

const base = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}/billing`;

export const billingKeys = {
  overview: (companyId: string) => ['companies', companyId, 'billing'] as const,
};

/** The billing page's plan, renewal date and trial (company admins). */
export const billingOverviewQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: billingKeys.overview(companyId),
    queryFn: ({ signal }) => api<BillingOverview>(base(companyId), { signal }),
  });
