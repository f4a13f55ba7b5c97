import type { FastifyBaseLogger } from 'fastify';
import { Logger, run, type Runner, type TaskList } from 'graphile-worker';

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

/**
 * Starts this process's workers and its share of the cron schedule. The queue's schema is
 * installed with the database's migrations (db/migrate.ts).
 */
export async function startQueue(options: QueueOptions): Promise<Queue> {
  const logger = pinoLogger(options.log);
  const base = { connectionString: options.connectionString, logger, noHandleSignals: true };
  if (options.concurrency === 0) return { stop: async () => {} };
  const runner: Runner = await run({
    ...base,
    concurrency: options.concurrency,
    pollInterval: options.pollIntervalMs ?? 2000,
    taskList: options.tasks,
    crontab: options.crontab,
  });
  return { stop: () => runner.stop() };
}
