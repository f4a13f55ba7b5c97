import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { Logger, run, type Runner, type TaskList, type WorkerEvents, type WorkerPool } from 'graphile-worker';
import { withinTimeLimit } from '@referwell/shared/time-limit';
import { openClosablePool, type ClosablePool } from '../../db/pool';

export interface QueueOptions {
  connectionString: string;
  tasks: TaskList;
  /** graphile-worker crontab lines; each scheduled run happens once across every process. */
  crontab: string;
  /** Jobs run at once by this process; 0 installs the queue's schema and runs nothing. */
  concurrency: number;
  log: FastifyBaseLogger;
  /** How often to look for retries and scheduled jobs (new jobs arrive at once by NOTIFY). */
  pollIntervalMs?: number;
  /** How long a runner may take to stop gracefully before its jobs are failed (STOP_WITHIN_MS by default). */
  stopWithinMs?: number;
}

export interface Queue {
  stop(): Promise<void>;
}

function pinoLogger(log: FastifyBaseLogger): Logger {
  return new Logger((scope) => (level, message, meta) => {
    const fields = { ...scope, ...meta };
    if (level === 'error') log.error(fields, message);
    else if (level === 'warning') log.warn(fields, message);
    else if (level === 'info') log.info(fields, message);
    else log.debug(fields, message);
  });
}

/** Connections of the queue's pool carry this name (pg_stat_activity.application_name). */
export const QUEUE_APPLICATION_NAME = 'referwell-queue';

/**
 * The queue's own pool, shared by every runner this process starts. graphile-worker ends a pool
 * it made itself without waiting, after removing its error handlers, so a connection could still
 * be open (and unguarded) after `stop()`; owning the pool lets `stop()` wait until it is closed.
 */
function queuePool(connectionString: string, log: FastifyBaseLogger): ClosablePool {
  // A connection not had within 10 s is an error, not a wait: a runner starting against an exhausted pool would
  // otherwise wait forever, and with it the supervisor and the queue's stop().
  const queue = openClosablePool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 10_000,
    application_name: QUEUE_APPLICATION_NAME,
  });
  const { pool } = queue;
  const onError = (error: Error) => log.warn({ err: error }, 'job queue connection error');
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return queue;
}

const RESTART_DELAY_MS = { first: 1000, max: 30_000 };
/** Workers that have failed to fetch a job for this long are restarted with a fresh runner. */
const STUCK_AFTER_MS = 15_000;

/**
 * A graceful stop waits for the jobs running now. A job that never ends (a call with no time limit of its own), or
 * a runner whose connection broke while it marked a job done, would make it wait forever, and the server's shutdown
 * with it (main.test.ts saw this after a kill -9 of PostgreSQL). Past this limit its worker pool is shut down
 * forcefully: its jobs are marked failed, so they run again after their back-off.
 */
const STOP_WITHIN_MS = 10_000;
/** graphile-worker's forceful shutdown gives itself 5 s to release its workers; this bounds the rest of it. */
const FORCE_WITHIN_MS = 8_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Resolves when the runner stops by itself (its database connection broke) or when its workers
 * have failed to fetch jobs for STUCK_AFTER_MS: graphile-worker caches a failed first lookup of
 * the task list, so workers started while the database was away never recover on their own.
 */
function untilUnhealthy(runner: Runner, signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve) => {
    let failingSince: number | undefined;
    const onError = ({ error }: { error: unknown }) => {
      failingSince ??= Date.now();
      if (Date.now() - failingSince > STUCK_AFTER_MS) done(error);
    };
    const onSuccess = () => {
      failingSince = undefined;
    };
    const done = (reason: unknown) => {
      runner.events.off('worker:getJob:error', onError);
      runner.events.off('worker:getJob:empty', onSuccess);
      runner.events.off('job:start', onSuccess);
      resolve(reason);
    };
    runner.events.on('worker:getJob:error', onError);
    runner.events.on('worker:getJob:empty', onSuccess);
    runner.events.on('job:start', onSuccess);
    runner.promise.then(() => done(undefined), done);
    signal.addEventListener('abort', () => done(undefined));
  });
}

/**
 * Starts this process's workers and its share of the cron schedule, and keeps them running
 * through database outages: an unhealthy runner is replaced by a new one after a growing pause,
 * until the queue is stopped. The queue's schema is installed with the database's migrations
 * (db/migrate.ts).
 */
