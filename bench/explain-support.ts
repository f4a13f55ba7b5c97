/**
 * What the `*-explain.ts` probes share (job-explain.ts, talent-explain.ts): the prepared dataset opened in this
 * process, the database's shared buffers and rows read from pg_stat_database once the backends have flushed them, and
 * EXPLAIN (ANALYZE, BUFFERS) of chosen statements, run on the same client with the same values before each runs.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import type { PreparedDatabase } from './support';

/** Backends flush their statistics when idle at least this long after their last flush (PostgreSQL's idle interval). */
const STATS_FLUSH_MS = 11_000;

/** Opens a prepared dataset's database in this process (its embedded cluster, or its throw-away database). */
export const openPrepared = (prepared: PreparedDatabase<unknown>) =>
  openDatabase(
    prepared.databaseUrl
      ? { databaseUrl: prepared.databaseUrl }
      : { embedded: { dir: path.join(prepared.dataDir, 'postgres') } },
  );

export interface DatabaseStats {
  blocks: number;
  rows: number;
}

/**
 * The database's shared buffers (hit and read) and rows (returned and fetched) so far, after waiting for the
 * backends to flush their counters: read once before and once after a run, and subtract.
 */
export async function databaseStats(database: Awaited<ReturnType<typeof openDatabase>>): Promise<DatabaseStats> {
  await new Promise((resolve) => setTimeout(resolve, STATS_FLUSH_MS));
  const result = (await database.db.execute(
    sql`select (blks_hit + blks_read)::float8 as blocks, (tup_returned + tup_fetched)::float8 as rows
        from pg_stat_database where datname = current_database()`,
  )) as unknown as { rows: DatabaseStats[] };
  return result.rows[0]!;
}

/** One statement's plan as EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) gives it. */
export interface ExplainedPlan {
  'Execution Time': number;
  Plan: Record<string, number>;
}

/**
 * From now on, every statement the pool's clients send whose text `pick` accepts is first run under
 * EXPLAIN (ANALYZE, BUFFERS) on the same client with the same values, and its plan given to `record`.
 */
export function explainStatements(
  pick: (text: string) => boolean,
  record: (text: string, plan: ExplainedPlan) => void,
) {
  const query = pg.Client.prototype.query as (...args: unknown[]) => Promise<unknown>;
  Object.assign(pg.Client.prototype, {
    async query(this: pg.Client, ...args: unknown[]) {
      const config = args[0] as string | { text?: string; values?: unknown[] };
      const text = typeof config === 'string' ? config : config.text;
      if (text && pick(text)) {
        const values = typeof config === 'string' ? args[1] : (config.values ?? args[1]);
        const result = (await query.call(this, `explain (analyze, buffers, format json) ${text}`, values)) as {
          rows: { 'QUERY PLAN': [ExplainedPlan] }[];
        };
        record(text, result.rows[0]!['QUERY PLAN'][0]);
      }
      return query.apply(this, args);
    },
  });
}
