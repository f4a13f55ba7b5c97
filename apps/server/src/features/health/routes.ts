import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@referwell/shared';
import { APP_VERSION } from '../../lib/version';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
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
      return reply.status(ok ? 200 : 503).send(body);
    },
  );
};
