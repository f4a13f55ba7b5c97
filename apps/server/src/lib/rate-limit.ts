import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedRows } from '../db/prepared';
import { type Executor } from '../db/repository';
import { AppError } from './errors';
import { RefusalMemo } from './rate-limit-memo';

export interface Limit {
  /** Bucket name, e.g. `login:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowSeconds: number;
  /** What the person is told when the limit is reached; the wait is appended. */
  message: string;
}

function describeWait(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, seconds)} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

export interface RateLimiter {
  /** Counts one hit; throws 429 once the window holds more than the limit's max hits. */
  consume(limit: Limit): Promise<void>;
  /** Counts one hit and returns the window's hits so far and the seconds left in it, without refusing. */
  record(limit: Omit<Limit, 'message' | 'max'>): Promise<{ hits: number; remainingSeconds: number }>;
  /** Takes back one hit counted by `record` (an attempt counted before its outcome was known, that succeeded). */
  forgive(key: string): Promise<void>;
  /**
   * Serialises attempts on a key across every process: each caller gets the next turn, `intervalMs` after the one
   * before (at once when the key has been quiet that long), and is told how long to wait for it; null, with no turn
   * taken, when that turn is more than `maxWaitMs` away. The caller waits with a timer (no connection is held).
   */
  takeTurn(turn: Turn): Promise<number | null>;
  /** The window's hits so far, without counting one. */
  peek(limit: Omit<Limit, 'message' | 'max'>): Promise<number>;
  /** Forgets a bucket, e.g. an account's failed logins after a successful one. */
  reset(key: string): Promise<void>;
  /**
   * A hit counted by the caller's own statement, to save a round trip on a hot path (sending a message): throws 429
   * at once for a bucket this process remembers refused, else gives the statement to run (see HitInStatement).
   */
  inStatement(limit: Limit): HitInStatement;
}

/** A queue of attempts on one key: one every `intervalMs` at most, none waiting more than `maxWaitMs`. */
export interface Turn {
  key: string;
  intervalMs: number;
  maxWaitMs: number;
}

/** The hit of `RateLimiter.inStatement`, counted inside another statement. */
export interface HitInStatement {
  /**
   * The values of `HIT_TEMPLATE_SQL`'s placeholders for this hit: the caller's statement, built once
   * (`preparedTemplate`), counts it in a CTE.
   */
  values: { limitKey: string; limitWindowSeconds: number; limitMax: number };
  /** Throws 429 when the statement's `hits` exceeded `limitMax` (and remembers the refusal). */
  settle(row: HitRow): void;
}

interface HitRow {
  hits: number;
  remaining_ms: number;
}

/**
 * Fixed-window limits kept in the database, so every server process shares them: one prepared statement per hit.
 * A bucket this process saw over its limit is refused here until its window ends, without a round trip (the 429
 * path under a flood): a window's count only grows until it ends, so every process would refuse it too; a
 * remembered refusal can never let a request through that the database would refuse.
 * `scale` multiplies every max (RATE_LIMIT_SCALE; the browser suite, which sends everything from one address,
 * raises it).
 */
export function createRateLimiter(db: Db, scale = 1): RateLimiter {
  const refused = new RefusalMemo();
  const scaled = (limit: Limit): Limit => ({ ...limit, max: Math.max(1, Math.round(limit.max * scale)) });
  return {
    consume: (limit) => consume(db, refused, scaled(limit)),
    inStatement: (limit) => inStatement(refused, scaled(limit)),
    record: async (limit) => {
      const row = await hit(db, limit);
      return { hits: row.hits, remainingSeconds: Math.max(1, Math.ceil(row.remaining_ms / 1000)) };
    },
    forgive: (key) => forgive(db, key),
    takeTurn: (turn) => takeTurn(db, turn),
    peek: (limit) => peek(db, limit),
    reset: async (key) => {
      refused.forget(key);
      await resetLimit(db, key);
    },
  };
}

/** A 429 is an answer, not a fault: no stack trace is captured (a twentieth of the refused path's CPU under a flood). */
function rateLimited(limit: Limit, retryAfterSeconds: number): AppError {
  const traceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    const error = new AppError(
      429,
      'RATE_LIMITED',
      `${limit.message} Please wait ${describeWait(retryAfterSeconds)} and try again.`,
    );
    error.retryAfterSeconds = retryAfterSeconds;
    return error;
  } finally {
    Error.stackTraceLimit = traceLimit;
  }
}

