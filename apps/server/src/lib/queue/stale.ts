import { sql } from 'drizzle-orm';
import { selectRows, textArray, type Executor } from '../../db/repository';

/**
 * Every task here finishes in seconds (SMTP calls time out within a minute), so a job still locked
 * after `olderThanSeconds` belongs to a process that died (kill -9, lost machine). graphile-worker
 * itself only frees such locks after 4 hours; this hands the jobs back to the queue, to be retried.
 */
export async function releaseJobsOfDeadWorkers(db: Executor, olderThanSeconds: number): Promise<number> {
  const rows = await selectRows<{ worker: string }>(
    db,
    sql`
    select distinct locked_by as worker from graphile_worker._private_jobs
    where locked_by is not null and locked_at < now() - make_interval(secs => ${olderThanSeconds})`,
  );
  const workers = rows.map((row) => row.worker);
  if (workers.length > 0) await db.execute(sql`select graphile_worker.force_unlock_workers(${textArray(workers)})`);
  return workers.length;
}
