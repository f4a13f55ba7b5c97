/**
 * What Slack sends us (ADR 0033): button clicks and modal submissions (the interactivity request URL) and the
 * `/refer` slash command. Each request is verified by Slack's v0 signature over the exact bytes it sent, and refused
 * (401, nothing done) when unsigned, forged or more than five minutes old. The person acting is the Referwell member
 * linked to the Slack user in the company's workspace; Accept, Decline and Refer go through the same services as the
 * web. Anything we say back later (a message's update, a modal to open) is a queued call.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  CHAT_MESSAGES,
  externalReferralSchema,
  REFERRER_RELATIONSHIP_LABELS,
  REFERRER_RELATIONSHIPS,
  VOUCH_STRENGTH_LABELS,
  VOUCH_STRENGTHS,
  type SlackAnswer,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { companyMembers, jobPostings, slackConnections, slackUserLinks, users } from '../../db/schema';
import { callSlack, markTokenGone, SlackApiError } from '../../lib/chat/slack';
import { AppError, isAppError } from '../../lib/errors';
import { enqueue } from '../../lib/queue/enqueue';
import { safeFetch } from '../../lib/safe-fetch';
import { RetryLater, retryAfterSeconds } from '../../lib/queue/retry-later';
import type { RateLimiter } from '../../lib/rate-limit';
import type { AccountLifecycle } from '../../platform/accounts/lifecycle';
import { SLACK_ACTIONS } from '../../platform/notifications/slack';
import { hasCapability } from '../../platform/plans/capability';
import { authOfUser, type AuthContext } from '../../platform/sessions/sessions';
import {
  acceptReferralRequest,
  createExternalReferral,
  declineReferralRequest,
  externalReferralLimit,
} from '../referrals/port';
import { botToken, slackClient, slackConfigOf, type SlackDeps } from './slack-install';

declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    /** Open a modal for the person who clicked or typed the command (views.open; its trigger lives 3 seconds). */
    'slack-open-view': { companyId: string; triggerId: string; view: object; retryAfterCount?: number };
    /** Replace the message a button was on, or tell the person something only they see (the action's response_url). */
    'slack-respond': { responseUrl: string; message: object; retryAfterCount?: number };
    /** Link a Slack user who acted before being linked: users.info gives their profile's e-mail address. */
    'slack-link-user': { companyId: string; slackUserId: string; responseUrl?: string; retryAfterCount?: number };
  }
}

/** Slack's requests older than this are refused (replays), as Slack's verification guide advises. */
const MAX_AGE_SECONDS = 5 * 60;

const refused = () => new AppError(401, 'BAD_SLACK_SIGNATURE', CHAT_MESSAGES.badSignature);

/** Checks `v0=` HMAC-SHA256 of `v0:<timestamp>:<body>` under the signing secret, and the timestamp's age. */
export function verifySlackSignature(
  signingSecret: string,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  log: FastifyBaseLogger,
  now = Date.now(),
): void {
  const timestamp = headers['x-slack-request-timestamp'];
  const signature = headers['x-slack-signature'];
  if (typeof timestamp !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(timestamp)) {
    log.warn('slack: an unsigned request was refused');
    throw refused();
  }
  if (Math.abs(now / 1000 - Number(timestamp)) > MAX_AGE_SECONDS) {
    log.warn({ timestamp }, 'slack: a stale request was refused');
    throw refused();
  }
  const expected = `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`;
  if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) {
    log.warn('slack: a request with a wrong signature was refused');
    throw refused();
  }
}

export interface InteractionDeps extends SlackDeps {
  accounts: AccountLifecycle;
  /** The web's limits apply to what people do from Slack too. */
  limiter: RateLimiter;
}

/** The member linked to this Slack user in the connected workspace, or null. */
async function memberOf(db: Db, teamId: string | undefined, slackUserId: string | undefined) {
  if (!teamId || !slackUserId) return null;
  const [row] = await db
    .select({ userId: slackUserLinks.userId, companyId: slackConnections.companyId })
    .from(slackConnections)
    .innerJoin(slackUserLinks, eq(slackUserLinks.companyId, slackConnections.companyId))
    .where(
      and(
        eq(slackConnections.teamId, teamId),
        eq(slackConnections.status, 'connected'),
        eq(slackUserLinks.slackUserId, slackUserId),
      ),
    );
  if (!row) return null;
  const auth = await authOfUser(db, row.userId);
  // Still a member of that company (a leaver's link means nothing).
  return auth?.company?.id === row.companyId
    ? { auth: auth as AuthContext & { company: NonNullable<AuthContext['company']> }, companyId: row.companyId }
    : null;
}