async function consume(db: Executor, refused: RefusalMemo, limit: Limit): Promise<void> {
  const counted = inStatement(refused, limit);
  counted.settle(await hit(db, limit));
}

function inStatement(refused: RefusalMemo, limit: Limit): HitInStatement {
  const remembered = refused.retryAfterSeconds(limit);
  if (remembered !== null) throw rateLimited(limit, remembered);
  // Taken before the round trip, so the remembered end is never later than the window's end in the database.
  const sent = performance.now();
  return {
    values: { limitKey: limit.key, limitWindowSeconds: limit.windowSeconds, limitMax: limit.max },
    settle: (row) => {
      if (row.hits <= limit.max) return;
      refused.remember(limit, sent + row.remaining_ms);
      throw rateLimited(limit, Math.ceil(row.remaining_ms / 1000));
    },
  };
}

async function peek(db: Executor, limit: Omit<Limit, 'message' | 'max'>): Promise<number> {
  const [row] = await preparedRows<{ hits: number }>(
    db,
    sql`select hits from rate_limit_buckets
        where key = ${limit.key} and window_started_at > now() - make_interval(secs => ${limit.windowSeconds})`,
  );
  return row?.hits ?? 0;
}

async function hit(db: Executor, limit: Omit<Limit, 'message' | 'max'>): Promise<HitRow> {
  const [row] = await preparedRows<HitRow>(db, hitSql(limit));
  return row!;
}

/** One hit in the bucket's fixed window (a new window once the last has ended); returns the hits and time left. */
function hitSql(limit: { key: string | Placeholder; windowSeconds: number | Placeholder }): SQL {
  return sql`
      insert into rate_limit_buckets (key, window_started_at, hits) values (${limit.key}, now(), 1)
      on conflict (key) do update set
        hits = case when rate_limit_buckets.window_started_at <= now() - make_interval(secs => ${limit.windowSeconds})
                    then 1 else rate_limit_buckets.hits + 1 end,
        window_started_at = case when rate_limit_buckets.window_started_at <= now() - make_interval(secs => ${limit.windowSeconds})
                    then now() else rate_limit_buckets.window_started_at end
      returning hits,
        cast(extract(epoch from (window_started_at + make_interval(secs => ${limit.windowSeconds}) - now())) * 1000
             as float8) as remaining_ms`;
}

/**
 * A hit counted inside a hot statement whose text is built once: an INSERT … RETURNING hits, remaining_ms, for a CTE,
 * with placeholders for `HitInStatement.values` (`limitMax` is the most hits the window allows).
 */
export const HIT_TEMPLATE_SQL = hitSql({
  key: sql.placeholder('limitKey'),
  windowSeconds: sql.placeholder('limitWindowSeconds'),
});

async function forgive(db: Executor, key: string): Promise<void> {
  await preparedRows(db, sql`update rate_limit_buckets set hits = greatest(hits - 1, 0) where key = ${key}`);
}

/**
 * A turn kept in the same table: `window_started_at` is when the key's next turn starts. The update takes the turn
 * only when it starts within `maxWaitMs` (no row comes back otherwise), so concurrent callers on any process get
 * turns `intervalMs` apart, in the order the database saw them.
 */
async function takeTurn(db: Executor, turn: Turn): Promise<number | null> {
  const [row] = await preparedRows<{ wait_ms: number }>(
    db,
    sql`insert into rate_limit_buckets (key, window_started_at, hits)
          values (${turn.key}, now() + make_interval(secs => ${turn.intervalMs / 1000}), 1)
        on conflict (key) do update set
          window_started_at = greatest(rate_limit_buckets.window_started_at, now())
                              + make_interval(secs => ${turn.intervalMs / 1000}),
          hits = rate_limit_buckets.hits + 1
        where rate_limit_buckets.window_started_at <= now() + make_interval(secs => ${turn.maxWaitMs / 1000})
        returning cast(extract(epoch from (window_started_at - now())) * 1000 as float8)
                  - ${turn.intervalMs}::float8 as wait_ms`,
  );
  return row ? Math.max(0, row.wait_ms) : null;
}

async function resetLimit(db: Db, key: string): Promise<void> {
  await preparedRows(db, sql`delete from rate_limit_buckets where key = ${key}`);
}
