/**
 * The plans behind the analytics page: runs each analytics statement one at a time against a kept benchmark
 * database and prints its EXPLAIN (ANALYZE, BUFFERS), so speed work reads plans and buffer counts rather than
 * timings on a shared machine. The database comes from the analytics area run with BENCH_KEEP=1.
 *
 *   BENCH_DATABASE_URL=postgres://…/referwell_bench_analytics_… BENCH_PERIOD=365d node --import tsx bench/analytics-explain.ts
 *   (BENCH_PERIOD=custom BENCH_FROM=2025-05-27 BENCH_TO=2026-11-26 for a custom range)
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { AnalyticsPeriod } from '@referwell/shared';
import { openDatabase } from '../apps/server/src/db/client';
import type { Executor } from '../apps/server/src/db/repository';
import { bonusLiability } from '../apps/server/src/features/analytics/bonuses';
import { resolvePeriod, type JobScope } from '../apps/server/src/features/analytics/period';
import { funnel, hireSources, jobFigures } from '../apps/server/src/features/analytics/queries';
import { requestResponse, teamFigures } from '../apps/server/src/features/analytics/team';
import { DEMO_ADMIN } from './support';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('Set BENCH_DATABASE_URL to a database kept by BENCH_KEEP=1 (analytics area)');
// BENCH_PERIOD=custom takes BENCH_FROM and BENCH_TO (days), e.g. the 18-month range the benchmark asks for.
const period = resolvePeriod({
  period: (process.env.BENCH_PERIOD ?? '365d') as AnalyticsPeriod,
  from: process.env.BENCH_FROM,
  to: process.env.BENCH_TO,
});
const only = process.env.BENCH_QUERY;
const repeat = Number(process.env.BENCH_REPEAT ?? 0);

const database = await openDatabase({ databaseUrl: url });
const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  const rows = (await database.db.execute(sql`select m.company_id from company_members m
    join users u on u.id = m.user_id where u.email = ${DEMO_ADMIN.email}`)) as unknown as {
    rows: { company_id: string }[];
  };
  const scope: JobScope = { companyId: rows.rows[0]!.company_id, department: process.env.BENCH_DEPARTMENT };
  const [{ pid }] = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows as [{ pid: number }];
  const backendTicks = () => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  /**
   * BENCH_REPEAT=n: each statement's execution time (EXPLAIN ANALYZE with TIMING OFF: no per-row clock reads) n times,
   * its minimum and median printed with its shared buffers: on a loaded machine the minimum is the steadiest figure.
   */
  const timed = async (label: string, text: string, params: unknown[]) => {
    const times: number[] = [];
    let buffers = '';
    for (let i = 0; i < repeat; i++) {
      const plan = await client.query(`explain (analyze, timing off, buffers, format json) ${text}`, params);
      const result = (plan.rows[0] as { 'QUERY PLAN': [{ 'Execution Time': number; Plan: Record<string, number> }] })[
        'QUERY PLAN'
      ][0];
      times.push(result['Execution Time']);
      buffers = `shared hit ${result.Plan['Shared Hit Blocks']}, read ${result.Plan['Shared Read Blocks']}`;
    }
    times.sort((a, b) => a - b);
    const ms = (value: number) => value.toFixed(1);
    // CPU time of the backend for the same runs without EXPLAIN (from /proc, 10 ms ticks): unlike wall time, it does
    // not grow while the backend waits for a core on a busy machine.
    const before = backendTicks();
    for (let i = 0; i < repeat; i++) await client.query(text, params);
    const cpu = ((backendTicks() - before) * 10) / repeat;
    console.log(
      `${label}: min ${ms(times[0]!)} ms, median ${ms(times[Math.floor(times.length / 2)]!)} ms, ` +
        `backend CPU ${ms(cpu)} ms, ${buffers}` +
        ` (${repeat} runs, load ${loadavg()[0]!.toFixed(1)})`,
    );
  };
  /** An executor whose prepared statements print their plan, then return their rows. */
  const explaining = (label: string): Executor => {
    const real = database.db as unknown as { dialect: unknown };
    return {
      dialect: real.dialect,
      session: {
        prepareQuery: (built: { sql: string; params: unknown[] }) => ({
          execute: async () => {
            if (repeat > 0) await timed(label, built.sql, built.params);
            else {
              const plan = await client.query(`explain (analyze, buffers) ${built.sql}`, built.params);
              console.log(`\n=== ${label} (load ${loadavg()[0]!.toFixed(1)}) ===`);
              console.log(plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
            }
            return client.query(built.sql, built.params);
          },
        }),
      },
    } as unknown as Executor;
  };
  const today = new Date().toISOString().slice(0, 10);
  const statements: Record<string, (db: Executor) => Promise<unknown>> = {
    funnel: (db) => funnel(db, scope, period, 0),
    sources: (db) => hireSources(db, scope, period),
    team: (db) => teamFigures(db, scope, period),
    response: (db) => requestResponse(db, scope, period),
    jobs: (db) => jobFigures(db, scope, period),
    bonuses: (db) => bonusLiability(db, scope, period, today),
  };
  for (const [label, run] of Object.entries(statements)) if (!only || only === label) await run(explaining(label));
} finally {
  await client.end();
  await database.close();
}
