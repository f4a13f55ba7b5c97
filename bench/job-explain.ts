/**
 * What a never-seen job search costs the database at 1× and at the scale row's 10×, without the scale row's talent
 * datasets: the jobs dataset of the scale row (bench/scale.ts `scaleOf`: 50,000 jobs across 2,000 companies times
 * BENCH_SCALE, posted over the same weeks) in an embedded cluster (kept with BENCH_KEEP_DATA=1, as the scale row keeps
 * its datasets), then the scale row's never-seen job searches (every shape of the mix, each made new: job-queries.ts)
 * one at a time through the service (searchJobs, no HTTP), anonymous. Prints the database's CPU per search (the
 * cluster's processes, from /proc: cpu.ts) and its shared buffers and rows per search (pg_stat_database, read after
 * the backends have flushed their counters). Buffers and rows do not depend on how busy the machine is: compare them
 * between 1× and 10× and between two versions of the code. BENCH_EXPLAIN=1 instead runs EXPLAIN (ANALYZE, BUFFERS)
 * of every statement the searches send before it runs, and prints per statement (the heaviest first) its calls and
 * its shared buffers and rows per call: what grows.
 *
 *   BENCH_KEEP_DATA=1 BENCH_SCALE=1 node --import tsx bench/job-explain.ts
 *   BENCH_KEEP_DATA=1 BENCH_SCALE=10 node --import tsx bench/job-explain.ts
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { jobSearchQuerySchema } from '@referwell/shared';
import { openDatabase } from '../apps/server/src/db/client';
import { searchJobs } from '../apps/server/src/features/jobs/search';
import { cpuMeter, loadAverage } from './cpu';
import { seedJobDataset } from './dataset';
import { freshMix, jobSearchQueries, neverSeenMaker } from './job-queries';
import { keptDatasetKey, prepareDatabase } from './support';

const FACTOR = Number(process.env.BENCH_SCALE ?? 1);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 300);
const WARM_UP = 20;
/** Backends flush their statistics when idle at least this long after their last flush (PostgreSQL's idle interval). */
const STATS_FLUSH_MS = 11_000;
const EXPLAIN = !!process.env.BENCH_EXPLAIN;
/** The scale row's jobs dataset at FACTOR (bench/scale.ts: the same weeks of postings at every scale). */
const SIZE = { companies: 2_000 * FACTOR, jobs: 50_000 * FACTOR, spanMinutes: 50_000 };

interface Explained {
  calls: number;
  buffers: number[];
  rows: number[];
  ms: number[];
}
/** Each explained statement (by its text), while `recording`. */
const explained = new Map<string, Explained>();
let recording = false;
/** BENCH_EXPLAIN_FILE: every explained plan, one JSON line each with the search's number, for comparing two sizes. */
const PLANS_FILE = process.env.BENCH_EXPLAIN_FILE;
let searchNumber = 0;
if (EXPLAIN) {
  const query = pg.Client.prototype.query as (...args: unknown[]) => Promise<unknown>;
  Object.assign(pg.Client.prototype, {
    async query(this: pg.Client, ...args: unknown[]) {
      const config = args[0] as string | { text?: string; values?: unknown[] };
      const text = typeof config === 'string' ? config : config.text;
      if (recording && text && /^\s*(with|select)\b/i.test(text)) {
        const values = typeof config === 'string' ? args[1] : (config.values ?? args[1]);
        const result = (await query.call(this, `explain (analyze, buffers, format json) ${text}`, values)) as {
          rows: { 'QUERY PLAN': [{ 'Execution Time': number; Plan: Record<string, number> }] }[];
        };
        const [plan] = result.rows[0]!['QUERY PLAN'];
        if (PLANS_FILE) appendFileSync(PLANS_FILE, `${JSON.stringify({ search: searchNumber, text, plan })}\n`);
        let entry = explained.get(text);
        if (!entry) explained.set(text, (entry = { calls: 0, buffers: [], rows: [], ms: [] }));
        entry.calls++;
        entry.buffers.push(plan.Plan['Shared Hit Blocks']! + plan.Plan['Shared Read Blocks']!);
        entry.rows.push(plan.Plan['Actual Rows']!);
        entry.ms.push(plan['Execution Time']);
      }
      return query.apply(this, args);
    },
  });
}

