import { sql } from 'drizzle-orm';
import type { RealtimeEvent } from '@referwell/shared';
import type { Executor } from '../../db/repository';
import { deliveryText, notifySql, sessionChangeText, type SessionChange } from './wire';

/**
 * Queues `event` for every open tab of `userIds`, in every server process. Run it on the
 * transaction that made the change: PostgreSQL delivers NOTIFY only when that transaction
 * commits, so a rolled-back change is never pushed.
 */
export async function publish(db: Executor, userIds: string[], event: RealtimeEvent): Promise<void> {
  if (userIds.length === 0) return;
  await db.execute(sql`select ${notifySql(sql`${deliveryText(userIds, event)}`)}`);
}

/**
 * Tells every server process (this one included) that sessions changed: logout, revocation, password change, role
 * or membership change. Run it on the transaction that made the change, like `publish`.
 */
export async function publishSessionChange(db: Executor, change: SessionChange): Promise<void> {
  await db.execute(sql`select ${notifySql(sql`${sessionChangeText(change)}`)}`);
}
