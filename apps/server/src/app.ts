import { randomBytes, randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { sharedSetting } from './db/settings';
import { registerApiDocs } from './lib/docs';
import { registerErrorHandling } from './lib/errors';
import { JSON_BODY_LIMIT, registerJsonBodies, registerNulGuard } from './lib/request-body';
import { limitConnectionsPerAddress } from './lib/connection-limit';
import { OneLinePerRequest } from './lib/request-log';
import { canonicalRequestTarget } from './lib/request-path';
import { registerSecurityHeaders } from './lib/security';
import { registerWebApp } from './lib/spa';
import { createStorage, type FileStorage } from './lib/storage';
import { createStripe, type Stripe } from './lib/payments/stripe';
import { createSecrets, dataEncryptionKey, oldDataEncryptionKeys, type Secrets } from './lib/secrets';
import { checkSealedValues } from './lib/sealed-columns';
import { enqueue } from './lib/queue/enqueue';
import { healthRoutes } from './features/health/routes';
import { waitlistRoutes } from './features/waitlist/routes';
import { authRoutes } from './features/auth/routes';
import { scimRoutes } from './features/scim/routes';
import { accountEmailRoutes } from './features/auth/email-routes';
import { ssoRoutes } from './features/auth/sso/routes';
import { companyRoutes } from './features/companies/routes';
import { auditRoutes } from './features/audit/routes';
import { accountDataRoutes } from './features/account/routes';
import { exportRoutes } from './features/exports/routes';
import { jobRoutes } from './features/jobs/routes';
import { referralRoutes } from './features/referrals/routes';
import { externalReferralRoutes } from './features/referrals/external-routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { jobImportRoutes } from './features/job-import/routes';
import { companyClaimRoutes } from './features/job-import/claim-routes';
import { messagingRoutes } from './features/messaging/routes';
import { notificationRoutes } from './features/notifications/routes';
import { realtimeRoutes } from './features/realtime/routes';
import { RealtimeHub } from './platform/events/hub';
import { talentRoutes } from './features/talent/routes';
import { registerAuth } from './platform/sessions/request-auth';
import { requireRouteAccess } from './platform/access/route-access';
import { AccountLifecycle } from './platform/accounts/lifecycle';
import { cancelDeletionOnLogin } from './features/account/deletion';
import { profileForNewJobseeker } from './features/talent/service';
import { savedSearchRoutes } from './features/saved-searches/routes';
import { registerBackgroundWork } from './background';
import { mailRoutes } from './features/mail/routes';
import { analyticsRoutes } from './features/analytics/routes';
import { bonusRoutes } from './features/bonuses/routes';
import { selfIdRoutes } from './features/self-id/routes';
import { retentionRoutes } from './features/retention/routes';
import { connectionRoutes } from './features/connections/routes';
import { screeningRoutes } from './features/screening/routes';
import { billingRoutes } from './features/billing/routes';
import { atsRoutes } from './features/ats/routes';
import { chatRoutes } from './features/chat/routes';
import { requireRouteCapabilities } from './platform/plans/capability';
import { mailPreviewRoutes } from './features/mail/preview';
import { publicPageRoutes, serverPages } from './features/public-pages';
import { portalRoutes } from './features/portal/routes';
import { registerPortalHosts } from './features/portal/hosts';
import { systemResolveTxt, type ResolveTxt } from './lib/dns';
import { shutdownStep } from './lib/shutdown-step';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Shortcut for database.db: the drizzle handle features query with. */
    db: Db;
    /** Where uploaded files are kept (database or S3, from config.storage). */
    storage: FileStorage;
    /** This process's LISTEN on the realtime channel: pushes to open sockets, session changes to the cache. */
    realtime: RealtimeHub;
    /** SESSION_SECRET, or the one generated once and kept in the database: signs cookies and mail links. */
    secret: string;
    /** The Stripe client when billing is configured (STRIPE_*), else null: every plan feature is on. */
    stripe: Stripe | null;
    /** Seals secrets at rest under the data-encryption key (lib/secrets.ts). */
    secrets: Secrets;
    /** Reads DNS TXT records (a portal's host name proof): the system's resolvers, or the one a test gives. */
    resolveTxt: ResolveTxt;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** DNS TXT lookups (tests answer them from a zone of their own); the system's resolvers by default. */
  resolveTxt?: ResolveTxt;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Slow or idle clients are cut off (a connection held open costs a socket and memory): headers
 * must arrive within 15 s, the whole request (a 5 MB résumé on a slow line included) within 60 s,
 * an idle keep-alive connection is closed after 10 s, and a socket silent for 3 minutes
 * (longer than the longest request we serve, a 120 s crawl) is dropped. Node checks the header and
 * request deadlines on a timer (`connectionsCheckingInterval`, 30 s by default, which let headers
 * trickle for 45 s and bodies for 90 s): every second here, so each cut comes within a second of its time.
 */
export const HTTP_TIMEOUTS = {
  headersTimeout: 15_000,
  requestTimeout: 60_000,
  keepAliveTimeout: 10_000,
  connectionTimeout: 180_000,
  connectionsCheckingInterval: 1_000,
} as const;

/**
 * How long a shutdown waits for in-flight requests before the process exits: the slowest one still
 * served inside a request is a job import (page fetch 20 s + parse in a worker 10 s + optional LLM
 * 30 s). Crawls (up to 120 s) are moving to background jobs on the queue, which finish or are
 * retried by the next process; a crawl still served inside a request is cut off at this grace.
 */
export const SHUTDOWN_GRACE_MS = 65_000;

export async function buildApp({ config, database, logger, resolveTxt }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    // A client-chosen id could collide with another request's in the logs: only a proxy we
    // trust (TRUST_PROXY) may hand one down, and only in a safe shape.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return config.trustProxy && typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // One path for the router and every guard: `/%61pi/...` is `/api/...` before any hook sees it.
    rewriteUrl: (req) => canonicalRequestTarget(req.url ?? '/'),
    bodyLimit: JSON_BODY_LIMIT,
    http: {
      headersTimeout: HTTP_TIMEOUTS.headersTimeout,
      requestTimeout: HTTP_TIMEOUTS.requestTimeout,
      connectionsCheckingInterval: HTTP_TIMEOUTS.connectionsCheckingInterval,
    },
    requestTimeout: HTTP_TIMEOUTS.requestTimeout,
    keepAliveTimeout: HTTP_TIMEOUTS.keepAliveTimeout,
    connectionTimeout: HTTP_TIMEOUTS.connectionTimeout,
    logController: new OneLinePerRequest({ disableRequestLogging: config.nodeEnv === 'test' }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('storage', await createStorage(config.storage, database.db));
  app.decorate('stripe', config.stripe ? await createStripe(config.stripe) : null);
  app.decorate('secrets', createSecrets(dataEncryptionKey(config), oldDataEncryptionKeys(config)));
  // Every sealed value must open with the key ring, else the start-up stops here, saying which key is missing.
  const sealed = await checkSealedValues(database.db, app.secrets);
  app.decorate('resolveTxt', resolveTxt ?? systemResolveTxt());
  app.addHook('onClose', async () => shutdownStep(app.log, 'file storage', () => app.storage.close()));
  // While shutting down, answers that were in flight close their connection, so a keep-alive
  // client does not hold the process open until its idle timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (request, reply, _payload, done) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    done();
  });

  app.server.headersTimeout = HTTP_TIMEOUTS.headersTimeout;
  limitConnectionsPerAddress(app.server, config.maxConnectionsPerAddress, app.log);
  registerErrorHandling(app);
  registerJsonBodies(app);
  registerNulGuard(app);
  registerSecurityHeaders(app, config);
  // A company's careers portal on the host name it proved answers before any route (features/portal/hosts.ts).
  registerPortalHosts(app);
  // Brotli/gzip for JSON, JS and CSS over 1 KB. Quality 4 keeps per-request compression cheap;
  // prerendered pages are compressed once, at maximum quality, when the server starts.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  const secret =
    config.sessionSecret ??
    (await sharedSetting(database.db, 'session_secret', () => randomBytes(32).toString('base64url')));
  app.decorate('secret', secret);
  await app.register(cookie, { secret });
  await registerApiDocs(app);
  const hub = new RealtimeHub(database, app.log);
  await hub.start();
  app.decorate('realtime', hub);
  app.addHook('onClose', async () => shutdownStep(app.log, 'the realtime hub', () => hub.stop()));
  registerAuth(app);
  // What features add to sign-up and login, which features/auth runs without knowing them.
  app.decorate('accounts', new AccountLifecycle().onCreated(profileForNewJobseeker).onLogin(cancelDeletionOnLogin));
  await registerBackgroundWork(app);
  // Values under an old key (or from before key ids) are re-sealed under the current one by the queue (ADR 0038).
  if (sealed.notCurrent > 0) {
    app.log.info({ notCurrent: sealed.notCurrent }, 'secrets: re-sealing values under the current key');
    const keyId = app.secrets.currentKeyId;
    await enqueue(
      app.db,
      'reseal-secrets',
      { keyId },
      { jobKey: `reseal-secrets:${keyId}`, jobKeyMode: 'preserve_run_at' },
    );
  }

  // The features' routes, each declaring who may call it (config.access: a route without one stops the start-up) and,
  // where the plan decides, the capability it needs (config.capability, checked after the access).
  await app.register(async (features) => {
    requireRouteCapabilities(features, { db: app.db, billing: app.config.stripe !== null });
    requireRouteAccess(features, { emails: config.platformAdminEmails });
    await features.register(healthRoutes);
    await features.register(waitlistRoutes);
    await features.register(authRoutes);
    await features.register(scimRoutes);
    await features.register(companyRoutes);
    await features.register(auditRoutes);
    await features.register(accountDataRoutes);
    await features.register(exportRoutes);
    await features.register(jobRoutes);
    await features.register(jobImportRoutes);
    await features.register(companyClaimRoutes);
    await features.register(messagingRoutes);
    await features.register(notificationRoutes);
    await features.register(realtimeRoutes);
    await features.register(talentRoutes);
    await features.register(savedSearchRoutes);
    await features.register(referralRoutes);
    await features.register(externalReferralRoutes);
    await features.register(dashboardRoutes);
    await features.register(analyticsRoutes);
    await features.register(bonusRoutes);
    await features.register(selfIdRoutes);
    await features.register(retentionRoutes);
    await features.register(connectionRoutes);
    await features.register(screeningRoutes);
    await features.register(billingRoutes);
    await features.register(atsRoutes);
    await features.register(chatRoutes);
    await features.register(accountEmailRoutes);
    await features.register(ssoRoutes);
    await features.register(mailRoutes);
    if (config.devRoutes) await features.register(mailPreviewRoutes);
    await features.register(publicPageRoutes);
    await features.register(portalRoutes);
  });

  await registerWebApp(app, config, serverPages(app));
  return app;
}
