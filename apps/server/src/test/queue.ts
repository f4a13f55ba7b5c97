import { randomBytes } from 'node:crypto';
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

/** Jobs some worker holds now (locked and not yet finished or handed back). */
export async function lockedJobs(database: Database): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from graphile_worker._private_jobs where locked_by is not null`,
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

/**
 * Records every job queued from this call on; the answer counts a task's jobs whether or not a worker has run them
 * since (graphile-worker deletes a job once it succeeds, so counting the rows left depends on how fast the workers were).
 */
export async function recordQueuedJobs(database: Database): Promise<(task: string) => Promise<number>> {
  const table = `test_queued_${randomBytes(4).toString('hex')}`;
  const statements = [
    `create table ${table} (task text not null)`,
    `create function ${table}_log() returns trigger language plpgsql as $$
     begin
       insert into ${table} (task) select identifier from graphile_worker._private_tasks where id = new.task_id;
       return null;
     end $$`,
    `create trigger ${table}_log after insert on graphile_worker._private_jobs
       for each row execute function ${table}_log()`,
  ];
  for (const statement of statements) await database.db.execute(sql.raw(statement));
  return async (task) => {
    const [row] = await selectRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ${sql.identifier(table)} where task = ${task}`,
    );
    return row?.n ?? 0;
  };
}
