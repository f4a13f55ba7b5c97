import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { isOutOfMemory } from './document-limits';

/**
 * A few long-lived node processes that run tasks sent as messages, each under an OS limit on its memory. Used for
 * parsing untrusted documents (lib/worker-task.ts, ADR 0006): a worker thread's `resourceLimits` bound only the
 * JavaScript heap, while a PDF or zip bomb grows ArrayBuffers and native buffers outside it, in the server's own
 * process. Here every allocation of the process counts: on Linux it is started under `ulimit -d` (RLIMIT_DATA:
 * every private writable mapping: JS heap, ArrayBuffers, malloc, thread stacks), so a runaway parse gets an
 * allocation failure or dies, and the memory goes back to the OS with the process.
 */
export interface ProcessPoolOptions {
  /** The script each process runs (it calls serveTasks). */
  entry: string;
  processes: number;
  idleTimeoutMs: number;
  /** RLIMIT_DATA of each process, in bytes. */
  dataBytes: number;
  /** V8's old-space limit in each process (MB), under dataBytes so the collector works before the OS refuses. */
  heapMb: number;
  /**
   * A process whose resident memory grew by more than this over a task is replaced (its peak is not kept idle). The
   * first task of each kind in a process loads that kind's reader (pdf.js, vocabularies, the gazetteer): what the
   * process holds after it is its baseline from then on, and it is replaced only past twice this.
   */
  recycleAfterGrowthBytes: number;
  /** Told once when the OS limit cannot be applied (not Linux): only the heap limit holds there. */
  warn?: (message: string) => void;
}

/** The task ran past its time limit; its process was killed. */
export class TaskTimeoutError extends Error {
  constructor() {
    super('the task ran past its time limit');
    this.name = 'TaskTimeoutError';
  }
}

/** The task's process ran out of memory (an allocation refused by the OS limit, or V8's heap limit) and ended. */
export class TaskOutOfMemoryError extends Error {
  constructor(detail: string) {
    super(`the task ran out of memory (${detail})`);
    this.name = 'TaskOutOfMemoryError';
  }
}

interface Job {
  message: { name: string; input: unknown };
  timeoutMs: number;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Reply {
  id: number;
  value?: unknown;
  error?: { message: string; outOfMemory: boolean };
  rss: number;
}

interface Worker {
  child: ChildProcess;
  ready: Promise<void>;
  job: (Job & { id: number; timer: NodeJS.Timeout }) | null;
  idleTimer: NodeJS.Timeout | null;
  /** Killed by the pool (timeout, recycling, shutdown): its exit is not the task's failure. */
  retired: boolean;
  /** It said it was ready: a death after that, under a task, is the task's. */
  started: boolean;
  /** Resident memory when it was ready, then after the first task of each kind (its reader loaded). */
  baseRss: number;
  /** The kinds of task it has run: their readers are loaded and part of baseRss. */
  loaded: Set<string>;
  stderr: string;
}

const STDERR_KEPT = 2_000;

export class ProcessPool {
  private readonly workers = new Set<Worker>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private warned = false;

  constructor(private readonly options: ProcessPoolOptions) {}

