/** How much a cache may hold in bytes, and how to weigh a value (an estimate: what it keeps alive in memory). */
export interface ByteBudget<T> {
  maxBytes: number;
  bytesOf: (value: T) => number;
}

/**
 * Attaches tags to the value a load makes (see ShortCache.forgetTagged and reviseTagged); may be called before or
 * after it resolves.
 */
export type Tag = (...tags: string[]) => void;

/** What a change makes of a kept value (see ShortCache.reviseTagged); undefined: it cannot tell, the value goes. */
export type Revise<T> = (value: T, key: string, tags: string[]) => T | undefined;

interface Loading<T> {
  promise: Promise<T>;
  /** Null until the load tags itself. */
  tags: string[] | null;
  /** Changes made while the load was under way, applied to its value when it arrives (see reviseTagged). */
  revisions: Revise<T>[];
}

interface Kept<T> {
  value: T;
  expiresAt: number;
  bytes: number;
  tags: string[] | null;
}

/** A value a change touches: one with a touched tag, or with none (nothing says it is safe). */
const hitBy = (touched: (tag: string) => boolean) => (tags: string[] | null) => tags === null || tags.some(touched);

/** The share of a cache's entries and bytes that values asked for more than once may hold (see ShortCache). */
const PROTECTED_SHARE = 0.8;

/**
 * Results kept for a few seconds by key, with identical concurrent loads coalesced: while a load for a key is under
 * way, every other caller of that key waits for it instead of starting its own (single flight). `ttlMs` 0 coalesces
 * only. A failed load is not kept.
 *
 * Past `maxEntries` entries (or the byte budget), values asked for only once go first, oldest first; a value asked
 * for again while kept moves to a protected part (up to PROTECTED_SHARE of the cache, least recently asked first out
 * of it, back among the others). So a stream of searches nobody repeats cannot push out the ones people do repeat:
 * it only replaces its own kind (a segmented LRU; docs/benchmarks.md, run L).
 *
 * A load may tag its value (what it depends on, e.g. a search's filters): `forgetTagged` then drops only the values
 * a change touches, with the loads under way that carry those tags or none yet, rather than everything (`clear`).
 */
export class ShortCache<T> {
  /** Values asked for once, oldest first (Maps iterate in insertion order). */
  private readonly probation = new Map<string, Kept<T>>();
  /** Values asked for again while kept, least recently asked first. */
  private readonly protected = new Map<string, Kept<T>>();
  private readonly loading = new Map<string, Loading<T>>();
  private bytes = 0;
  private protectedBytes = 0;

  constructor(
    private readonly maxEntries = 1_000,
    private readonly budget?: ByteBudget<T>,
  ) {}

