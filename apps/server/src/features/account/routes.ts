import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountDeletionRequestSchema, accountDeletionStatusSchema, dataExportStatusSchema } from '@referwell/shared';
import { authOf } from '../../platform/access/route-access';
import { clearSessionCookie } from '../../platform/sessions/request-auth';
import { createRateLimiter } from '../../lib/rate-limit';
import { scheduleAccountDeletion } from './deletion';
import { dataExportStatus, requestDataExport } from './data-export';
import { errorResponses } from '../../lib/errors';

const tags = ['account'];
const errors = errorResponses(401, 403, 404, 429);

export const accountDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = createRateLimiter(app.db, app.config.rateLimitScale);

  app.get(
    '/api/account/data-export',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'The state of my latest data export',
        response: { 200: dataExportStatusSchema, ...errors },
      },
    },
    async (request) => dataExportStatus(app.db, app.secret, authOf(request).user.id),
  );

  app.post(
    '/api/account/data-export',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Ask for a ZIP of everything Referwell holds about me (prepared in the background, link mailed)',
        response: { 202: dataExportStatusSchema, ...errors },
      },
    },
    async (request, reply) => {
      const me = authOf(request);
      await limiter.consume({
        key: `data-export:user:${me.user.id}`,
        max: 5,
        windowSeconds: 24 * 3600,
        message: 'Too many data exports.',
      });
      return reply.status(202).send(await requestDataExport(app.db, app.secret, me.user.id));
    },
  );

  app.post(
    '/api/account/deletion',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Delete my account (confirmed with my password) after a seven-day grace period; logs me out',
        body: accountDeletionRequestSchema,
        response: { 202: accountDeletionStatusSchema, ...errors, ...errorResponses(400, 409) },
      },
    },
    async (request, reply) => {
      const me = authOf(request);
      await limiter.consume({
        key: `account-deletion:user:${me.user.id}`,
        max: 10,
        windowSeconds: 3600,
        message: 'Too many attempts.',
      });
      const status = await scheduleAccountDeletion(app.db, me.user.id, request.body.password);
      clearSessionCookie(app, reply);
      return reply.status(202).send(status);
    },
  );
};
