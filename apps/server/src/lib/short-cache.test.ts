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

describe('ShortCache tags', () => {
  it('forgets only the kept values and loads under way a change touches, and loads not tagged yet', async () => {
    const cache = new ShortCache<string>();
    await cache.get('nurse', 60_000, async (tag) => (tag('plan:nurse'), 'nurse 1'));
    await cache.get('both', 60_000, async (tag) => (tag('plan:nurse', 'plan:fhir'), 'both 1'));
    await cache.get('fhir', 60_000, async (tag) => (tag('plan:fhir'), 'fhir 1'));
    const nurseGate = deferred<string>();
    const fhirGate = deferred<string>();
    const untaggedGate = deferred<string>();
    const nurseLoad = cache.get('nurse later', 60_000, (tag) => (tag('plan:nurse'), nurseGate.promise));
    const fhirLoad = cache.get('fhir later', 60_000, (tag) => (tag('plan:fhir'), fhirGate.promise));
    const untaggedLoad = cache.get('untagged', 60_000, () => untaggedGate.promise);
    expect([...cache.tags()].sort()).toEqual(['plan:fhir', 'plan:nurse']);

    cache.forgetTagged((t) => t === 'plan:nurse');
    nurseGate.resolve('nurse stale');
    fhirGate.resolve('fhir later 1');
    untaggedGate.resolve('untagged stale');
    await Promise.all([nurseLoad, fhirLoad, untaggedLoad]);
    // Touched: read again.
    expect(await cache.get('nurse', 60_000, async () => 'nurse 2')).toBe('nurse 2');
    expect(await cache.get('both', 60_000, async () => 'both 2')).toBe('both 2');
    expect(await cache.get('nurse later', 60_000, async () => 'nurse later 2')).toBe('nurse later 2');
    expect(await cache.get('untagged', 60_000, async () => 'untagged 2')).toBe('untagged 2');
    // Not touched: still kept, the load under way included.
    expect(await cache.get('fhir', 60_000, async () => 'fhir 2')).toBe('fhir 1');
    expect(await cache.get('fhir later', 60_000, async () => 'fhir later 2')).toBe('fhir later 1');
  });

  it('joins a caller to a load under way only until a change touches it', async () => {
    const cache = new ShortCache<string>();
    const gate = deferred<string>();
    let loads = 0;
    const first = cache.get('k', 60_000, (tag) => (tag('t'), loads++, gate.promise));
    cache.forgetTagged((t) => t === 't');
    const second = cache.get('k', 60_000, async () => (loads++, 'after'));
    gate.resolve('before');
    expect(await first).toBe('before');
    expect(await second).toBe('after');
    expect(loads).toBe(2);
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
