import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type features use, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbDriver = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: DbDriver;
  /** The postgres:// URL, for components that open their own connections (the job queue). */
  connectionString?: string;
  /** Runs one raw SQL statement (used for health checks and advisory locks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  pgliteDir?: string | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.pgliteDir);
}

export class DatabaseInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is already in use by process ${pid}. Stop it, or start this one with another DATA_DIR.`,
    );
    this.name = 'DatabaseInUseError';
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** PGlite is single-process: a second server on the same directory would corrupt it. */
function lockDirectory(dir: string): () => void {
  const lockFile = `${dir}.lock`;
  try {
    const holder = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    if (holder && holder !== process.pid && isAlive(holder)) throw new DatabaseInUseError(dir, holder);
  } catch (error) {
    if (error instanceof DatabaseInUseError) throw error;
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

async function openPglite(dir: string | undefined): Promise<Database> {
  if (dir) mkdirSync(path.dirname(dir), { recursive: true });
  const unlock = dir ? lockDirectory(dir) : () => {};
  const client = dir ? new PGlite(dir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries still report their own errors.
  });
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    connectionString: url,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
