import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { selectRows } from '../db/repository';

/** Jobs due now that have not finished (a job waiting out its back-off is not due). */
export async function dueJobs(database: Database, task?: string): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from graphile_worker._private_jobs j
        join graphile_worker._private_tasks t on t.id = j.task_id
        where j.run_at <= now() and j.attempts < j.max_attempts
        ${task ? sql`and t.identifier = ${task}` : sql``}`,
  );
  return row?.n ?? 0;
}

/** Waits until the app's workers have run every job that is due (mail sent, prune done...). */
export async function drainQueue(database: Database, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await dueJobs(database)) > 0) {
    if (Date.now() > deadline) throw new Error(`queue not drained after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
