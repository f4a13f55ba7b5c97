/**
 * `npm run db:triggers`: writes the next migration from the trigger source files (apps/server/src/db/triggers).
 *
 * It migrates a scratch database (an embedded PostgreSQL in a temporary directory, or a database it creates on the
 * server of DATABASE_URL), compares every source file with it (src/db/trigger-sources.ts), and writes one migration
 * with the files that differ: CREATE OR REPLACE FUNCTION, then DROP TRIGGER IF EXISTS / CREATE TRIGGER for each of
 * its triggers (a deleted file drops its function and triggers). The migration goes in the journal as drizzle-kit's
 * custom migrations do (the previous snapshot, carried over), is applied to the scratch database, and kept only if
 * the files and the database then agree. The trigger list in docs/architecture.md is rewritten from the files.
 *
 *   npm run db:triggers              write the migration (if a file changed) and the docs list
 *   npm run db:triggers -- --check   only report differences (exit 1 if any)
 *   npm run db:triggers -- --pull    rewrite the files' definitions from the migrated database, keeping their opening
 *                                    comments: for adopting a trigger someone wrote in a migration by hand
 *   --name <words>                   the new migration's name (default: triggers_<function>)
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded-postgres';
import { runMigrations } from '../src/db/migrate';
import {
  DOCS_FILE,
  MIGRATIONS_DIR,
  findTriggerDrift,
  formatMarkdown,
  headerOf,
  liveTriggerFunctions,
  readTriggerSources,
  renderTriggerMigration,
  renderTriggerSource,
  renderTriggerTable,
  replaceDocsTable,
  TRIGGER_SOURCES_DIR,
  type TriggerDrift,
  writeMigration,
} from '../src/db/trigger-sources';

/** A migrated database nobody else uses, and how to remove it. */
async function scratchDatabase(): Promise<{ url: string; remove: () => Promise<void> }> {
  let adminUrl = process.env.DATABASE_URL;
  let cluster: EmbeddedPostgres | undefined;
  let root: string | undefined;
  if (!adminUrl) {
    root = mkdtempSync(path.join(tmpdir(), 'referwell-triggers-'));
    chmodSync(root, 0o755);
    cluster = await startEmbeddedPostgres({
      dir: path.join(root, 'postgres'),
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
    });
    adminUrl = cluster.url;
  }
  const name = `referwell_triggers_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    remove: async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cluster?.stop();
      if (root) rmSync(root, { recursive: true, force: true });
    },
  };
}

async function migrate(url: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: url });
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
}

function describe(drift: TriggerDrift): string[] {
  return [
    ...[...drift.changed].map(([name, why]) => `  ${name}: ${why.join('; ')}`),
    ...drift.stray.map((t) => `  trigger ${t}: not a public trigger function, so no file can hold it`),
  ];
}

async function writeDocs(): Promise<void> {
  const docs = readFileSync(DOCS_FILE, 'utf8');
  const next = await formatMarkdown(replaceDocsTable(docs, renderTriggerTable(readTriggerSources())));
  if (next !== docs) {
    writeFileSync(DOCS_FILE, next);
    console.log('docs/architecture.md: the trigger list was rewritten');
  }
}

async function pull(client: pg.Client): Promise<void> {
  const live = await liveTriggerFunctions(client);
  for (const fn of live.values()) {
    const file = path.join(TRIGGER_SOURCES_DIR, `${fn.name}.sql`);
    const header = existsSync(file)
      ? headerOf(readFileSync(file, 'utf8'))
      : [
          `-- Rule: TODO say which rule ${fn.name} keeps`,
          '-- Tables: TODO which tables it reads and writes',
          '-- Class: TODO integrity, bookkeeping or product rule: should move to code',
          '-- Why in the database: TODO',
        ].join('\n');
    const text = renderTriggerSource(fn, header);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) {
      writeFileSync(file, text);
      console.log(`db/triggers/${fn.name}.sql written from the database`);
    }
  }
  for (const file of readdirSync(TRIGGER_SOURCES_DIR).filter((f) => f.endsWith('.sql'))) {
    if (!live.has(path.basename(file, '.sql')))
      console.log(`db/triggers/${file}: not in the database (a new trigger?)`);
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { check: { type: 'boolean' }, pull: { type: 'boolean' }, name: { type: 'string' } },
  });
  const scratch = await scratchDatabase();
  const client = new pg.Client({ connectionString: scratch.url });
  try {
    await migrate(scratch.url);
    await client.connect();
    if (values.pull) {
      await pull(client);
      return 0;
    }
    const sources = readTriggerSources();
    const drift = await findTriggerDrift(client, sources);
    if (drift.stray.length > 0) {
      console.error(['These triggers cannot be kept as source:', ...describe(drift)].join('\n'));
      return 1;
    }
    if (drift.changed.size === 0) {
      console.log(`db/triggers: all ${sources.length} files match the migrated database; no migration needed.`);
      if (!values.check) await writeDocs();
      return 0;
    }
    if (values.check) {
      console.error(['db/triggers differs from the migrated database:', ...describe(drift)].join('\n'));
      return 1;
    }
    const live = await liveTriggerFunctions(client);
    const changedSources = sources.filter((s) => drift.changed.has(s.name));
    const changedLive = new Map([...live].filter(([name]) => drift.changed.has(name)));
    const names = [...drift.changed.keys()];
    const name = (values.name ?? (names.length === 1 ? `triggers_${names[0]}` : `triggers_${names.length}_functions`))
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_');
    const migration = writeMigration(MIGRATIONS_DIR, name, renderTriggerMigration(changedSources, changedLive));
    try {
      await migrate(scratch.url);
      const after = await findTriggerDrift(client, sources);
      if (after.changed.size > 0)
        throw new Error(['Still different after the migration:', ...describe(after)].join('\n'));
    } catch (error) {
      migration.undo();
      console.error(`The migration did not make the database match the files, so it was not kept.`);
      throw error;
    }
    console.log([`Wrote migrations/${migration.tag}.sql:`, ...describe(drift)].join('\n'));
    await writeDocs();
    return 0;
  } finally {
    await client.end().catch(() => {});
    await scratch.remove();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