/**
 * Someone acted from Slack before we linked them (linking by e-mail happens when a first DM is due): when their
 * workspace is connected, a queued users.info reads their profile's e-mail address and links them to the member of
 * that company who has it, then tells them (response_url) to try again.
 */
async function linkOnFirstInteraction(
  db: Db,
  teamId: string | undefined,
  slackUserId: string | undefined,
  responseUrl?: string,
) {
  if (!teamId || !slackUserId) return;
  const [connection] = await db
    .select({ companyId: slackConnections.companyId })
    .from(slackConnections)
    .where(and(eq(slackConnections.teamId, teamId), eq(slackConnections.status, 'connected')));
  if (!connection) return;
  await enqueue(
    db,
    'slack-link-user',
    { companyId: connection.companyId, slackUserId, ...(responseUrl ? { responseUrl } : {}) },
    { jobKey: `slack-link-user:${connection.companyId}:${slackUserId}`, maxAttempts: 5 },
  );
}

export async function linkSlackUser(
  deps: SlackDeps,
  payload: { companyId: string; slackUserId: string; responseUrl?: string },
) {
  const bot = await botToken(deps, payload.companyId);
  if (!bot) return;
  let email: string | undefined;
  try {
    const answer = await callSlack<{ user?: { profile?: { email?: string } } }>(
      slackClient(deps.config),
      'users.info',
      { bearer: bot.token },
      { form: { user: payload.slackUserId } },
    );
    email = answer.user?.profile?.email;
  } catch (error) {
    if (await markTokenGone(deps.db, payload.companyId, error)) return;
    if (!(error instanceof SlackApiError)) throw error;
  }
  const [member] = email
    ? await deps.db
        .select({ userId: companyMembers.userId })
        .from(companyMembers)
        .innerJoin(users, eq(users.id, companyMembers.userId))
        .where(
          and(eq(companyMembers.companyId, payload.companyId), eq(sql`lower(${users.email})`, email.toLowerCase())),
        )
    : [];
  if (member) {
    const values = {
      userId: member.userId,
      companyId: payload.companyId,
      slackUserId: payload.slackUserId,
      lookedUpAt: new Date(),
    };
    await deps.db
      .insert(slackUserLinks)
      .values(values)
      .onConflictDoUpdate({ target: [slackUserLinks.userId, slackUserLinks.companyId], set: values });
  }
  if (payload.responseUrl)
    await enqueue(deps.db, 'slack-respond', {
      responseUrl: payload.responseUrl,
      message: { response_type: 'ephemeral', text: member ? CHAT_MESSAGES.linkedNow : CHAT_MESSAGES.cannotLink },
    });
}

const ephemeral = (text: string): SlackAnswer => ({ response_type: 'ephemeral', text });
const plain = (text: string) => ({ type: 'plain_text' as const, text });
const option = (value: string, text: string) => ({ text: plain(text.slice(0, 75)), value });
const select = (
  blockId: string,
  label: string,
  options: { text: { type: 'plain_text'; text: string }; value: string }[],
  optional = false,
) => ({
  type: 'input',
  block_id: blockId,
  optional,
  label: plain(label),
  element: { type: 'static_select', action_id: blockId, options },
});
const textInput = (blockId: string, label: string, optional = false, multiline = false) => ({
  type: 'input',
  block_id: blockId,
  optional,
  label: plain(label),
  element: { type: 'plain_text_input', action_id: blockId, multiline },
});

const relationshipOptions = REFERRER_RELATIONSHIPS.map((r) => option(r, REFERRER_RELATIONSHIP_LABELS[r]));

/** Modal callback ids. */
const VIEWS = { accept: 'referral_request.accept', refer: 'refer' } as const;

