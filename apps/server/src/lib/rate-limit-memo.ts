/** How many refused buckets one limiter remembers at most (a flood from many addresses falls back to the database). */
const MAX_REMEMBERED = 10_000;

interface Refusal {
  max: number;
  windowSeconds: number;
  /** performance.now() at which the bucket's window ends. */
  endsAt: number;
}

/**
 * Buckets this process saw over their limit, until their window ends (see createRateLimiter). Only refusals are
 * kept: an allowance kept here could let through hits another process already counted.
 */
export class RefusalMemo {
  private readonly refusals = new Map<string, Refusal>();

  /** Seconds until the bucket's window ends when it is remembered as over this same limit; otherwise null. */
  retryAfterSeconds(limit: { key: string; max: number; windowSeconds: number }): number | null {
    const refusal = this.refusals.get(limit.key);
    if (!refusal || refusal.max !== limit.max || refusal.windowSeconds !== limit.windowSeconds) return null;
    const left = refusal.endsAt - performance.now();
    if (left <= 0) {
      this.refusals.delete(limit.key);
      return null;
    }
    return Math.ceil(left / 1000);
  }

  remember(limit: { key: string; max: number; windowSeconds: number }, endsAt: number): void {
    if (endsAt <= performance.now()) return;
    if (this.refusals.size >= MAX_REMEMBERED && !this.refusals.has(limit.key)) {
      this.dropEnded();
      if (this.refusals.size >= MAX_REMEMBERED) return;
    }
    this.refusals.set(limit.key, { max: limit.max, windowSeconds: limit.windowSeconds, endsAt });
  }

  forget(key: string): void {
    this.refusals.delete(key);
  }

  private dropEnded(): void {
    const now = performance.now();
    for (const [key, refusal] of this.refusals) if (refusal.endsAt <= now) this.refusals.delete(key);
  }
}
