import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  JobSource,
  JobSourceList,
  PendingCompanyClaimList,
  PlatformJobSource,
  PlatformJobSourceRequest,
} from '@referwell/shared';
import { api } from '@/lib/api';

/** A company's own sources, or (no company) the platform's boards of companies not on Referwell. */
export type SourcesScope = { companyId: string } | { platform: true };

const base = (scope: SourcesScope) =>
  'companyId' in scope ? `/api/companies/${encodeURIComponent(scope.companyId)}/job-sources` : '/api/admin/job-sources';

export const jobSourcesKeys = {
  list: (scope: SourcesScope) => ['job-sources', 'companyId' in scope ? scope.companyId : 'platform'] as const,
};

/** Read again every minute while the page is open: a crawl under way changes its row. */
export const jobSourcesQueryOptions = (scope: SourcesScope) =>
  queryOptions({
    queryKey: jobSourcesKeys.list(scope),
    queryFn: ({ signal }) => api<JobSourceList & { items: (JobSource | PlatformJobSource)[] }>(base(scope), { signal }),
    refetchInterval: 60_000,
  });

function useRefresh(scope: SourcesScope) {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: jobSourcesKeys.list(scope) });
}

/** Adds a source (its first read is queued at once); the platform's also names the company. */
export function useAddJobSource(scope: SourcesScope) {
  const refresh = useRefresh(scope);
  return useMutation({
    mutationFn: (input: { url: string } | PlatformJobSourceRequest) =>
      api<JobSource>(base(scope), { method: 'POST', body: input }),
    onSuccess: refresh,
  });
}

export function useRemoveJobSource(scope: SourcesScope) {
  const refresh = useRefresh(scope);
  return useMutation({
    mutationFn: (sourceId: string) => api<null>(`${base(scope)}/${encodeURIComponent(sourceId)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export const pendingClaimsKey = ['company-claims', 'pending'] as const;

/** Confirmed claims whose e-mail domain did not match the company's, waiting for a platform admin (ADR 0053). */
export const pendingClaimsQueryOptions = queryOptions({
  queryKey: pendingClaimsKey,
  queryFn: ({ signal }) => api<PendingCompanyClaimList>('/api/admin/company-claims', { signal }),
});

/** Approves or refuses a pending claim; an approved company leaves the platform's boards (its admins have them). */
export function useDecideClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ claimId, decision }: { claimId: string; decision: 'approve' | 'refuse' }) =>
      api<null>(`/api/admin/company-claims/${encodeURIComponent(claimId)}/${decision}`, { method: 'POST' }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: pendingClaimsKey });
      void client.invalidateQueries({ queryKey: jobSourcesKeys.list({ platform: true }) });
    },
  });
}
