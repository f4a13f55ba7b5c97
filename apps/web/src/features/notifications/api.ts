import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification, NotificationListResponse } from '@referwell/shared';
import { api } from '@/lib/api';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (pageSize: number) => ['notifications', 'list', pageSize] as const,
  unread: () => ['notifications', 'unread'] as const,
};

export const notificationsQueryOptions = (pageSize = 50) =>
  queryOptions({
    queryKey: notificationKeys.list(pageSize),
    queryFn: ({ signal }) => api<NotificationListResponse>(`/api/notifications?pageSize=${pageSize}`, { signal }),
  });

export const unreadNotificationsQueryOptions = queryOptions({
  queryKey: notificationKeys.unread(),
  queryFn: ({ signal }) => api<{ count: number }>('/api/notifications/unread-count', { signal }),
});

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<Notification>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ count: number }>('/api/notifications/read-all', { method: 'POST' }),
    onSuccess: () => {
      queryClient.setQueryData(notificationKeys.unread(), { count: 0 });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
