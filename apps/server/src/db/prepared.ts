import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { handleOn } from './one-connection';
import { selectRows, type Executor } from './repository';

/** What drizzle keeps on every database and transaction handle (typed `@internal` there). */
interface DrizzleInternals {
  dialect: PgDialect;
  session: PgSession;
}

/** Statement names by SQL text: the same text always gets the same name, so each connection prepares it once. */
const names = new Map<string, string>();
const MAX_NAMES = 5_000;

function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `rw_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    if (names.size >= MAX_NAMES) names.clear();
    names.set(text, name);
  }
  return name;
}

export interface PreparedOptions {
  /**
   * Plan the statement for its values on every call (an unnamed statement) instead of keeping a plan: for queries
   * whose best plan depends on a value, like a text search's words. After five runs PostgreSQL may keep one generic
   * plan for a named statement, estimated without the values: a word in every document then gets the plan of a rare
   * one (a GIN bitmap over the whole table, then a sort) instead of a walk down the newest-first index (15× slower).
   */
  planEachCall?: boolean;
  /**
   * Test text only in its GIN index: for job search statements written so that the text's index is the only way to
   * their rows (db/migrations 0023, features/jobs/search-window.ts). The planner counts testing a search document as
   * one cheap operation, while each test decompresses kilobytes (a common word: 1.5 s over 50,000 realistic jobs, a
   * window of 5,000 newest jobs 130–180 ms, against a few milliseconds in the index); so sequential scans are off. The
   * plan then no longer depends on the words, so it is the statement's generic plan, kept per connection: planning a
   * prefix query for its words cost 3–11 ms. Not with `planEachCall`.
   */
  textThroughIndex?: boolean;
}

/**
 * Runs `query` as a named (server-side prepared) statement and returns its rows: PostgreSQL parses it once per
 * connection and, after a few runs, may keep its plan, instead of planning on every request. The one way hot
 * queries run: write them with every value as a parameter (arrays through `sql.param`, not spread), so one query
 * shape is one statement whatever the values. Rows come back as the driver gives them, like `selectRows`.
 */
export async function preparedRows<T>(db: Executor, query: SQL, options: PreparedOptions = {}): Promise<T[]> {
  const { textThroughIndex, ...rest } = options;
  if (textThroughIndex) return withTextThroughIndex(db, (tx) => preparedRows<T>(tx, query, rest));
  const { dialect, session } = db as unknown as DrizzleInternals;
  const built = dialect.sqlToQuery(query);
  const name = options.planEachCall ? undefined : statementName(built.sql);
  const result = (await session.prepareQuery(built, undefined, name, false).execute()) as {
    rows: T[];
  };
  return result.rows;
}

/**
 * A hot statement whose text is built once: `build` writes every value as `sql.placeholder(name)`, and each call
 * fills them from `values`. `preparedRows` has drizzle rebuild a statement's text on every call (walking its parts,
 * escaping, joining), then hash it to its name: for a big statement run a hundred times a second (a message sent), a
 * fifth of the server's CPU for it. Runs like `preparedRows` (a named statement, the driver's rows); the drizzle query
 * object is kept per database handle (each pool connection's handle is kept, db/one-connection.ts).
 */
export function preparedTemplate<T>(build: () => SQL): (db: Executor, values: Record<string, unknown>) => Promise<T[]> {
  let built: { sql: string; params: unknown[] } | null = null;
  let name = '';
  const queries = new WeakMap<PgSession, { execute(values: Record<string, unknown>): Promise<unknown> }>();
  return async (db, values) => {
    const { dialect, session } = db as unknown as DrizzleInternals;
    if (!built) {
      built = dialect.sqlToQuery(build());
      name = statementName(built.sql);
    }
    let query = queries.get(session);
    if (!query) queries.set(session, (query = session.prepareQuery(built, undefined, name, false)));
    return ((await query.execute(values)) as { rows: T[] }).rows;
  };
}

/** The settings of a `textThroughIndex` statement, and how a pooled connection drops them. */
const TEXT_SETTINGS = 'set enable_seqscan = off; set plan_cache_mode = force_generic_plan';
const DEFAULT_SETTINGS = 'reset enable_seqscan; reset plan_cache_mode';
/** The same settings as connection options: what the connections of a text pool start with (see textPoolConfig). */
const TEXT_OPTIONS = '-c enable_seqscan=off -c plan_cache_mode=force_generic_plan';

/** The pools whose `textThroughIndex` statements run on a pool of their own (see textPoolConfig). */
const textPools = new WeakMap<pg.Pool, pg.Pool>();

/**
 * The config of a second, small pool for `pool`'s text statements: its connections start with sequential scans off
 * and generic plans and keep them, so a text search needs no `set` before its statement and no `reset` after it (two
 * round trips of three, each a write and a wake-up of the backend: measured, about a third of a fresh search's server
 * CPU). Register the pool made from it with `useTextPool`; whoever opened both closes both.
 */
export const textPoolConfig = (config: pg.PoolConfig): pg.PoolConfig => ({ ...config, max: 4, options: TEXT_OPTIONS });

/** `pool`'s text statements run on `textPool` (made from textPoolConfig). */
export function useTextPool(pool: pg.Pool, textPool: pg.Pool): void {
  textPools.set(pool, textPool);
}

/**
 * Runs `work` with sequential scans off and generic plans. On a pool with a text pool (db/client.ts): on one of the
 * text pool's connections, set when it opened. On another pool: on one of its connections, set for the session in one
 * round trip and reset before the connection goes back to the pool, without the request waiting for it. Inside a
 * caller's transaction: see inTransaction.
 */
async function withTextThroughIndex<T>(db: Executor, work: (tx: Executor) => Promise<T>): Promise<T> {
  const { client } = (db as unknown as DrizzleInternals).session as unknown as { client: unknown };
  if (!(client instanceof pg.Pool)) return inTransaction(db, work);
  const textPool = textPools.get(client);
  const connection = await (textPool ?? client).connect();
  if (textPool) {
    try {
      return await work(handleOn(connection));
    } finally {
      connection.release();
    }
  }
  try {
    await connection.query(TEXT_SETTINGS);
    return await work(handleOn(connection));
  } finally {
    connection.query(DEFAULT_SETTINGS).then(
      () => connection.release(),
      (error: Error) => connection.release(error),
    );
  }
}

/**
 * Runs `work` in a transaction (a savepoint inside the caller's) with sequential scans off and generic plans, then
 * puts the settings back: inside a caller's transaction they would otherwise last until it ends.
 */
async function inTransaction<T>(db: Executor, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const [before] = await selectRows<{ seqscan: string; plans: string }>(
      tx,
      sql`select current_setting('enable_seqscan') as seqscan, current_setting('plan_cache_mode') as plans,
            set_config('enable_seqscan', 'off', true), set_config('plan_cache_mode', 'force_generic_plan', true)`,
    );
    const result = await work(tx);
    await tx.execute(
      sql`select set_config('enable_seqscan', ${before!.seqscan}, true),
            set_config('plan_cache_mode', ${before!.plans}, true)`,
    );
    return result;
  });
}
