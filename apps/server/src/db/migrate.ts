import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database } from './client';

// In source this file sits next to migrations/; in the bundle (dist/main.js) they are copied to dist/migrations.
function migrationsFolder(): string {
  const beside = fileURLToPath(new URL('./migrations', import.meta.url));
  return existsSync(beside) ? beside : fileURLToPath(new URL('./db/migrations', import.meta.url));
}

const MIGRATION_LOCK_ID = 7_261_001;

/** Applies the committed drizzle-kit migrations; an advisory lock keeps concurrent starts apart. */
export async function runMigrations(database: Database): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
    await migrate(tx as unknown as NodePgDatabase, { migrationsFolder: migrationsFolder() });
  });
}
