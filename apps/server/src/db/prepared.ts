import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Executor } from './repository';

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
}

/**
 * Runs `query` as a named (server-side prepared) statement and returns its rows: PostgreSQL parses it once per
 * connection and, after a few runs, may keep its plan, instead of planning on every request. The one way hot
 * queries run: write them with every value as a parameter (arrays through `sql.param`, not spread), so one query
 * shape is one statement whatever the values. Rows come back as the driver gives them, like `selectRows`.
 */
export async function preparedRows<T>(db: Executor, query: SQL, options: PreparedOptions = {}): Promise<T[]> {
  const { dialect, session } = db as unknown as DrizzleInternals;
  const built = dialect.sqlToQuery(query);
  const name = options.planEachCall ? undefined : statementName(built.sql);
  const result = (await session.prepareQuery(built, undefined, name, false).execute()) as {
    rows: T[];
  };
  return result.rows;
}
