/**
 * Bulk loading a benchmark dataset inside the database: secondary indexes dropped before the rows go in and built
 * once after (a sort, instead of one index insertion per row, which is most of a large load's time on GIN indexes),
 * and each step timed.
 */
import { sql, type SQL } from 'drizzle-orm';
import { placeColumns } from '@referwell/shared/places';
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
 * What share of a table's rows have been written again since they were added, in a live database (jobs edited or
 * re-read, profiles edited): each such update writes a new version of the row wherever the table has room, away from
 * the rows added at the same time.
 */
export const REWRITTEN_SHARE = 0.2;

/**
 * Lays a loaded table out on disk as a live one is: rows arrive in time order (the load inserts them oldest first, as
 * they were added), and then REWRITTEN_SHARE of them, picked at random but the same on every run (a seeded draw in the
 * table's own order), are written again and so move away from their neighbours in time. A search reading the newest
 * rows of a word then reads as many table pages as it would live: a table loaded in random order spreads every hour's
 * rows over all its pages, which no live table does (docs/benchmarks.md, run L). No trigger fires: the rows are
 * unchanged. Run inside the load's transaction, before the indexes are built again.
 */
export async function rewriteShare(db: Executor, table: string, timeColumn: string): Promise<void> {
  await db.execute(sql`select setseed(0.5)`);
  await db.execute(sql`set local session_replication_role = replica`);
  await db.execute(sql.raw(`update ${table} set ${timeColumn} = ${timeColumn} where random() < ${REWRITTEN_SHARE}`));
  await db.execute(sql`set local session_replication_role = origin`);
}

/**
 * A number in [0, size) drawn from the row number `n` by a hash seeded with `salt`: attributes picked with different
 * salts are independent of one another (residues of one number, n mod 4 and n mod 8, are not), and the same on every
 * run and engine (hashint4extended is the hash PostgreSQL's hash partitioning relies on staying fixed).
 */
export const pick = (n: SQL, salt: number, size: number): SQL =>
  sql`((hashint4extended((${n})::int, ${sql.raw(String(salt))}) & 2147483647) % ${sql.raw(String(size))})::int`;

/**
 * The place columns of some locations, as the services write them (placeColumns), and the place tokens' weight-D
 * vector job_postings_derive and talent_profiles_derive add to a search document, to join by location:
 * `(values …) as pl(location, keys, label, lat, lon, vec)`.
 */
export function placesOf(locations: string[]): SQL {
  const rows = locations.map((location) => {
    const c = placeColumns(location);
    return sql`(${location}::text, ${sql.param(c.placeKeys)}::text[], ${c.placeLabel}::text, ${c.placeLat}::real, ${c.placeLon}::real)`;
  });
  return sql`(select location, keys, label, lat, lon,
                setweight(to_tsvector('english', array_to_string(keys, ' ')), 'D') as vec
              from (values ${sql.join(rows, sql`, `)}) as v(location, keys, label, lat, lon)) as pl`;
}
