import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, livenessResponseSchema } from '@referwell/shared';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../lib/errors';
import { APP_VERSION } from '../../lib/version';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health/live',
    {
      config: { access: 'visitor' },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up (no database check; restart it only when this fails)',
        response: { 200: livenessResponseSchema },
      },
    },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()), version: APP_VERSION }),
  );

  app.get(
    '/api/health',
    {
      config: { access: 'visitor' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: 200 when the database answers, 503 (with Retry-After) when it does not',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      let ok = true;
      try {
        await app.database.ping();
      } catch (err) {
        request.log.error({ err }, 'health: database ping failed');
        ok = false;
      }
      const body = {
        status: ok ? ('ok' as const) : ('degraded' as const),
        database: {
          ok,
          driver: app.database.driver,
          latencyMs: Math.round((performance.now() - started) * 100) / 100,
        },
        uptimeSeconds: Math.round(process.uptime()),
        version: APP_VERSION,
      };
      if (!ok) reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return reply.status(ok ? 200 : 503).send(body);
    },
  );
};
