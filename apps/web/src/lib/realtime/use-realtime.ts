import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '@referwell/shared';
import { sessionQueryOptions } from '@/lib/session';
import { realtimeClient } from './client';

// Query keys of the features this keeps fresh (their api.ts use the same prefixes).
const CONVERSATIONS = ['conversations'] as const;
const NOTIFICATIONS = ['notifications'] as const;

export type RealtimeMessageHandler = (queryClient: QueryClient, event: RealtimeEvent) => void;

/**
 * A pushed count is counted after the change that sent it, so it is newer than any answer to a read still on its way
 * (one started when the socket opened, say): that read is cancelled, not let overwrite the count when it lands.
 */
function setPushedCount(queryClient: QueryClient, queryKey: readonly string[], count: number) {
  void queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData(queryKey, { count });
}

/** Applies one pushed event to the TanStack Query cache. */
export function applyRealtimeEvent(queryClient: QueryClient, event: RealtimeEvent, onMessage?: RealtimeMessageHandler) {
  switch (event.type) {
    case 'hello':
    case 'unread':
      setPushedCount(queryClient, [...CONVERSATIONS, 'unread'], event.messages);
      setPushedCount(queryClient, [...NOTIFICATIONS, 'unread'], event.notifications);
      return;
    case 'message.new':
      onMessage?.(queryClient, event);
      if (!event.message)
        void queryClient.invalidateQueries({ queryKey: [...CONVERSATIONS, 'detail', event.conversationId] });
      void queryClient.invalidateQueries({ queryKey: [...CONVERSATIONS, 'list'] });
      return;
    case 'conversation.read':
      void queryClient.invalidateQueries({ queryKey: [...CONVERSATIONS, 'detail', event.conversationId] });
      void queryClient.invalidateQueries({ queryKey: [...CONVERSATIONS, 'list'] });
      return;
    case 'notification.new':
    case 'notifications.changed':
      void queryClient.invalidateQueries({ queryKey: [...NOTIFICATIONS, 'list'] });
      return;
    case 'resync':
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS });
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS });
      return;
  }
}

/**
 * Keeps this tab's socket open while `enabled` (a logged-in user) and feeds its events into the
 * query cache. Each time the socket opens (first time and after a reconnect) every messaging and
 * notification query is refetched, so nothing sent before or while the socket was down is missed.
 */
export function useRealtimeConnection(enabled: boolean, onMessage?: RealtimeMessageHandler) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    const client = realtimeClient();
    const offEvent = client.on((event) => applyRealtimeEvent(queryClient, event, onMessage));
    // Whatever the screens loaded before the socket opened (or while it was down) may have
    // missed events: refetch on every open, the first one included.
    const offStatus = client.onStatus(({ connected, sessionChanged }) => {
      // The server closed the socket because this session ended (logged out or a new password elsewhere) or its
      // role or company changed: re-read who is signed in (signed out, the socket stops; otherwise it reopens).
      if (sessionChanged) void queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
      if (connected) {
        void queryClient.invalidateQueries({ queryKey: CONVERSATIONS });
        void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS });
      }
    });
    client.start();
    return () => {
      offEvent();
      offStatus();
      client.stop();
    };
  }, [enabled, queryClient, onMessage]);
}

/** Reports the conversation this screen shows, for as long as it shows it. */
export function useViewingConversation(conversationId: string | undefined) {
  useEffect(() => {
    if (!conversationId || typeof WebSocket === 'undefined') return;
    const client = realtimeClient();
    client.setViewing(conversationId);
    return () => client.setViewing(null);
  }, [conversationId]);
}
