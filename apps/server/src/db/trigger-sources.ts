import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

/**
 * Database triggers kept as source (`db/triggers/<function>.sql`: one trigger function and its CREATE TRIGGER
 * statements, under a comment saying which rule it keeps and why it lives in the database). Migrations are written
 * from these files by `npm run db:triggers` (apps/server/scripts/db-triggers.ts); trigger-sources.test.ts fails when
 * a file and a freshly migrated database disagree. The comparison is made by the database itself: the files are
 * applied in a transaction that is rolled back, and the catalog's definitions (pg_get_functiondef,
 * pg_get_triggerdef) before and after must be the same.
 */

export const TRIGGER_SOURCES_DIR = fileURLToPath(new URL('./triggers', import.meta.url));

/** Why a trigger is in the database (GUIDE: triggers are for integrity and cheap bookkeeping, not product rules). */
export const TRIGGER_CLASSES = ['integrity', 'bookkeeping', 'product rule'] as const;
export type TriggerClass = (typeof TRIGGER_CLASSES)[number];
/** How a product rule found in a trigger is labelled: it is there for now, not for good. */
const PRODUCT_RULE = 'product rule: should move to code';

/** The header fields every source file opens with, as `-- Key: text` (longer text continues on `--   ` lines). */
const HEADER_FIELDS = { rule: 'Rule', tables: 'Tables', class: 'Class', why: 'Why in the database' } as const;

export interface TriggerStatement {
  name: string;
  table: string;
  /** BEFORE, AFTER or INSTEAD OF. */
  timing: string;
  /** INSERT, UPDATE [OF ...], DELETE, TRUNCATE joined by OR. */
  events: string;
  level: 'ROW' | 'STATEMENT';
  /** Has a WHEN condition. */
  conditional: boolean;
  sql: string;
}

export interface TriggerSource {
  /** The function's name, which is also the file's name. */
  name: string;
  file: string;
  header: { rule: string; tables: string; class: TriggerClass; classNote: string; why: string };
  functionSql: string;
  triggers: TriggerStatement[];
}

export interface LiveTrigger {
  name: string;
  table: string;
  /** pg_get_triggerdef(oid, true). */
  definition: string;
  /** pg_trigger.tgenabled: O (origin, the default), D (disabled), R (replica), A (always). */
  enabled: string;
}

export interface LiveTriggerFunction {
  name: string;
  /** pg_get_functiondef(oid). */
  definition: string;
  triggers: LiveTrigger[];
}

/** A connection statements run on one after another (a transaction can be opened and rolled back on it). */
export type SqlClient = Pick<pg.ClientBase, 'query'>;

// ---------------------------------------------------------------------------------------------------------------
// Reading the source files

/**
 * Splits SQL text into statements at top-level semicolons, skipping quoted strings, quoted identifiers, dollar-quoted
 * bodies and comments. Each statement is returned trimmed, without its semicolon; comments between statements are
 * dropped.
 */
export function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const push = (end: number) => {
    const statement = stripComments(text.slice(start, end)).trim();
    if (statement) statements.push(statement);
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '-' && text[i + 1] === '-') {
      const eol = text.indexOf('\n', i);
      i = eol === -1 ? text.length : eol + 1;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end === -1) throw new Error('Unterminated /* comment');
      i = end + 2;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < text.length && !(text[j] === c && text[j + 1] !== c)) j += text[j] === c ? 2 : 1;
      if (j >= text.length) throw new Error(`Unterminated ${c === "'" ? 'string' : 'quoted identifier'}`);
      i = j + 1;
    } else if (c === '$' && /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.test(text.slice(i))) {
      const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i))![0];
      const end = text.indexOf(tag, i + tag.length);
      if (end === -1) throw new Error(`Unterminated ${tag} body`);
      i = end + tag.length;
    } else if (c === ';') {
      push(i);
      start = i + 1;
      i += 1;
    } else {
      i += 1;
    }
  }
  push(text.length);
  return statements;
}

/** Whole-line `--` comments before a statement (the splitter keeps a statement's inner text as written). */
function stripComments(statement: string): string {
  const lines = statement.split('\n');
  while (lines.length > 0 && /^\s*(--.*)?$/.test(lines[0]!)) lines.shift();
  return lines.join('\n');
}

