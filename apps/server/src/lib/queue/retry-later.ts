import type { Db } from '../../db/client';
import { enqueue, type QueueTasks, type TaskName } from './enqueue';

/**
 * Thrown by a task whose outside service answered "not now, in N seconds" (HTTP 429 with Retry-After): the job is
 * queued again to run after exactly that wait, instead of graphile-worker's own exponential back-off (which would
 * ignore the vendor's word and could come back too early, or much later than needed).
 */
export class RetryLater extends Error {
  constructor(
    readonly afterSeconds: number,
    message = `The service asked us to wait ${afterSeconds} s.`,
  ) {
    super(message);
    this.name = 'RetryLater';
  }
}

/** How many times a job is put back on a vendor's Retry-After before it fails like any other error. */
export const MAX_RETRY_AFTER = 8;

/** Seconds from a Retry-After header (delay-seconds or an HTTP date); 1 s when absent or unreadable, at most an hour. */
export function retryAfterSeconds(header: string | string[] | undefined, now = Date.now()): number {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return 1;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value.trim()) : (Date.parse(value) - now) / 1000;
  return Number.isFinite(seconds) ? Math.min(3600, Math.max(1, Math.ceil(seconds))) : 1;
}

type Retryable = { retryAfterCount?: number };

/**
 * Runs a task's body; a RetryLater puts the same payload back on the queue to run after the wait the service asked
 * for (counted in the payload, at most MAX_RETRY_AFTER times). Any other error is the queue's to retry with back-off.
 */
export async function honouringRetryAfter<N extends TaskName>(
  db: Db,
  task: N,
  payload: QueueTasks[N] & Retryable,
  run: (payload: QueueTasks[N]) => Promise<unknown>,
): Promise<void> {
  try {
    await run(payload);
  } catch (error) {
    const count = payload.retryAfterCount ?? 0;
    if (!(error instanceof RetryLater) || count >= MAX_RETRY_AFTER) throw error;
    await enqueue(db, task, { ...payload, retryAfterCount: count + 1 } as QueueTasks[N], {
      runAt: new Date(Date.now() + error.afterSeconds * 1000),
    });
  }
}
