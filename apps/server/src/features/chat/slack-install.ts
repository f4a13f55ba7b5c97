/**
 * A company's Slack connection (ADR 0033): the OAuth v2 install, the channel new roles go to, a test message and the
 * disconnect. Nothing here waits for Slack: the code exchange, the channel list, the test post and the token's
 * revocation are queued jobs (lib/queue), so saving never depends on Slack answering.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CHAT_MESSAGES, type ChatSettings, type SlackChannelChoice } from '@referwell/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config, SlackConfig } from '../../config';
import type { Db } from '../../db/client';
import { slackConnections, slackUserLinks, teamsConnections } from '../../db/schema';
import { callSlack, markTokenGone, SlackApiError } from '../../lib/chat/slack';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { enqueue } from '../../lib/queue/enqueue';
import type { Secrets } from '../../lib/secrets';
import { recordAudit } from '../../platform/audit/service';
import { sealedContext } from '../../lib/sealed-columns';
import { chatDeliveryAllowed } from '../../platform/notifications/chat-plan';

declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    /** Exchange the install's code for the bot token (oauth.v2.access); the code is sealed in the payload. */
    'slack-exchange-code': { companyId: string; codeSealed: string; retryAfterCount?: number };
    /** Read the workspace's public channels into the picker (conversations.list). */
    'slack-list-channels': { companyId: string; retryAfterCount?: number };
    /** Post the test message to the chosen channel. */
    'slack-test-post': { companyId: string; retryAfterCount?: number };
    /** Revoke a disconnected workspace's bot token (auth.revoke), sealed in the payload. */
    'slack-revoke': { companyId: string; tokenSealed: string; retryAfterCount?: number };
  }
}

/** The bot's scopes: post to channels (public ones without joining), DM people, find them by e-mail, /refer. */
export const SLACK_BOT_SCOPES = [
  'chat:write',
  'chat:write.public',
  'channels:read',
  'im:write',
  'users:read',
  'users:read.email',
  'commands',
].join(',');

/** How long the admin has to approve the install in Slack. */
const STATE_TTL_MS = 15 * 60_000;

export interface SlackDeps {
  db: Db;
  config: Config;
  secrets: Secrets;
  /** SESSION_SECRET (or the generated one): signs the OAuth state. */
  secret: string;
  log: FastifyBaseLogger;
}

export function slackConfigOf(config: Config): SlackConfig {
  if (!config.slack) throw new AppError(404, 'SLACK_NOT_CONFIGURED', CHAT_MESSAGES.slackNotConfigured);
  return config.slack;
}

export const slackClient = (config: Config) => ({
  slack: slackConfigOf(config),
  allowHosts: config.outboundAllowHosts,
});

export const redirectUri = (config: Config) => `${config.publicUrl}/api/slack/oauth/callback`;

const sign = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`slack-oauth-state:${body}`).digest('base64url');

/** The state Slack hands back: the company and admin who started, until when, signed with the server's secret. */
export function oauthState(secret: string, companyId: string, userId: string, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ c: companyId, u: userId, e: now + STATE_TTL_MS })).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

function readState(secret: string, state: string | undefined): { companyId: string; userId: string } {
  const [body, mac] = (state ?? '').split('.');
  const expected = body ? sign(secret, body) : '';
  if (!body || !mac || mac.length !== expected.length || !timingSafeEqual(Buffer.from(mac), Buffer.from(expected)))
    throw badRequest(CHAT_MESSAGES.badState);
  // Signed by us, so it parses; checked all the same, since the secret may have changed since it was made.
  let parsed: { c?: unknown; u?: unknown; e?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as typeof parsed;
  } catch {
    throw badRequest(CHAT_MESSAGES.badState);
  }
  if (typeof parsed.c !== 'string' || typeof parsed.u !== 'string' || typeof parsed.e !== 'number')
    throw badRequest(CHAT_MESSAGES.badState);
  if (parsed.e < Date.now()) throw badRequest(CHAT_MESSAGES.badState);
  return { companyId: parsed.c, userId: parsed.u };
}

/** Where the admin approves the install in Slack. */
export function installUrl(deps: SlackDeps, companyId: string, userId: string): { url: string } {
  const slack = slackConfigOf(deps.config);
  const url = new URL(slack.authorizeUrl);
  url.searchParams.set('client_id', slack.clientId);
  url.searchParams.set('scope', SLACK_BOT_SCOPES);
  url.searchParams.set('redirect_uri', redirectUri(deps.config));
  url.searchParams.set('state', oauthState(deps.secret, companyId, userId));
  return { url: url.toString() };
}