const prepared = await prepareDatabase(`jobs${FACTOR}x`, (database) => seedJobDataset(database, SIZE), {
  keep: keptDatasetKey({ jobs: SIZE }),
});
const database = await openDatabase(
  prepared.databaseUrl
    ? { databaseUrl: prepared.databaseUrl }
    : { embedded: { dir: path.join(prepared.dataDir, 'postgres') } },
);
interface Stats {
  blocks: number;
  rows: number;
}
const stats = async (): Promise<Stats> => {
  const result = (await database.db.execute(
    sql`select (blks_hit + blks_read)::float8 as blocks, (tup_returned + tup_fetched)::float8 as rows
        from pg_stat_database where datname = current_database()`,
  )) as unknown as { rows: Stats[] };
  return result.rows[0]!;
};
const idle = () => new Promise((resolve) => setTimeout(resolve, STATS_FLUSH_MS));
const parse = (query: string) => {
  const params = new URLSearchParams(query);
  const input: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    input[key] = all.length === 1 ? all[0]! : all;
  }
  return jobSearchQuerySchema.parse(input);
};
const at = (list: number[], q: number) => list[Math.min(list.length - 1, Math.floor(list.length * q))]!;
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / Math.max(1, list.length);
try {
  // The scale row's searches, in its order: the same at every size.
  const searches = freshMix(jobSearchQueries(SEARCHES + WARM_UP), neverSeenMaker()).map(parse);
  // Untimed: statements prepared, the dataset's pages read into the cache.
  for (const filters of searches.slice(0, WARM_UP)) await searchJobs(database.db, null, filters);
  const timed = searches.slice(WARM_UP);
  await idle();
  const before = await stats();
  const meter = cpuMeter(process.pid, prepared);
  const wall: number[] = [];
  recording = EXPLAIN;
  for (const filters of timed) {
    searchNumber++;
    const started = performance.now();
    await searchJobs(database.db, null, filters);
    wall.push(performance.now() - started);
  }
  recording = false;
  const cpu = meter.perRequest(timed.length);
  const label = `${SIZE.jobs} jobs (${FACTOR}×), ${timed.length} never-seen job searches`;
  if (EXPLAIN) {
    console.log(`${label}, per statement (load ${loadAverage()}):`);
    const entries = [...explained].sort(([, a], [, b]) => b.calls * mean(b.buffers) - a.calls * mean(a.buffers));
    for (const [text, entry] of entries) {
      const buffers = sorted(entry.buffers);
      const ms = sorted(entry.ms);
      console.log(
        `  ${entry.calls} calls, buffers/call mean ${Math.round(mean(buffers))} p50 ${at(buffers, 0.5)} p95 ` +
          `${at(buffers, 0.95)} max ${at(buffers, 1)}; rows mean ${Math.round(mean(entry.rows))}; execution ms ` +
          `mean ${mean(ms).toFixed(2)} p95 ${at(ms, 0.95).toFixed(2)}: ${text.replace(/\s+/g, ' ').slice(0, 160)}`,
      );
    }
    const all = timed.length;
    const total = [...explained.values()].reduce((sum, e) => sum + e.buffers.reduce((a, b) => a + b, 0), 0);
    console.log(`  all statements: ${Math.round(total / all)} shared buffers per search`);
  } else {
    await idle();
    const after = await stats();
    const w = sorted(wall);
    const per = (value: number) => Math.round(value / timed.length);
    console.log(
      `${label}: database CPU ${cpu.databaseMs} ms/search, client ${cpu.serverMs} ms/search, ` +
        `${per(after.blocks - before.blocks)} shared buffers/search, ${per(after.rows - before.rows)} rows/search; ` +
        `wall p50 ${at(w, 0.5).toFixed(1)} / p95 ${at(w, 0.95).toFixed(1)} ms (load ${loadAverage()})`,
    );
  }
} finally {
  await database.close();
  await prepared.cleanup();
}
