import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { runMigrations } from './migrate';
import { selectRows } from './repository';
import * as schema from './schema';
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

  it('give every index the storage parameters the schema declares (migration 0066 sets them by hand)', async () => {
    const declared = (Object.values(schema) as unknown[])
      .flatMap((value) => (is(value, PgTable) ? getTableConfig(value).indexes : []))
      .flatMap(({ config }) =>
        Object.entries(config.with ?? {}).map(([name, value]) => `${config.name}: ${name}=${String(value)}`),
      );
    expect(declared).toContain('job_postings_search_idx: gin_pending_list_limit=64');
    expect(declared).toContain('talent_profiles_search_idx: gin_pending_list_limit=64');
    const rows = await selectRows<{ option: string }>(
      database.db,
      sql`select c.relname || ': ' || o as option from pg_class c cross join unnest(c.reloptions) o
          where c.relkind = 'i' and c.relnamespace = 'public'::regnamespace`,
    );
    const held = rows.map((r) => r.option);
    for (const option of declared) expect(held).toContain(option);
  });

  it('are idempotent: running them again changes nothing', async () => {
    await expect(runMigrations(database)).resolves.toBeUndefined();
  });
});
