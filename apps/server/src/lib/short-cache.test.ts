import { describe, expect, it } from 'vitest';
import { ShortCache } from './short-cache';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('ShortCache', () => {
  it('runs identical concurrent loads once and hands every caller the result', async () => {
    const cache = new ShortCache<number>();
    const gate = deferred<number>();
    let loads = 0;
    const load = () => {
      loads++;
      return gate.promise;
    };
    const callers = [cache.get('q', 0, load), cache.get('q', 0, load), cache.get('q', 0, load)];
    gate.resolve(7);
    expect(await Promise.all(callers)).toEqual([7, 7, 7]);
    expect(loads).toBe(1);
    // ttl 0: nothing is kept once the load is over.
    expect(await cache.get('q', 0, async () => 8)).toBe(8);
  });

  it('keeps a result for its time to live, and forgets it on clear', async () => {
    const cache = new ShortCache<string>();
    expect(await cache.get('k', 60_000, async () => 'first')).toBe('first');
    expect(await cache.get('k', 60_000, async () => 'second')).toBe('first');
    cache.clear();
    expect(await cache.get('k', 60_000, async () => 'third')).toBe('third');
  });

  it('does not keep a load that was under way when the data changed, nor a failed one', async () => {
    const cache = new ShortCache<string>();
    const gate = deferred<string>();
    const stale = cache.get('k', 60_000, () => gate.promise);
    cache.clear();
    gate.resolve('stale');
    expect(await stale).toBe('stale');
    expect(await cache.get('k', 60_000, async () => 'fresh')).toBe('fresh');
    await expect(cache.get('e', 60_000, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('e', 60_000, async () => 'up')).toBe('up');
  });
});

describe('ShortCache budget', () => {
  it('lets the oldest kept values go first once over its entries or bytes', async () => {
    const cache = new ShortCache<string>(3, { maxBytes: 10, bytesOf: (value) => value.length });
    for (const key of ['a', 'b', 'c']) await cache.get(key, 60_000, async () => key.repeat(3));
    expect(cache.keptBytes).toBe(9);
    await cache.get('d', 60_000, async () => 'dddd'); // 13 bytes: a goes, 10 left
    expect(cache.keptBytes).toBe(10);
    expect(await cache.get('a', 60_000, async () => 'aa')).toBe('aa'); // 12 bytes: b goes
    expect(await cache.get('d', 60_000, async () => 'lost')).toBe('dddd');
    expect(await cache.get('b', 60_000, async () => 'b again')).toBe('b again');
    expect(cache.keptBytes).toBe(9); // 16 with b again: c and d went, a and b stay
    // A value over the whole budget is handed out but not kept.
    expect(await cache.get('big', 60_000, async () => 'x'.repeat(11))).toHaveLength(11);
    expect(await cache.get('big', 60_000, async () => 'small')).toBe('small');
  });
});
