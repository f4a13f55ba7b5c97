import { Piscina } from 'piscina';
import { AppError } from './errors';

/**
 * The functions worker threads run, by name. worker-tasks.ts (beside main.ts) adds them by declaration merging, like
 * the queue's tasks (lib/queue/enqueue.ts QueueTasks): this pool knows their types without importing the readers.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface WorkerTasks {}
export type WorkerTaskName = keyof WorkerTasks;

/** What crosses the thread boundary: structured clone keeps an Error's message only, so expected errors travel as data. */
export type WorkerOutcome<T> =
  { ok: true; value: T } | { ok: false; error: { statusCode: number; code: string; message: string } };

type Task<N extends WorkerTaskName> = WorkerTasks[N] extends (input: never) => unknown ? WorkerTasks[N] : never;
type Input<N extends WorkerTaskName> = Parameters<Task<N>>[0];
type Output<N extends WorkerTaskName> = Awaited<ReturnType<Task<N>>> extends WorkerOutcome<infer T> ? T : never;

export const WORKER_LIMITS = { threads: 2, idleTimeoutMs: 30_000 } as const;

let pool: Piscina | undefined;

/**
 * Built server: dist/main.js sits next to dist/worker.js. From source (tests, tsx) the worker is TypeScript,
 * loaded through a small bootstrap that registers tsx in the thread.
 */
function createPool(): Piscina {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = new URL(fromSource ? '../worker-source.mjs' : './worker.js', import.meta.url).href;
  return new Piscina({
    filename,
    maxThreads: WORKER_LIMITS.threads,
    minThreads: 0,
    idleTimeout: WORKER_LIMITS.idleTimeoutMs,
    // A runaway parse also gets a memory ceiling, not only a time limit.
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
}

/**
 * Runs a registered task in a worker thread. A task that is still running after `timeoutMs` has its thread
 * terminated and the caller gets `onTimeout` (an error a person can act on).
 */
export async function runInWorker<N extends WorkerTaskName>(
  name: N,
  input: Input<N>,
  options: { timeoutMs: number; onTimeout: () => AppError },
): Promise<Output<N>> {
  pool ??= createPool();
  let outcome: WorkerOutcome<Output<N>>;
  try {
    outcome = await pool.run({ name, input }, { signal: AbortSignal.timeout(options.timeoutMs) });
  } catch (error) {
    if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'))
      throw options.onTimeout();
    throw error;
  }
  if (!outcome.ok) throw new AppError(outcome.error.statusCode, outcome.error.code, outcome.error.message);
  return outcome.value;
}

/** Stops the worker threads (server shutdown, end of tests). */
export async function closeWorkers(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.destroy();
}