export async function startQueue(options: QueueOptions): Promise<Queue> {
  if (options.concurrency === 0) return { stop: async () => {} };
  const logger = pinoLogger(options.log);
  const stopWithinMs = options.stopWithinMs ?? STOP_WITHIN_MS;
  const { pool, close: closePool } = queuePool(options.connectionString, options.log);
  /** Who locks jobs in the runner running now: its worker pool and its workers. */
  let lockers = new Set<string>();
  const workerPools = new WeakMap<Runner, WorkerPool[]>();
  const start = async () => {
    const events: WorkerEvents = new EventEmitter();
    const ids = new Set<string>();
    const pools: WorkerPool[] = [];
    events.on('pool:create', ({ workerPool }) => {
      ids.add(workerPool.id);
      pools.push(workerPool);
    });
    events.on('worker:create', ({ worker }) => ids.add(worker.workerId));
    const started = await run({
      pgPool: pool,
      logger,
      events,
      noHandleSignals: true,
      concurrency: options.concurrency,
      pollInterval: options.pollIntervalMs ?? 2000,
      taskList: options.tasks,
      crontab: options.crontab,
      // Marking a job done or failed goes through graphile-worker's batcher (delay 0: nothing waits), which retries
      // and, if the database stays away, stops the runner (untilUnhealthy restarts it). Unbatched, graphile-worker
      // 0.17 does not await that write, so a database lost as a job ended rejected a promise nobody handled, and
      // close-with-grace shut the whole server down (main.test.ts, kill -9 of PostgreSQL while a job ran).
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    });
    lockers = ids;
    workerPools.set(started, pools);
    return started;
  };
  const stopRunner = async (stopped: Runner) => {
    try {
      await withinTimeLimit(
        stopped.stop().catch(() => {}),
        stopWithinMs,
        'the job runner did not stop in time',
      );
    } catch (error) {
      options.log.warn({ err: error, stopWithinMs }, 'job runner did not stop in time; failing its jobs');
      // runner.kill() would not do it here: once a graceful stop has begun, it leaves the worker pool alone.
      const forced = Promise.allSettled(
        (workerPools.get(stopped) ?? []).map(async (workerPool) => {
          await workerPool.forcefulShutdown('the job runner did not stop in time');
        }),
      );
      await withinTimeLimit(forced, FORCE_WITHIN_MS, 'the job runner was not shut down in time').catch(
        (forceError: unknown) => options.log.error({ err: forceError }, 'job runner could not be shut down'),
      );
    }
  };
  /**
   * A runner that lost its database mid-job could not mark the job done or failed, so the job stays locked by it.
   * Once a new runner has reached the database, the stopped runner's locks are released so those jobs run again now
   * rather than when release-stale-jobs finds them (background.ts, after 10 minutes).
   */
  const releaseLocks = async (ids: Set<string>) => {
    if (ids.size === 0) return;
    try {
      await pool.query('select graphile_worker.force_unlock_workers($1::text[])', [[...ids]]);
    } catch (error) {
      options.log.warn({ err: error }, 'could not release the jobs a stopped job runner held');
    }
  };

  const stopping = new AbortController();
  let runner: Runner | undefined = await start().catch(async (error: unknown) => {
    await closePool();
    throw error;
  });
  const supervised = (async () => {
    let delay = RESTART_DELAY_MS.first;
    let stoppedLockers = new Set<string>();
    while (!stopping.signal.aborted) {
      if (runner) {
        const reason = await untilUnhealthy(runner, stopping.signal);
        if (stopping.signal.aborted) return;
        options.log.error({ err: reason }, 'job queue unhealthy; restarting it');
        await stopRunner(runner);
        runner = undefined;
        stoppedLockers = lockers;
      }
      await sleep(delay, stopping.signal);
      if (stopping.signal.aborted) return;
      runner = await start().catch((error: unknown) => {
        options.log.warn({ err: error, retryInMs: delay }, 'job queue could not start');
        return undefined;
      });
      if (runner) {
        await releaseLocks(stoppedLockers);
        stoppedLockers = new Set();
      }
      delay = runner ? RESTART_DELAY_MS.first : Math.min(delay * 2, RESTART_DELAY_MS.max);
    }
  })();

  return {
    stop: async () => {
      stopping.abort();
      await supervised;
      if (runner) await stopRunner(runner);
      // Waits for every connection to close, unless one stays checked out by a job that never ended.
      await withinTimeLimit(closePool(), FORCE_WITHIN_MS, 'the job queue connections did not close in time').catch(
        (error: unknown) => options.log.error({ err: error }, 'job queue connections left open'),
      );
    },
  };
}
