import { withinTimeLimit } from '@referwell/shared/time-limit';

/**
 * How long the database has not answered, as seen by one process: a `select 1` every `everyMs` (each given
 * `timeoutMs`), the time of the first failure since the last success kept. Read by `/api/health/live`
 * (features/health) without touching the database itself.
 */
export class DatabaseWatch {
  private unreachableSince: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private inFlight = false;

  constructor(
    private readonly ping: () => Promise<void>,
    private readonly everyMs: number,
    private readonly timeoutMs: number,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.check(), this.everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Milliseconds since the database stopped answering; 0 while it answers. */
  unreachableForMs(now = performance.now()): number {
    return this.unreachableSince === null ? 0 : now - this.unreachableSince;
  }

  private async check(): Promise<void> {
    if (this.inFlight) return; // a ping still waiting counts through its own time limit
    this.inFlight = true;
    const started = performance.now();
    try {
      await withinTimeLimit(this.ping(), this.timeoutMs, 'database ping timed out');
      this.unreachableSince = null;
    } catch {
      this.unreachableSince ??= started;
    } finally {
      this.inFlight = false;
    }
  }
}
