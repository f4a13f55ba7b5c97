import type pg from 'pg';
import { NodePgDatabase, NodePgSession } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** What drizzle keeps on a node-postgres database handle (typed `@internal` there). */
interface NodePgInternals {
  dialect: PgDialect;
  session: NodePgSession<Record<string, unknown>, never>;
  $client: pg.Pool;
}

/**
 * Runs `work` with a database handle bound to one connection of the pool, held until `work` ends: for a transaction
 * and what must follow its commit at once. Through the pool, the follow-up would queue behind every request waiting
 * for a connection (the pool hands them out in turn), so under load it would run only after all of them.
 */
export async function onOneConnection<T>(db: Db, work: (connection: Db) => Promise<T>): Promise<T> {
  const { dialect, session, $client } = db as unknown as NodePgInternals;
  const { schema, options } = session as unknown as { schema: never; options: never };
  const client = await $client.connect();
  try {
    const bound = new NodePgDatabase(dialect, new NodePgSession(client, dialect, schema, options), schema);
    return await work(bound as unknown as Db);
  } finally {
    client.release();
  }
}
