/**
 * Scale area: does a search cost the same on a marketplace ten times the size? The same never-seen job searches
 * (every shape of the mix, each made new: job-queries.ts) and never-seen talent searches (talent-queries.ts), one at
 * a time, at 1× (50,000 jobs across 2,000 companies, 100,000 talent profiles: the jobs and talent areas' datasets)
 * and at BENCH_SCALE× (10: 500,000 jobs across 20,000 companies posted over the same weeks, 1,000,000 profiles), each
 * dataset in its own database with its own freshly started server; p95 at each scale with CPU per search, and the
 * growth factor judged (≤ 2×). The datasets are generated in the database (bench/dataset.ts,
 * bench/talent-dataset.ts); with BENCH_KEEP_DATA (`--keep-data`) they are kept for the next run.
 *
 *   npm run build && node --import tsx bench/run.ts --only=scale --keep-data
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/client';
import { seedJobDataset, type JobDatasetSize } from './dataset';
import { freshMix, jobSearchQueries, neverSeenMaker } from './job-queries';
import { sequentialRow, type LatencyRow } from './rows';
import {
  driver,
  keptDatasetKey,
  login,
  prepareDatabase,
  QUICK,
  report,
  startServer,
  type PreparedDatabase,
  type Row,
} from './support';
import { seedTalentDataset } from './talent-dataset';
import { neverSeenTalentSearches } from './talent-queries';
import { rssMb, SCALE_MAX_GROWTH, SHOWN, verdict } from './targets';

const FACTOR = Number(process.env.BENCH_SCALE ?? 10);
const SEARCHES = Number(process.env.BENCH_FRESH_SEARCHES ?? (QUICK ? 60 : 300));
const WARM_UP = 20;
const BASE = { companies: 2_000, jobs: 50_000, talent: 100_000 };

interface Scale {
  factor: number;
  jobs: JobDatasetSize;
  talent: number;
}

const scaleOf = (factor: number): Scale => ({
  factor,
  // The same weeks of postings at every scale: ten times the jobs open at once, not a history ten times as long.
  jobs: { companies: BASE.companies * factor, jobs: BASE.jobs * factor, spanMinutes: BASE.jobs },
  talent: BASE.talent * factor,
});

async function seed(database: Database, scale: Scale) {
  await seedJobDataset(database, scale.jobs);
  await seedTalentDataset(database, scale.talent);
}

interface Measured {
  scale: Scale;
  job: LatencyRow;
  talent: LatencyRow;
  seconds: number;
  reused: boolean;
  /** The server: start to healthy on this dataset, and its RSS after the searches. */
  server: Row;
}

async function measure(scale: Scale): Promise<Measured> {
  const label = `${scale.factor}×`;
  console.log(
    `\n${label}: ${scale.jobs.jobs} jobs across ${scale.jobs.companies} companies, ${scale.talent} talent profiles`,
  );
  const prepared = await prepareDatabase(`scale${scale.factor}x`, (database) => seed(database, scale), {
    keep: keptDatasetKey(scale),
  });
  if (!prepared.reused) console.log(`${label}: dataset generated in ${prepared.seconds} s on ${driver}`);
  try {
    const server = await startServer(prepared);
    try {
      const cookie = await login(server.baseUrl);
      // The same searches at every scale, in the same order; new to this scale's server.
      const jobSearches = freshMix(jobSearchQueries(SEARCHES + WARM_UP), neverSeenMaker()).map((q) => `/api/jobs?${q}`);
      const nextTalent = neverSeenTalentSearches();
      const talentSearches = Array.from({ length: SEARCHES + WARM_UP }, nextTalent);
      const job = await sequentialRow(
        `${label}: job search, each search new (sequential, ${SEARCHES}: every shape of the mix)`,
        server,
        prepared,
        jobSearches,
        { once: { warmUp: WARM_UP } },
        null,
      );
      const talent = await sequentialRow(
        `${label}: talent search, each search new (sequential, ${SEARCHES})`,
        server,
        prepared,
        talentSearches,
        { cookie, once: { warmUp: WARM_UP } },
        null,
      );
      const serverRow: Row = {
        scenario: `${label}: dataset generation, its size on disk; server start to healthy, RSS after the searches`,
        'generated in s': prepared.reused ? 'kept' : prepared.seconds,
        'disk GB': await diskGb(prepared),
        ms: Math.round(server.startupMs),
        MB: rssMb(server.pid),
        target: '—',
        verdict: SHOWN,
      };
      return { scale, job, talent, seconds: prepared.seconds, reused: prepared.reused, server: serverRow };
    } finally {
      await server.stop();
    }
  } finally {
    await prepared.cleanup();
  }
}

/** The dataset's size on disk: the throw-away database on PostgreSQL, the whole cluster directory when embedded. */
async function diskGb(prepared: PreparedDatabase<unknown>): Promise<number> {
  let bytes = 0;
  if (prepared.databaseUrl) {
    const client = new pg.Client({ connectionString: prepared.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ bytes: string }>('select pg_database_size(current_database()) as bytes');
      bytes = Number(rows[0]!.bytes);
    } finally {
      await client.end();
    }
  } else
    for (const entry of readdirSync(prepared.dataDir, { withFileTypes: true, recursive: true }))
      if (entry.isFile()) bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  return Math.round(bytes / 1e7) / 100;
}

const ratio = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? null : a / b);
const round2 = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);
const cpuOf = (row: LatencyRow) =>
  row.cpu.serverMs === null || row.cpu.databaseMs === null ? null : row.cpu.serverMs + row.cpu.databaseMs;

function growthRow(what: string, small: LatencyRow, large: LatencyRow, factor: number): { row: Row; ok: boolean } {
  const growth = large.p95 / small.p95;
  const ok = growth <= SCALE_MAX_GROWTH;
  return {
    ok,
    row: {
      scenario: `${what}: p95 growth 1× → ${factor}×`,
      '1× p95 ms': small.p95,
      [`${factor}× p95 ms`]: large.p95,
      growth: round2(growth),
      'CPU/search growth (server + db)': round2(ratio(cpuOf(large), cpuOf(small))),
      target: `≤ ${SCALE_MAX_GROWTH}×`,
      verdict: verdict(ok),
    },
  };
}

async function main() {
  const small = await measure(scaleOf(1));
  const large = await measure(scaleOf(FACTOR));
  const job = growthRow('never-seen job search', small.job, large.job, FACTOR);
  const talent = growthRow('never-seen talent search', small.talent, large.talent, FACTOR);
  const rows: Row[] = [
    small.job.row,
    small.talent.row,
    large.job.row,
    large.talent.row,
    job.row,
    talent.row,
    small.server,
    large.server,
  ];
  report('scale', rows, {
    factor: FACTOR,
    generationSeconds: Object.fromEntries(
      [small, large].map((m) => [`${m.scale.factor}x`, m.reused ? 'kept from an earlier run' : m.seconds]),
    ),
  });
  if (!job.ok || !talent.ok) process.exitCode = 1;
}

await main();
