/**
 * Slack as a delivery channel of the notifications (ADR 0033), beside the bell and the mail: a person whose company
 * has connected Slack gets each notification the mail would carry as a direct message from the app, unless they
 * turned that category off in their notification preferences. They are found in the workspace by their e-mail
 * address (users.lookupByEmail) the first time a message is due. A referral request carries Accept and Decline
 * buttons, answered through the same service as the web (features/chat/interactions.ts). While the company's plan
 * does not include Slack, the DMs stop quietly (./chat-plan.ts).
 */
import { and, eq } from 'drizzle-orm';
import {
  CHAT_MESSAGES,
  NOTIFICATION_EMAIL_CATEGORY,
  NOTIFICATION_TYPES_REFERRALS,
  notificationHref,
} from '@referwell/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/repository';
import {
  companyMembers,
  notifications,
  referralRequests,
  slackConnections,
  slackUserLinks,
  users,
} from '../../db/schema';
import { callSlack, markTokenGone, SlackApiError } from '../../lib/chat/slack';
import { enqueue } from '../../lib/queue/enqueue';
import type { Secrets } from '../../lib/secrets';
import { chatDeliveryAllowed } from './chat-plan';
import { frequencyFor } from './preferences';
import { sealedContext } from '../../lib/sealed-columns';

declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    'slack-dm': { notificationId: string; retryAfterCount?: number };
  }
}

/** The buttons' action ids (features/chat/interactions.ts answers them). */
export const SLACK_ACTIONS = {
  acceptRequest: 'referral_request.accept',
  declineRequest: 'referral_request.decline',
} as const;

/** A person found by nobody is looked up again after this long (they may have joined the workspace since). */
const LOOKUP_AGAIN_MS = 24 * 3600_000;

/** Called by createNotification in the same transaction: queues the DM when the person may receive one. */
export async function slackNotification(tx: Executor, notification: { id: string; userId: string; type: string }) {
  const category = NOTIFICATION_EMAIL_CATEGORY[notification.type];
  if (!category) return;
  const [connected] = await tx
    .select({ companyId: slackConnections.companyId })
    .from(companyMembers)
    .innerJoin(slackConnections, eq(slackConnections.companyId, companyMembers.companyId))
    .where(and(eq(companyMembers.userId, notification.userId), eq(slackConnections.status, 'connected')));
  if (!connected || (await frequencyFor(tx, notification.userId, category)) === 'off') return;
  await enqueue(tx, 'slack-dm', { notificationId: notification.id }, { maxAttempts: 8 });
}

export interface SlackDmDeps {
  db: Db;
  config: Config;
  secrets: Secrets;
}

/** The person's Slack user id in the workspace: the stored link, else a lookup by e-mail (remembered either way). */
async function slackUserOf(
  deps: SlackDmDeps,
  call: (method: string, form: Record<string, string>) => Promise<{ user?: { id?: string } }>,
  person: { userId: string; companyId: string; email: string },
): Promise<string | null> {
  const [link] = await deps.db
    .select()
    .from(slackUserLinks)
    .where(and(eq(slackUserLinks.userId, person.userId), eq(slackUserLinks.companyId, person.companyId)));
  if (link?.slackUserId) return link.slackUserId;
  if (link && Date.now() - link.lookedUpAt.getTime() < LOOKUP_AGAIN_MS) return null;
  let slackUserId: string | null = null;
  try {
    slackUserId = (await call('users.lookupByEmail', { email: person.email })).user?.id ?? null;
  } catch (error) {
    if (!(error instanceof SlackApiError) || error.code !== 'users_not_found') throw error;
  }
  const values = { userId: person.userId, companyId: person.companyId, slackUserId, lookedUpAt: new Date() };
  await deps.db
    .insert(slackUserLinks)
    .values(values)
    .onConflictDoUpdate({ target: [slackUserLinks.userId, slackUserLinks.companyId], set: values });
  return slackUserId;
}

/** Buttons under the message: Accept / Decline on a referral request still waiting, else a link to it. */
async function actionsFor(db: Db, config: Config, row: typeof notifications.$inferSelect) {
  if (row.type === NOTIFICATION_TYPES_REFERRALS.request && row.referenceId) {
    const [request] = await db
      .select({ status: referralRequests.status })
      .from(referralRequests)
      .where(eq(referralRequests.id, row.referenceId));
    if (request?.status === 'pending')
      return [
        {
          type: 'button',
          action_id: SLACK_ACTIONS.acceptRequest,
          style: 'primary',
          value: row.referenceId,
          text: { type: 'plain_text', text: CHAT_MESSAGES.accept },
        },
        {
          type: 'button',
          action_id: SLACK_ACTIONS.declineRequest,
          style: 'danger',
          value: row.referenceId,
          text: { type: 'plain_text', text: CHAT_MESSAGES.decline },
        },
      ];
  }
  const path = notificationHref(row.type, row.referenceId) ?? '/notifications';
  return [
    { type: 'button', text: { type: 'plain_text', text: CHAT_MESSAGES.open }, url: `${config.publicUrl}${path}` },
  ];
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The queued DM: finds the person in the workspace, then posts to them (chat.postMessage to their user id). */
export async function sendSlackDm(deps: SlackDmDeps, { notificationId }: { notificationId: string }) {
  const slack = deps.config.slack;
  if (!slack) return;
  const [row] = await deps.db
    .select({
      notification: notifications,
      email: users.email,
      companyId: companyMembers.companyId,
      tokenSealed: slackConnections.tokenSealed,
      status: slackConnections.status,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .innerJoin(companyMembers, eq(companyMembers.userId, notifications.userId))
    .innerJoin(slackConnections, eq(slackConnections.companyId, companyMembers.companyId))
    .where(eq(notifications.id, notificationId));
  if (!row || row.status !== 'connected' || !row.tokenSealed) return;
  if (!(await chatDeliveryAllowed(deps, row.companyId))) return;
  const token = deps.secrets.open(row.tokenSealed, sealedContext.slackToken(row.companyId));
  const client = { slack, allowHosts: deps.config.outboundAllowHosts };
  try {
    const slackUserId = await slackUserOf(
      deps,
      (method, form) => callSlack(client, method, { bearer: token }, { form }),
      { userId: row.notification.userId, companyId: row.companyId, email: row.email },
    );
    if (!slackUserId) return;
    const { title, message } = row.notification;
    await callSlack(
      client,
      'chat.postMessage',
      { bearer: token },
      {
        json: {
          channel: slackUserId,
          text: `${title}: ${message}`,
          blocks: [
            { type: 'section', text: { type: 'mrkdwn', text: `*${escape(title)}*\n${escape(message)}` } },
            {
              type: 'actions',
              block_id: `notification:${row.notification.id}`,
              elements: await actionsFor(deps.db, deps.config, row.notification),
            },
          ],
        },
      },
    );
  } catch (error) {
    // The app was removed in Slack: the connection says so, and retrying cannot help.
    if (await markTokenGone(deps.db, row.companyId, error)) return;
    throw error;
  }
}
