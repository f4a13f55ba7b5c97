import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_ROUTES } from '@referwell/shared/routes';
import {
  chatSettingsSchema,
  companyIdParamSchema,
  slackAnswerSchema,
  slackChannelChoiceSchema,
  slackInstallSchema,
  slackOAuthCallbackQuerySchema,
  teamsWebhookSchema,
} from '@referwell/shared';
import { AppError, errorResponses } from '../../lib/errors';
import { createRateLimiter } from '../../lib/rate-limit';
import { authOf, companyAuthOf } from '../../platform/access/route-access';
import { handleInteraction, handleReferCommand, verifySlackSignature, type InteractionDeps } from './interactions';
import {
  acceptOAuthRedirect,
  chatSettings,
  chooseChannel,
  disconnectSlack,
  installUrl,
  queueTestPost,
  refreshChannels,
  slackConfigOf,
} from './slack-install';
import { disconnectTeams, saveTeamsWebhook } from './teams';

const errors = errorResponses(400, 401, 402, 403, 404, 409);
const tags = ['integrations'];
/** Slack's interaction payloads are small (a modal's state at most a few KB). */
const SLACK_BODY_LIMIT = 256 * 1024;
const integrationsPage = `/${APP_ROUTES.chat}`;

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = createRateLimiter(app.db, app.config.rateLimitScale);
  const deps = (): InteractionDeps => ({
    limiter,
    db: app.db,
    config: app.config,
    secrets: app.secrets,
    secret: app.secret,
    log: app.log,
    accounts: app.accounts,
  });
  const base = '/api/companies/:companyId/integrations';
  /** Setting Slack and Teams up is an Enterprise capability; disconnecting never is (nothing is taken hostage). */
  const setUp = { access: 'companyAdmin', capability: 'slack_teams' } as const;

  app.get(
    base,
    {
      config: { access: 'companyAdmin', capability: { capability: 'slack_teams', use: 'view' } },
      schema: {
        tags,
        summary: "The company's Slack and Teams connections (never a token or a webhook URL) (company admins)",
        params: companyIdParamSchema,
        response: { 200: chatSettingsSchema, ...errors },
      },
    },
    async (request) => chatSettings(app.db, app.config, request.params.companyId),
  );

  app.post(
    `${base}/slack/install`,
    {
      config: setUp,
      schema: {
        tags,
        summary: "Start installing the Slack app: Slack's page where the admin approves it (company admins)",
        params: companyIdParamSchema,
        response: { 200: slackInstallSchema, ...errors },
      },
    },
    async (request) => installUrl(deps(), request.params.companyId, companyAuthOf(request).user.id),
  );

  app.get(
    '/api/slack/oauth/callback',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "Slack's redirect after the install: records it and queues the code exchange, then the admin page",
        querystring: slackOAuthCallbackQuerySchema,
        response: { 303: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { companyId } = await acceptOAuthRedirect(deps(), request.query, authOf(request).user.id);
      return reply.redirect(`${integrationsPage}?company=${companyId}`, 303);
    },
  );

  app.put(
    `${base}/slack/channel`,
    {
      config: setUp,
      schema: {
        tags,
        summary: 'Choose the channel new open roles are posted to, among the listed ones (company admins)',
        params: companyIdParamSchema,
        body: slackChannelChoiceSchema,
        response: { 200: chatSettingsSchema, ...errors },
      },
    },
    async (request) => {
      await chooseChannel(app.db, request.params.companyId, request.body);
      return chatSettings(app.db, app.config, request.params.companyId);
    },
  );

  app.post(
    `${base}/slack/channels/refresh`,
    {
      config: setUp,
      schema: {
        tags,
        summary: "Read the workspace's channels again (queued) (company admins)",
        params: companyIdParamSchema,
        response: { 202: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await refreshChannels(app.db, request.params.companyId);
      return reply.status(202).send(null);
    },
  );

  app.post(
    `${base}/slack/test`,
    {
      config: setUp,
      schema: {
        tags,
        summary: 'Queue a test message to the chosen channel (company admins)',
        params: companyIdParamSchema,
        response: { 202: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await queueTestPost(app.db, request.params.companyId);
      return reply.status(202).send(null);
    },
  );

  app.delete(
    `${base}/slack`,
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary: "Disconnect Slack: forgets the token and people's links, revokes the token in Slack (company admins)",
        params: companyIdParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await disconnectSlack(app.db, request.params.companyId, companyAuthOf(request).user.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    `${base}/teams`,
    {
      config: setUp,
      schema: {
        tags,
        summary: 'Connect a Teams channel by its incoming webhook URL (sealed, never returned) (company admins)',
        params: companyIdParamSchema,
        body: teamsWebhookSchema,
        response: { 200: chatSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      await saveTeamsWebhook(deps(), companyId, companyAuthOf(request).user.id, request.body);
      return chatSettings(app.db, app.config, companyId);
    },
  );

  app.delete(
    `${base}/teams`,
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary: 'Disconnect the Teams channel (company admins)',
        params: companyIdParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await disconnectTeams(app.db, request.params.companyId, companyAuthOf(request).user.id);
      return reply.status(204).send(null);
    },
  );

  // What Slack sends: verified against the exact bytes, so these routes read the form as text.
  await app.register(async (slack) => {
    slack.removeAllContentTypeParsers();
    // Slack sends forms; any other body is read as text too, so that it meets the signature check (401), not a 415.
    slack.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'application/json'],
      { parseAs: 'string', bodyLimit: SLACK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    const verifiedForm = (request: { body: unknown; headers: Record<string, string | string[] | undefined> }) => {
      const settings = slackConfigOf(app.config);
      const raw = typeof request.body === 'string' ? request.body : '';
      verifySlackSignature(settings.signingSecret, raw, request.headers, app.log);
      return new URLSearchParams(raw);
    };
    const slackErrors = errorResponses(400, 401, 404);

    slack.post(
      '/api/slack/interactions',
      {
        config: { access: 'visitor', sessionsUnchanged: true },
        bodyLimit: SLACK_BODY_LIMIT,
        schema: {
          tags,
          summary: "Slack's interactivity requests (buttons, modal submissions), verified by their signature",
          response: { 200: slackAnswerSchema, ...slackErrors },
        },
      },
      async (request, reply) => {
        const form = verifiedForm(request);
        let payload: unknown;
        try {
          payload = JSON.parse(form.get('payload') ?? '');
        } catch {
          throw new AppError(400, 'BAD_PAYLOAD', 'The interaction carries no payload.');
        }
        const answer = await handleInteraction(deps(), (payload ?? {}) as Parameters<typeof handleInteraction>[1]);
        return answer ? answer : reply.status(200).send();
      },
    );

    slack.post(
      '/api/slack/commands',
      {
        config: { access: 'visitor', sessionsUnchanged: true },
        bodyLimit: SLACK_BODY_LIMIT,
        schema: {
          tags,
          summary: "Slack's slash command /refer, verified by its signature: opens the referral modal",
          response: { 200: slackAnswerSchema, ...slackErrors },
        },
      },
      async (request, reply) => {
        const form = verifiedForm(request);
        const answer = await handleReferCommand(deps(), {
          team_id: form.get('team_id') ?? undefined,
          user_id: form.get('user_id') ?? undefined,
          trigger_id: form.get('trigger_id') ?? undefined,
          response_url: form.get('response_url') ?? undefined,
        });
        return answer ? answer : reply.status(200).send();
      },
    );
  });
};
