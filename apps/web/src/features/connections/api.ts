import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectionsImport, KeepConnections, KeptConnections } from '@referwell/shared';
import { api } from '@/lib/api';

export const connectionKeys = { kept: ['connections', 'kept'] as const };

export const keptConnectionsQueryOptions = queryOptions({
  queryKey: connectionKeys.kept,
  queryFn: ({ signal }) => api<KeptConnections>('/api/connections/kept', { signal }),
});

/** Reads Connections.csv on the server and answers the matches; nothing is kept until asked. */
export function useImportConnections() {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api<ConnectionsImport>('/api/connections/import', { method: 'POST', body });
    },
  });
}

export function useKeepConnections() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: KeepConnections) =>
      api<KeptConnections>('/api/connections/kept', { method: 'POST', body: input }),
    onSuccess: (kept) => queryClient.setQueryData(connectionKeys.kept, kept),
  });
}

export function useDeleteKeptConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/connections/kept/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionKeys.kept }),
  });
}

export function useDeleteAllKeptConnections() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<null>('/api/connections/kept', { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData(connectionKeys.kept, { items: [] }),
  });
}
