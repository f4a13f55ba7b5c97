/**
 * Plumbing shared by the benchmark areas (bench/jobs.ts, bench/talent.ts, bench/messaging.ts): free ports, a
 * throw-away database (the embedded PostgreSQL in a fresh DATA_DIR, or a database created on the DATABASE_URL server and dropped
 * afterwards), the built server started on loopback against it, percentiles, the bare-Fastify ceiling and
 * bench/results.json.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { seedDemoData } from '../apps/server/src/seed';

export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const repoRoot = path.resolve(import.meta.dirname, '..');
export const onPostgres = !!process.env.DATABASE_URL;
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
  /** Seconds spent creating, migrating and seeding. */
  seconds: number;
  /** Removes the DATA_DIR and drops the throw-away database. */
  cleanup(): Promise<void>;
}

/**
 * A fresh database with all migrations and the demo accounts, then `seed` (the area's dataset), written before the
 * server opens it. BENCH_KEEP=1 keeps the PostgreSQL database (its URL is printed) for looking at query plans.
 */
export async function prepareDatabase<T>(
  name: string,
  seed: (database: Database) => Promise<T>,
): Promise<PreparedDatabase<T>> {
  const started = performance.now();
  const dataDir = mkdtempSync(path.join(tmpdir(), `referwell-bench-${name}-`));
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/referwell_bench_${name}_${Date.now().toString(36)}`;
    await onAdmin(process.env.DATABASE_URL, `CREATE DATABASE ${url.pathname.slice(1)}`);
    databaseUrl = url.toString();
  }
  const cleanup = async () => {
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
      await seedDemoData(database.db);
      const data = await seed(database);
      return { dataDir, databaseUrl, data, seconds: Math.round((performance.now() - started) / 100) / 10, cleanup };
    } finally {
      await database.close();
    }
  } catch (error) {
    await cleanup();
    throw error;
  }
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
 * The Node.js options of the production start command (`npm start` in the root package.json: runtime limits such as
 * the heap's, README "Memory"), so the benchmark measures the server as production starts it.
 */
export function productionNodeOptions(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const command = /\bnode((?:\s+--\S+)*)\s+apps\/server\/dist\/main\.js/.exec(scripts.start ?? '');
  if (!command) throw new Error('package.json "start" does not run node apps/server/dist/main.js');
  return command[1]!.trim().split(/\s+/).filter(Boolean);
}

/** Starts apps/server/dist/main.js (run `npm run build` first) on a free loopback port against the prepared database. */
export async function startServer(
  prepared: PreparedDatabase<unknown>,
  env: Record<string, string> = {},
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
    ...env,
  };
  // The server must open the throw-away database, never the DATABASE_URL it was created on.
  if (prepared.databaseUrl) childEnv.DATABASE_URL = prepared.databaseUrl;
  else delete childEnv.DATABASE_URL;
  // BENCH_NODE_OPTIONS adds options after production's, for a traced or profiled run (README "Benchmark"), e.g.
  // "--cpu-prof --cpu-prof-dir=/tmp/prof" (NODE_OPTIONS refuses --cpu-prof).
  const extra = (process.env.BENCH_NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean);
  const args = [...productionNodeOptions(), ...extra, path.join(repoRoot, 'apps/server/dist/main.js')];
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
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
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
 * what the server keeps), the first `warmUp` untimed. p50/p95 of the rest.
 */
export async function sequentialOnce(baseUrl: string, targets: string[], warmUp: number) {
  const times: number[] = [];
  for (const [i, target] of targets.entries()) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${target}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${target} failed: ${response.status}`);
    if (i >= warmUp) times.push(performance.now() - started);
  }
  return { samples: times.length, ...latencySummary(times) };
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

/**
 * Bare Fastify answering JSON on loopback: the ceiling this machine allows. `npm run bench` measures it once and
 * hands it to every area (BENCH_BARE_RPS); an area run on its own measures it itself.
 */
export async function bareFastifyRps(): Promise<number> {
  if (process.env.BENCH_BARE_RPS) return Number(process.env.BENCH_BARE_RPS);
  const app = Fastify();
  app.get('/', async () => ({ ok: true }));
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  try {
    return Math.round((await load({ url: `http://127.0.0.1:${port}/` })).requests.average);
  } finally {
    await app.close();
  }
}

export const bareRow = (rps: number): Row => ({ scenario: 'bare Fastify JSON (ceiling, same run)', 'req/s': rps });

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

/** Prints the area's table and stores it with the run's settings. */
export function report(area: string, rows: Row[], extra: Record<string, unknown> = {}) {
  console.log(`\n${area} on ${driver}:`);
  console.table(rows);
  saveResults(area, {
    at: new Date().toISOString(),
    connections: CONNECTIONS,
    durationSeconds: DURATION_SECONDS,
    ...extra,
    rows,
  });
}
