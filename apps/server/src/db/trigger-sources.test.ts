import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import {
  DOCS_FILE,
  docsTable,
  findTriggerDrift,
  formatMarkdown,
  liveTriggerFunctions,
  MIGRATIONS_DIR,
  parseTriggerSource,
  readTriggerSources,
  renderTriggerMigration,
  renderTriggerTable,
  splitStatements,
  writeMigration,
  type TriggerSource,
} from './trigger-sources';
import { openTestDatabase } from '../test/harness';

const HEADER = `-- Rule: r
-- Tables: t
-- Class: bookkeeping
-- Why in the database: w
`;

/** The sources with one of them changed. */
function withChanged(sources: TriggerSource[], name: string, change: (s: TriggerSource) => TriggerSource | null) {
  return sources.flatMap((s) => (s.name === name ? [change(s)].filter((c) => c !== null) : [s]));
}

/** A body change the catalog sees (the text inside the dollar quotes is kept as written). */
const touched = (s: TriggerSource): TriggerSource => ({
  ...s,
  functionSql: s.functionSql.replace('RETURN NULL;', 'RETURN NULL; -- changed'),
});

describe('trigger sources (db/triggers)', () => {
  let database: Database;
  let client: pg.Client;
  const sources = readTriggerSources();

  beforeAll(async () => {
    database = await openTestDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await database.close();
  });

  it('match a freshly migrated database: every trigger function has a file, and every file is what the database holds', async () => {
    const drift = await findTriggerDrift(client, sources);
    const report = [...drift.changed].map(([name, why]) => `${name}: ${why.join('; ')}`);
    // A file edited without a migration, or a trigger written in a migration by hand: run `npm run db:triggers`.
    expect(report).toEqual([]);
    expect(drift.stray).toEqual([]);
    const live = await liveTriggerFunctions(client);
    expect(sources.map((s) => s.name).sort()).toEqual([...live.keys()].sort());
    expect(sources.flatMap((s) => s.triggers).length).toBe([...live.values()].flatMap((f) => f.triggers).length);
  });

  it('see a changed body, a trigger left out, a new file and a function with no file, and leave the database as it was', async () => {
    const before = await liveTriggerFunctions(client);
    let planted = withChanged(sources, 'job_postings_changed', (s) => ({
      ...touched(s),
      triggers: s.triggers.filter((t) => t.name !== 'companies_changed_for_job_search'),
    }));
    planted = withChanged(planted, 'users_lists', () => null);
    const renamed = sources.find((s) => s.name === 'talent_profiles_changed')!;
    planted.push(
      parseTriggerSource(
        'talent_profiles_touched.sql',
        `${HEADER}\n${renamed.functionSql.replace('talent_profiles_changed()', 'talent_profiles_touched()')};\n`,
      ),
    );

    const drift = await findTriggerDrift(client, planted);
    expect(Object.fromEntries(drift.changed)).toEqual({
      job_postings_changed: [
        'the function differs',
        'trigger companies.companies_changed_for_job_search is in the database, not in the file',
      ],
      talent_profiles_touched: ['not in the database (a new file)'],
      users_lists: ['in the database, but no file in db/triggers holds it'],
    });
    expect(await liveTriggerFunctions(client)).toEqual(before);
  });

  it('write a migration that drizzle applies to an already migrated database, after which the files match it', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'referwell-trigger-migrations-'));
    const other = await openTestDatabase();
    const otherClient = new pg.Client({ connectionString: other.url });
    try {
      cpSync(MIGRATIONS_DIR, folder, { recursive: true });
      const live = await liveTriggerFunctions(client);
      const changed = withChanged(sources, 'job_postings_changed', (s) => ({
        ...touched(s),
        triggers: s.triggers.filter((t) => t.name !== 'companies_changed_for_job_search'),
      }));
      const planted = withChanged(changed, 'users_lists', () => null);
      const edited = planted.filter((s) => s.name === 'job_postings_changed');
      const affected = new Map([...live].filter(([name]) => name === 'job_postings_changed' || name === 'users_lists'));
      const sql = renderTriggerMigration(edited, affected);
      expect(sql).toContain('DROP TRIGGER IF EXISTS companies_changed_for_job_search ON companies;');
      expect(sql).toContain('DROP FUNCTION IF EXISTS public.users_lists();');
      const { tag } = writeMigration(folder, 'triggers_test', sql);
      const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
        entries: { tag: string; when: number }[];
      };
      const [previous, last] = journal.entries.slice(-2);
      expect(last!.tag).toBe(tag);
      expect(last!.when).toBeGreaterThan(previous!.when);
      const snapshot = (idx: number) =>
        JSON.parse(
          readFileSync(path.join(folder, 'meta', `${String(idx).padStart(4, '0')}_snapshot.json`), 'utf8'),
        ) as { id: string; prevId: string; tables: unknown };
      const count = journal.entries.length;
      expect(snapshot(count - 1).prevId).toBe(snapshot(count - 2).id);
      expect(snapshot(count - 1).tables).toEqual(snapshot(count - 2).tables);

      // The database was migrated with every committed migration: drizzle runs the new one only.
      await migrate(other.db as unknown as NodePgDatabase, { migrationsFolder: folder });
      await otherClient.connect();
      const { rows } = await otherClient.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(rows[0]!.n).toBe(count);
      expect((await findTriggerDrift(otherClient, planted)).changed.size).toBe(0);
      expect([...(await findTriggerDrift(otherClient, sources)).changed.keys()]).toEqual([
        'job_postings_changed',
        'users_lists',
      ]);
    } finally {
      await otherClient.end().catch(() => {});
      await other.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('are listed in docs/architecture.md as the files say', async () => {
    const docs = readFileSync(DOCS_FILE, 'utf8');
    const expected = (await formatMarkdown(renderTriggerTable(sources))).trim();
    // Out of date: `npm run db:triggers` rewrites the list.
    expect(docsTable(docs)).toBe(expected);
  });

  it('each open with the rule, tables, class and reason, and hold one function and its triggers', () => {
    const fn =
      'CREATE OR REPLACE FUNCTION public.f()\n RETURNS trigger\n LANGUAGE plpgsql\nAS $x$ BEGIN RETURN NULL; END $x$;';
    const trigger = 'CREATE TRIGGER f_t AFTER INSERT ON t FOR EACH STATEMENT EXECUTE FUNCTION f();';
    expect(parseTriggerSource('f.sql', `${HEADER}\n${fn}\n${trigger}\n`).triggers[0]).toMatchObject({
      name: 'f_t',
      table: 't',
      timing: 'AFTER',
      events: 'INSERT',
      level: 'STATEMENT',
    });
    expect(() => parseTriggerSource('f.sql', `${HEADER.replace('-- Class: bookkeeping\n', '')}\n${fn}`)).toThrow(
      /Class/,
    );
    expect(() => parseTriggerSource('f.sql', `${HEADER.replace('bookkeeping', 'product rule')}\n${fn}`)).toThrow(
      /should move to code/,
    );
    expect(() => parseTriggerSource('g.sql', `${HEADER}\n${fn}`)).toThrow(/named after it/);
    expect(() => parseTriggerSource('f.sql', `${HEADER}\n${fn}\nCREATE INDEX i ON t (a);`)).toThrow(/CREATE TRIGGER/);
    expect(() =>
      parseTriggerSource('f.sql', `${HEADER}\n${fn}\n${trigger.replace('FUNCTION f()', 'FUNCTION g()')}`),
    ).toThrow(/executes g/);
  });

  it('split SQL at semicolons outside strings, quoted names, dollar quotes and comments', () => {
    expect(
      splitStatements(
        `-- a; comment\nSELECT ';'; SELECT "a;b" /* ; */;\nDO $q$ BEGIN PERFORM 1; END $q$;\nSELECT 'it''s;'`,
      ),
    ).toEqual([`SELECT ';'`, `SELECT "a;b" /* ; */`, 'DO $q$ BEGIN PERFORM 1; END $q$', `SELECT 'it''s;'`]);
  });
});
