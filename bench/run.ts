/**
 * `npm run bench` (after `npm run build`): runs each area in its own process, one after another, each bounded in
 * time: jobs (bench/jobs.ts), talent (bench/talent.ts), messaging (bench/messaging.ts), analytics, job-import,
 * resume-parse and scale (bench/scale.ts). Every area with throughput rows measures bare Fastify in its own process right before its
 * rows (support.ts `measureBare`) and judges them against it. Every area starts the built server on loopback against
 * its own database (the embedded PostgreSQL, or the PostgreSQL of DATABASE_URL), prints a table with each row's
 * target and verdict and stores it in bench/results.json under the database engine. The embedded default runs first,
 * then, with DATABASE_URL set, the same areas on that PostgreSQL (issue #22: both engines). Exits non-zero when a
 * target is not met, or an area fails or times out. Flags (or the environment variables they set): see USAGE.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { DURATION_SECONDS, onAdmin, RESULTS_FILE, saveResults, type Row } from './support';
import { MET, minRatioOf, NOT_MET } from './targets';

const AREAS = ['jobs', 'talent', 'messaging', 'analytics', 'job-import', 'resume-parse', 'scale'] as const;
type Area = (typeof AREAS)[number];

const USAGE = `npm run bench -- [flags]            (or: node --import tsx bench/run.ts [flags] after npm run build)

  --only=AREA[,AREA]   run these areas only (${AREAS.join(', ')})        BENCH_ONLY
  --skip=AREA[,AREA]   leave these areas out                                              BENCH_SKIP
  --no-scale           leave the scale row out (the 10× datasets take minutes to generate) BENCH_SKIP=scale
  --quick              short loads (3 s) and fewer samples: every row runs, the figures are rough  BENCH_QUICK=1
  --seconds=N          duration of each load (default 8, quick 3)                          BENCH_SECONDS
  --engines=E[,E]      embedded and/or postgresql (needs DATABASE_URL)                     BENCH_ENGINES
  --keep-data          keep the scale row's datasets for the next run (and use kept ones)  BENCH_KEEP_DATA=1
  --help               this text

  A quick look at one area:  npm run bench -- --only=jobs --quick
  Everything but the scale row:  npm run bench -- --no-scale`;

/** The command line's flags, as the environment variables the areas read. */
function applyFlags(argv: string[]) {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]!);
    if (!match) throw new Error(`unexpected argument ${argv[i]}\n\n${USAGE}`);
    const [, name, inline] = match as unknown as [string, string, string | undefined];
    const takesValue = ['only', 'skip', 'seconds', 'engines'].includes(name);
    flags.set(name, inline ?? (takesValue ? (argv[++i] ?? '') : ''));
  }
  const env: Record<string, string | undefined> = {
    only: 'BENCH_ONLY',
    skip: 'BENCH_SKIP',
    seconds: 'BENCH_SECONDS',
    engines: 'BENCH_ENGINES',
  };
  for (const [name, value] of flags) {
    if (name === 'help') {
      console.log(USAGE);
      process.exit(0);
    } else if (name === 'quick') process.env.BENCH_QUICK = '1';
    else if (name === 'keep-data') process.env.BENCH_KEEP_DATA = '1';
    else if (name === 'no-scale')
      process.env.BENCH_SKIP = [...(process.env.BENCH_SKIP ?? '').split(','), 'scale'].filter(Boolean).join(',');
    else if (env[name]) process.env[env[name]] = value;
    else throw new Error(`unknown flag --${name}\n\n${USAGE}`);
  }
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function selectedAreas(): Area[] {
  const only = list(process.env.BENCH_ONLY);
  const skip = list(process.env.BENCH_SKIP);
  const unknown = [...only, ...skip].filter((a) => !AREAS.includes(a as Area));
  if (unknown.length) throw new Error(`unknown area ${unknown.join(', ')} (use ${AREAS.join(', ')})`);
  return AREAS.filter((a) => (only.length === 0 || only.includes(a)) && !skip.includes(a));
}

/** Seconds an area may take (dataset, server start, measurements) before it is stopped. */
function timeoutSeconds(area: Area): number {
  if (area === 'scale') return Number(process.env.BENCH_SCALE_TIMEOUT_SECONDS ?? 3_600);
  return Number(process.env.BENCH_TIMEOUT_SECONDS ?? 300 + 30 * Number(process.env.BENCH_SECONDS ?? DURATION_SECONDS));
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
  const only = list(process.env.BENCH_ENGINES);
  if (only.some((e) => !all.includes(e as Engine)))
    throw new Error(
      `BENCH_ENGINES: use ${all.join(', ')}${process.env.DATABASE_URL ? '' : ' (postgresql needs DATABASE_URL)'}`,
    );
  return only.length ? all.filter((e) => only.includes(e)) : all;
}

