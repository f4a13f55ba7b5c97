import { useNavigate } from 'react-router';
import { notificationHref, relativeTimeLabel, type Notification } from '@referwell/shared';
import { cn } from '@/lib/utils';
import { useMarkNotificationRead } from './api';

/** Clicking marks a notification read and goes where it points (SPEC §4). */
export function useOpenNotification() {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  return (notification: Notification) => {
    if (!notification.isRead) markRead.mutate(notification.id);
    const href = notificationHref(notification.type, notification.referenceId);
    if (href) void navigate(href);
  };
}

export function NotificationItem({
  notification,
  onOpen,
  compact = false,
}: {
  notification: Notification;
  onOpen: (n: Notification) => void;
  compact?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={() => onOpen(notification)}
      className={cn(
        'flex w-full items-start gap-3 text-left transition-colors hover:bg-muted focus-visible:bg-muted focus-visible:outline-hidden',
        compact ? 'px-3 py-2' : 'px-4 py-4',
        !notification.isRead && 'bg-accent/30',
      )}
    >
      <span
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', notification.isRead ? 'bg-transparent' : 'bg-primary')}
        aria-hidden
      />
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm', notification.isRead ? 'font-medium' : 'font-semibold')}>
          {notification.title}
          {notification.isRead ? null : <span className="sr-only"> (unread)</span>}
        </span>
        <span className={cn('block text-sm text-muted-foreground', compact && 'truncate')}>{notification.message}</span>
        <time className="mt-1 block text-xs text-muted-foreground" dateTime={notification.createdAt}>
          {relativeTimeLabel(notification.createdAt)}
        </time>
      </span>
    </button>
  );
}
