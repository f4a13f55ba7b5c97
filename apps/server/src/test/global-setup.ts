import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { startEmbeddedPostgres, stopAbandoned, type EmbeddedPostgres } from '../db/embedded-postgres';
import { runMigrations } from '../db/migrate';
import { withAdminClient } from './admin-client';
import { bundleWorker } from './worker-bundle';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server test files create their databases on, and the migrated database they copy. */
    testDatabase: { adminUrl: string; template: string };
  }
}

const ROOT_PREFIX = 'referwell-test-pg-';

/** Clusters of earlier runs that were killed before their teardown: stopped and removed. */
async function reclaimAbandonedClusters(): Promise<void> {
  for (const entry of readdirSync(tmpdir())) {
    if (!entry.startsWith(ROOT_PREFIX)) continue;
    const root = path.join(tmpdir(), entry);
    if (await stopAbandoned(path.join(root, 'postgres')).catch(() => false)) {
      rmSync(root, { recursive: true, force: true });
    }
  }
}

/**
 * Once per server test run: one PostgreSQL (an embedded cluster in a temporary directory, or the
 * server named by DATABASE_URL) and one migrated template database that every test file copies
 * (CREATE DATABASE ... TEMPLATE takes milliseconds; migrating each file's database took seconds).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const worker = await bundleWorker();
  // Read by src/worker-source.mjs in every parsing process the test processes start (they inherit this environment).
  process.env.REFERWELL_TEST_WORKER_BUNDLE = worker.url;
  let cluster: EmbeddedPostgres | undefined;
  let root: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    await reclaimAbandonedClusters();
    root = mkdtempSync(path.join(tmpdir(), ROOT_PREFIX));
    chmodSync(root, 0o755);
    // Throw-away data: durability off makes every commit cheap.
    cluster = await startEmbeddedPostgres({
      dir: path.join(root, 'postgres'),
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
    });
    adminUrl = cluster.url;
  }
  const template = `referwell_template_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${template}`));
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  project.provide('testDatabase', { adminUrl, template });

  return async () => {
    await withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
    await cluster?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
    worker.remove();
  };
}
