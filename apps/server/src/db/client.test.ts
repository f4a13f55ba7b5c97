import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { withinTimeLimit } from '@referwell/shared/time-limit';
import { openTestDatabase } from '../test/harness';
import { selectRows } from './repository';

describe('a transaction on the pool', () => {
  it('gives its connection back when BEGIN fails, so the pool still closes', async () => {
    const database = await openTestDatabase();
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    // A BEGIN PostgreSQL refuses stands for one whose connection was lost as the transaction started.
    const refused = database.db.transaction(async () => {}, {
      isolationLevel: 'no such level' as 'serializable',
    });
    await expect(refused).rejects.toThrow(/Failed query: begin isolation level no such level/);
    expect(pool.totalCount - pool.idleCount).toBe(0);
    // Committed work still goes through, on a connection the pool gets back.
    const answer = await database.db.transaction((tx) => selectRows<{ one: number }>(tx, sql`select 1 as one`));
    expect(answer).toEqual([{ one: 1 }]);
    expect(pool.totalCount - pool.idleCount).toBe(0);
    await withinTimeLimit(database.close(), 10_000, 'the database did not close');
  });
});
