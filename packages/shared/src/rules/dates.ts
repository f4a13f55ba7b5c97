// Date labels from SPEC §9, pure so web and tests share them.
import { differenceInCalendarDays, format } from 'date-fns';

/** 'just now', 'N minutes ago', 'N hours ago', 'N days ago' (then the date). */
export function relativeTimeLabel(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const seconds = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${days} ${days === 1 ? 'day' : 'days'} ago`;
  return format(then, 'MMM dd, yyyy');
}

/** Conversation list: the time within a day, the weekday under 7 days, otherwise month and day. */
export function conversationDateLabel(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const hours = (now.getTime() - then.getTime()) / 3_600_000;
  if (hours < 24) return format(then, 'h:mm a');
  if (differenceInCalendarDays(now, then) < 7) return format(then, 'EEEE');
  return format(then, 'MMM d');
}

/** Message day headings: Today, Yesterday, the weekday within 7 days, otherwise the full date. */
export function messageDayLabel(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const days = differenceInCalendarDays(now, then);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return format(then, 'EEEE');
  return format(then, 'MMMM d, yyyy');
}
