import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, livenessResponseSchema } from '@referwell/shared';
import { DatabaseWatch } from '../../db/watch';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../lib/errors';
import { APP_VERSION } from '../../lib/version';

/** How often liveness's database watch pings: a quarter of the grace, between 0.25 and 5 s. */
export const livenessPingEveryMs = (graceSeconds: number) => Math.min(5_000, Math.max(250, (graceSeconds * 1000) / 4));

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const graceMs = app.config.dbLivenessGraceSeconds * 1000;
  const watch = new DatabaseWatch(
    () => app.database.ping(),
    livenessPingEveryMs(app.config.dbLivenessGraceSeconds),
    3_000,
  );
  if (graceMs > 0) {
    app.addHook('onReady', async () => watch.start());
    app.addHook('onClose', async () => watch.stop());
  }

  app.get(
    '/api/health/live',
    {
      config: { access: 'visitor' },
      schema: {
        tags: ['health'],
        summary:
          'Liveness: 200 while the process answers and reached its database within DB_LIVENESS_GRACE seconds; 503 after (restart it then)',
        response: { 200: livenessResponseSchema, 503: livenessResponseSchema },
      },
    },
    async (_request, reply) => {
      const unreachableMs = watch.unreachableForMs();
      const healthy = graceMs === 0 || unreachableMs <= graceMs;
      return reply.status(healthy ? 200 : 503).send({
        status: healthy ? ('ok' as const) : ('unhealthy' as const),
        databaseUnreachableSeconds: Math.round(unreachableMs / 100) / 10,
        uptimeSeconds: Math.round(process.uptime()),
        version: APP_VERSION,
      });
    },
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
