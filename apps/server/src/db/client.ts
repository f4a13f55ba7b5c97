import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgresOptions } from './embedded-postgres';
import { openClosablePool } from './pool';
import { textPoolConfig, useTextPool } from './prepared';
import { DRIZZLE_OPTIONS, type Db } from './handle';
import { onOneConnection } from './one-connection';

export { DatabaseInUseError, EmbeddedPostgresError } from './embedded-postgres';
export type { Db, Schema } from './handle';

/** `embedded`: the PostgreSQL server this process started in DATA_DIR; `postgres`: one named by DATABASE_URL. */
export type DbDriver = 'embedded' | 'postgres';

export interface Database {
  db: Db;
  driver: DbDriver;
  /** The connection URL (LISTEN and second pools open their own connections with it). */
  url: string;
  /** Runs one raw SQL statement (used for health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions = { databaseUrl: string } | { embedded: EmbeddedPostgresOptions };

/** The embedded cluster's application database (the `postgres` database stays for administration). */
const EMBEDDED_DATABASE = 'referwell';

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) return openPool(options.databaseUrl, 'postgres');
  const cluster = await startEmbeddedPostgres(options.embedded);
  try {
    const url = await ensureDatabase(cluster.url, EMBEDDED_DATABASE);
    const database = openPool(url, 'embedded');
    return {
      ...database,
      close: async () => {
        await database.close();
        await cluster.stop();
      },
    };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

/** Creates `name` on the server of `adminUrl` when missing; returns its URL. */
async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function openPool(url: string, driver: DbDriver): Database {
  const config = { connectionString: url, max: 10 };
  const { pool, close } = openClosablePool(config);
  // Job search's text statements run on connections of their own, set for them (db/prepared.ts textPoolConfig).
  const text = openClosablePool(textPoolConfig(config));
  useTextPool(pool, text.pool);
  for (const each of [pool, text.pool])
    each.on('error', () => {
      // An idle client lost its connection; the pool replaces it. Queries still report their own errors.
    });
  const db = drizzle({ client: pool, ...DRIZZLE_OPTIONS }) as unknown as Db;
  // drizzle-orm 0.45's transaction on a pool sends BEGIN before its try/finally, so a BEGIN that fails (the connection
  // lost as the transaction starts) never gives its connection back, and the pool's end() then waits for it forever:
  // the server's shutdown hung after a kill -9 of PostgreSQL that caught a job beginning a transaction (main.test.ts).
  // So a transaction takes its connection here, drizzle runs it on that connection, and it goes back whatever happens.
  const transaction: Db['transaction'] = (work, config) =>
    onOneConnection(db, (connection) => connection.transaction(work, config));
  db.transaction = transaction;
  return {
    db,
    driver,
    url,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await Promise.all([close(), text.close()]);
    },
  };
}