function acceptView(requestId: string) {
  return {
    type: 'modal',
    callback_id: VIEWS.accept,
    private_metadata: requestId,
    title: plain(CHAT_MESSAGES.acceptTitle),
    submit: plain(CHAT_MESSAGES.submit),
    close: plain(CHAT_MESSAGES.cancel),
    blocks: [
      select('relationship', CHAT_MESSAGES.relationshipLabel, relationshipOptions),
      textInput('note', CHAT_MESSAGES.noteLabel, true, true),
    ],
  };
}

async function referView(db: Db, companyId: string) {
  const jobs = await db
    .select({ id: jobPostings.id, title: jobPostings.title })
    .from(jobPostings)
    .where(and(eq(jobPostings.companyId, companyId), eq(jobPostings.status, 'OPEN')))
    .orderBy(asc(jobPostings.title))
    .limit(100);
  if (jobs.length === 0) return null;
  return {
    type: 'modal',
    callback_id: VIEWS.refer,
    title: plain(CHAT_MESSAGES.referTitle),
    submit: plain(CHAT_MESSAGES.submit),
    close: plain(CHAT_MESSAGES.cancel),
    blocks: [
      select(
        'jobId',
        CHAT_MESSAGES.jobLabel,
        jobs.map((job) => option(job.id, job.title)),
      ),
      textInput('name', CHAT_MESSAGES.nameLabel),
      textInput('email', CHAT_MESSAGES.emailLabel),
      select('relationship', CHAT_MESSAGES.relationshipLabel, relationshipOptions),
      select(
        'vouch',
        'How well can you vouch for them?',
        VOUCH_STRENGTHS.map((v) => option(v, VOUCH_STRENGTH_LABELS[v])),
      ),
      textInput('notes', CHAT_MESSAGES.noteLabel, true, true),
    ],
  };
}

type StateValues = Record<
  string,
  Record<string, { value?: string | null; selected_option?: { value: string } | null }>
>;

/** A modal's answers by block id (each block has one element, whose action id is the block's). */
function answersOf(values: StateValues | undefined): Record<string, string | undefined> {
  const answers: Record<string, string | undefined> = {};
  for (const [blockId, elements] of Object.entries(values ?? {})) {
    const element = elements[blockId];
    answers[blockId] = element?.selected_option?.value ?? element?.value ?? undefined;
  }
  return answers;
}

/** Our refusal, shown under the modal's first field (Slack shows errors on input blocks only). */
const modalError = (blockId: string, error: unknown): SlackAnswer => {
  if (!isAppError(error)) throw error;
  const fields = Object.entries(error.fields ?? {});
  return {
    response_action: 'errors',
    errors: fields.length > 0 ? Object.fromEntries(fields) : { [blockId]: error.message },
  };
};

interface SlackPayload {
  type?: string;
  team?: { id?: string };
  user?: { id?: string; team_id?: string };
  trigger_id?: string;
  response_url?: string;
  actions?: { action_id?: string; value?: string }[];
  view?: { callback_id?: string; private_metadata?: string; state?: { values?: StateValues } };
}

