import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Paginated, PaginationQuery } from '@referwell/shared';
import type { Db } from './handle';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Something queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

/** Runs `work` in one transaction: every write inside lands together or not at all. */
export function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

export function pageOffset({ page, pageSize }: PaginationQuery): number {
  return (page - 1) * pageSize;
}

export function toPage<T>(items: T[], total: number, { page, pageSize }: PaginationQuery): Paginated<T> {
  return { items, page, pageSize, total, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
}

/**
 * Pages a select: applies limit/offset to `query` and counts the rows of the same
 * filter with `count`. Both run together.
 */
export async function paginate<T extends PgSelect>(
  query: T,
  count: Promise<number>,
  pagination: PaginationQuery,
): Promise<Paginated<Awaited<T>[number]>> {
  const [items, total] = await Promise.all([query.limit(pagination.pageSize).offset(pageOffset(pagination)), count]);
  return toPage(items as Awaited<T>[number][], total, pagination);
}

/** `count(*)::int` for a select list. */
export const countAll = (): SQL<number> => sql<number>`cast(count(*) as int)`;

/** Case-insensitive equality for text columns holding e-mails and names. */
export const lowerEq = (column: PgColumn, value: string): SQL => sql`lower(${column}) = lower(${value})`;

/** A LIKE/ILIKE pattern matching `text` anywhere, with its own wildcards taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Runs raw SQL and returns its rows. */
export async function selectRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A text[] parameter: drizzle would spread a JS array into a row, so each value is bound on its own. */
export const textArray = (values: readonly string[]): SQL =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** A unique index refused the row (PostgreSQL 23505; drizzle may wrap the driver's error in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
