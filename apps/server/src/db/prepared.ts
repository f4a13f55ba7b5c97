import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
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
   * Reach the tables through bitmap index scans only: for counting text matches, whose documents are several
   * kilobytes each. The planner counts testing a document as one cheap operation, so a scan that tests each row it
   * passes looks cheap, while each test decompresses a document (a common word: 1.5 s over 50,000 realistic jobs,
   * against a few milliseconds from the GIN index). Index-only scans go too, so not for a query that needs one.
   */
  bitmapScansOnly?: boolean;
}

/**
 * Runs `query` as a named (server-side prepared) statement and returns its rows: PostgreSQL parses it once per
 * connection and, after a few runs, may keep its plan, instead of planning on every request. The one way hot
 * queries run: write them with every value as a parameter (arrays through `sql.param`, not spread), so one query
 * shape is one statement whatever the values. Rows come back as the driver gives them, like `selectRows`.
 */
export async function preparedRows<T>(db: Executor, query: SQL, options: PreparedOptions = {}): Promise<T[]> {
  const { bitmapScansOnly, ...rest } = options;
  if (bitmapScansOnly) return withBitmapScansOnly(db, (tx) => preparedRows<T>(tx, query, rest));
  const { dialect, session } = db as unknown as DrizzleInternals;
  const built = dialect.sqlToQuery(query);
  const name = options.planEachCall ? undefined : statementName(built.sql);
  const result = (await session.prepareQuery(built, undefined, name, false).execute()) as {
    rows: T[];
  };
  return result.rows;
}

/**
 * Runs `work` in a transaction (a savepoint inside the caller's) with sequential and plain index scans turned off,
 * then puts the settings back: inside a caller's transaction they would otherwise last until it ends.
 */
async function withBitmapScansOnly<T>(db: Executor, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const [before] = await selectRows<{ seqscan: string; indexscan: string }>(
      tx,
      sql`select current_setting('enable_seqscan') as seqscan, current_setting('enable_indexscan') as indexscan,
            set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
    );
    const result = await work(tx);
    await tx.execute(
      sql`select set_config('enable_seqscan', ${before!.seqscan}, true),
            set_config('enable_indexscan', ${before!.indexscan}, true)`,
    );
    return result;
  });
}
