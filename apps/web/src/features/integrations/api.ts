import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatSettings, SlackChannelChoice, TeamsWebhook } from '@referwell/shared';
import { api } from '@/lib/api';

const base = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}/integrations`;

export const integrationsKey = (companyId: string) => ['companies', companyId, 'integrations'] as const;

/** The company's Slack and Teams connections; polled while Slack's install or a channel list is on its way. */
export const integrationsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: integrationsKey(companyId),
    queryFn: ({ signal }) => api<ChatSettings>(base(companyId), { signal }),
    refetchInterval: (query) => {
      const slack = query.state.data?.slack;
      return slack?.status === 'pending' || (slack?.status === 'connected' && slack.channels.length === 0)
        ? 1500
        : false;
    },
  });

/** Starts the install: the browser leaves for Slack's approval page. */
export function useInstallSlack(companyId: string) {
  return useMutation({
    mutationFn: () => api<{ url: string }>(`${base(companyId)}/slack/install`, { method: 'POST' }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** Every other change: the answer (or a fresh read) replaces the page's data. */
export function useIntegrationChange(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (
      change:
        | { channel: SlackChannelChoice }
        | { refresh: true }
        | { test: true }
        | { disconnect: 'slack' | 'teams' }
        | { teams: TeamsWebhook },
    ) => {
      if ('channel' in change)
        return api<ChatSettings>(`${base(companyId)}/slack/channel`, { method: 'PUT', body: change.channel });
      if ('teams' in change)
        return api<ChatSettings>(`${base(companyId)}/teams`, { method: 'PUT', body: change.teams });
      if ('refresh' in change) await api(`${base(companyId)}/slack/channels/refresh`, { method: 'POST' });
      if ('test' in change) await api(`${base(companyId)}/slack/test`, { method: 'POST' });
      if ('disconnect' in change) await api(`${base(companyId)}/${change.disconnect}`, { method: 'DELETE' });
      return null;
    },
    onSuccess: (settings) => {
      if (settings) client.setQueryData(integrationsKey(companyId), settings);
      else void client.invalidateQueries({ queryKey: integrationsKey(companyId) });
    },
  });
}
