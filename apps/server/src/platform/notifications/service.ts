import { and, desc, eq } from 'drizzle-orm';
import {
  NOTIFICATION_MESSAGES,
  type Notification,
  type NotificationListResponse,
  type PaginationQuery,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { countAll, pageOffset, toPage, type Executor } from '../../db/repository';
import { notifications } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { publish } from '../events/publish';
import { publishUnread, unreadNotificationCount } from '../events/unread';
import { mailNotification, type NotificationMailExtras } from './mail';
import { slackNotification } from './slack';

export interface NewNotification {
  userId: string;
  title: string;
  message: string;
  /** 'referral_update' | 'message', or a kind another feature adds (the column is text). */
  type: string;
  referenceId?: string | null;
  /** What the e-mail adds to the notification's words (a quoted message, facts such as the bonus). */
  mail?: NotificationMailExtras;
}

type Row = typeof notifications.$inferSelect;

export const toNotification = (row: Row): Notification => ({
  id: row.id,
  userId: row.userId,
  title: row.title,
  message: row.message,
  isRead: row.isRead,
  type: row.type,
  referenceId: row.referenceId,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Creates a notification for `userId` and pushes it (and the new unread totals) to every open
 * tab of that user; types mapped in NOTIFICATION_EMAIL_CATEGORY are also queued for e-mail, and as a Slack message
 * when the user's company has connected Slack (./slack.ts).
 * Call it with the transaction of the change it reports: the push and the mail go out only when
 * that transaction commits.
 */
export async function createNotification(tx: Executor, input: NewNotification): Promise<Notification> {
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: input.userId,
      title: input.title,
      message: input.message,
      type: input.type,
      referenceId: input.referenceId ?? null,
    })
    .returning();
  const notification = toNotification(row!);
  await publish(tx, [input.userId], { type: 'notification.new', notification });
  await publishUnread(tx, [input.userId]);
  await mailNotification(tx, notification, input.mail);
  await slackNotification(tx, notification);
  return notification;
}

export async function listNotifications(
  db: Db,
  userId: string,
  page: PaginationQuery,
): Promise<NotificationListResponse> {
  const mine = eq(notifications.userId, userId);
  const [rows, [total], unreadCount] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    db.select({ n: countAll() }).from(notifications).where(mine),
    unreadNotificationCount(db, userId),
  ]);
  return { ...toPage(rows.map(toNotification), total?.n ?? 0, page), unreadCount };
}

/** Marks one of the user's notifications read; someone else's is "not found". */
export async function markNotificationRead(db: Db, userId: string, id: string): Promise<Notification> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning();
    if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
    await publish(tx, [userId], { type: 'notifications.changed' });
    await publishUnread(tx, [userId]);
    return toNotification(row);
  });
}

export async function markAllNotificationsRead(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
    await publish(tx, [userId], { type: 'notifications.changed' });
    await publishUnread(tx, [userId]);
  });
}

/** Marks the user's 'message' notifications about one conversation read (they opened it). */
export async function markMessageNotificationsRead(tx: Executor, userId: string, conversationId: string) {
  const rows = await tx
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.type, 'message'),
        eq(notifications.referenceId, conversationId),
        eq(notifications.isRead, false),
      ),
    )
    .returning({ id: notifications.id });
  if (rows.length > 0) await publish(tx, [userId], { type: 'notifications.changed' });
}
