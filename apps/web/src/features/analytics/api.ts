import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Analytics,
  AnalyticsQuery,
  BonusPolicyForm,
  BonusPolicyResponse,
  CompanyExport,
  CompanyExportList,
  CompanyExportStatus,
  Leaderboard,
  MarkBonusesPaid,
  PayBonusEarly,
  PayeeForm,
  PayeeList,
  ReferralSummary,
  SavedBonusPolicy,
} from '@referwell/shared';
import { api, queryString } from '@/lib/api';

const base = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}`;

export const analyticsKeys = {
  all: (companyId: string) => ['companies', companyId, 'analytics'] as const,
  leaderboard: (companyId: string) => ['companies', companyId, 'leaderboard'] as const,
  exports: (companyId: string) => ['companies', companyId, 'exports'] as const,
};

/** My latest CSV exports for the company; polled while one is being prepared. */
export const companyExportsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: analyticsKeys.exports(companyId),
    queryFn: ({ signal }) => api<CompanyExportList>(`${base(companyId)}/exports`, { signal }),
    refetchInterval: (query) => (query.state.data?.exports.some((e) => e.state === 'preparing') ? 2000 : false),
  });

/** Asks for a CSV export of the figures on screen; the server prepares it in the background. */
export function useRequestCompanyExport(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, query }: { kind: CompanyExport; query: AnalyticsQuery }) =>
      api<CompanyExportStatus>(`${base(companyId)}/exports/${kind}`, { method: 'POST', body: query }),
    onSuccess: (created) => {
      client.setQueryData<CompanyExportList>(analyticsKeys.exports(companyId), (list) => ({
        exports: [created, ...(list?.exports ?? []).filter((e) => e.id !== created.id)],
      }));
      void client.invalidateQueries({ queryKey: analyticsKeys.exports(companyId) });
    },
  });
}

/** The programme's figures for a period (company admins); the previous figures stay while new ones load. */
export const analyticsQueryOptions = (companyId: string, query: AnalyticsQuery) =>
  queryOptions({
    queryKey: [...analyticsKeys.all(companyId), query],
    queryFn: ({ signal }) => api<Analytics>(`${base(companyId)}/analytics?${queryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const leaderboardQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: analyticsKeys.leaderboard(companyId),
    queryFn: ({ signal }) => api<Leaderboard>(`${base(companyId)}/leaderboard`, { signal }),
    retry: false,
  });

export function useSetLeaderboardVisible(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (visible: boolean) =>
      api<Leaderboard>(`${base(companyId)}/leaderboard`, { method: 'PUT', body: { visible } }),
    onSuccess: (data) => client.setQueryData(analyticsKeys.leaderboard(companyId), data),
  });
}

export function useSetHiddenFromLeaderboard(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hidden: boolean) =>
      api<{ hidden: boolean }>('/api/referrers/me/leaderboard', { method: 'PUT', body: { hidden } }),
    onSuccess: () => client.invalidateQueries({ queryKey: analyticsKeys.leaderboard(companyId) }),
  });
}

/** The company's bonus policy and its rule in words (members read it before they refer). */
export const bonusPolicyQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: ['companies', companyId, 'bonus-policy'] as const,
    queryFn: ({ signal }) => api<BonusPolicyResponse>(`${base(companyId)}/bonus-policy`, { signal }),
  });

export function useSaveBonusPolicy(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (policy: BonusPolicyForm) =>
      api<SavedBonusPolicy>(`${base(companyId)}/bonus-policy`, { method: 'PUT', body: policy }),
    onSuccess: async ({ rescheduled, ...policy }) => {
      client.setQueryData(bonusPolicyQueryOptions(companyId).queryKey, policy);
      // Applied to scheduled bonuses: their due days moved between the due and upcoming lists.
      if (rescheduled > 0) await client.invalidateQueries({ queryKey: analyticsKeys.all(companyId) });
    },
  });
}

/**
 * The company's bonuses due now (their due day has come: what an admin pays) or upcoming (hired, due later), oldest
 * payout day first, at most 100 at a time.
 */
export const dueBonusesQueryOptions = (companyId: string, due: 'now' | 'upcoming' = 'now') =>
  queryOptions({
    queryKey: [...analyticsKeys.all(companyId), 'due-bonuses', due] as const,
    queryFn: ({ signal }) =>
      api<ReferralSummary[]>(
        `/api/referrals?${new URLSearchParams({ scope: 'company', bonus: 'due', due, limit: '100' })}`,
        { signal },
      ),
  });

/** Pays one bonus before its due day: the explicit early payment, with its reason. */
export function usePayBonusEarly(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ referralId, ...body }: PayBonusEarly & { referralId: string }) =>
      api<{ paid: number }>(`${base(companyId)}/bonuses/${encodeURIComponent(referralId)}/paid-early`, {
        method: 'POST',
        body,
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: analyticsKeys.all(companyId) }),
        client.invalidateQueries({ queryKey: ['referrals'] }),
      ]),
  });
}

/** Marks the chosen due bonuses paid with one date and reference: all of them or none. */
export function useMarkBonusesPaid(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkBonusesPaid) =>
      api<{ paid: number }>(`${base(companyId)}/bonuses/paid`, { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: analyticsKeys.all(companyId) }),
        client.invalidateQueries({ queryKey: ['referrals'] }),
      ]),
  });
}

/** The company's payees with this year's totals and the 1099-NEC threshold (admins). */
export const payeesQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: ['companies', companyId, 'payees'] as const,
    queryFn: ({ signal }) => api<PayeeList>(`${base(companyId)}/payees`, { signal }),
  });

/** Records how a referrer is paid: a payroll id, or a W-9 (the TIN is sent once and never read back). */
export function useSavePayee(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: PayeeForm }) =>
      api<null>(`${base(companyId)}/payees/${encodeURIComponent(userId)}`, { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: payeesQueryOptions(companyId).queryKey }),
  });
}