/**
 * Slack's redirect: the state must be ours and fresh. The connection is recorded as pending and the code exchange
 * queued in the same transaction; the admin lands back on the integrations page, which shows the outcome.
 */
export async function acceptOAuthRedirect(
  deps: SlackDeps,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  signedInUserId: string,
): Promise<{ companyId: string }> {
  slackConfigOf(deps.config);
  const { companyId, userId } = readState(deps.secret, query.state);
  // The admin who started the install finishes it: a link started by someone else does nothing here.
  if (userId !== signedInUserId) throw badRequest(CHAT_MESSAGES.badState);
  if (query.error || !query.code) return { companyId };
  const codeSealed = deps.secrets.seal(query.code, sealedContext.slackCode(companyId));
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(slackConnections)
      .values({ companyId, status: 'pending', installedBy: userId })
      .onConflictDoUpdate({
        target: slackConnections.companyId,
        set: { status: 'pending', installedBy: userId, lastError: null, updatedAt: new Date() },
      });
    await enqueue(tx, 'slack-exchange-code', { companyId, codeSealed }, { maxAttempts: 5 });
  });
  return { companyId };
}

interface OAuthAnswer {
  access_token?: string;
  token_type?: string;
  bot_user_id?: string;
  team?: { id?: string; name?: string };
}

/** The queued exchange: oauth.v2.access with the app's credentials; the bot token is sealed, never shown. */
export async function exchangeCode(deps: SlackDeps, payload: { companyId: string; codeSealed: string }) {
  const { companyId } = payload;
  const code = deps.secrets.open(payload.codeSealed, sealedContext.slackCode(companyId));
  let answer: OAuthAnswer;
  try {
    answer = await callSlack<OAuthAnswer>(
      slackClient(deps.config),
      'oauth.v2.access',
      { basic: true },
      { form: { code, redirect_uri: redirectUri(deps.config) } },
    );
  } catch (error) {
    if (!(error instanceof SlackApiError)) throw error;
    await deps.db
      .update(slackConnections)
      .set({ status: 'failed', lastError: error.code, updatedAt: new Date() })
      .where(eq(slackConnections.companyId, companyId));
    return;
  }
  if (answer.token_type !== 'bot' || !answer.access_token || !answer.team?.id)
    throw new Error('Slack oauth.v2.access answered without a bot token');
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(slackConnections)
      .set({
        status: 'connected',
        teamId: answer.team!.id!,
        teamName: answer.team!.name ?? answer.team!.id!,
        botUserId: answer.bot_user_id ?? null,
        tokenSealed: deps.secrets.seal(answer.access_token!, sealedContext.slackToken(companyId)),
        lastError: null,
        updatedAt: new Date(),
      })
      .where(eq(slackConnections.companyId, companyId))
      .returning({ installedBy: slackConnections.installedBy });
    if (!row) return;
    // A person's link belongs to one workspace: a new install finds them again.
    await tx.delete(slackUserLinks).where(eq(slackUserLinks.companyId, companyId));
    await recordAudit(tx, {
      companyId,
      actorId: row.installedBy,
      action: 'integration.connected',
      subject: { type: 'company', id: companyId },
      after: { integration: 'slack' },
    });
    await enqueue(tx, 'slack-list-channels', { companyId }, { maxAttempts: 5 });
  });
}

/** The company's bot token, or null when Slack is not connected. */
export async function botToken(deps: Pick<SlackDeps, 'db' | 'secrets'>, companyId: string) {
  const [row] = await deps.db.select().from(slackConnections).where(eq(slackConnections.companyId, companyId));
  if (!row || row.status !== 'connected' || !row.tokenSealed) return null;
  return { token: deps.secrets.open(row.tokenSealed, sealedContext.slackToken(companyId)), connection: row };
}

interface ChannelList {
  channels?: { id: string; name: string; is_archived?: boolean }[];
  response_metadata?: { next_cursor?: string };
}

/** The queued channel list: public, unarchived channels, page by page (at most 1,000 kept). */
export async function listChannels(deps: SlackDeps, { companyId }: { companyId: string }) {
  const bot = await botToken(deps, companyId);
  if (!bot) return;
  const channels: { id: string; name: string }[] = [];
  let cursor = '';
  try {
    do {
      const page = await callSlack<ChannelList>(
        slackClient(deps.config),
        'conversations.list',
        { bearer: bot.token },
        { form: { types: 'public_channel', exclude_archived: 'true', limit: '200', ...(cursor ? { cursor } : {}) } },
      );
      for (const channel of page.channels ?? []) channels.push({ id: channel.id, name: channel.name });
      cursor = page.response_metadata?.next_cursor ?? '';
    } while (cursor && channels.length < 1000);
  } catch (error) {
    if (await markTokenGone(deps.db, companyId, error)) return;
    throw error;
  }
  channels.sort((a, b) => a.name.localeCompare(b.name));
  await deps.db
    .update(slackConnections)
    .set({ channels, updatedAt: new Date() })
    .where(eq(slackConnections.companyId, companyId));
}

