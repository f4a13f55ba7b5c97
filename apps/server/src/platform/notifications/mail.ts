import { and, eq, gt, sql } from 'drizzle-orm';
import {
  EMAIL_ACTION_LABELS,
  MESSAGE_MAIL_DELAY_MINUTES,
  NOTIFICATION_EMAIL_CATEGORY,
  notificationHref,
  type NotificationEmailCategory,
  type Notification,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/repository';
import { notifications, sessions, users } from '../../db/schema';
import { enqueueMail } from '../../lib/mail/send';
import type { TemplateName } from '../../lib/mail/templates';
import { enqueue } from '../../lib/queue/enqueue';
import { frequencyFor } from './preferences';

declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    'message-mail': { notificationId: string };
  }
}

const TEMPLATE_FOR: Record<NotificationEmailCategory, TemplateName> = {
  referral_requests: 'referral-requests',
  referral_updates: 'referral-updates',
  messages: 'messages',
  company_activity: 'company-activity',
};

type Mailable = Pick<Notification, 'id' | 'userId' | 'title' | 'message' | 'type' | 'referenceId'>;

/** What a notification's e-mail says beyond its in-app words: someone's message, quoted, and facts in a list. */
export interface NotificationMailExtras {
  quote?: { by: string; text: string };
  details?: string[];
}

async function enqueueNotificationMail(
  tx: Executor,
  notification: Mailable,
  category: NotificationEmailCategory,
  extras: NotificationMailExtras = {},
) {
  const [user] = await tx
    .select({ name: users.name, email: users.email, unclaimed: users.unclaimed })
    .from(users)
    .where(eq(users.id, notification.userId));
  // A person referred by e-mail who has not claimed their profile cannot sign in to follow the link: the feature
  // that tells them mails them a link of its own (features/referrals/notify.ts).
  if (!user || user.unclaimed) return;
  await enqueueMail(tx, {
    key: `notification:${notification.id}`,
    template: TEMPLATE_FOR[category],
    to: user.email,
    userId: notification.userId,
    props: {
      name: user.name,
      title: notification.title,
      message: notification.message,
      actionLabel: EMAIL_ACTION_LABELS[category],
      path: notificationHref(notification.type, notification.referenceId) ?? '/notifications',
      ...extras,
    },
  });
}

/**
 * The mail side of every notification, called by createNotification in the same transaction:
 * types listed in NOTIFICATION_EMAIL_CATEGORY are mailed at once when the user chose 'instant'
 * (digests pick up the others). A message waits: one delayed job per conversation.
 */
export async function mailNotification(
  tx: Executor,
  notification: Mailable,
  extras?: NotificationMailExtras,
): Promise<void> {
  const category = NOTIFICATION_EMAIL_CATEGORY[notification.type];
  if (!category || (await frequencyFor(tx, notification.userId, category)) !== 'instant') return;
  if (category !== 'messages') return enqueueNotificationMail(tx, notification, category, extras);
  await enqueue(
    tx,
    'message-mail',
    { notificationId: notification.id },
    {
      jobKey: `message-mail:${notification.userId}:${notification.referenceId}`,
      jobKeyMode: 'preserve_run_at',
      runAt: new Date(Date.now() + MESSAGE_MAIL_DELAY_MINUTES * 60_000),
    },
  );
}

/**
 * Runs ten minutes after the first unread message of a conversation: mails the recipient only
 * if that notification is still unread and they have not used the app meanwhile.
 */
export async function messageMailTask(db: Db, { notificationId }: { notificationId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, notificationId), eq(notifications.isRead, false)));
    if (!row) return;
    const [active] = await tx
      .select({ one: sql`1` })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, row.userId),
          gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${MESSAGE_MAIL_DELAY_MINUTES})`),
          gt(sessions.lastSeenAt, row.createdAt),
        ),
      )
      .limit(1);
    if (active) return;
    await enqueueNotificationMail(tx, row, 'messages');
  });
}
