import { useQuery } from '@tanstack/react-query';
import { Bell, MessageSquare } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router';
import { BELL_NOTIFICATION_LIMIT, NOTIFICATION_MESSAGES } from '@referwell/shared';
import { Button } from '@/components/ui/button';
import { DisclosureMenu } from '@/components/ui/disclosure-menu';
import { addMessageToCache, unreadMessagesQueryOptions } from '@/features/messaging/port';
import { useRealtimeConnection, type RealtimeMessageHandler } from '@/lib/realtime/use-realtime';
import { notificationsQueryOptions, unreadNotificationsQueryOptions } from './api';
import { NotificationItem, useOpenNotification } from './notification-list';

const onMessage: RealtimeMessageHandler = (queryClient, event) => {
  if (event.type === 'message.new' && event.message) addMessageToCache(queryClient, event.message);
};

function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="absolute -right-0.5 -top-0.5 inline-flex min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[0.65rem] font-semibold leading-4.5 text-white">
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** The header's Messages link with the unread total, and the notifications bell (logged-in users). */
export function HeaderActivity() {
  useRealtimeConnection(true, onMessage);
  const messages = useQuery(unreadMessagesQueryOptions).data?.count ?? 0;
  const notifications = useQuery(unreadNotificationsQueryOptions).data?.count ?? 0;
  return (
    <>
      <Button asChild variant="ghost" size="icon" className="relative">
        <NavLink
          to="/messages"
          aria-label={messages > 0 ? `Messages (${messages} unread)` : 'Messages'}
          title="Messages"
        >
          <MessageSquare className="size-5" aria-hidden />
          <CountBadge count={messages} />
        </NavLink>
      </Button>
      <NotificationBell unread={notifications} />
    </>
  );
}

function NotificationBell({ unread }: { unread: number }) {
  const list = useQuery(notificationsQueryOptions(BELL_NOTIFICATION_LIMIT));
  const open = useOpenNotification();
  const location = useLocation();
  const items = list.data?.items ?? [];
  return (
    <DisclosureMenu
      trigger={
        <span className="relative inline-flex size-9 items-center justify-center">
          <Bell className="size-5" aria-hidden />
          <CountBadge count={unread} />
        </span>
      }
      triggerLabel={unread > 0 ? `Notifications (${unread} unread)` : 'Notifications'}
      showChevron={false}
      closeKey={location.key}
      align="end"
      triggerClassName="rounded-md p-0"
      panelClassName="w-80 max-w-[calc(100vw-2rem)] p-0"
    >
      <div className="border-b px-3 py-2 text-sm font-semibold">{NOTIFICATION_MESSAGES.heading}</div>
      {items.length === 0 ? (
        <p className="px-3 py-6 text-center text-sm text-muted-foreground">{NOTIFICATION_MESSAGES.empty}</p>
      ) : (
        <ul className="max-h-96 divide-y overflow-y-auto">
          {items.map((n) => (
            <li key={n.id}>
              <NotificationItem notification={n} onOpen={open} compact />
            </li>
          ))}
        </ul>
      )}
      <div className="border-t p-1">
        <Link
          to="/notifications"
          className="block rounded-md px-3 py-2 text-center text-sm font-medium text-primary hover:bg-muted"
        >
          {NOTIFICATION_MESSAGES.viewAll}
        </Link>
      </div>
    </DisclosureMenu>
  );
}
