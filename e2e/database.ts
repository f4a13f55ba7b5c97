import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * The app's database as the browser suite's server uses it: E2E_DATABASE_URL when given, otherwise the
 * embedded cluster in E2E_DATA_DIR (its `referwell` database; password file, port from postmaster.pid). For checking
 * what a screen cannot show, such as a row a plain form post saved.
 */
function databaseUrl(): string {
  if (process.env.E2E_DATABASE_URL) return process.env.E2E_DATABASE_URL;
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'postgres');
  const password = readFileSync(`${dir}.password`, 'utf8').trim();
  const port = readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[3]?.trim();
  return `postgres://postgres:${password}@127.0.0.1:${port}/referwell`; // the app database of the cluster
}

export async function queryDatabase<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
