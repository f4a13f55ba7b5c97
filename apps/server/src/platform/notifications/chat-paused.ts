// The notice of ./chat-plan.ts: a company's Slack and Teams deliveries stopped because its plan no longer includes them.
import { and, eq, gte, sql } from 'drizzle-orm';
import { CHAT_MESSAGES, NOTIFICATION_TYPES_COMPANY } from '@referwell/shared';
import type { Db } from '../../db/client';
import { companyMembers, companySubscriptions, notifications } from '../../db/schema';
import { createNotification } from './service';

/**
 * Tells the company's admins, in the app and by e-mail, unless they were told since its subscription last changed
 * (each lapse is news once, however many deliveries it stops).
 */
export async function tellAdminsChatPaused(db: Db, { companyId }: { companyId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat-paused:${companyId}`}))`);
    const [subscription] = await tx
      .select({ changedAt: companySubscriptions.updatedAt })
      .from(companySubscriptions)
      .where(eq(companySubscriptions.companyId, companyId));
    const [told] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.type, NOTIFICATION_TYPES_COMPANY.chatPaused),
          eq(notifications.referenceId, companyId),
          subscription ? gte(notifications.createdAt, subscription.changedAt) : undefined,
        ),
      )
      .limit(1);
    if (told) return;
    const admins = await tx
      .select({ userId: companyMembers.userId })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'admin')));
    for (const { userId } of admins)
      await createNotification(tx, {
        userId,
        title: CHAT_MESSAGES.pausedTitle,
        message: CHAT_MESSAGES.paused,
        type: NOTIFICATION_TYPES_COMPANY.chatPaused,
        referenceId: companyId,
      });
  });
}
