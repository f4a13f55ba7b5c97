import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { registerApiDocs } from './lib/docs';
import { registerErrorHandling } from './lib/errors';
import { registerSecurityHeaders } from './lib/security';
import { registerWebApp } from './lib/spa';
import { healthRoutes } from './features/health/routes';
import { waitlistRoutes } from './features/waitlist/routes';
import { authRoutes } from './features/auth/routes';
import { companyRoutes } from './features/companies/routes';
import { jobRoutes } from './features/jobs/routes';
import { referralRoutes } from './features/referrals/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { jobImportRoutes } from './features/jobs/import/routes';
import { messagingRoutes } from './features/messaging/routes';
import { notificationRoutes } from './features/notifications/routes';
import { realtimeRoutes } from './features/realtime/routes';
import { talentRoutes } from './features/talent/routes';
import { registerAuth } from './lib/auth';
import { registerBackgroundWork } from './background';
import { mailRoutes } from './features/mail/routes';
import { mailPreviewRoutes } from './features/mail/preview';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Shortcut for database.db: the drizzle handle features query with. */
    db: Db;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export async function buildApp({ config, database, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    logController: new LogController({ disableRequestLogging: config.nodeEnv === 'test' }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  await registerSecurityHeaders(app, config);
  // Brotli/gzip for JSON, JS and CSS over 1 KB. Quality 4 keeps per-request compression cheap;
  // prerendered pages are compressed once, at maximum quality, when the server starts.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      code: 'RATE_LIMITED',
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
  await registerApiDocs(app);
  registerAuth(app);
  await registerBackgroundWork(app);

  await app.register(healthRoutes);
  await app.register(waitlistRoutes);
  await app.register(authRoutes);
  await app.register(companyRoutes);
  await app.register(jobRoutes);
  await app.register(jobImportRoutes);
  await app.register(messagingRoutes);
  await app.register(notificationRoutes);
  await app.register(realtimeRoutes);
  await app.register(talentRoutes);
  await app.register(referralRoutes);
  await app.register(dashboardRoutes);
  await app.register(mailRoutes);
  if (config.nodeEnv !== 'production') await app.register(mailPreviewRoutes);

  await registerWebApp(app, config);
  return app;
}
