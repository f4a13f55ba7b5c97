/**
 * Bulk loading a benchmark dataset inside the database: secondary indexes dropped before the rows go in and built
 * once after (a sort, instead of one index insertion per row, which is most of a large load's time on GIN indexes),
 * and each step timed.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../apps/server/src/db/repository';

export const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Runs one step of a seed (one statement or a few) and prints how long it took. */
export async function step<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`  seed: ${label} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * Drops the secondary indexes of `tables` (and, with `keys`, their primary and unique keys no foreign key points
 * at); resolves to the statements that build them again, in order. Run inside the load's transaction.
 */
export async function withoutIndexes(db: Executor, tables: string[], { keys = false } = {}): Promise<string[]> {
  const names = sql.join(
    tables.map((t) => sql`${t}`),
    sql`, `,
  );
  const dropped = keys
    ? await rowsOf<{ tbl: string; name: string; definition: string }>(
        db,
        sql`
    select c.conrelid::regclass::text as tbl, c.conname as name, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    where c.contype in ('p', 'u') and c.conrelid::regclass::text in (${names})
      and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = c.conindid)`,
      )
    : [];
  const indexes = await rowsOf<{ name: string; definition: string }>(
    db,
    sql`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = 'public' and i.tablename in (${names})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const key of dropped) await db.execute(sql.raw(`alter table ${key.tbl} drop constraint "${key.name}"`));
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  return [
    ...dropped.map((key) => `alter table ${key.tbl} add constraint "${key.name}" ${key.definition}`),
    ...indexes.map((index) => index.definition),
  ];
}

/** Builds again what withoutIndexes dropped, with room to sort in memory. */
export async function rebuildIndexes(db: Executor, definitions: string[]): Promise<void> {
  await db.execute(sql`set local maintenance_work_mem = '512MB'`);
  for (const definition of definitions) await db.execute(sql.raw(definition));
}

/**
 * A number in [0, size) drawn from the row number `n` by a hash seeded with `salt`: attributes picked with different
 * salts are independent of one another (residues of one number, n mod 4 and n mod 8, are not), and the same on every
 * run and engine (hashint4extended is the hash PostgreSQL's hash partitioning relies on staying fixed).
 */
export const pick = (n: SQL, salt: number, size: number): SQL =>
  sql`((hashint4extended((${n})::int, ${sql.raw(String(salt))}) & 2147483647) % ${sql.raw(String(size))})::int`;
