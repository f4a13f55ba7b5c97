/**
 * New open roles with a referral bonus, posted to the company's chosen Slack channel and its Teams channel. The posts
 * are queued in the transaction that opens the job (jobs calls announceOpenedJob through the port); each job builds
 * its message when it runs and skips a job that has closed meanwhile, or a company whose plan no longer includes Slack
 * and Teams (platform/notifications/chat-plan.ts).
 */
import { eq } from 'drizzle-orm';
import { bonusOfferWords, CHAT_MESSAGES, type BonusOffer } from '@referwell/shared';
import type { Executor } from '../../db/repository';
import { companies, jobPostings, slackConnections, teamsConnections } from '../../db/schema';
import { callSlack, markTokenGone } from '../../lib/chat/slack';
import { postTeamsCard } from '../../lib/chat/teams';
import { enqueue } from '../../lib/queue/enqueue';
import { chatDeliveryAllowed } from '../../platform/notifications/chat-plan';
import { bonusOffersFor } from '../bonuses/port';
import { botToken, slackClient, type SlackDeps } from './slack-install';
import { teamsWebhookUrl } from './teams';

declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    'slack-post-job': { jobId: string; retryAfterCount?: number };
    'teams-post-job': { jobId: string; retryAfterCount?: number };
  }
}

interface OpenRole {
  id: string;
  title: string;
  location: string | null;
  companyId: string;
  companyName: string;
  offer: BonusOffer;
}

/** The job when it is open and a referral for it pays a bonus (its own, or the company's default), else null. */
async function openRoleWithBonus(db: Executor, jobId: string): Promise<OpenRole | null> {
  const [job] = await db
    .select({
      id: jobPostings.id,
      title: jobPostings.title,
      location: jobPostings.location,
      status: jobPostings.status,
      companyId: jobPostings.companyId,
      companyName: companies.name,
      bonusAmount: jobPostings.referralBonusAmount,
      bonusCurrency: jobPostings.referralBonusCurrency,
    })
    .from(jobPostings)
    .innerJoin(companies, eq(companies.id, jobPostings.companyId))
    .where(eq(jobPostings.id, jobId));
  if (!job || job.status !== 'OPEN') return null;
  const offer = (await bonusOffersFor(db, [job])).get(job.id);
  return offer ? { ...job, offer } : null;
}

/** Call in the transaction that opens the job (posted open, or published): queues its channel posts. */
export async function announceOpenedJob(tx: Executor, jobId: string): Promise<void> {
  const role = await openRoleWithBonus(tx, jobId);
  if (!role) return;
  const [[slack], [teams]] = await Promise.all([
    tx
      .select({ status: slackConnections.status, channelId: slackConnections.channelId })
      .from(slackConnections)
      .where(eq(slackConnections.companyId, role.companyId)),
    tx
      .select({ companyId: teamsConnections.companyId })
      .from(teamsConnections)
      .where(eq(teamsConnections.companyId, role.companyId)),
  ]);
  if (slack?.status === 'connected' && slack.channelId)
    await enqueue(tx, 'slack-post-job', { jobId }, { jobKey: `slack-post-job:${jobId}`, maxAttempts: 8 });
  if (teams) await enqueue(tx, 'teams-post-job', { jobId }, { jobKey: `teams-post-job:${jobId}`, maxAttempts: 8 });
}

const jobUrl = (publicUrl: string, jobId: string) => `${publicUrl}/job/${jobId}`;

export async function postJobToSlack(deps: SlackDeps, { jobId }: { jobId: string }) {
  const role = await openRoleWithBonus(deps.db, jobId);
  if (!role || !(await chatDeliveryAllowed(deps, role.companyId))) return;
  const bot = await botToken(deps, role.companyId);
  if (!bot?.connection.channelId) return;
  const headline = CHAT_MESSAGES.newRole(role.title, role.companyName);
  const bonus = CHAT_MESSAGES.bonusLine(bonusOfferWords(role.offer));
  const url = jobUrl(deps.config.publicUrl, role.id);
  try {
    await callSlack(
      slackClient(deps.config),
      'chat.postMessage',
      { bearer: bot.token },
      {
        json: {
          channel: bot.connection.channelId,
          text: `${headline}. ${bonus}`,
          unfurl_links: false,
          blocks: [
            {
              type: 'section',
              text: { type: 'mrkdwn', text: `*${escapeMrkdwn(headline)}*\n${escapeMrkdwn(bonus)}` },
            },
            ...(role.location ? [{ type: 'context', elements: [{ type: 'plain_text', text: role.location }] }] : []),
            {
              type: 'actions',
              elements: [{ type: 'button', text: { type: 'plain_text', text: CHAT_MESSAGES.openRole }, url }],
            },
          ],
        },
      },
    );
  } catch (error) {
    if (await markTokenGone(deps.db, role.companyId, error)) return;
    throw error;
  }
}

/** Slack's mrkdwn control characters, escaped as its docs ask (&, <, >). */
export const escapeMrkdwn = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function postJobToTeams(deps: SlackDeps, { jobId }: { jobId: string }) {
  const role = await openRoleWithBonus(deps.db, jobId);
  if (!role || !(await chatDeliveryAllowed(deps, role.companyId))) return;
  const webhookUrl = await teamsWebhookUrl(deps, role.companyId);
  if (!webhookUrl) return;
  await postTeamsCard(webhookUrl, deps.config.outboundAllowHosts, {
    title: CHAT_MESSAGES.newRole(role.title, role.companyName),
    lines: [CHAT_MESSAGES.bonusLine(bonusOfferWords(role.offer)), ...(role.location ? [role.location] : [])],
    action: { title: CHAT_MESSAGES.openRole, url: jobUrl(deps.config.publicUrl, role.id) },
  });
}
