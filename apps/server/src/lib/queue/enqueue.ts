import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/repository';

/**
 * Every background task and the payload it takes. Features add their tasks by augmenting
 * this interface (`declare module '.../lib/queue/enqueue' { interface QueueTasks { ... } }`),
 * so `enqueue` checks the payload against the task's name.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface QueueTasks {}

export type TaskName = keyof QueueTasks & string;

export interface EnqueueOptions {
  /** At most one pending job per key: a second enqueue with the same key replaces (or, with 'preserve_run_at', keeps the time of) the first. */
  jobKey?: string;
  jobKeyMode?: 'replace' | 'preserve_run_at';
  runAt?: Date;
  maxAttempts?: number;
}

/**
 * Adds a job in the caller's transaction: the job exists only if that transaction commits, so
 * an event and the work it causes land (or roll back) together. Workers in every server process
 * are woken by graphile-worker's NOTIFY at commit.
 */
export async function enqueue<T extends TaskName>(
  tx: Executor,
  task: T,
  payload: QueueTasks[T],
  options: EnqueueOptions = {},
): Promise<void> {
  await tx.execute(sql`select graphile_worker.add_job(
    ${task},
    ${JSON.stringify(payload)}::json,
    run_at => ${options.runAt?.toISOString() ?? null}::timestamptz,
    max_attempts => ${options.maxAttempts ?? null}::int,
    job_key => ${options.jobKey ?? null}::text,
    job_key_mode => ${options.jobKeyMode ?? 'replace'}::text
  )`);
}
