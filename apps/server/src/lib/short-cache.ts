/** How much a cache may hold in bytes, and how to weigh a value (an estimate: what it keeps alive in memory). */
export interface ByteBudget<T> {
  maxBytes: number;
  bytesOf: (value: T) => number;
}

/** Attaches tags to the value a load makes (see ShortCache.forgetTagged); may be called before or after it resolves. */
export type Tag = (...tags: string[]) => void;

interface Loading<T> {
  promise: Promise<T>;
  /** Null until the load tags itself. */
  tags: string[] | null;
}

/**
 * Results kept for a few seconds by key, with identical concurrent loads coalesced: while a load for a key is under
 * way, every other caller of that key waits for it instead of starting its own (single flight). `ttlMs` 0 coalesces
 * only. A failed load is not kept. Past `maxEntries` entries (or the byte budget), the oldest kept go first.
 *
 * A load may tag its value (what it depends on, e.g. a search's filters): `forgetTagged` then drops only the values
 * a change touches, with the loads under way that carry those tags or none yet, rather than everything (`clear`).
 */
export class ShortCache<T> {
  private readonly done = new Map<string, { value: T; expiresAt: number; bytes: number; tags: string[] | null }>();
  private readonly loading = new Map<string, Loading<T>>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 1_000,
    private readonly budget?: ByteBudget<T>,
  ) {}

  get(key: string, ttlMs: number, load: (tag: Tag) => Promise<T>): Promise<T> {
    const hit = this.done.get(key);
    if (hit && hit.expiresAt > Date.now()) return Promise.resolve(hit.value);
    const pending = this.loading.get(key);
    if (pending) return pending.promise;
    const record: Loading<T> = { promise: Promise.resolve(undefined as T), tags: null };
    const tag: Tag = (...tags) => {
      record.tags = [...(record.tags ?? []), ...tags];
    };
    // Kept only while still this key's load: clear() and forgetTagged() drop loads under way (the data changed).
    record.promise = load(tag)
      .then((value) => {
        if (ttlMs > 0 && this.loading.get(key) === record) this.keep(key, value, ttlMs, record.tags);
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === record) this.loading.delete(key);
      });
    this.loading.set(key, record);
    return record.promise;
  }

  /** Bytes held by kept values, as the budget weighs them (0 without a budget). */
  get keptBytes(): number {
    return this.bytes;
  }

  /** Every tag of the values kept and of the loads under way. */
  tags(): Set<string> {
    const found = new Set<string>();
    for (const { tags } of [...this.done.values(), ...this.loading.values()]) for (const t of tags ?? []) found.add(t);
    return found;
  }

  /**
   * Forgets the kept values with a tag `touched` holds, and the loads under way with one or with no tag yet (their
   * results are not kept; the next caller loads afresh). Untagged kept values go too: nothing says they are safe.
   */
  forgetTagged(touched: (tag: string) => boolean): void {
    const hit = (tags: string[] | null) => tags === null || tags.some(touched);
    for (const [key, { tags }] of this.done) if (hit(tags)) this.forget(key);
    for (const [key, { tags }] of this.loading) if (hit(tags)) this.loading.delete(key);
  }

  private keep(key: string, value: T, ttlMs: number, tags: string[] | null): void {
    this.forget(key);
    const bytes = this.budget?.bytesOf(value) ?? 0;
    if (bytes > (this.budget?.maxBytes ?? Infinity)) return;
    this.done.set(key, { value, expiresAt: Date.now() + ttlMs, bytes, tags });
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
    this.done.clear();
    this.loading.clear();
    this.bytes = 0;
  }
}