const FUNCTION_STATEMENT = /^CREATE\s+OR\s+REPLACE\s+FUNCTION\s+(?:public\.)?"?([a-z_][a-z0-9_]*)"?\s*\(\s*\)/i;
const TRIGGER_STATEMENT =
  /^CREATE\s+TRIGGER\s+"?([a-z_][a-z0-9_]*)"?\s+(BEFORE|AFTER|INSTEAD\s+OF)\s+([\s\S]+?)\s+ON\s+(?:public\.)?"?([a-z_][a-z0-9_]*)"?\s[\s\S]*?FOR\s+EACH\s+(ROW|STATEMENT)\b([\s\S]*?)\bEXECUTE\s+(?:FUNCTION|PROCEDURE)\s+(?:public\.)?"?([a-z_][a-z0-9_]*)"?\s*\(\s*\)$/i;

/** Parses one source file: its header, its CREATE OR REPLACE FUNCTION and the CREATE TRIGGER statements using it. */
export function parseTriggerSource(file: string, text: string): TriggerSource {
  const name = path.basename(file, '.sql');
  const where = `db/triggers/${path.basename(file)}`;
  const header = parseHeader(where, text);
  const [functionSql, ...rest] = splitStatements(text);
  const declared = functionSql && FUNCTION_STATEMENT.exec(functionSql);
  if (!declared) throw new Error(`${where}: the first statement must be CREATE OR REPLACE FUNCTION public.${name}()`);
  if (declared[1] !== name) throw new Error(`${where}: defines ${declared[1]}(); the file must be named after it`);
  const triggers = rest.map((sql): TriggerStatement => {
    const m = TRIGGER_STATEMENT.exec(sql);
    if (!m) throw new Error(`${where}: after the function only CREATE TRIGGER statements may follow:\n${sql}`);
    if (m[7] !== name) throw new Error(`${where}: trigger ${m[1]} executes ${m[7]}(), not ${name}()`);
    return {
      name: m[1]!,
      table: m[4]!,
      timing: m[2]!.toUpperCase().replace(/\s+/g, ' '),
      events: m[3]!.replace(/\s+/g, ' '),
      level: m[5]!.toUpperCase() as 'ROW' | 'STATEMENT',
      conditional: /\bWHEN\s*\(/i.test(m[6]!),
      sql,
    };
  });
  return { name, file, header, functionSql, triggers };
}

function parseHeader(where: string, text: string): TriggerSource['header'] {
  const fields = new Map<string, string>();
  let current: string | null = null;
  for (const line of text.split('\n')) {
    if (!line.startsWith('--')) break;
    const field = /^-- ([A-Z][A-Za-z ]*?): (.*)$/.exec(line);
    const continued = /^-- {2,}(\S.*)$/.exec(line);
    if (field) {
      current = field[1]!;
      fields.set(current, field[2]!.trim());
    } else if (continued && current) {
      fields.set(current, `${fields.get(current)} ${continued[1]!.trim()}`);
    } else {
      current = null;
    }
  }
  const read = (key: string) => {
    const value = fields.get(key);
    if (!value) throw new Error(`${where}: the opening comment needs a "-- ${key}: ..." line`);
    return value;
  };
  const classText = read(HEADER_FIELDS.class);
  const kind = TRIGGER_CLASSES.find((c) => new RegExp(`^${c}\\b`).test(classText));
  if (!kind) throw new Error(`${where}: Class must begin with one of ${TRIGGER_CLASSES.join(', ')}`);
  if (kind === 'product rule' && !classText.startsWith(PRODUCT_RULE))
    throw new Error(`${where}: a product rule is "${PRODUCT_RULE}" (then say what moves where)`);
  return {
    rule: read(HEADER_FIELDS.rule),
    tables: read(HEADER_FIELDS.tables),
    class: kind,
    classNote: classText.slice(kind === 'product rule' ? PRODUCT_RULE.length : kind.length).replace(/^[:.\s]+/, ''),
    why: read(HEADER_FIELDS.why),
  };
}

/** Every source file of `dir`, by name. */
export function readTriggerSources(dir = TRIGGER_SOURCES_DIR): TriggerSource[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => parseTriggerSource(path.join(dir, f), readFileSync(path.join(dir, f), 'utf8')));
}

