import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type features use. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** How every database handle is made: on the pool in db/client.ts, on one of its connections in db/one-connection.ts. */
export const DRIZZLE_OPTIONS = { schema, casing: 'snake_case' } as const;
