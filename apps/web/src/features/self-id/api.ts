import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SelfIdInvitation, SelfIdReport, SelfIdReportQuery, SelfIdSettings } from '@referwell/shared';
import { api, queryString } from '@/lib/api';

const companyBase = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}/self-id`;
const jobBase = (jobId: string) => `/api/jobs/${encodeURIComponent(jobId)}/self-id`;

export const selfIdKeys = {
  settings: (companyId: string) => ['self-id', companyId, 'settings'] as const,
  report: (companyId: string, query: Partial<SelfIdReportQuery>) => ['self-id', companyId, 'report', query] as const,
  invitation: (jobId: string) => ['self-id', 'job', jobId] as const,
};

/** Whether the company invites self-identification and with which forms (admins). */
export const selfIdSettingsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: selfIdKeys.settings(companyId),
    queryFn: ({ signal }) => api<SelfIdSettings>(`${companyBase(companyId)}/settings`, { signal }),
  });

/** The aggregate report (members with the compliance permission; others are refused). */
export const selfIdReportQueryOptions = (companyId: string, query: Partial<SelfIdReportQuery>) =>
  queryOptions({
    queryKey: selfIdKeys.report(companyId, query),
    queryFn: ({ signal }) => api<SelfIdReport>(`${companyBase(companyId)}/report?${queryString(query)}`, { signal }),
    retry: false,
  });

/** The invitation of a job's company, for its applicant. */
export const selfIdInvitationQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: selfIdKeys.invitation(jobId),
    queryFn: ({ signal }) => api<SelfIdInvitation>(jobBase(jobId), { signal }),
  });

export function useSaveSelfIdSettings(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SelfIdSettings) =>
      api<SelfIdSettings>(`${companyBase(companyId)}/settings`, { method: 'PUT', body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(selfIdKeys.settings(companyId), saved),
  });
}

export function useSubmitSelfId(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: Record<string, string>) => api<void>(jobBase(jobId), { method: 'PUT', body: { answers } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: selfIdKeys.invitation(jobId) }),
  });
}