// ---------------------------------------------------------------------------------------------------------------
// The database's side

/** Schemas whose triggers are not ours to keep (the queue library installs and upgrades its own). */
const FOREIGN_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast', 'graphile_worker', 'drizzle'];

/**
 * Every trigger function of the public schema (functions returning `trigger` that no extension owns), with the
 * triggers that execute it, as the catalog prints them.
 */
export async function liveTriggerFunctions(client: SqlClient): Promise<Map<string, LiveTriggerFunction>> {
  const { rows } = await client.query<LiveTriggerFunction>(
    `select p.proname as name, pg_get_functiondef(p.oid) as definition,
       coalesce(json_agg(json_build_object('name', t.tgname, 'table', c.relname,
         'definition', pg_get_triggerdef(t.oid, true), 'enabled', t.tgenabled) order by c.relname, t.tgname)
         filter (where t.oid is not null), '[]') as triggers
     from pg_proc p
     join pg_namespace n on n.oid = p.pronamespace
     left join pg_trigger t on t.tgfoid = p.oid and not t.tgisinternal
     left join pg_class c on c.oid = t.tgrelid
     where n.nspname = 'public' and p.prorettype = 'trigger'::regtype
       and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid
                         and d.deptype = 'e')
     group by p.oid, p.proname
     order by p.proname`,
  );
  return new Map(rows.map((r) => [r.name, r]));
}

/** Triggers on our tables that execute a function other than a public trigger function (which no file can hold). */
async function strayTriggers(client: SqlClient): Promise<string[]> {
  const { rows } = await client.query<{ description: string }>(
    `select format('%s on %I.%I executes %I.%I()', t.tgname, tn.nspname, c.relname, pn.nspname, p.proname)
       as description
     from pg_trigger t
     join pg_class c on c.oid = t.tgrelid
     join pg_namespace tn on tn.oid = c.relnamespace
     join pg_proc p on p.oid = t.tgfoid
     join pg_namespace pn on pn.oid = p.pronamespace
     where not t.tgisinternal and tn.nspname <> all ($1::text[])
       and (pn.nspname <> 'public' or exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass
                                               and d.objid = p.oid and d.deptype = 'e'))
     order by 1`,
    [FOREIGN_SCHEMAS],
  );
  return rows.map((r) => r.description);
}

// ---------------------------------------------------------------------------------------------------------------
// From sources to statements, and what differs