  get(key: string, ttlMs: number, load: (tag: Tag) => Promise<T>): Promise<T> {
    const hit = this.hit(key);
    if (hit) return Promise.resolve(hit.value);
    const pending = this.loading.get(key);
    if (pending) return pending.promise;
    const record: Loading<T> = { promise: Promise.resolve(undefined as T), tags: null, revisions: [] };
    const tag: Tag = (...tags) => {
      record.tags = [...(record.tags ?? []), ...tags];
    };
    // Kept only while still this key's load: clear() and forgetTagged() drop loads under way (the data changed).
    // Changes revised in while it was under way apply to its value; one that cannot tell loads it again.
    const run = (): Promise<T> =>
      load(tag).then((value) => {
        let revised: T | undefined = value;
        for (const revise of record.revisions.splice(0))
          revised = revised === undefined ? undefined : revise(revised, key, record.tags ?? []);
        if (revised === undefined) {
          record.tags = null;
          return run();
        }
        if (ttlMs > 0 && this.loading.get(key) === record) this.keep(key, revised, ttlMs, record.tags);
        return revised;
      });
    record.promise = run().finally(() => {
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
    for (const { tags } of [...this.probation.values(), ...this.protected.values(), ...this.loading.values()])
      for (const t of tags ?? []) found.add(t);
    return found;
  }

  /**
   * Forgets the kept values with a tag `touched` holds, and the loads under way with one or with no tag yet (their
   * results are not kept; the next caller loads afresh). Untagged kept values go too: nothing says they are safe.
   */
  forgetTagged(touched: (tag: string) => boolean): void {
    const hit = hitBy(touched);
    for (const part of [this.probation, this.protected])
      for (const [key, { tags }] of part) if (hit(tags)) this.forget(key);
    for (const [key, { tags }] of this.loading) if (hit(tags)) this.loading.delete(key);
  }

  /**
   * As forgetTagged, but a kept value with a touched tag becomes what `revise` makes of it (the change applied to
   * it; undefined: forgotten), keeping its expiry and its place. A load under way with a touched tag stays, and
   * `revise` applies to its value when it arrives, so `revise` must tell a value read after the change (one the
   * change is in already) from one read before; where it cannot tell, the load runs again. Loads not tagged yet are
   * dropped as forgetTagged drops them.
   */
  reviseTagged(touched: (tag: string) => boolean, revise: Revise<T>): void {
    const hit = hitBy(touched);
    for (const part of [this.probation, this.protected])
      for (const [key, kept] of part) {
        if (!hit(kept.tags)) continue;
        const revised = kept.tags === null ? undefined : revise(kept.value, key, kept.tags);
        if (revised === undefined) this.forget(key);
        else if (revised !== kept.value) this.replace(part, key, kept, revised);
      }
    for (const [key, record] of this.loading)
      if (record.tags === null) this.loading.delete(key);
      else if (record.tags.some(touched)) record.revisions.push(revise);
  }

  /** A kept value still fresh, moved to the protected part's most recent end (a second ask). */
  private hit(key: string): Kept<T> | undefined {
    const kept = this.protected.get(key) ?? this.probation.get(key);
    if (!kept || kept.expiresAt <= Date.now()) return undefined;
    if (this.protected.delete(key)) {
      this.protected.set(key, kept);
      return kept;
    }
    this.probation.delete(key);
    this.protected.set(key, kept);
    this.protectedBytes += kept.bytes;
    // Past its share, the protected part's least recently asked go back among the values asked for once (newest).
    for (const [oldest, value] of this.protected) {
      if (!this.over(this.protected.size, this.protectedBytes, PROTECTED_SHARE)) break;
      this.protected.delete(oldest);
      this.protectedBytes -= value.bytes;
      this.probation.set(oldest, value);
    }
    return kept;
  }

  private over(entries: number, bytes: number, share = 1): boolean {
    return entries > this.maxEntries * share || bytes > (this.budget?.maxBytes ?? Infinity) * share;
  }

  private keep(key: string, value: T, ttlMs: number, tags: string[] | null): void {
    this.forget(key);
    const bytes = this.budget?.bytesOf(value) ?? 0;
    if (bytes > (this.budget?.maxBytes ?? Infinity)) return;
    this.probation.set(key, { value, expiresAt: Date.now() + ttlMs, bytes, tags });
    this.bytes += bytes;
    // The values asked for once go first, oldest first (never the one just kept), then the protected ones.
    for (const part of [this.probation, this.protected])
      for (const oldest of part.keys()) {
        if (!this.over(this.probation.size + this.protected.size, this.bytes)) return;
        if (oldest !== key) this.forget(oldest);
      }
  }

  /** A kept value's revision in its place (see reviseTagged), weighed again; over the budget, the value goes. */
  private replace(part: Map<string, Kept<T>>, key: string, kept: Kept<T>, value: T): void {
    const bytes = this.budget?.bytesOf(value) ?? 0;
    if (bytes > (this.budget?.maxBytes ?? Infinity)) return this.forget(key);
    this.bytes += bytes - kept.bytes;
    if (part === this.protected) this.protectedBytes += bytes - kept.bytes;
    part.set(key, { ...kept, value, bytes });
  }

  private forget(key: string): void {
    const kept = this.probation.get(key) ?? this.protected.get(key);
    if (!kept) return;
    this.bytes -= kept.bytes;
    if (this.protected.delete(key)) this.protectedBytes -= kept.bytes;
    else this.probation.delete(key);
  }

  /** Forgets everything, loads under way included (their results are not kept): the data changed. */
  clear(): void {
    this.probation.clear();
    this.protected.clear();
    this.loading.clear();
    this.bytes = 0;
    this.protectedBytes = 0;
  }
}
