import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type {
  AtsConnectRequest,
  AtsConnection,
  AtsJob,
  AtsJobLink,
  AtsStageMapping,
  AtsSyncEntry,
} from '@referwell/shared';
import { api } from '@/lib/api';

const base = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}/ats/connections`;
const one = (companyId: string, connectionId: string) => `${base(companyId)}/${encodeURIComponent(connectionId)}`;

export const atsKeys = {
  connections: (companyId: string) => ['companies', companyId, 'ats'] as const,
  jobs: (companyId: string, connectionId: string) => ['companies', companyId, 'ats', connectionId, 'jobs'] as const,
  links: (companyId: string, connectionId: string) => ['companies', companyId, 'ats', connectionId, 'links'] as const,
  log: (companyId: string, connectionId: string) => ['companies', companyId, 'ats', connectionId, 'log'] as const,
};

export const atsConnectionsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: atsKeys.connections(companyId),
    queryFn: ({ signal }) => api<AtsConnection[]>(base(companyId), { signal }),
  });

export const atsJobsQueryOptions = (companyId: string, connectionId: string) =>
  queryOptions({
    queryKey: atsKeys.jobs(companyId, connectionId),
    queryFn: ({ signal }) => api<AtsJob[]>(`${one(companyId, connectionId)}/jobs`, { signal }),
  });

export const atsJobLinksQueryOptions = (companyId: string, connectionId: string) =>
  queryOptions({
    queryKey: atsKeys.links(companyId, connectionId),
    queryFn: ({ signal }) => api<AtsJobLink[]>(`${one(companyId, connectionId)}/job-links`, { signal }),
  });

/** The sync log, polled while something in it is still waiting for the ATS. */
export const atsSyncLogQueryOptions = (companyId: string, connectionId: string) =>
  queryOptions({
    queryKey: atsKeys.log(companyId, connectionId),
    queryFn: ({ signal }) => api<AtsSyncEntry[]>(`${one(companyId, connectionId)}/sync-log`, { signal }),
    refetchInterval: (query) => (query.state.data?.some((e) => e.state === 'pending') ? 1500 : false),
  });

/**
 * The sync log; when a waiting entry settles, the ATS's jobs and the job links are read again (an import or a read of
 * the jobs changes them), so the page shows them without a reload.
 */
export function useAtsSyncLog(companyId: string, connectionId: string) {
  const client = useQueryClient();
  const log = useQuery(atsSyncLogQueryOptions(companyId, connectionId));
  const pending = log.data?.filter((e) => e.state === 'pending').length ?? 0;
  const before = useRef(pending);
  useEffect(() => {
    if (pending < before.current) {
      void client.invalidateQueries({ queryKey: atsKeys.jobs(companyId, connectionId) });
      void client.invalidateQueries({ queryKey: atsKeys.links(companyId, connectionId) });
    }
    before.current = pending;
  }, [pending, client, companyId, connectionId]);
  return log;
}

/** Everything a connection's answer may change: the list, its jobs, links and log. */
function useRefreshAts(companyId: string) {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: atsKeys.connections(companyId) });
}

export function useConnectAts(companyId: string) {
  const refresh = useRefreshAts(companyId);
  return useMutation({
    mutationFn: (input: AtsConnectRequest) => api<AtsConnection>(base(companyId), { method: 'POST', body: input }),
    onSuccess: refresh,
  });
}

export function useRevokeAts(companyId: string) {
  const refresh = useRefreshAts(companyId);
  return useMutation({
    mutationFn: (connectionId: string) => api<AtsConnection>(one(companyId, connectionId), { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

const CHECK_PATHS = { test: 'test', jobs: 'jobs/refresh', import: 'jobs/import' } as const;

/** Test the connection, read its open jobs again, or import them as our jobs: each queues a sync the log then shows. */
export function useAtsCheck(companyId: string) {
  const refresh = useRefreshAts(companyId);
  return useMutation({
    mutationFn: ({ connectionId, kind }: { connectionId: string; kind: keyof typeof CHECK_PATHS }) =>
      api<AtsSyncEntry>(`${one(companyId, connectionId)}/${CHECK_PATHS[kind]}`, { method: 'POST' }),
    onSuccess: refresh,
  });
}

export function useStageMapping(companyId: string) {
  const refresh = useRefreshAts(companyId);
  return useMutation({
    mutationFn: ({ connectionId, stageMapping }: { connectionId: string; stageMapping: AtsStageMapping }) =>
      api<AtsConnection>(`${one(companyId, connectionId)}/stage-mapping`, { method: 'PUT', body: { stageMapping } }),
    onSuccess: refresh,
  });
}

export function useLinkJob(companyId: string) {
  const refresh = useRefreshAts(companyId);
  return useMutation({
    mutationFn: ({ connectionId, jobId, atsJobId }: { connectionId: string; jobId: string; atsJobId: string | null }) =>
      api<AtsJobLink[]>(`${one(companyId, connectionId)}/job-links`, { method: 'PUT', body: { jobId, atsJobId } }),
    onSuccess: refresh,
  });
}

export function useRetrySync(companyId: string) {
  const refresh = useRefreshAts(companyId);
  return useMutation({
    mutationFn: ({ connectionId, syncId }: { connectionId: string; syncId: string }) =>
      api<AtsSyncEntry>(`${one(companyId, connectionId)}/sync-log/${encodeURIComponent(syncId)}/retry`, {
        method: 'POST',
      }),
    onSuccess: refresh,
  });
}
