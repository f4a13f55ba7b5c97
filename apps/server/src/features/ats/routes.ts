import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  atsConnectionListSchema,
  atsConnectionParamsSchema,
  atsConnectionSchema,
  atsConnectRequestSchema,
  atsJobLinkListSchema,
  atsJobLinkRequestSchema,
  atsJobListSchema,
  atsStageMappingRequestSchema,
  atsSyncEntrySchema,
  atsSyncLogSchema,
  atsSyncParamsSchema,
  atsWebhookAnswerSchema,
  atsWebhookParamsSchema,
  companyIdParamSchema,
} from '@referwell/shared';
import { errorResponses } from '../../lib/errors';
import { companyAuthOf } from '../../platform/access/route-access';
import {
  connect,
  linkJob,
  listAtsJobs,
  listConnections,
  listJobLinks,
  queueCheck,
  queueImport,
  retrySync,
  revoke,
  setStageMapping,
  syncLog,
} from './service';
import { receiveWebhook } from './webhooks';

const errors = errorResponses(400, 401, 402, 403, 404, 409);
const tags = ['ats'];
/** Every admin route: the company's admins, on a plan with ATS integrations. */
const admins = { access: 'companyAdmin', capability: 'ats_integrations' } as const;
const base = '/api/companies/:companyId/ats/connections';
/** A vendor's webhook is small; a body past this is not one. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export const atsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    {
      config: admins,
      schema: {
        tags,
        summary: "The company's ATS connections; keys are never returned, only that one is kept (company admins)",
        params: companyIdParamSchema,
        response: { 200: atsConnectionListSchema, ...errors },
      },
    },
    async (request) => listConnections(app.db, request.params.companyId),
  );

  app.post(
    base,
    {
      config: admins,
      schema: {
        tags,
        summary: 'Connect an ATS: credentials are sealed at once, the ATS is not called (test it next)',
        params: companyIdParamSchema,
        body: atsConnectRequestSchema,
        response: { 201: atsConnectionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const made = await connect(
        { db: app.db, secrets: app.secrets },
        request.params.companyId,
        companyAuthOf(request).user.id,
        request.body,
      );
      return reply.code(201).send(made);
    },
  );

  app.delete(
    `${base}/:connectionId`,
    {
      config: admins,
      schema: {
        tags,
        summary: 'Revoke a connection: its credentials are wiped and its webhooks refused; the sync log stays',
        params: atsConnectionParamsSchema,
        response: { 200: atsConnectionSchema, ...errors },
      },
    },
    async (request) =>
      revoke(app.db, request.params.companyId, companyAuthOf(request).user.id, request.params.connectionId),
  );

  app.post(
    `${base}/:connectionId/test`,
    {
      config: admins,
      schema: {
        tags,
        summary: 'Test the connection on the queue: the answer is its sync-log entry, settled when the ATS answers',
        params: atsConnectionParamsSchema,
        response: { 202: atsSyncEntrySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await queueCheck(app.db, request.params.companyId, request.params.connectionId, 'test')),
  );

  app.put(
    `${base}/:connectionId/stage-mapping`,
    {
      config: admins,
      schema: {
        tags,
        summary: "Which of our pipeline stages each ATS stage means (the ATS's hire is always Hired)",
        params: atsConnectionParamsSchema,
        body: atsStageMappingRequestSchema,
        response: { 200: atsConnectionSchema, ...errors },
      },
    },
    async (request) =>
      setStageMapping(app.db, request.params.companyId, request.params.connectionId, request.body.stageMapping),
  );

  app.get(
    `${base}/:connectionId/jobs`,
    {
      config: admins,
      schema: {
        tags,
        summary: "The ATS's open jobs as last read, to link a job to",
        params: atsConnectionParamsSchema,
        response: { 200: atsJobListSchema, ...errors },
      },
    },
    async (request) => listAtsJobs(app.db, request.params.companyId, request.params.connectionId),
  );

  app.post(
    `${base}/:connectionId/jobs/refresh`,
    {
      config: admins,
      schema: {
        tags,
        summary: "Read the ATS's open jobs again, on the queue: the answer is its sync-log entry",
        params: atsConnectionParamsSchema,
        response: { 202: atsSyncEntrySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await queueCheck(app.db, request.params.companyId, request.params.connectionId, 'read_jobs')),
  );

  app.post(
    `${base}/:connectionId/jobs/import`,
    {
      config: admins,
      schema: {
        tags,
        summary:
          "Import the ATS's open jobs as the company's jobs, on the queue, and keep them in sync on every " +
          'reconciliation (a job lacking a pay range a law requires is kept as a draft): the answer is its sync-log entry',
        params: atsConnectionParamsSchema,
        response: { 202: atsSyncEntrySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await queueImport(
            app.db,
            request.params.companyId,
            companyAuthOf(request).user.id,
            request.params.connectionId,
          ),
        ),
  );

  app.get(
    `${base}/:connectionId/job-links`,
    {
      config: admins,
      schema: {
        tags,
        summary: 'The company jobs linked to ATS jobs (their referrals are pushed there)',
        params: atsConnectionParamsSchema,
        response: { 200: atsJobLinkListSchema, ...errors },
      },
    },
    async (request) => listJobLinks(app.db, request.params.companyId, request.params.connectionId),
  );

  app.put(
    `${base}/:connectionId/job-links`,
    {
      config: admins,
      schema: {
        tags,
        summary: 'Link a company job to one of the ATS open jobs, or unlink it (atsJobId null)',
        params: atsConnectionParamsSchema,
        body: atsJobLinkRequestSchema,
        response: { 200: atsJobLinkListSchema, ...errors },
      },
    },
    async (request) => linkJob(app.db, request.params.companyId, request.params.connectionId, request.body),
  );

  app.get(
    `${base}/:connectionId/sync-log`,
    {
      config: admins,
      schema: {
        tags,
        summary: "The connection's sync log: pushes, webhooks, tests; the ATS's answer and retry state",
        params: atsConnectionParamsSchema,
        response: { 200: atsSyncLogSchema, ...errors },
      },
    },
    async (request) => syncLog(app.db, request.params.companyId, request.params.connectionId),
  );

  app.post(
    `${base}/:connectionId/sync-log/:syncId/retry`,
    {
      config: admins,
      schema: {
        tags,
        summary: 'Retry now: a failed or waiting push, test or read is queued at once',
        params: atsSyncParamsSchema,
        response: { 200: atsSyncEntrySchema, ...errors },
      },
    },
    async (request) => retrySync(app.db, request.params.companyId, request.params.connectionId, request.params.syncId),
  );

  // The vendor's webhook: its signature covers the bytes it sent, so the body is read as text.
  await app.register(async (plain) => {
    const webhook = plain.withTypeProvider<ZodTypeProvider>();
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    webhook.post(
      '/api/ats/webhooks/:connectionId',
      {
        config: { access: 'visitor', sessionsUnchanged: true },
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags,
          summary: "An ATS's signed webhook (bad or absent signature: 401; a replayed delivery changes nothing)",
          params: atsWebhookParamsSchema,
          response: { 200: atsWebhookAnswerSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        receiveWebhook(
          { db: app.db, secrets: app.secrets, log: request.log },
          request.params.connectionId,
          Buffer.from(typeof request.body === 'string' ? request.body : '', 'utf8'),
          request.headers,
        ),
    );
  });
};
