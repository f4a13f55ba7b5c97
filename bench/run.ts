/**
 * `npm run bench` (after `npm run build`): measures the bare-Fastify ceiling once, then runs each area in its own
 * process, one after another, each bounded in time: jobs (bench/jobs.ts), talent (bench/talent.ts) and messaging
 * (bench/messaging.ts). Every area starts the built server on loopback against its own throw-away database
 * (the embedded PostgreSQL, or the PostgreSQL of DATABASE_URL), prints a table and stores it in bench/results.json under the
 * database engine. The embedded default runs first, then, with DATABASE_URL set, the same areas on that PostgreSQL
 * (issue #22: both engines); BENCH_ENGINES=embedded or =postgresql runs one. BENCH_ONLY=jobs,talent,messaging runs a
 * subset. Exits non-zero when an area misses a target, fails or times out.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { bareFastifyRps, CONNECTIONS, DURATION_SECONDS, onAdmin, saveResults } from './support';

const AREAS = ['jobs', 'talent', 'messaging', 'analytics', 'job-import'] as const;
type Area = (typeof AREAS)[number];

/** Seconds an area may take (dataset, server start, measurements) before it is stopped. */
const TIMEOUT_SECONDS = Number(process.env.BENCH_TIMEOUT_SECONDS ?? 300 + 30 * DURATION_SECONDS);

function selectedAreas(): Area[] {
  const only = (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = only.filter((a) => !AREAS.includes(a as Area));
  if (unknown.length) throw new Error(`BENCH_ONLY: unknown area ${unknown.join(', ')} (use ${AREAS.join(', ')})`);
  return only.length ? AREAS.filter((a) => only.includes(a)) : [...AREAS];
}

let current: ChildProcess | undefined;
const killGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  try {
    process.kill(-child.pid!, signal); // the area and the server it started
  } catch {
    // already gone
  }
};
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    if (current) killGroup(current, 'SIGTERM');
    process.exit(130);
  });

type Engine = 'embedded' | 'postgresql';

/** The embedded default first, then the PostgreSQL of DATABASE_URL when set; BENCH_ENGINES picks. */
function selectedEngines(): Engine[] {
  const all: Engine[] = process.env.DATABASE_URL ? ['embedded', 'postgresql'] : ['embedded'];
  const only = (process.env.BENCH_ENGINES ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (only.some((e) => !all.includes(e as Engine)))
    throw new Error(
      `BENCH_ENGINES: use ${all.join(', ')}${process.env.DATABASE_URL ? '' : ' (postgresql needs DATABASE_URL)'}`,
    );
  return only.length ? all.filter((e) => only.includes(e)) : all;
}

/** The area's environment: the embedded engine is chosen by leaving DATABASE_URL out (bench/support.ts). */
function engineEnv(engine: Engine, bareRps: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_BARE_RPS: String(bareRps) };
  if (engine === 'embedded') delete env.DATABASE_URL;
  return env;
}

/** Runs one area; resolves with its exit code, or 'timeout'. */
function runArea(area: Area, env: NodeJS.ProcessEnv): Promise<number | 'timeout'> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, `${area}.ts`)], {
    env,
    stdio: 'inherit',
    detached: true, // own process group, so a timeout stops the server too
  });
  current = child;
  return new Promise((resolve) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`\n${area}: still running after ${TIMEOUT_SECONDS} s, stopping it`);
      killGroup(child, 'SIGTERM');
      setTimeout(() => killGroup(child, 'SIGKILL'), 5_000).unref();
    }, TIMEOUT_SECONDS * 1000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      current = undefined;
      resolve(timedOut ? 'timeout' : (code ?? 1));
    });
  });
}

/** After a timed-out area on PostgreSQL: drop the throw-away databases it left behind (kept with BENCH_KEEP). */
async function dropLeftovers(area: Area) {
  const admin = process.env.DATABASE_URL;
  if (!admin) return;
  if (process.env.BENCH_KEEP) return console.log(`${area}: BENCH_KEEP is set, its databases are kept`);
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const { rows } = await client
    .query<{ datname: string }>(`select datname from pg_database where datname like 'referwell_bench_%'`)
    .finally(() => client.end());
  const prefix = `referwell_bench_${area === 'messaging' ? 'msg' : area}_`;
  for (const { datname } of rows.filter((r) => r.datname.startsWith(prefix)))
    await onAdmin(admin, `DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
}

async function main() {
  const areas = selectedAreas();
  const engines = selectedEngines();
  const started = performance.now();
  const bareRps = await bareFastifyRps();
  console.log(
    `bare Fastify JSON on this machine: ${bareRps} req/s (${CONNECTIONS} connections, ${DURATION_SECONDS} s); areas: ${areas.join(', ')} on ${engines.join(', then ')}`,
  );
  const outcomes: Record<string, unknown>[] = [];
  for (const engine of engines) {
    saveResults('bareFastify', { at: new Date().toISOString(), 'req/s': bareRps }, engine);
    for (const area of areas) {
      const areaStarted = performance.now();
      console.log(`\n=== ${area} on ${engine} ===`);
      const code = await runArea(area, engineEnv(engine, bareRps));
      if (code === 'timeout') {
        saveResults(area, { at: new Date().toISOString(), error: `timed out after ${TIMEOUT_SECONDS} s` }, engine);
        if (engine === 'postgresql') await dropLeftovers(area);
      }
      outcomes.push({
        engine,
        area,
        seconds: Math.round((performance.now() - areaStarted) / 1000),
        result: code === 'timeout' ? 'TIMED OUT' : code === 0 ? 'ok' : 'BELOW TARGET OR FAILED',
      });
      if (code !== 0) process.exitCode = 1;
    }
  }
  console.log(`\nbenchmark on ${engines.join(' and ')}, ${Math.round((performance.now() - started) / 1000)} s in all:`);
  console.table(outcomes);
}

await main();
