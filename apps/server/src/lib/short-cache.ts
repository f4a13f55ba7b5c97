/** How much a cache may hold in bytes, and how to weigh a value (an estimate: what it keeps alive in memory). */
export interface ByteBudget<T> {
  maxBytes: number;
  bytesOf: (value: T) => number;
}

/**
 * Results kept for a few seconds by key, with identical concurrent loads coalesced: while a load for a key is under
 * way, every other caller of that key waits for it instead of starting its own (single flight). `ttlMs` 0 coalesces
 * only. A failed load is not kept. Past `maxEntries` entries (or the byte budget), the oldest kept go first.
 */
export class ShortCache<T> {
  private readonly done = new Map<string, { value: T; expiresAt: number; bytes: number }>();
  private readonly loading = new Map<string, Promise<T>>();
  private generation = 0;
  private bytes = 0;

  constructor(
    private readonly maxEntries = 1_000,
    private readonly budget?: ByteBudget<T>,
  ) {}

  get(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const hit = this.done.get(key);
    if (hit && hit.expiresAt > Date.now()) return Promise.resolve(hit.value);
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const started = load()
      .then((value) => {
        if (ttlMs > 0 && generation === this.generation) this.keep(key, value, ttlMs);
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === started) this.loading.delete(key);
      });
    this.loading.set(key, started);
    return started;
  }

  /** Bytes held by kept values, as the budget weighs them (0 without a budget). */
  get keptBytes(): number {
    return this.bytes;
  }

  private keep(key: string, value: T, ttlMs: number): void {
    this.forget(key);
    const bytes = this.budget?.bytesOf(value) ?? 0;
    if (bytes > (this.budget?.maxBytes ?? Infinity)) return;
    this.done.set(key, { value, expiresAt: Date.now() + ttlMs, bytes });
    this.bytes += bytes;
    // Maps iterate in insertion order: the first keys are the oldest.
    for (const oldest of this.done.keys()) {
      if (this.done.size <= this.maxEntries && this.bytes <= (this.budget?.maxBytes ?? Infinity)) break;
      this.forget(oldest);
    }
  }

  private forget(key: string): void {
    const kept = this.done.get(key);
    if (!kept) return;
    this.bytes -= kept.bytes;
    this.done.delete(key);
  }

  /** Forgets everything, loads under way included (their results are not kept): the data changed. */
  clear(): void {
    this.generation++;
    this.done.clear();
    this.loading.clear();
    this.bytes = 0;
  }
}
