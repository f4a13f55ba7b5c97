import { useQuery } from '@tanstack/react-query';
import { Bell, CheckCheck } from 'lucide-react';
import { NOTIFICATION_MESSAGES } from '@referwell/shared';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '@/components/load-error';
import { usePageTitle } from '@/lib/use-page-title';
import { notificationsQueryOptions, useMarkAllNotificationsRead } from './api';
import { NotificationItem, useOpenNotification } from './notification-list';

/** Notifications (/notifications, SPEC §2). */
export function NotificationsPage() {
  usePageTitle(NOTIFICATION_MESSAGES.heading);
  const query = useQuery(notificationsQueryOptions(50));
  const markAll = useMarkAllNotificationsRead();
  const open = useOpenNotification();
  const unread = query.data?.unreadCount ?? 0;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <header className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold tracking-tight">{NOTIFICATION_MESSAGES.heading}</h1>
        {unread > 0 ? (
          <Button variant="outline" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
            <CheckCheck aria-hidden />
            {NOTIFICATION_MESSAGES.markAllRead}
          </Button>
        ) : null}
      </header>
      {query.isPending ? (
        <Card className="grid gap-4 p-4" aria-label="Loading notifications">
          {[0, 1, 2].map((i) => (
            <div key={i} className="grid gap-2">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-3 w-2/3" />
            </div>
          ))}
        </Card>
      ) : query.isError ? (
        <LoadError title="Error" message="Could not load your notifications." onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center text-muted-foreground">
          <Bell className="size-10" aria-hidden />
          <p>{NOTIFICATION_MESSAGES.empty}</p>
        </Card>
      ) : (
        <Card className="overflow-hidden p-0">
          <ul aria-label="Notifications" className="divide-y">
            {query.data.items.map((n) => (
              <li key={n.id}>
                <NotificationItem notification={n} onOpen={open} />
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