const quoteIdent = (name: string) => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`);
const triggerKey = (t: { table: string; name: string }) => `${t.table}.${t.name}`;

/**
 * The statements that make the database hold `sources`, given what it holds now (`live`): triggers that no longer
 * belong to their function are dropped, functions without a source are dropped with their triggers, and each source's
 * function is replaced and its triggers dropped and created again. Run them in one transaction.
 */
export function planStatements(sources: TriggerSource[], live: Map<string, LiveTriggerFunction>): string[] {
  const bySource = new Map(sources.map((s) => [s.name, s]));
  const statements: string[] = [];
  for (const fn of live.values()) {
    const source = bySource.get(fn.name);
    const kept = new Set(source?.triggers.map(triggerKey) ?? []);
    for (const t of fn.triggers)
      if (!kept.has(triggerKey(t)))
        statements.push(`DROP TRIGGER IF EXISTS ${quoteIdent(t.name)} ON ${quoteIdent(t.table)}`);
    if (!source) statements.push(`DROP FUNCTION IF EXISTS public.${quoteIdent(fn.name)}()`);
  }
  for (const source of sources) {
    statements.push(source.functionSql);
    for (const t of source.triggers) {
      statements.push(`DROP TRIGGER IF EXISTS ${quoteIdent(t.name)} ON ${quoteIdent(t.table)}`);
      statements.push(t.sql);
    }
  }
  return statements;
}

function sameFunction(a: LiveTriggerFunction | undefined, b: LiveTriggerFunction | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

export interface TriggerDrift {
  /** Functions whose file and database definitions differ, with what differs (new files and removed ones too). */
  changed: Map<string, string[]>;
  /** Triggers no source file can hold (they execute a function outside the public schema's trigger functions). */
  stray: string[];
}

/**
 * What differs between the source files and the database `client` is connected to: the files are applied in a
 * transaction that is rolled back, and the catalog's definitions before and after are compared. Nothing is left
 * changed. The client must not be inside a transaction.
 */
export async function findTriggerDrift(client: SqlClient, sources: TriggerSource[]): Promise<TriggerDrift> {
  const live = await liveTriggerFunctions(client);
  let applied: Map<string, LiveTriggerFunction>;
  await client.query('BEGIN');
  try {
    for (const statement of planStatements(sources, live)) await client.query(statement);
    applied = await liveTriggerFunctions(client);
  } finally {
    await client.query('ROLLBACK');
  }
  const changed = new Map<string, string[]>();
  const names = new Set([...live.keys(), ...applied.keys(), ...sources.map((s) => s.name)]);
  for (const name of [...names].sort()) {
    const before = live.get(name);
    const after = applied.get(name);
    if (sameFunction(before, after)) continue;
    const why: string[] = [];
    if (!before) why.push('not in the database (a new file)');
    else if (!after) why.push('in the database, but no file in db/triggers holds it');
    else {
      if (before.definition !== after.definition) why.push('the function differs');
      const beforeTriggers = new Map(before.triggers.map((t) => [triggerKey(t), t]));
      const afterTriggers = new Map(after.triggers.map((t) => [triggerKey(t), t]));
      for (const [key, t] of beforeTriggers) {
        const now = afterTriggers.get(key);
        if (!now) why.push(`trigger ${key} is in the database, not in the file`);
        else if (JSON.stringify(now) !== JSON.stringify(t)) why.push(`trigger ${key} differs`);
      }
      for (const key of afterTriggers.keys())
        if (!beforeTriggers.has(key)) why.push(`trigger ${key} is in the file, not in the database`);
    }
    changed.set(name, why);
  }
  return { changed, stray: await strayTriggers(client) };
}

// ---------------------------------------------------------------------------------------------------------------
// Writing sources and migrations

/** `pg_get_triggerdef` prints a trigger on one line: its clauses on lines of their own read better. */
function layoutTrigger(definition: string): string {
  let text = definition;
  for (const clause of [' REFERENCING ', ' FOR EACH ', ' WHEN (', ' EXECUTE FUNCTION ']) {
    const at = text.indexOf(clause);
    if (at !== -1) text = `${text.slice(0, at)}\n  ${text.slice(at + 1)}`;
  }
  return text;
}

/** The SQL of a source file for `fn` as the database holds it, under `header` (the comment lines, kept as written). */
export function renderTriggerSource(fn: LiveTriggerFunction, header: string): string {
  const triggers = fn.triggers.map((t) => `${layoutTrigger(t.definition)};\n`).join('\n');
  return `${header.trimEnd()}\n\n${fn.definition.trimEnd()};\n${triggers ? `\n${triggers}` : ''}`;
}

/** The opening comment lines of a source file. */
export function headerOf(text: string): string {
  const lines = text.split('\n');
  const end = lines.findIndex((l) => !l.startsWith('--'));
  return lines.slice(0, end === -1 ? lines.length : end).join('\n');
}

/** drizzle's statement separator (the migrator runs each piece as one query). */
export const STATEMENT_BREAKPOINT = '--> statement-breakpoint';

/** The text of a migration that makes the database hold `sources` (the changed ones) given `live`. */
export function renderTriggerMigration(sources: TriggerSource[], live: Map<string, LiveTriggerFunction>): string {
  const removed = [...live.keys()].filter((name) => !sources.some((s) => s.name === name));
  const lines = [
    '-- Written by `npm run db:triggers` from apps/server/src/db/triggers/ (edit those files, not this one):',
    ...sources.map((s) => `--   ${s.name}.sql`),
    ...removed.map((name) => `--   ${name}: its file was deleted, so it is dropped with its triggers`),
  ];
  const statements = planStatements(sources, live).map((s) => `${s};`);
  return `${lines.join('\n')}\n${statements.join(`${STATEMENT_BREAKPOINT}\n`)}\n`;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}

/**
 * Adds `sql` to `migrationsDir` as its next migration the way drizzle-kit writes a custom one: the file, a journal
 * entry and a copy of the latest snapshot (the schema is unchanged, so the next `npm run db:generate` diffs against
 * the same tables). Returns its tag and how to take it back.
 */
export function writeMigration(migrationsDir: string, name: string, sql: string): { tag: string; undo: () => void } {
  const journalFile = path.join(migrationsDir, 'meta', '_journal.json');
  const journalText = readFileSync(journalFile, 'utf8');
  const journal = JSON.parse(journalText) as { entries: JournalEntry[] };
  const last = journal.entries.at(-1)!;
  const prefix = (idx: number) => String(idx).padStart(4, '0');
  const idx = last.idx + 1;
  const tag = `${prefix(idx)}_${name}`;
  const previous = JSON.parse(
    readFileSync(path.join(migrationsDir, 'meta', `${prefix(last.idx)}_snapshot.json`), 'utf8'),
  ) as Record<string, unknown>;
  const snapshot = {
    ...previous,
    id: randomUUID(),
    prevId: previous.id,
    _meta: { columns: {}, schemas: {}, tables: {} },
  };
  // drizzle's migrator runs a migration only when its `when` is later than that of the last one a database has run:
  // never earlier than the last entry, whatever this machine's clock says.
  journal.entries.push({
    idx,
    version: last.version,
    when: Math.max(Date.now(), last.when + 1),
    tag,
    breakpoints: true,
  });
  const sqlFile = path.join(migrationsDir, `${tag}.sql`);
  const snapshotFile = path.join(migrationsDir, 'meta', `${prefix(idx)}_snapshot.json`);
  writeFileSync(sqlFile, sql);
  writeFileSync(snapshotFile, JSON.stringify(snapshot, null, 2));
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return {
    tag,
    undo: () => {
      writeFileSync(journalFile, journalText);
      for (const file of [sqlFile, snapshotFile]) if (existsSync(file)) unlinkSync(file);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The list in docs/architecture.md

export const DOCS_FILE = fileURLToPath(new URL('../../../../docs/architecture.md', import.meta.url));
export const DOCS_START =
  '<!-- db:triggers start: written by `npm run db:triggers` from apps/server/src/db/triggers -->';
export const DOCS_END = '<!-- db:triggers end -->';

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The table of every trigger (unformatted markdown: prettier pads it). */
export function renderTriggerTable(sources: TriggerSource[]): string {
  const rows = sources
    .flatMap((s) => s.triggers.map((t) => ({ s, t })))
    .sort((a, b) => a.t.table.localeCompare(b.t.table) || a.t.name.localeCompare(b.t.name))
    .map(({ s, t }) => {
      const fires = `${t.timing} ${t.events}, per ${t.level.toLowerCase()}${t.conditional ? ' (WHEN …)' : ''}`;
      const file = `[\`${s.name}\`](../apps/server/src/db/triggers/${s.name}.sql)`;
      const kind = s.header.class === 'product rule' ? '**product rule**: should move to code' : s.header.class;
      return `| \`${t.table}\` | \`${t.name}\` | ${cell(fires)} | ${file} | ${kind} | ${cell(s.header.rule)} |`;
    });
  return [
    '| Table | Trigger | Fires | Function | Class | Rule it keeps |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** `docs` with the text between the markers replaced by `table`. */
export function replaceDocsTable(docs: string, table: string): string {
  const start = docs.indexOf(DOCS_START);
  const end = docs.indexOf(DOCS_END);
  if (start === -1 || end < start)
    throw new Error(`docs/architecture.md lacks the markers ${DOCS_START} … ${DOCS_END}`);
  return `${docs.slice(0, start + DOCS_START.length)}\n\n${table}\n\n${docs.slice(end)}`;
}

/** The text between the markers. */
export function docsTable(docs: string): string {
  const start = docs.indexOf(DOCS_START);
  const end = docs.indexOf(DOCS_END);
  if (start === -1 || end < start)
    throw new Error(`docs/architecture.md lacks the markers ${DOCS_START} … ${DOCS_END}`);
  return docs.slice(start + DOCS_START.length, end).trim();
}

/** Markdown as the repository's prettier writes it (the lint checks docs/ with it). */
export async function formatMarkdown(text: string, filepath = DOCS_FILE): Promise<string> {
  const prettier = await import('prettier');
  const options = await prettier.resolveConfig(filepath);
  return prettier.format(text, { ...options, filepath });
}
