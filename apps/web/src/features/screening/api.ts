import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  LeieList,
  LeieStatus,
  Screening,
  ScreeningDecisionInput,
  ScreeningList,
  ScreeningListQuery,
} from '@referwell/shared';
import { api, queryString } from '@/lib/api';

const base = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}/screenings`;

export const screeningKeys = {
  all: (companyId: string) => ['screening', companyId] as const,
  leie: (companyId: string) => ['screening', companyId, 'leie'] as const,
  list: (companyId: string, query: Partial<ScreeningListQuery>) => ['screening', companyId, 'list', query] as const,
};

/** Polled while a fetch from LEIE_URL is queued or running, so the page follows it to its end. */
const FETCH_POLL_MS = 2_000;

/** The LEIE list in force, its latest fetch, and whether the caller may load it (a platform admin). */
export const leieStatusQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: screeningKeys.leie(companyId),
    queryFn: ({ signal }) => api<LeieStatus>(`${base(companyId)}/leie`, { signal }),
    refetchInterval: (query) => {
      const state = query.state.data?.fetch?.state;
      return state === 'queued' || state === 'running' ? FETCH_POLL_MS : false;
    },
  });

/** One page of the company's screenings: awaiting a decision, or the history. */
export const screeningsQueryOptions = (companyId: string, query: Partial<ScreeningListQuery>) =>
  queryOptions({
    queryKey: screeningKeys.list(companyId, query),
    queryFn: ({ signal }) => api<ScreeningList>(`${base(companyId)}?${queryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** A platform admin's upload of the LEIE CSV: loaded whole or refused with the failing line. */
export function useUploadLeie(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api<LeieList>('/api/admin/leie', { method: 'POST', body });
    },
    onSettled: () => client.invalidateQueries({ queryKey: screeningKeys.all(companyId) }),
  });
}

/** A platform admin asks for the list to be fetched from LEIE_URL on the queue. */
export function useFetchLeie(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ message: string }>('/api/admin/leie/fetch', { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: screeningKeys.leie(companyId) }),
  });
}

/** A company admin records cleared or excluded on a possible match or match. */
export function useDecideScreening(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: ScreeningDecisionInput & { id: string }) =>
      api<Screening>(`${base(companyId)}/${encodeURIComponent(id)}/decision`, { method: 'POST', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: screeningKeys.all(companyId) }),
  });
}
