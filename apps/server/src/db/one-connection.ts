import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { DRIZZLE_OPTIONS, type Db } from './handle';

const handles = new WeakMap<pg.PoolClient, Db>();

/** A database handle on one connection of the pool, made like the pool's own (kept per connection). */
export function handleOn(connection: pg.PoolClient): Db {
  let handle = handles.get(connection);
  if (!handle) handles.set(connection, (handle = drizzle({ client: connection, ...DRIZZLE_OPTIONS }) as unknown as Db));
  return handle;
}

/**
 * Runs `work` with a database handle bound to one connection of the pool, held until `work` ends: for a transaction
 * and what must follow its commit at once. Through the pool, the follow-up would queue behind every request waiting
 * for a connection (the pool hands them out in turn), so under load it would run only after all of them.
 */
export async function onOneConnection<T>(db: Db, work: (connection: Db) => Promise<T>): Promise<T> {
  const client = await (db as unknown as { $client: pg.Pool }).$client.connect();
  try {
    return await work(handleOn(client));
  } finally {
    client.release();
  }
}
