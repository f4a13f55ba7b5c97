import { fileURLToPath } from 'node:url';
import { AppError } from './errors';
import { ProcessPool, TaskOutOfMemoryError, TaskTimeoutError } from './process-pool';

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

const MB = 1024 * 1024;

/**
 * The parsing processes (ADR 0006). Each may hold 320 MB of writable memory in all (RLIMIT_DATA: the JS heap,
 * ArrayBuffers and native buffers alike; node itself takes about 50 MB, with pdf.js loaded about 100 MB; a resume
 * PDF with a 32 MB content stream about 180 MB; a pathological 5 MB careers page needs a 192 MB heap), V8's heap
 * 192 MB of that. Two at a time; an idle one ends after 30 s, one that grew by more than 64 MB over a task after it.
 */
export const WORKER_LIMITS = {
  processes: 2,
  idleTimeoutMs: 30_000,
  dataBytes: 320 * MB,
  heapMb: 192,
  recycleAfterGrowthBytes: 64 * MB,
} as const;

let pool: ProcessPool | undefined;

/**
 * Built server: dist/main.js sits next to dist/worker.js. From source (tests, tsx) the worker is TypeScript,
 * loaded through a small bootstrap that registers tsx in the process.
 */
function createPool(): ProcessPool {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = fileURLToPath(new URL(fromSource ? '../worker-source.mjs' : './worker.js', import.meta.url));
  return new ProcessPool({ entry, ...WORKER_LIMITS, warn: (message) => console.warn(message) });
}

/**
 * Runs a registered task in a parsing process. A task still running after `timeoutMs` has its process killed and the
 * caller gets `onTimeout`; one whose process ran out of memory gets `onOutOfMemory` (without it, the
 * TaskOutOfMemoryError). Both are errors a person can act on.
 */
export async function runInWorker<N extends WorkerTaskName>(
  name: N,
  input: Input<N>,
  options: { timeoutMs: number; onTimeout: () => AppError; onOutOfMemory?: () => AppError },
): Promise<Output<N>> {
  pool ??= createPool();
  let outcome: WorkerOutcome<Output<N>>;
  try {
    outcome = (await pool.run({ name, input }, options.timeoutMs)) as WorkerOutcome<Output<N>>;
  } catch (error) {
    if (error instanceof TaskTimeoutError) throw options.onTimeout();
    if (error instanceof TaskOutOfMemoryError && options.onOutOfMemory) throw options.onOutOfMemory();
    throw error;
  }
  if (!outcome.ok) throw new AppError(outcome.error.statusCode, outcome.error.code, outcome.error.message);
  return outcome.value;
}

/** Stops the parsing processes (server shutdown, end of tests). */
export async function closeWorkers(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.destroy();
}
