import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Logger, runMigrations as installQueueSchema } from 'graphile-worker';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database } from './client';

// In source this file sits next to migrations/; in the bundle (dist/main.js) they are copied to dist/migrations.
function migrationsFolder(): string {
  const beside = fileURLToPath(new URL('./migrations', import.meta.url));
  return existsSync(beside) ? beside : fileURLToPath(new URL('./db/migrations', import.meta.url));
}

const MIGRATION_LOCK_ID = 7_261_001;
// graphile-worker reports its own migrations at info level: the app's start-up log says enough.
const quiet = new Logger(() => () => {});

/**
 * Applies the committed drizzle-kit migrations (an advisory lock keeps concurrent starts apart),
 * then installs or upgrades the job queue's schema (graphile-worker locks its own migrations): a
 * migrated database can take `enqueue` calls whether or not this process runs workers (the seed,
 * the benchmark's dataset writer).
 */
export async function runMigrations(database: Database): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
    await migrate(tx as unknown as NodePgDatabase, { migrationsFolder: migrationsFolder() });
  });
  await installQueueSchema({ connectionString: database.url, noHandleSignals: true, logger: quiet });
}