/** A verified interactivity request (form field `payload`, JSON). */
export async function handleInteraction(deps: InteractionDeps, payload: SlackPayload): Promise<SlackAnswer | null> {
  const member = await memberOf(deps.db, payload.team?.id ?? payload.user?.team_id, payload.user?.id);
  if (payload.type === 'block_actions') {
    const action = payload.actions?.[0];
    const respond = (text: string, replace: boolean) =>
      payload.response_url
        ? enqueue(deps.db, 'slack-respond', {
            responseUrl: payload.response_url,
            message: replace ? { replace_original: true, text } : { response_type: 'ephemeral', text },
          })
        : Promise.resolve();
    if (!member) {
      await respond(CHAT_MESSAGES.notLinked, false);
      await linkOnFirstInteraction(
        deps.db,
        payload.team?.id ?? payload.user?.team_id,
        payload.user?.id,
        payload.response_url,
      );
      return null;
    }
    if (action?.action_id === SLACK_ACTIONS.acceptRequest && action.value && payload.trigger_id) {
      await enqueue(deps.db, 'slack-open-view', {
        companyId: member.companyId,
        triggerId: payload.trigger_id,
        view: acceptView(action.value),
      });
    } else if (action?.action_id === SLACK_ACTIONS.declineRequest && action.value) {
      try {
        await declineReferralRequest(deps.db, member.auth, action.value, undefined);
        await respond(CHAT_MESSAGES.requestDeclined, true);
      } catch (error) {
        if (!isAppError(error)) throw error;
        await respond(error.message, false);
      }
    }
    return null;
  }
  if (payload.type === 'view_submission') {
    const answers = answersOf(payload.view?.state?.values);
    if (!member) return { response_action: 'errors', errors: { relationship: CHAT_MESSAGES.notLinked } };
    if (payload.view?.callback_id === VIEWS.accept) {
      const relationship = REFERRER_RELATIONSHIPS.find((r) => r === answers.relationship);
      if (!relationship)
        return { response_action: 'errors', errors: { relationship: 'Please say how you know the candidate' } };
      try {
        await acceptReferralRequest(deps.db, member.auth, payload.view.private_metadata ?? '', {
          relationship,
          note: answers.note,
        });
      } catch (error) {
        return modalError('relationship', error);
      }
      return null;
    }
    if (payload.view?.callback_id === VIEWS.refer) {
      const parsed = externalReferralSchema.safeParse({
        jobId: answers.jobId,
        name: answers.name,
        email: answers.email,
        relationship: answers.relationship,
        vouch: answers.vouch,
        notes: answers.notes,
      });
      if (!parsed.success)
        return {
          response_action: 'errors',
          errors: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
        };
      try {
        await deps.limiter.consume(externalReferralLimit(member.auth.user.id));
        await createExternalReferral(deps.db, deps.accounts, member.auth, parsed.data);
      } catch (error) {
        return modalError('email', error);
      }
      return null;
    }
  }
  return null;
}

/** A verified `/refer`: opens the referral modal for a linked member, else says why not (only to them). */
export async function handleReferCommand(
  deps: InteractionDeps,
  form: { team_id?: string; user_id?: string; trigger_id?: string; response_url?: string },
): Promise<SlackAnswer | null> {
  const member = await memberOf(deps.db, form.team_id, form.user_id);
  if (!member) {
    await linkOnFirstInteraction(deps.db, form.team_id, form.user_id, form.response_url);
    return ephemeral(CHAT_MESSAGES.notLinked);
  }
  if (!(await hasCapability(deps.db, deps.config.stripe !== null, member.companyId, 'slack_teams')))
    return ephemeral(CHAT_MESSAGES.pausedInSlack);
  const view = await referView(deps.db, member.companyId);
  if (!view) return ephemeral(CHAT_MESSAGES.noOpenRoles);
  if (!form.trigger_id) return null;
  await enqueue(deps.db, 'slack-open-view', { companyId: member.companyId, triggerId: form.trigger_id, view });
  return null;
}

export async function openView(deps: SlackDeps, payload: { companyId: string; triggerId: string; view: object }) {
  const bot = await botToken(deps, payload.companyId);
  if (!bot) return;
  try {
    await callSlack(
      slackClient(deps.config),
      'views.open',
      { bearer: bot.token },
      { json: { trigger_id: payload.triggerId, view: payload.view } },
    );
  } catch (error) {
    if (await markTokenGone(deps.db, payload.companyId, error)) return;
    throw error;
  }
}

/** Posts to an action's response_url: Slack's own hooks host only (or a test's fake, by OUTBOUND_ALLOW_HOSTS). */
export async function respondToAction(deps: SlackDeps, payload: { responseUrl: string; message: object }) {
  slackConfigOf(deps.config);
  const url = new URL(payload.responseUrl);
  const allowHosts = deps.config.outboundAllowHosts;
  if (url.hostname !== 'hooks.slack.com' && !allowHosts.includes(url.host) && !allowHosts.includes(url.hostname))
    return deps.log.warn({ host: url.host }, 'slack: response_url not on hooks.slack.com, dropped');
  const response = await safeFetch(payload.responseUrl, {
    method: 'POST',
    allowHosts,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload.message),
  });
  if (response.status === 429) throw new RetryLater(retryAfterSeconds(response.headers['retry-after']));
  if (response.status >= 300) throw new Error(`Slack response_url: HTTP ${response.status}`);
}
