// Loading the HHS-OIG LEIE CSV (issue 36): read in its published layout with csv-parse (the house CSV reader, as
// connections/linkedin-csv.ts), every row checked and streamed in with COPY; the rows go under a new list that becomes
// the active one in the same transaction. Any bad row rejects the whole file with its line, and the list in force stays.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { CsvError, parse } from 'csv-parse';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { LEIE_COLUMNS, SCREENING_MESSAGES, type LeieFetch, type LeieList, type LeieStatus } from '@referwell/shared';
import type { Db } from '../../db/client';
import { handleOn } from '../../db/one-connection';
import { selectRows } from '../../db/repository';
import { leieEntries, leieLists } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { nameKey } from './names';

const DATE = /^(\d{8})?$/;
const DATE_COLUMNS = ['DOB', 'EXCLDATE', 'REINDATE', 'WAIVERDATE'] as const;

/** A rejected file: 400 with the line that failed and why. */
const rejected = (line: number, why: string) => {
  const message = SCREENING_MESSAGES.rejected(line, why);
  return new AppError(400, 'LEIE_REJECTED', message, { file: message });
};

type Entry = typeof leieEntries.$inferInsert;

function entryOf(listId: string, line: number, cells: string[]): Entry {
  const cell = (column: (typeof LEIE_COLUMNS)[number]) => cells[LEIE_COLUMNS.indexOf(column)]!.trim();
  for (const column of DATE_COLUMNS)
    if (!DATE.test(cell(column))) throw rejected(line, SCREENING_MESSAGES.badDate(column));
  const npi = cell('NPI');
  if (npi !== '' && !/^\d{10}$/.test(npi)) throw rejected(line, SCREENING_MESSAGES.badNpi);
  const [lastName, firstName] = [cell('LASTNAME'), cell('FIRSTNAME')];
  const individual = lastName !== '' && firstName !== '';
  return {
    listId,
    line,
    lastName,
    firstName,
    midName: cell('MIDNAME'),
    busName: cell('BUSNAME'),
    general: cell('GENERAL'),
    specialty: cell('SPECIALTY'),
    upin: cell('UPIN'),
    // '0000000000' is how the list writes "no NPI".
    npi: /^0+$/.test(npi) ? '' : npi,
    dob: /^0+$/.test(cell('DOB')) ? '' : cell('DOB'),
    address: cell('ADDRESS'),
    city: cell('CITY'),
    state: cell('STATE'),
    zip: cell('ZIP'),
    exclType: cell('EXCLTYPE'),
    exclDate: cell('EXCLDATE'),
    reinDate: /^0+$/.test(cell('REINDATE')) ? '' : cell('REINDATE'),
    waiverDate: /^0+$/.test(cell('WAIVERDATE')) ? '' : cell('WAIVERDATE'),
    waiverState: cell('WVRSTATE'),
    nameKey: individual ? nameKey(firstName, lastName) : '',
    lastKey: individual ? nameKey(lastName) : '',
  };
}

