import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PortalHost, PortalSettings, PortalSettingsUpdate } from '@referwell/shared';
import { api } from '@/lib/api';

const base = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}/portal`;

export const portalSettingsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: ['companies', companyId, 'portal'] as const,
    queryFn: ({ signal }) => api<PortalSettings>(base(companyId), { signal }),
  });

/** Saves, uploads or removes: each answers the whole settings, which replace the cached ones. */
function useSettingsMutation<V>(companyId: string, call: (value: V) => Promise<PortalSettings>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (settings) => client.setQueryData(portalSettingsQueryOptions(companyId).queryKey, settings),
  });
}

export const useSavePortal = (companyId: string) =>
  useSettingsMutation(companyId, (body: PortalSettingsUpdate) =>
    api<PortalSettings>(base(companyId), { method: 'PUT', body }),
  );

export const useUploadLogo = (companyId: string) =>
  useSettingsMutation(companyId, (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return api<PortalSettings>(`${base(companyId)}/logo`, { method: 'PUT', body });
  });

export const useRemoveLogo = (companyId: string) =>
  useSettingsMutation(companyId, () => api<PortalSettings>(`${base(companyId)}/logo`, { method: 'DELETE' }));

/** Host names: each change refetches the settings (their list). */
function useHostMutation<V, T>(companyId: string, call: (value: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: portalSettingsQueryOptions(companyId).queryKey }),
  });
}

export const useAddHost = (companyId: string) =>
  useHostMutation(companyId, (host: string) =>
    api<PortalHost>(`${base(companyId)}/hosts`, { method: 'POST', body: { host } }),
  );

export const useVerifyHost = (companyId: string) =>
  useHostMutation(companyId, (hostId: string) =>
    api<PortalHost>(`${base(companyId)}/hosts/${encodeURIComponent(hostId)}/verify`, { method: 'POST' }),
  );

export const useRemoveHost = (companyId: string) =>
  useHostMutation(companyId, (hostId: string) =>
    api<null>(`${base(companyId)}/hosts/${encodeURIComponent(hostId)}`, { method: 'DELETE' }),
  );