/** The area's environment: the embedded engine is chosen by leaving DATABASE_URL out (bench/support.ts). */
function engineEnv(engine: Engine): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
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
  const limit = timeoutSeconds(area);
  return new Promise((resolve) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`\n${area}: still running after ${limit} s, stopping it`);
      killGroup(child, 'SIGTERM');
      setTimeout(() => killGroup(child, 'SIGKILL'), 5_000).unref();
    }, limit * 1000);
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
  const prefix = `referwell_bench_${area === 'messaging' ? 'msg' : area === 'scale' ? 'scale' : `${area}_`}`;
  for (const { datname } of rows.filter((r) => r.datname.startsWith(prefix)))
    await onAdmin(admin, `DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
}

/** The area's section in bench/results.json. */
const sectionOf = (area: Area) => (area === 'job-import' ? 'job import' : area);

/** An area that stored no results of this run: its section says why, rather than keeping an earlier run's. */
function saveFailure(area: Area, engine: Engine, error: string) {
  saveResults(sectionOf(area), { at: new Date().toISOString(), error }, engine);
}

/** A section of bench/results.json as the areas store it. */
interface StoredSection {
  at?: string;
  bare?: { rps: number };
  rows?: Row[];
}

/**
 * The sections of an engine's areas stored in bench/results.json during this run (written at or after `since`), by
 * name: an area that stored nothing (it failed before its report) has none, so an earlier run's figures cannot stand
 * in for it.
 */
function storedSince(engine: Engine, since: number): Record<string, StoredSection> {
  if (!existsSync(RESULTS_FILE)) return {};
  const results = JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as Record<string, Record<string, StoredSection>>;
  return Object.fromEntries(
    Object.entries(results[engine] ?? {}).filter(([, section]) => section.at && Date.parse(section.at) >= since),
  );
}

/** What the area stored during this run: its ceiling and how many of its rows missed their targets. */
function areaSummary(area: Area, engine: Engine, since: number): { bare: number | null; notMet: number | null } {
  const section = storedSince(engine, since)[sectionOf(area)];
  return {
    bare: section?.bare?.rps ?? null,
    notMet: section?.rows
      ? section.rows.filter((r) => r.verdict === NOT_MET || r.verdict === 'ERRORS' || r.ok === false).length
      : null,
  };
}

/**
 * Every row judged by a ratio to bare, judged again against the highest ceiling any area measured in this run. A
 * ceiling can only be read low (anything else the machine does lowers it), and a low one flatters every ratio judged
 * against it: a row met only against its own area's ceiling is not met. Prints the rows and stores them under `run`
 * for each engine; returns how many rows this turns to not met.
 */
function judgeAgainstHighest(engines: Engine[], since: number): number {
  const sections = engines.flatMap((engine) =>
    Object.entries(storedSince(engine, since))
      .filter(([, section]) => section.bare)
      .map(([name, section]) => ({ engine, name, section })),
  );
  const highest = Math.max(0, ...sections.map(({ section }) => section.bare!.rps));
  if (highest === 0) return 0;
  let turned = 0;
  const judged = sections.flatMap(({ engine, name, section }) =>
    (section.rows ?? []).flatMap((row) => {
      const minRatio = minRatioOf(row.target);
      const rps = row['req/s'];
      if (minRatio === null || typeof rps !== 'number') return [];
      const ratio = rps / highest;
      const verdict = row.verdict === MET && ratio < minRatio ? NOT_MET : row.verdict;
      if (verdict !== row.verdict) turned++;
      return [
        {
          engine,
          area: name,
          scenario: String(row.scenario),
          'req/s': rps,
          'area ceiling': section.bare!.rps,
          'ratio to area ceiling': row['ratio to bare'],
          'ratio to highest': Math.round(ratio * 10_000) / 10_000,
          target: row.target,
          'area verdict': row.verdict,
          verdict,
        },
      ];
    }),
  );
  console.log(`\nevery ratio row judged again against the run's highest ceiling, ${highest} req/s:`);
  console.table(judged);
  for (const engine of engines)
    saveResults(
      'run',
      {
        at: new Date().toISOString(),
        highestCeiling: highest,
        rows: judged.filter((row) => row.engine === engine),
      },
      engine,
    );
  return turned;
}

async function main() {
  applyFlags(process.argv.slice(2));
  const areas = selectedAreas();
  const engines = selectedEngines();
  const started = performance.now();
  const runSince = Date.now();
  console.log(
    `benchmark: ${areas.join(', ')} on ${engines.join(', then ')}${process.env.BENCH_QUICK ? ' (quick)' : ''}; ` +
      `bare Fastify is measured in its own process right before each area's rows`,
  );
  const outcomes: Record<string, unknown>[] = [];
  for (const engine of engines) {
    for (const area of areas) {
      const areaStarted = performance.now();
      const since = Date.now();
      console.log(`\n=== ${area} on ${engine} ===`);
      const code = await runArea(area, engineEnv(engine));
      if (code === 'timeout') {
        saveFailure(area, engine, `timed out after ${timeoutSeconds(area)} s`);
        if (engine === 'postgresql') await dropLeftovers(area);
      }
      const summary = code === 'timeout' ? { bare: null, notMet: null } : areaSummary(area, engine, since);
      if (code !== 'timeout' && code !== 0 && summary.notMet === null)
        saveFailure(area, engine, `failed (exit code ${code}) before storing its results`);
      outcomes.push({
        engine,
        area,
        seconds: Math.round((performance.now() - areaStarted) / 1000),
        'bare req/s': summary.bare ?? '—',
        'rows not met': summary.notMet ?? '—',
        result:
          code === 'timeout'
            ? 'TIMED OUT'
            : code === 0
              ? 'every target met'
              : summary.notMet === null
                ? 'FAILED (no results)'
                : 'TARGET NOT MET',
      });
      if (code !== 0) process.exitCode = 1;
    }
  }
  const turned = judgeAgainstHighest(engines, runSince);
  if (turned > 0) process.exitCode = 1;
  console.log(`\nbenchmark on ${engines.join(' and ')}, ${Math.round((performance.now() - started) / 1000)} s in all:`);
  console.table(outcomes);
  if (turned > 0) console.log(`${turned} row(s) met their target only against their own area's lower ceiling`);
}

await main();