  run(message: { name: string; input: unknown }, timeoutMs: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queue.push({ message, timeoutMs, resolve, reject });
      this.dispatch();
    });
  }

  /** Kills every process; queued and running tasks fail. */
  async destroy(): Promise<void> {
    for (const job of this.queue.splice(0)) job.reject(new Error('the parsing processes were stopped'));
    const exits = [...this.workers].map((worker) => {
      const exited = new Promise<void>((resolve) => {
        if (worker.child.exitCode !== null || worker.child.signalCode !== null) resolve();
        else worker.child.once('exit', () => resolve());
      });
      this.retire(worker);
      return exited;
    });
    await Promise.all(exits);
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const worker =
        [...this.workers].find((w) => !w.job && !w.retired) ??
        (this.workers.size < this.options.processes ? this.start() : null);
      if (!worker) return;
      this.assign(worker, this.queue.shift()!);
    }
  }

  private assign(worker: Worker, job: Job): void {
    if (worker.idleTimer) clearTimeout(worker.idleTimer);
    worker.idleTimer = null;
    const id = this.nextId++;
    const timer = setTimeout(() => {
      worker.job = null;
      this.retire(worker);
      job.reject(new TaskTimeoutError());
      this.dispatch();
    }, job.timeoutMs);
    worker.job = { ...job, id, timer };
    keepAlive(worker.child, true);
    worker.ready.then(
      () => {
        if (worker.job?.id === id) worker.child.send({ id, ...job.message });
      },
      () => {}, // the exit handler fails the task
    );
  }

  private start(): Worker {
    const { entry, dataBytes, heapMb } = this.options;
    // --expose-gc: the process collects after each task, so an idle parser holds what it needs, not a task's garbage
    // (a bomb refused at its limit leaves tens of MB of counted, discarded buffers).
    const args = [`--max-old-space-size=${heapMb}`, '--expose-gc', entry];
    const spawnOptions = {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'] as ('ignore' | 'pipe' | 'ipc')[],
      serialization: 'advanced' as const,
    };
    let child: ChildProcess;
    if (process.platform === 'linux') {
      // The shell sets the limit for itself and then becomes node (exec), which keeps it and the IPC channel. Where a
      // lower hard limit is already set (a container's), raising it fails and that lower one stays.
      const kb = Math.floor(dataBytes / 1024);
      child = spawn(
        '/bin/sh',
        ['-c', `ulimit -d ${kb} 2>/dev/null; exec "$0" "$@"`, process.execPath, ...args],
        spawnOptions,
      );
    } else {
      if (!this.warned) this.options.warn?.('parsing processes run without an OS memory limit (Linux only)');
      this.warned = true;
      child = spawn(process.execPath, args, spawnOptions);
    }
    let markReady!: () => void;
    let failStart!: (error: Error) => void;
    const worker: Worker = {
      started: false,
      baseRss: 0,
      loaded: new Set(),
      child,
      ready: new Promise<void>((resolve, reject) => {
        markReady = resolve;
        failStart = reject;
      }),
      job: null,
      idleTimer: null,
      retired: false,
      stderr: '',
    };
    this.workers.add(worker);
    child.stderr!.on('data', (chunk: Buffer) => {
      worker.stderr = (worker.stderr + chunk.toString()).slice(-STDERR_KEPT);
    });
    child.on('message', (message: Reply | { ready: true; rss: number }) => {
      if ('ready' in message) {
        worker.started = true;
        worker.baseRss = message.rss;
        return markReady();
      }
      this.finished(worker, message);
    });
    child.on('error', (error) => failStart(error));
    child.on('exit', (code, signal) => {
      this.workers.delete(worker);
      failStart(new Error(`the parsing process exited before it was ready (${signal ?? code})`));
      const job = worker.job;
      worker.job = null;
      if (job) {
        clearTimeout(job.timer);
        // A process that dies under a task without being killed by the pool ran out of memory: V8 aborts when its
        // heap is full, the C++ runtime when the OS refuses an allocation (RLIMIT_DATA).
        const detail = `${signal ?? `exit code ${code}`}${worker.stderr ? `: ${lastLine(worker.stderr)}` : ''}`;
        if (worker.retired) job.reject(new Error(`the parsing process was stopped (${detail})`));
        else if (!worker.started) job.reject(new Error(`the parsing process could not start (${detail})`));
        else job.reject(new TaskOutOfMemoryError(detail));
      }
      this.dispatch();
    });
    keepAlive(child, true);
    return worker;
  }

  private finished(worker: Worker, reply: Reply): void {
    const job = worker.job;
    if (!job || job.id !== reply.id) return;
    clearTimeout(job.timer);
    worker.job = null;
    if (reply.error?.outOfMemory) {
      this.retire(worker);
      job.reject(new TaskOutOfMemoryError(reply.error.message));
    } else if (reply.error) job.reject(new Error(reply.error.message));
    else job.resolve(reply.value);
    const growth = reply.rss - worker.baseRss;
    const limit = this.options.recycleAfterGrowthBytes;
    const firstOfKind = !worker.loaded.has(job.message.name);
    worker.loaded.add(job.message.name);
    if (growth > (firstOfKind ? 2 * limit : limit)) this.retire(worker);
    else {
      if (firstOfKind) worker.baseRss = reply.rss;
      if (!worker.retired) this.idle(worker);
    }
    this.dispatch();
  }

  private idle(worker: Worker): void {
    keepAlive(worker.child, false);
    worker.idleTimer = setTimeout(() => this.retire(worker), this.options.idleTimeoutMs);
    worker.idleTimer.unref();
  }

  private retire(worker: Worker): void {
    worker.retired = true;
    if (worker.idleTimer) clearTimeout(worker.idleTimer);
    worker.idleTimer = null;
    if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
  }
}

/** A busy process keeps the server's event loop alive; an idle one does not (its IPC channel and pipe unref'd). */
function keepAlive(child: ChildProcess, busy: boolean): void {
  const handles = [child, child.channel, child.stderr as Socket | null];
  for (const handle of handles) {
    if (!handle) continue;
    if (busy) handle.ref?.();
    else handle.unref?.();
  }
}

function lastLine(text: string): string {
  return (
    text
      .trim()
      .split('\n')
      .findLast((line) => /\S/.test(line) && !/^\s*\d+: 0x/.test(line)) ?? ''
  ).slice(0, 300);
}

/**
 * The process side: runs `run(name, input)` for every task message from the pool and answers with its value, or
 * with its error (marked when it is a memory allocation that failed: the process then ends, its memory with it).
 */
export function serveTasks(run: (name: string, input: unknown) => unknown): void {
  const send = (message: object) =>
    new Promise<void>((resolve) => process.send!(message, undefined, undefined, () => resolve()));
  process.on('message', (message: { id: number; name: string; input: unknown }) => {
    void (async () => {
      let reply: Omit<Reply, 'rss'>;
      try {
        reply = { id: message.id, value: await run(message.name, message.input) };
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        reply = { id: message.id, error: { message: text, outOfMemory: isOutOfMemory(error) } };
      }
      (globalThis as { gc?: () => void }).gc?.();
      await send({ ...reply, rss: process.memoryUsage.rss() });
      if (reply.error?.outOfMemory) process.exit(70);
    })();
  });
  process.on('disconnect', () => process.exit(0));
  void send({ ready: true, rss: process.memoryUsage.rss() });
}