/** leie_entries' columns in the order each COPY line gives them (the table's names are the keys in snake_case). */
const COPY_COLUMNS = [
  'listId',
  'line',
  'lastName',
  'firstName',
  'midName',
  'busName',
  'general',
  'specialty',
  'upin',
  'npi',
  'dob',
  'address',
  'city',
  'state',
  'zip',
  'exclType',
  'exclDate',
  'reinDate',
  'waiverDate',
  'waiverState',
  'nameKey',
  'lastKey',
] as const satisfies readonly (keyof Entry)[];
const COPY_STATEMENT = `copy leie_entries (${COPY_COLUMNS.map((c) => c.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`)).join(', ')}) from stdin`;

/** One value in COPY's text format: backslash, tab, newline and carriage return escaped. */
const copyText = (value: string | number) =>
  String(value).replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!);

/**
 * Loads a LEIE CSV as the new active list, or rejects it whole (400 LEIE_REJECTED naming the line). Every row is
 * checked as it is read and streamed into PostgreSQL with COPY (pg-copy-streams) under a new list that is `loading`,
 * on one connection in one transaction; the same transaction then makes it `active`, supersedes the previous list and
 * drops its rows. A bad row aborts the COPY and the transaction: nothing of the file stays.
 */
export async function loadLeie(
  db: Db,
  file: Readable,
  load: { source: 'upload' | 'url'; loadedBy: string | null },
): Promise<LeieList> {
  const parser = file.pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true, raw: false }),
  );
  // A stream error (a body cut off, a limit reached) must end the parse too.
  file.on('error', (error) => parser.destroy(error));
  const client = await (db as unknown as { $client: pg.Pool }).$client.connect();
  try {
    return await handleOn(client).transaction(async (tx) => {
      const [list] = await tx
        .insert(leieLists)
        .values({ status: 'loading', source: load.source, rowCount: 0, loadedBy: load.loadedBy })
        .returning();
      let rows = 0;
      async function* copyLines(): AsyncGenerator<string> {
        let headerSeen = false;
        for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
          const line = info.lines;
          if (!headerSeen) {
            headerSeen = true;
            const header = record.map((cell) => cell.trim().toUpperCase());
            if (header.join(',') !== LEIE_COLUMNS.join(',')) throw rejected(line, SCREENING_MESSAGES.badHeader);
            continue;
          }
          if (record.length !== LEIE_COLUMNS.length) throw rejected(line, SCREENING_MESSAGES.badColumns(record.length));
          const entry = entryOf(list!.id, line, record);
          rows++;
          yield `${COPY_COLUMNS.map((column) => copyText(entry[column] as string | number)).join('\t')}\n`;
        }
      }
      try {
        await pipeline(Readable.from(copyLines()), client.query(copyFrom(COPY_STATEMENT)));
      } catch (error) {
        if (error instanceof CsvError)
          throw rejected(Number(error.lines ?? 0), error.message.replace(/^[A-Z_]+:\s*/, ''));
        throw error;
      }
      if (rows === 0) throw rejected(1, SCREENING_MESSAGES.empty);
      const previous = await tx
        .update(leieLists)
        .set({ status: 'superseded' })
        .where(eq(leieLists.status, 'active'))
        .returning({ id: leieLists.id });
      if (previous.length > 0)
        await tx.delete(leieEntries).where(
          inArray(
            leieEntries.listId,
            previous.map((p) => p.id),
          ),
        );
      const [active] = await tx
        .update(leieLists)
        .set({ status: 'active', rowCount: rows })
        .where(eq(leieLists.id, list!.id))
        .returning();
      return toList(active!);
    });
  } finally {
    client.release();
  }
}

export const toList = (row: typeof leieLists.$inferSelect): LeieList => ({
  id: row.id,
  status: row.status === 'active' || row.status === 'rejected' ? row.status : 'superseded',
  source: row.source === 'url' ? 'url' : 'upload',
  rowCount: row.rowCount,
  createdAt: row.createdAt.toISOString(),
});

/** A fetched file rejected whole: kept as a row without entries, so the admins' page can say why. */
export async function recordRejectedFetch(db: Db, error: string, loadedBy: string | null): Promise<void> {
  await db.insert(leieLists).values({ status: 'rejected', source: 'url', rowCount: 0, error, loadedBy });
}

/** The one task whose jobs are the LEIE fetches (routes enqueue it, background.ts runs it). */
const FETCH_TASK = 'leie-fetch';

/**
 * The list's state for the admins' page: the list in force, the latest queued fetch (from the queue's own table:
 * waiting, running, retrying with its error, or given up) and a fetched file rejected since the list was loaded.
 */
export async function leieStatus(db: Db, who: { canManage: boolean; fetchConfigured: boolean }): Promise<LeieStatus> {
  const active = await activeLeie(db);
  const since = active ? new Date(active.createdAt) : new Date(0);
  const [rejected] = await db
    .select({ error: leieLists.error, createdAt: leieLists.createdAt })
    .from(leieLists)
    .where(and(eq(leieLists.status, 'rejected'), gt(leieLists.createdAt, since)))
    .orderBy(desc(leieLists.createdAt))
    .limit(1);
  const [job] = await selectRows<{
    attempts: number;
    max_attempts: number;
    last_error: string | null;
    locked_at: Date | null;
    updated_at: Date;
  }>(
    db,
    sql`select attempts, max_attempts, last_error, locked_at, updated_at from graphile_worker.jobs
        where task_identifier = ${FETCH_TASK} order by id desc limit 1`,
  );
  const updatedAt = job ? new Date(job.updated_at) : null;
  const fetch: LeieFetch | null =
    job && updatedAt! > since
      ? {
          state: job.locked_at
            ? 'running'
            : job.attempts >= job.max_attempts
              ? 'failed'
              : job.attempts > 0
                ? 'retrying'
                : 'queued',
          attempts: job.attempts,
          maxAttempts: job.max_attempts,
          error: job.last_error,
          updatedAt: updatedAt!.toISOString(),
        }
      : null;
  return {
    active,
    fetchConfigured: who.fetchConfigured,
    canManage: who.canManage,
    fetch,
    rejected: rejected ? { error: rejected.error ?? '', createdAt: rejected.createdAt.toISOString() } : null,
  };
}

/** The list screening reads, or null before any load. */
export async function activeLeie(db: Pick<Db, 'select'>): Promise<LeieList | null> {
  const [row] = await db.select().from(leieLists).where(eq(leieLists.status, 'active'));
  return row ? toList(row) : null;
}
