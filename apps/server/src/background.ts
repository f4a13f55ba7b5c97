import type { FastifyInstance } from 'fastify';
import type { Task, TaskList } from 'graphile-worker';
import { buildDataExport } from './features/account/data-export';
import { buildCompanyExport } from './features/analytics/export-requests';
import { expireDataExports } from './platform/exports/prepared';
import { eraseDueAccounts } from './features/account/deletion';
import { sweepRetention } from './features/retention/service';
import { sendDigests } from './features/mail/digest';
import {
  matchSavedSearches,
  sendSearchAlert,
  sendSearchAlertBatch,
  sendSearchAlerts,
} from './features/saved-searches/alerts';
import { messageMailTask } from './platform/notifications/mail';
import { runCrawl } from './features/job-import/crawl-jobs';
import { crawlDueSources, crawlSource } from './features/job-import/sources';
import { pruneExpired, sweepUnfinishedFiles } from './features/maintenance/prune';
import { FACET_RECOUNT_CRON, recountTalentFacets } from './features/talent/facets';
import { deliverHeldNotifications } from './features/referrals/pipeline';
import { readUnreadPlaces } from './db/read-places';
import { syncSubscription } from './features/billing/subscriptions';
import { pruneReferralUploads } from './features/referrals/uploads';
import { fetchLeie } from './features/screening/leie-fetch';
import { rescreenHires } from './features/screening/service';
import { queueApplicationPush, queueReferralPush, reconcileAll, runSync } from './features/ats/sync';
import { enqueue, type QueueTasks, type TaskName } from './lib/queue/enqueue';
import { resealStep, type ResealProgress } from './lib/sealed-columns';
import { startQueue } from './lib/queue/runner';
import { releaseJobsOfDeadWorkers } from './lib/queue/stale';
import { createMailer, type Mailer } from './lib/mail/transport';
import { sendMailTask } from './lib/mail/send';
import { honouringRetryAfter } from './lib/queue/retry-later';
import { sendSlackDm } from './platform/notifications/slack';
import { tellAdminsChatPaused } from './platform/notifications/chat-paused';
import { PORTAL_HOSTS_RECHECK_CRON, queuePortalHostChecks, recheckPortalHost } from './features/portal/recheck';
import { exchangeCode, listChannels, revokeToken, testPost } from './features/chat/slack-install';
import { postJobToSlack, postJobToTeams } from './features/chat/announce';
import { linkSlackUser, openView, respondToAction } from './features/chat/interactions';
import { shutdownStep } from './lib/shutdown-step';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one mailer; features never send directly, they enqueue mail (lib/mail/send.ts). */
    mailer: Mailer;
  }
}

declare module './lib/queue/enqueue' {
  interface QueueTasks {
    'prune-expired': Record<string, never>;
    'release-stale-jobs': Record<string, never>;
    /** Jobs' and profiles' locations not read into places yet (db/read-places.ts): a batch, then again if more. */
    'read-places': Record<string, never>;
    /** After a key rotation: one batch of sealed values re-sealed under the current key, then the next step. */
    'reseal-secrets': ResealProgress;
  }
}

/** A job locked this long belongs to a dead process (every task here is bounded well below it). */
const STALE_JOB_SECONDS = 10 * 60;

/** Scheduled work: graphile-worker runs each line once per period across every process. */
export const CRONTAB = [
  '17 * * * * prune-expired',
  '*/5 * * * * release-stale-jobs',
  '*/15 * * * * ats-reconcile',
  // Job sources due a crawl are queued, spread out (features/job-import/sources.ts).
  '*/10 * * * * crawl-due-sources',
  '47 * * * * expire-data-exports',
  '23 * * * * erase-due-accounts',
  '41 3 * * * retention-sweep',
  '0 7 * * * send-digests ?id=daily {period:"daily"}',
  '0 7 * * 1 send-digests ?id=weekly {period:"weekly"}',
  '0 7 * * * send-search-alerts ?id=daily-search-alerts {period:"daily"}',
  '0 7 * * 1 send-search-alerts ?id=weekly-search-alerts {period:"weekly"}',
  FACET_RECOUNT_CRON,
  // Proved portal host names checked again: two misses in a row unpublish one (issue 34).
  PORTAL_HOSTS_RECHECK_CRON,
  // Hires screened again against the LEIE list in force, monthly (issue 36).
  '30 6 1 * * rescreen-hires',
].join('\n');

