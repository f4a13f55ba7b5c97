/**
 * What a never-seen talent search costs the database, at a size you can build in a few minutes: the talent dataset
 * (talent-dataset.ts) of BENCH_TALENT profiles in an embedded cluster (kept with BENCH_KEEP_DATA=1, as the scale row
 * keeps its datasets), then the first BENCH_SEARCHES of the scale row's never-seen talent searches
 * (talent-queries.ts), one at a time through the service (searchCandidatesJson, no HTTP), as the demo admin. Prints
 * the database's CPU per search (the cluster's processes, from /proc: cpu.ts) and its shared buffers and rows per
 * search (pg_stat_database, read after the backends have flushed their counters). Buffers and rows do not depend on
 * how busy the machine is; compare them between two sizes (1× and 10×) and between two versions of the code.
 * BENCH_EXPLAIN=1 instead runs EXPLAIN (ANALYZE, BUFFERS) of each search's statement on talent_profiles (the one that
 * finds, counts and orders the matches) before it runs, and prints the distribution of its shared buffers and
 * execution time over the searches: the tail, not only the mean.
 *
 *   BENCH_KEEP_DATA=1 BENCH_TALENT=10000 node --import tsx bench/talent-explain.ts
 *   BENCH_KEEP_DATA=1 BENCH_TALENT=100000 node --import tsx bench/talent-explain.ts
 *   BENCH_KEEP_DATA=1 BENCH_TALENT=1000000 BENCH_EXPLAIN=1 BENCH_EXPLAIN_FILE=/tmp/plans-1m.jsonl node --import tsx bench/talent-explain.ts
 */
import { appendFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { candidateSearchQuerySchema } from '@referwell/shared';
import { searchCandidatesJson } from '../apps/server/src/features/talent/search';
import { requireCompanyUser } from '../apps/server/src/platform/access/guards';
import { authOfUser } from '../apps/server/src/platform/sessions/sessions';
import { cpuMeter, loadAverage } from './cpu';
import { databaseStats, explainStatements, openPrepared } from './explain-support';
import { DEMO_ADMIN, keptDatasetKey, prepareDatabase } from './support';
import { seedTalentDataset } from './talent-dataset';
import { neverSeenTalentSearches } from './talent-queries';

const TALENT = Number(process.env.BENCH_TALENT ?? 10_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 200);
const EXPLAIN = !!process.env.BENCH_EXPLAIN;

/** Each explained statement's shared buffers and execution time (BENCH_EXPLAIN). */
const explained: { buffers: number; ms: number }[] = [];
/** BENCH_EXPLAIN_FILE: every explained plan, one JSON line each with the search's filters, to compare two sizes. */
const PLANS_FILE = process.env.BENCH_EXPLAIN_FILE;
let current: unknown = null;
// The service's statements go through the pool's clients: the search statement (the only one reading talent_profiles
// through a materialized CTE) is explained on the same client, with the same values, first.
if (EXPLAIN)
  explainStatements(
    (text) => text.includes('from talent_profiles p') && text.includes('as materialized'),
    (_text, plan) => {
      if (PLANS_FILE) appendFileSync(PLANS_FILE, `${JSON.stringify({ filters: current, plan })}\n`);
      explained.push({
        buffers: plan.Plan['Shared Hit Blocks']! + plan.Plan['Shared Read Blocks']!,
        ms: plan['Execution Time'],
      });
    },
  );

const prepared = await prepareDatabase(`talent${TALENT}`, (database) => seedTalentDataset(database, TALENT), {
  keep: keptDatasetKey({ talent: TALENT }),
});
const database = await openPrepared(prepared);
try {
  const users = (await database.db.execute(sql`select id from users where email = ${DEMO_ADMIN.email}`)) as unknown as {
    rows: { id: string }[];
  };
  const viewer = requireCompanyUser(await authOfUser(database.db, users.rows[0]!.id));
  const next = neverSeenTalentSearches();
  const searches = Array.from({ length: SEARCHES }, () => {
    const query = new URLSearchParams(next().split('?')[1]);
    const input: Record<string, string | string[]> = {};
    for (const key of new Set(query.keys())) input[key] = query.getAll(key);
    return candidateSearchQuerySchema.parse(
      Object.fromEntries(Object.entries(input).map(([k, v]) => [k, v.length === 1 ? v[0] : v])),
    );
  });
  // Untimed: facets counted, statements prepared, the dataset's pages read into the cache.
  for (const filters of searches.slice(0, 10)) await searchCandidatesJson(database.db, viewer, { ...filters, page: 9 });
  const before = await databaseStats(database);
  const meter = cpuMeter(process.pid, prepared);
  const wall: number[] = [];
  for (const filters of searches) {
    current = filters;
    const started = performance.now();
    await searchCandidatesJson(database.db, viewer, filters);
    wall.push(performance.now() - started);
  }
  const cpu = meter.perRequest(searches.length);
  if (EXPLAIN) {
    const at = <T>(list: T[], q: number) => list[Math.min(list.length - 1, Math.floor(list.length * q))]!;
    const buffers = explained.slice(-searches.length).map((e) => e.buffers);
    const ms = explained.slice(-searches.length).map((e) => e.ms);
    buffers.sort((a, b) => a - b);
    ms.sort((a, b) => a - b);
    console.log(
      `${TALENT} profiles, search statement of ${buffers.length} never-seen searches: shared buffers ` +
        `p50 ${at(buffers, 0.5)} / p95 ${at(buffers, 0.95)} / max ${at(buffers, 1)}, mean ` +
        `${Math.round(buffers.reduce((a, b) => a + b, 0) / buffers.length)}; execution ms p50 ${at(ms, 0.5).toFixed(1)} / ` +
        `p95 ${at(ms, 0.95).toFixed(1)} / max ${at(ms, 1).toFixed(1)} (load ${loadAverage()})`,
    );
  } else {
    const after = await databaseStats(database);
    wall.sort((a, b) => a - b);
    const per = (value: number) => Math.round(value / searches.length);
    console.log(
      `${TALENT} profiles, ${searches.length} never-seen talent searches: database CPU ${cpu.databaseMs} ms/search, ` +
        `${per(after.blocks - before.blocks)} shared buffers/search, ${per(after.rows - before.rows)} rows/search; ` +
        `wall p50 ${wall[Math.floor(wall.length / 2)]!.toFixed(1)} / p95 ${wall[Math.floor(wall.length * 0.95)]!.toFixed(1)} ms ` +
        `(load ${loadAverage()})`,
    );
  }
} finally {
  await database.close();
  await prepared.cleanup();
}
