/**
 * Slack and Teams are an Enterprise capability (`slack_teams`, the one capability check). Every queued delivery to
 * them (a channel post, a DM, the test message) asks here when it runs: while the company's plan does not include
 * them (lapsed, unpaid, never bought) the delivery is dropped quietly, and the company's admins are told once per
 * change of the subscription (./chat-paused.ts, queued). Without billing configured they are always on.
 */
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { enqueue } from '../../lib/queue/enqueue';
import { hasCapability } from '../plans/capability';

declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    /** Tell the company's admins that its Slack and Teams deliveries stopped (once per change of its plan). */
    'chat-paused-notice': { companyId: string };
  }
}

/** May the company's Slack and Teams deliveries go out now? If not, its admins will hear of it (once). */
export async function chatDeliveryAllowed(deps: { db: Db; config: Config }, companyId: string): Promise<boolean> {
  if (await hasCapability(deps.db, deps.config.stripe !== null, companyId, 'slack_teams')) return true;
  await enqueue(deps.db, 'chat-paused-notice', { companyId }, { jobKey: `chat-paused-notice:${companyId}` });
  return false;
}