const task =
  <N extends TaskName>(run: (payload: QueueTasks[N]) => Promise<unknown>): Task =>
  async (payload) => {
    await run(payload as QueueTasks[N]);
  };

/** A task that calls an outside service: a 429's Retry-After puts it back for exactly that long (lib/queue/retry-later). */
const vendorTask =
  <N extends TaskName>(db: FastifyInstance['db'], name: N, run: (payload: QueueTasks[N]) => Promise<unknown>): Task =>
  async (payload) => {
    await honouringRetryAfter(db, name, payload as QueueTasks[N], run);
  };

function taskList(app: FastifyInstance): TaskList {
  const mailDeps = {
    db: app.db,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    sessionSecret: app.secret,
    log: app.log,
  };
  const chatDeps = { db: app.db, config: app.config, secrets: app.secrets, secret: app.secret, log: app.log };
  const chat = <N extends TaskName>(name: N, run: (payload: QueueTasks[N]) => Promise<unknown>) =>
    vendorTask(app.db, name, run);
  return {
    'slack-exchange-code': chat('slack-exchange-code', (payload) => exchangeCode(chatDeps, payload)),
    'slack-list-channels': chat('slack-list-channels', (payload) => listChannels(chatDeps, payload)),
    'slack-test-post': chat('slack-test-post', (payload) => testPost(chatDeps, payload)),
    'slack-revoke': chat('slack-revoke', (payload) => revokeToken(chatDeps, payload)),
    'slack-post-job': chat('slack-post-job', (payload) => postJobToSlack(chatDeps, payload)),
    'teams-post-job': chat('teams-post-job', (payload) => postJobToTeams(chatDeps, payload)),
    'slack-dm': chat('slack-dm', (payload) => sendSlackDm(chatDeps, payload)),
    'slack-open-view': chat('slack-open-view', (payload) => openView(chatDeps, payload)),
    'slack-respond': chat('slack-respond', (payload) => respondToAction(chatDeps, payload)),
    'slack-link-user': chat('slack-link-user', (payload) => linkSlackUser(chatDeps, payload)),
    'recheck-portal-hosts': task<'recheck-portal-hosts'>(() => queuePortalHostChecks(app.db)),
    'recheck-portal-host': task<'recheck-portal-host'>((payload) => recheckPortalHost(app.db, app.resolveTxt, payload)),
    'chat-paused-notice': task<'chat-paused-notice'>((payload) => tellAdminsChatPaused(app.db, payload)),
    'send-mail': task<'send-mail'>((job) => sendMailTask(mailDeps, job)),
    'message-mail': task<'message-mail'>((payload) => messageMailTask(app.db, payload)),
    'send-digests': task<'send-digests'>(({ period }) => sendDigests(app.db, period)),
    'match-saved-searches': task<'match-saved-searches'>(({ jobId }) => matchSavedSearches(app.db, jobId)),
    'search-alert': task<'search-alert'>(({ savedSearchId }) => sendSearchAlert(app.db, savedSearchId)),
    'search-alerts': task<'search-alerts'>(({ savedSearchIds }) => sendSearchAlertBatch(app.db, savedSearchIds)),
    'send-search-alerts': task<'send-search-alerts'>(({ period }) => sendSearchAlerts(app.db, period)),
    'prune-expired': task<'prune-expired'>(async () =>
      app.log.info(
        {
          deleted: await pruneExpired(app.db),
          unfinishedFiles: await sweepUnfinishedFiles(app.storage),
          referralUploads: await pruneReferralUploads(app.db, app.storage),
        },
        'pruned',
      ),
    ),
    'deliver-held-notifications': task<'deliver-held-notifications'>(() => deliverHeldNotifications(app.db)),
    'release-stale-jobs': task<'release-stale-jobs'>(() => releaseJobsOfDeadWorkers(app.db, STALE_JOB_SECONDS)),
    'build-data-export': task<'build-data-export'>(({ exportId }) =>
      buildDataExport(app.db, app.storage, app.secret, app.secrets, exportId),
    ),
    'build-company-export': task<'build-company-export'>(({ exportId }) =>
      buildCompanyExport(app.db, app.storage, app.secret, exportId),
    ),
    'expire-data-exports': task<'expire-data-exports'>(() => expireDataExports(app.db, app.storage)),
    'erase-due-accounts': task<'erase-due-accounts'>(() => eraseDueAccounts(app.db, app.storage)),
    'retention-sweep': task<'retention-sweep'>(async () => {
      await sweepRetention(app.db, app.storage, app.secret, app.config.jobseekerRetentionMonths);
    }),
    'recount-talent-facets': task<'recount-talent-facets'>(() => recountTalentFacets(app.db)),
    'billing-sync-subscription': task<'billing-sync-subscription'>(async ({ subscriptionId }) => {
      // Billing switched off since the job was queued: nothing to read it with.
      if (!app.stripe || !app.config.stripe)
        return app.log.warn({ subscriptionId }, 'billing: not configured, read dropped');
      return syncSubscription(app.db, app.stripe, app.config.stripe, subscriptionId, app.log);
    }),
    'read-places': task<'read-places'>(async () => {
      if ((await readUnreadPlaces(app.db)) > 0) await enqueue(app.db, 'read-places', {}, { jobKey: 'read-places' });
    }),
    'reseal-secrets': task<'reseal-secrets'>(async (progress) => {
      const step = await resealStep(app.db, app.secrets, progress);
      app.log.info({ table: step.table, resealed: step.resealed, failed: step.failed }, 'secrets: re-seal step');
      if (step.next)
        return enqueue(app.db, 'reseal-secrets', step.next, { jobKey: `reseal-secrets:${progress.keyId}` });
      app.log.info(
        { resealed: step.resealed, failed: step.failed },
        step.failed > 0
          ? 'secrets: re-seal finished; the failed values open under no key (see ADR 0038)'
          : 'secrets: every sealed value is under the current key; DATA_ENCRYPTION_KEYS_OLD can be removed',
      );
    }),
    'leie-fetch': task<'leie-fetch'>(({ requestedBy }) =>
      fetchLeie(
        app.db,
        { url: app.config.leieUrl, allowHosts: app.config.outboundAllowHosts, log: app.log },
        requestedBy,
      ),
    ),
    'rescreen-hires': task<'rescreen-hires'>(async () =>
      app.log.info({ screened: await rescreenHires(app.db) }, 'screening: hires screened again'),
    ),
    // A referral reached its company: the ATS integration pushes it when its job is linked (features/ats).
    'referral-reached-company': task<'referral-reached-company'>(({ referralId }) =>
      queueReferralPush(app.db, referralId),
    ),
    // A seeker applied: the ATS integration pushes the application when its job is linked (features/ats).
    'application-received': task<'application-received'>(({ pipelineId }) => queueApplicationPush(app.db, pipelineId)),
    'ats-sync': task<'ats-sync'>(({ syncId }) =>
      runSync({ db: app.db, config: app.config, secrets: app.secrets, storage: app.storage, log: app.log }, syncId),
    ),
    'ats-reconcile': task<'ats-reconcile'>(() => reconcileAll(app.db)),
    'crawl-site': task<'crawl-site'>(({ crawlId }) => runCrawl(app.db, { config: app.config, log: app.log }, crawlId)),
    'crawl-due-sources': task<'crawl-due-sources'>(() => crawlDueSources(app.db)),
    'crawl-source': task<'crawl-source'>(({ sourceId }) =>
      crawlSource(app.db, { config: app.config, log: app.log }, sourceId),
    ),
  } satisfies Record<TaskName, Task>;
}

/**
 * The mailer and the job queue, started with the app and stopped when it closes (in-flight jobs
 * finish first). The queue lives on the app's PostgreSQL, so every process shares the work.
 */
export async function registerBackgroundWork(app: FastifyInstance): Promise<void> {
  app.decorate('mailer', createMailer(app.config, app.log));
  const queue = await startQueue({
    connectionString: app.database.url,
    tasks: taskList(app),
    crontab: CRONTAB,
    concurrency: app.config.queueConcurrency,
    log: app.log,
  });
  // Rows whose places were never read (written before migration 0036) are read in the background, once per start.
  await enqueue(app.db, 'read-places', {}, { jobKey: 'read-places' });
  app.addHook('onClose', async () => {
    await shutdownStep(app.log, 'the job queue', () => queue.stop());
    app.mailer.close();
  });
}
