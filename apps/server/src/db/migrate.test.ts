import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { runMigrations } from './migrate';
import { selectRows } from './repository';
import { openTestDatabase } from '../test/harness';

describe('migrations', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('create every table of the schema on an empty database', async () => {
    const rows = await selectRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const tables = rows.map((r) => r.table_name);
    expect(tables).toContain('waitlist_entries');
  });

  it('are idempotent: running them again changes nothing', async () => {
    await expect(runMigrations(database)).resolves.toBeUndefined();
  });
});
