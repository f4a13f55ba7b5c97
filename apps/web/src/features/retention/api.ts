import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataSubjectRequest, DataSubjectRequestInput, RetentionPolicy } from '@referwell/shared';
import { api } from '@/lib/api';

const base = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}`;

export const retentionKeys = {
  policy: (companyId: string) => ['retention', companyId, 'policy'] as const,
  requests: (companyId: string) => ['retention', companyId, 'requests'] as const,
};

export const retentionPolicyQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: retentionKeys.policy(companyId),
    queryFn: ({ signal }) => api<RetentionPolicy>(`${base(companyId)}/retention-policy`, { signal }),
  });

export const dataSubjectRequestsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: retentionKeys.requests(companyId),
    queryFn: ({ signal }) => api<DataSubjectRequest[]>(`${base(companyId)}/data-subject-requests`, { signal }),
  });

export function useSaveRetentionPolicy(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: RetentionPolicy) =>
      api<RetentionPolicy>(`${base(companyId)}/retention-policy`, { method: 'PUT', body: policy }),
    onSuccess: (saved) => queryClient.setQueryData(retentionKeys.policy(companyId), saved),
  });
}

export function useRecordDataSubjectRequest(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DataSubjectRequestInput) =>
      api<DataSubjectRequest>(`${base(companyId)}/data-subject-requests`, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: retentionKeys.requests(companyId) }),
  });
}

export function useCompleteDataSubjectRequest(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) =>
      api<DataSubjectRequest>(`${base(companyId)}/data-subject-requests/${encodeURIComponent(requestId)}/complete`, {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: retentionKeys.requests(companyId) }),
  });
}
