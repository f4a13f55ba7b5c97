/**
 * Results kept for a few seconds by key, with identical concurrent loads coalesced: while a load for a key is under
 * way, every other caller of that key waits for it instead of starting its own (single flight). `ttlMs` 0 coalesces
 * only. A failed load is not kept.
 */
export class ShortCache<T> {
  private readonly done = new Map<string, { value: T; expiresAt: number }>();
  private readonly loading = new Map<string, Promise<T>>();
  private generation = 0;

  constructor(private readonly maxEntries = 1_000) {}

  get(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const hit = this.done.get(key);
    if (hit && hit.expiresAt > Date.now()) return Promise.resolve(hit.value);
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const started = load()
      .then((value) => {
        if (ttlMs > 0 && generation === this.generation) {
          if (this.done.size >= this.maxEntries) this.done.clear();
          this.done.set(key, { value, expiresAt: Date.now() + ttlMs });
        }
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === started) this.loading.delete(key);
      });
    this.loading.set(key, started);
    return started;
  }

  /** Forgets everything, loads under way included (their results are not kept): the data changed. */
  clear(): void {
    this.generation++;
    this.done.clear();
    this.loading.clear();
  }
}