export async function chatSettings(db: Db, config: Config, companyId: string): Promise<ChatSettings> {
  const [[slack], [teams]] = await Promise.all([
    db.select().from(slackConnections).where(eq(slackConnections.companyId, companyId)),
    db.select().from(teamsConnections).where(eq(teamsConnections.companyId, companyId)),
  ]);
  return {
    slack: {
      available: config.slack !== null,
      status: (slack?.status as ChatSettings['slack']['status'] | undefined) ?? 'none',
      teamName: slack?.teamName ?? null,
      channel: slack?.channelId ? { id: slack.channelId, name: slack.channelName ?? slack.channelId } : null,
      channels: slack?.channels ?? [],
      lastError: slack?.lastError ?? null,
    },
    teams: { connected: Boolean(teams), webhookHost: teams?.webhookHost ?? null },
  };
}

async function connectedRow(db: Db, companyId: string) {
  const [row] = await db.select().from(slackConnections).where(eq(slackConnections.companyId, companyId));
  if (!row || row.status !== 'connected') throw conflict(CHAT_MESSAGES.notConnected);
  return row;
}

/** The admin picks one of the listed channels. */
export async function chooseChannel(db: Db, companyId: string, input: SlackChannelChoice) {
  const row = await connectedRow(db, companyId);
  const channel = row.channels.find((c) => c.id === input.channelId);
  if (!channel) throw badRequest(CHAT_MESSAGES.channelUnknown, { channelId: CHAT_MESSAGES.channelUnknown });
  await db
    .update(slackConnections)
    .set({ channelId: channel.id, channelName: channel.name, updatedAt: new Date() })
    .where(eq(slackConnections.companyId, companyId));
}

export async function refreshChannels(db: Db, companyId: string) {
  await connectedRow(db, companyId);
  await enqueue(
    db,
    'slack-list-channels',
    { companyId },
    { jobKey: `slack-list-channels:${companyId}`, maxAttempts: 5 },
  );
}

export async function queueTestPost(db: Db, companyId: string) {
  const row = await connectedRow(db, companyId);
  if (!row.channelId) throw conflict(CHAT_MESSAGES.chooseChannelFirst);
  await enqueue(db, 'slack-test-post', { companyId }, { maxAttempts: 5 });
}

export async function testPost(deps: SlackDeps, { companyId }: { companyId: string }) {
  if (!(await chatDeliveryAllowed(deps, companyId))) return;
  const bot = await botToken(deps, companyId);
  if (!bot?.connection.channelId) return;
  try {
    await callSlack(
      slackClient(deps.config),
      'chat.postMessage',
      { bearer: bot.token },
      { json: { channel: bot.connection.channelId, text: CHAT_MESSAGES.testMessage } },
    );
  } catch (error) {
    if (await markTokenGone(deps.db, companyId, error)) return;
    throw error;
  }
}

/**
 * Disconnecting forgets the connection and the people's links at once; the token's revocation in Slack is queued
 * with the sealed token (so the app leaves the workspace even if Slack is slow to answer).
 */
export async function disconnectSlack(db: Db, companyId: string, actorId: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(slackConnections).where(eq(slackConnections.companyId, companyId)).returning();
    if (!row) throw conflict(CHAT_MESSAGES.notConnected);
    await tx.delete(slackUserLinks).where(eq(slackUserLinks.companyId, companyId));
    if (row.tokenSealed)
      await enqueue(tx, 'slack-revoke', { companyId, tokenSealed: row.tokenSealed }, { maxAttempts: 5 });
    await recordAudit(tx, {
      companyId,
      actorId,
      action: 'integration.disconnected',
      subject: { type: 'company', id: companyId },
      before: { integration: 'slack' },
    });
  });
}

export async function revokeToken(deps: SlackDeps, payload: { companyId: string; tokenSealed: string }) {
  const token = deps.secrets.open(payload.tokenSealed, sealedContext.slackToken(payload.companyId));
  try {
    await callSlack(slackClient(deps.config), 'auth.revoke', { bearer: token }, { form: {} });
  } catch (error) {
    // Already revoked or removed in Slack: nothing left to do.
    if (error instanceof SlackApiError) return;
    throw error;
  }
}
