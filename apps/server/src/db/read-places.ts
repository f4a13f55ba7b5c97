import { sql } from 'drizzle-orm';
import { placeColumns } from '@referwell/shared/places';
import type { Db } from './client';
import { inTransaction, selectRows } from './repository';

/** Rows read per statement pair. */
const BATCH = 500;

/**
 * Reads the locations of jobs and talent profiles written before their places were (place_keys null: rows of before
 * migration 0036, or written by hand without them), BATCH rows per table; the services write the places of every
 * row they save. Returns how many rows it read; the `read-places` task runs it until none are left.
 */
export async function readUnreadPlaces(db: Db): Promise<number> {
  let read = 0;
  for (const table of ['job_postings', 'talent_profiles'] as const) {
    read += await inTransaction(db, async (tx) => {
      const rows = await selectRows<{ id: string; location: string | null }>(
        tx,
        sql`select id, location from ${sql.identifier(table)} where place_keys is null
            order by id limit ${BATCH} for update skip locked`,
      );
      if (rows.length === 0) return 0;
      const values = rows.map((row) => {
        const c = placeColumns(row.location);
        return sql`(${row.id}::uuid, ${sql.param(c.placeKeys)}::text[], ${c.placeLabel}::text, ${c.placeLat}::real, ${c.placeLon}::real)`;
      });
      await tx.execute(sql`update ${sql.identifier(table)} t
        set place_keys = v.keys, place_label = v.label, place_lat = v.lat, place_lon = v.lon
        from (values ${sql.join(values, sql`, `)}) as v(id, keys, label, lat, lon) where t.id = v.id`);
      return rows.length;
    });
  }
  return read;
}
