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

  it('revises the kept values a change touches in place, reweighed, and drops untagged values', async () => {
    const cache = new ShortCache<string>(10, { maxBytes: 100, bytesOf: (value) => value.length });
    await cache.get('nurse', 60_000, async (tag) => (tag('plan:nurse'), 'nurse'));
    await cache.get('fhir', 60_000, async (tag) => (tag('plan:fhir'), 'fhir'));
    await cache.get('gone', 60_000, async (tag) => (tag('plan:nurse'), 'gone'));
    await cache.get('untagged', 60_000, async () => 'untagged');
    const seen: string[] = [];
    cache.reviseTagged(
      (t) => t === 'plan:nurse',
      (value, key, tags) => (seen.push(`${key} ${tags.join()}`), key === 'gone' ? undefined : `${value} + new job`),
    );
    expect(seen.sort()).toEqual(['gone plan:nurse', 'nurse plan:nurse']);
    expect(await cache.get('nurse', 60_000, async () => 'read again')).toBe('nurse + new job');
    expect(await cache.get('fhir', 60_000, async () => 'read again')).toBe('fhir');
    expect(await cache.get('gone', 60_000, async () => 'gone 2')).toBe('gone 2');
    expect(await cache.get('untagged', 60_000, async () => 'untagged 2')).toBe('untagged 2');
    expect(cache.keptBytes).toBe(['nurse + new job', 'fhir', 'gone 2', 'untagged 2'].join('').length);
  });

  it('revises a load under way when it arrives, loads it again where the change cannot tell, drops one untagged', async () => {
    const cache = new ShortCache<string>();
    const gates = { revised: deferred<string>(), again: deferred<string>(), untagged: deferred<string>() };
    let loads = 0;
    const revisedLoad = cache.get('revised', 60_000, (tag) => (tag('plan:nurse'), gates.revised.promise));
    const againLoad = cache.get('again', 60_000, (tag) =>
      loads++ === 0 ? (tag('plan:nurse'), gates.again.promise) : (tag('plan:nurse'), Promise.resolve('again 2')),
    );
    const untaggedLoad = cache.get('untagged', 60_000, () => gates.untagged.promise);
    cache.reviseTagged(
      (t) => t === 'plan:nurse',
      (value, key) => (key === 'again' ? undefined : `${value} + new job`),
    );
    // A caller after the change joins the load under way and gets its value with the change in it.
    const joined = cache.get('revised', 60_000, async () => 'not asked');
    gates.revised.resolve('revised 1');
    gates.again.resolve('again 1');
    gates.untagged.resolve('untagged stale');
    expect(await revisedLoad).toBe('revised 1 + new job');
    expect(await joined).toBe('revised 1 + new job');
    expect(await againLoad).toBe('again 2');
    expect(loads).toBe(2);
    expect(await untaggedLoad).toBe('untagged stale');
    expect(await cache.get('revised', 60_000, async () => 'read again')).toBe('revised 1 + new job');
    expect(await cache.get('again', 60_000, async () => 'read again')).toBe('again 2');
    expect(await cache.get('untagged', 60_000, async () => 'untagged 2')).toBe('untagged 2');
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
  it('lets the values asked for once go first, oldest first, once over its entries or bytes', async () => {
    const cache = new ShortCache<string>(3, { maxBytes: 10, bytesOf: (value) => value.length });
    for (const key of ['a', 'b', 'c']) await cache.get(key, 60_000, async () => key.repeat(3));
    expect(cache.keptBytes).toBe(9);
    await cache.get('d', 60_000, async () => 'dddd'); // 13 bytes: a goes, 10 left
    expect(cache.keptBytes).toBe(10);
    expect(await cache.get('a', 60_000, async () => 'aa')).toBe('aa'); // 12 bytes: b goes
    expect(await cache.get('d', 60_000, async () => 'lost')).toBe('dddd'); // asked again: protected
    expect(await cache.get('b', 60_000, async () => 'b again')).toBe('b again');
    // 16 bytes with b again: c and aa go (asked for once, oldest first), then dddd (protected, but nothing else left)
    expect(cache.keptBytes).toBe(7);
    expect(await cache.get('b', 60_000, async () => 'lost')).toBe('b again');
    // A value over the whole budget is handed out but not kept.
    expect(await cache.get('big', 60_000, async () => 'x'.repeat(11))).toHaveLength(11);
    expect(await cache.get('big', 60_000, async () => 'small')).toBe('small');
  });

  it('keeps the values asked for again through a stream of values nobody asks for twice', async () => {
    const cache = new ShortCache<string>(10);
    const loads: string[] = [];
    const get = (key: string) =>
      cache.get(key, 60_000, async () => {
        loads.push(key);
        return key;
      });
    for (const key of ['popular 1', 'popular 2', 'popular 3']) await get(key);
    for (const key of ['popular 1', 'popular 2', 'popular 3']) await get(key); // asked again: protected
    for (let n = 0; n < 100; n++) await get(`once ${n}`);
    loads.length = 0;
    for (const key of ['popular 1', 'popular 2', 'popular 3']) await get(key);
    expect(loads).toEqual([]);
    // The stream kept only its newest within the rest of the cache.
    expect(await get('once 99')).toBe('once 99');
    expect(await get('once 50')).toBe('once 50');
    expect(loads).toEqual(['once 50']);
  });

  it('sends its least recently asked protected values back among the others past their share', async () => {
    const cache = new ShortCache<string>(5); // protected: up to 4
    const loads: string[] = [];
    const get = (key: string) =>
      cache.get(key, 60_000, async () => {
        loads.push(key);
        return key;
      });
    for (const key of ['a', 'b', 'c', 'd', 'e']) await get(key);
    for (const key of ['a', 'b', 'c', 'd', 'e']) await get(key); // e's promotion sends a back
    await get('f'); // over 5 entries: a, now among the values asked for once and the oldest there, goes
    loads.length = 0;
    for (const key of ['b', 'c', 'd', 'e', 'f']) await get(key);
    expect(loads).toEqual([]);
    await get('a');
    expect(loads).toEqual(['a']);
  });
});
