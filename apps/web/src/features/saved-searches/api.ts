import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch, SavedSearchCreate, SavedSearchUpdate } from '@referwell/shared';
import { api } from '@/lib/api';

const base = '/api/saved-searches';
export const savedSearchKeys = { all: ['saved-searches'] as const };

/** The job seeker's saved searches with their new-job counts. */
export const savedSearchesQueryOptions = queryOptions({
  queryKey: savedSearchKeys.all,
  queryFn: ({ signal }) => api<SavedSearch[]>(base, { signal }),
});

function useSavedSearchMutation<V>(mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export const useCreateSavedSearch = () =>
  useSavedSearchMutation((search: SavedSearchCreate) => api<SavedSearch>(base, { method: 'POST', body: search }));

export const useUpdateSavedSearch = () =>
  useSavedSearchMutation(({ id, ...change }: SavedSearchUpdate & { id: string }) =>
    api<SavedSearch>(`${base}/${encodeURIComponent(id)}`, { method: 'PATCH', body: change }),
  );

export const useDeleteSavedSearch = () =>
  useSavedSearchMutation((id: string) => api<void>(`${base}/${encodeURIComponent(id)}`, { method: 'DELETE' }));

/** Opening a saved search: its matches are no longer new. */
export const useMarkSavedSearchSeen = () =>
  useSavedSearchMutation((id: string) => api<void>(`${base}/${encodeURIComponent(id)}/seen`, { method: 'POST' }));
