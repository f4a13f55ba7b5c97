import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { preparedTemplate } from '../db/prepared';
import { selectRows } from '../db/repository';
import { openTestDatabase } from '../test/harness';
import { createRateLimiter, HIT_TEMPLATE_SQL, type Limit } from './rate-limit';

const limit = (key: string, windowSeconds = 60): Limit => ({ key, max: 3, windowSeconds, message: 'Too many.' });

/** The statuses of `count` hits: 'ok' or 429. */
async function outcome(consume: () => Promise<void>) {
  try {
    await consume();
    return 'ok';
  } catch (error) {
    return (error as { statusCode?: number }).statusCode;
  }
}

describe('rate limiter', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const hitsOf = async (key: string) =>
    (await selectRows<{ hits: number }>(database.db, sql`select hits from rate_limit_buckets where key = ${key}`))[0]
      ?.hits;

  it('lets exactly the limit through across two processes taking turns, then both refuse', async () => {
    const a = createRateLimiter(database.db);
    const b = createRateLimiter(database.db);
    const results = [];
    for (let i = 0; i < 10; i++) results.push(await outcome(() => (i % 2 ? b : a).consume(limit('turns'))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(3);
    expect(results.slice(3).every((r) => r === 429)).toBe(true);
  });

  it('refuses a bucket it saw over its limit without the database until the window ends', async () => {
    const a = createRateLimiter(database.db);
    for (let i = 0; i < 4; i++) await outcome(() => a.consume(limit('remembered')));
    expect(await hitsOf('remembered')).toBe(4);
    for (let i = 0; i < 5; i++) expect(await outcome(() => a.consume(limit('remembered')))).toBe(429);
    expect(await hitsOf('remembered')).toBe(4); // the five refusals above never reached the database
    // Another process has not seen the refusal: it asks the database, which refuses too.
    expect(await outcome(() => createRateLimiter(database.db).consume(limit('remembered')))).toBe(429);
  });

  it('counts a hit inside the caller’s own statement, then refuses from memory like consume', async () => {
    const a = createRateLimiter(database.db);
    /** The caller's statement: the hit, and a row written only when the limit allows it (as the message send does). */
    const statement = preparedTemplate<{ hits: number; remaining_ms: number; allowed: boolean }>(
      () =>
        sql`with hit as (${HIT_TEMPLATE_SQL})
            select hits, remaining_ms, hits <= ${sql.placeholder('limitMax')} as allowed from hit`,
    );
    const inStatement = async () => {
      const counted = a.inStatement(limit('in-statement'));
      const [row] = await statement(database.db, counted.values);
      counted.settle(row!);
      return row!.allowed;
    };
    for (let i = 0; i < 3; i++) expect(await inStatement()).toBe(true);
    expect(await outcome(async () => void (await inStatement()))).toBe(429);
    expect(await hitsOf('in-statement')).toBe(4);
    expect(await outcome(async () => void (await inStatement()))).toBe(429); // remembered: no statement ran
    expect(await hitsOf('in-statement')).toBe(4);
    expect(await outcome(() => a.consume(limit('in-statement')))).toBe(429); // one bucket whichever way it counts
  });

  it('tells the wait left in the window when it refuses from memory', async () => {
    const a = createRateLimiter(database.db);
    for (let i = 0; i < 4; i++) await outcome(() => a.consume(limit('wait')));
    const error = await a
      .consume(limit('wait'))
      .catch((e: unknown) => e as { retryAfterSeconds: number; message: string });
    expect(error?.retryAfterSeconds).toBeGreaterThan(55);
    expect(error?.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(error?.message).toMatch(/^Too many\. Please wait \d+ seconds and try again\.$/);
  });

  it('lets hits through again once the window has ended, in every process', async () => {
    const a = createRateLimiter(database.db);
    const b = createRateLimiter(database.db);
    for (let i = 0; i < 4; i++) await outcome(() => a.consume(limit('short', 1)));
    expect(await outcome(() => a.consume(limit('short', 1)))).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await outcome(() => a.consume(limit('short', 1)))).toBe('ok');
    expect(await outcome(() => b.consume(limit('short', 1)))).toBe('ok');
  });

  it('forgets a remembered refusal when the bucket is reset', async () => {
    const a = createRateLimiter(database.db);
    for (let i = 0; i < 4; i++) await outcome(() => a.consume(limit('reset')));
    await a.reset('reset');
    expect(await outcome(() => a.consume(limit('reset')))).toBe('ok');
  });

  it('does not apply a refusal to another limit on the same bucket', async () => {
    const a = createRateLimiter(database.db);
    for (let i = 0; i < 4; i++) await outcome(() => a.consume(limit('other')));
    expect(await outcome(() => a.consume({ ...limit('other'), max: 10 }))).toBe('ok');
  });

  it('gives turns one interval apart across processes, and none further off than maxWaitMs', async () => {
    const a = createRateLimiter(database.db);
    const b = createRateLimiter(database.db);
    const turn = { key: 'turns:account', intervalMs: 1_000, maxWaitMs: 2_000 };
    const waits = await Promise.all([a, b, a, b].map((limiter) => limiter.takeTurn(turn)));
    const given = waits.filter((w): w is number => w !== null).sort((x, y) => x - y);
    // Three turns fit in two seconds (now, +1 s, +2 s); the fourth is refused and takes no turn.
    expect(given).toHaveLength(3);
    expect(waits.filter((w) => w === null)).toHaveLength(1);
    given.forEach((wait, n) => {
      expect(wait).toBeLessThanOrEqual(n * 1_000);
      expect(wait).toBeGreaterThan(n * 1_000 - 500);
    });
  });

  it('records without refusing, and takes a hit back', async () => {
    const a = createRateLimiter(database.db);
    expect((await a.record({ key: 'counted', windowSeconds: 60 })).hits).toBe(1);
    const second = await a.record({ key: 'counted', windowSeconds: 60 });
    expect(second.hits).toBe(2);
    expect(second.remainingSeconds).toBeGreaterThan(50);
    await a.forgive('counted');
    expect(await hitsOf('counted')).toBe(1);
  });
});
