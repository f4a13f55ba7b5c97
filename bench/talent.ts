/**
 * Talent area (issue #6): BENCH_TALENT (100,000) job seekers with talent profiles are generated inside a fresh
 * database (bench/talent-dataset.ts) before the built server opens it; then GET /api/talent/search is measured over
 * HTTP as the signed-in demo company admin, after bare Fastify's ceiling (its own process): p50/p95 one request at a
 * time over five shapes of text plus three filter categories (target on PostgreSQL: p95 ≤ 30 ms); throughput of the
 * load mix (shapes, browse, later pages; mostly answered from what the server keeps); then searches no process has
 * kept (bench/talent-queries.ts): one at a time, closed-loop throughput (judged, ≥ 0.005 of bare) and open loop at
 * 50 arrivals a second. Last, resume parse time per page over the parser's fixture corpus (the same measurement as
 * `npm run resume:accuracy -w @referwell/server`).
 *
 *   npm run build && node --import tsx bench/run.ts --only=talent
 */
import { seedTalentDataset } from './talent-dataset';
import {
  loadExpected,
  parseTimePerPage,
  readFixture,
  timeParse,
  type ParseTiming,
} from '../apps/server/src/features/talent/resume/accuracy';
import { openLoopRow, sequentialRow } from './rows';
import {
  bareRow,
  driver,
  load,
  login,
  measureBare,
  onPostgres,
  prepareDatabase,
  QUICK,
  report,
  startServer,
  type BareCeiling,
  type Row,
} from './support';
import { MIX, nextNeverSeenTalentSearch, searchPath, SHAPES } from './talent-queries';
import {
  HOT_MAX_P99_MS,
  HOT_MIN_RATIO,
  judgedLoad,
  NEVER_SEEN_MIN_RATIO,
  OPEN_LOOP_MAX_P95_MS,
  OPEN_LOOP_RATE,
  serverRows,
} from './targets';

const COUNT = Number(process.env.BENCH_TALENT ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (QUICK ? 5 : 40));
const TARGET_P95_MS = 30;
const FRESH_SEARCHES = Number(process.env.BENCH_FRESH_SEARCHES ?? (QUICK ? 60 : 300));
const OPEN_LOOP_SECONDS = Number(process.env.BENCH_OPEN_LOOP_SECONDS ?? (QUICK ? 5 : 20));

/** Resume parse time per page over the parser's fixture corpus, in this process. */
async function resumeParseRows(): Promise<Row[]> {
  const timings: ParseTiming[] = [];
  for (const file of Object.keys(loadExpected())) timings.push((await timeParse(file, readFixture(file))).timing);
  const { kinds, all } = parseTimePerPage(timings);
  return [...kinds, all].map((k) => ({
    kind: k.kind,
    files: k.files,
    pages: k.pages,
    'ms/page': Math.round(k.msPerPage * 10) / 10,
    'CPU ms/page': Math.round(k.cpuMsPerPage * 10) / 10,
    'max ms/file': Math.round(k.maxMsPerFile * 10) / 10,
  }));
}

async function main() {
  const prepared = await prepareDatabase('talent', (database) => seedTalentDataset(database, COUNT));
  console.log(`dataset: ${COUNT} talent profiles on ${driver} (${prepared.seconds} s to generate)`);
  const rows: Row[] = [];
  let failed = false;
  let bare: BareCeiling | undefined;
  try {
    const server = await startServer(prepared);
    try {
      const cookie = await login(server.baseUrl);
      for (const [i, shape] of SHAPES.entries()) {
        const response = await fetch(`${server.baseUrl}${searchPath(shape)}`, { headers: { cookie } });
        if (!response.ok) throw new Error(`talent search failed: ${response.status} ${await response.text()}`);
        console.log(`  shape ${i + 1}: ${((await response.json()) as { total: number }).total} matches`);
      }
      bare = await measureBare();
      rows.push(bareRow(bare));
      const latency = await sequentialRow(
        `talent search latency (sequential, ${SHAPES.length} shapes: text + 3 filter categories, kept after the first pass)`,
        server,
        prepared,
        SHAPES.map(searchPath),
        { cookie, rounds: ROUNDS },
        { maxP95Ms: TARGET_P95_MS, judged: onPostgres },
      );
      failed ||= !latency.ok;
      rows.push(latency.row);
      latency.perTarget.forEach((shape, i) =>
        rows.push({
          scenario: `  shape ${i + 1}: ${decodeURIComponent(searchPath(SHAPES[i]!).slice(19).replace(/\+/g, ' '))}`,
          'p50 ms': shape.p50,
          'p95 ms': shape.p95,
        }),
      );
      const neverSeen = await sequentialRow(
        `talent search latency, each search new (sequential, ${FRESH_SEARCHES} searches)`,
        server,
        prepared,
        Array.from({ length: FRESH_SEARCHES + 20 }, nextNeverSeenTalentSearch),
        { cookie, once: { warmUp: 20 } },
        null,
      );
      rows.push(neverSeen.row);
      const mixLoad = (next: () => string) => () =>
        load({
          url: `${server.baseUrl}${searchPath(SHAPES[0]!)}`,
          headers: { cookie },
          requests: [{ setupRequest: (req) => ({ ...req, path: next() }) }],
        });
      let i = 0;
      const run = mixLoad(() => MIX[i++ % MIX.length]!);
      await run(); // warm-up pass is discarded
      const judgedFrom = Date.now();
      const judged = await judgedLoad(
        `GET /api/talent/search (mix of ${MIX.length}: ${SHAPES.length} shapes, browse, pages; ${COUNT / 1000}k profiles)`,
        run,
        server,
        prepared,
        bare,
        { minRatio: HOT_MIN_RATIO, maxP99Ms: HOT_MAX_P99_MS },
      );
      // The judged run's time span, to match a GC trace of the server to it (bench/gc-summary.ts).
      console.log(`  judged mix: ${judgedFrom}..${Date.now()} (epoch ms)`);
      failed ||= !judged.ok;
      rows.push(judged.row);
      const fresh = mixLoad(nextNeverSeenTalentSearch);
      await fresh(); // warm-up pass (of searches never seen either) is discarded
      const neverSeenLoad = await judgedLoad(
        'GET /api/talent/search (every request a search never seen: nothing kept answers it)',
        fresh,
        server,
        prepared,
        bare,
        { minRatio: NEVER_SEEN_MIN_RATIO },
      );
      failed ||= !neverSeenLoad.ok;
      rows.push(neverSeenLoad.row);
      const openLoop = await openLoopRow(
        `talent search, open loop: ${OPEN_LOOP_RATE} never-seen searches/s for ${OPEN_LOOP_SECONDS} s`,
        server,
        prepared,
        { rate: OPEN_LOOP_RATE, seconds: OPEN_LOOP_SECONDS, next: nextNeverSeenTalentSearch, headers: { cookie } },
        { maxP95Ms: OPEN_LOOP_MAX_P95_MS, judged: false },
      );
      rows.push(openLoop.row);
      const serverCheck = serverRows(server.pid, server.startupMs);
      failed ||= !serverCheck.ok;
      rows.push(...serverCheck.rows);
    } finally {
      await server.stop();
    }
  } finally {
    await prepared.cleanup();
  }
  const resumeParse = await resumeParseRows();
  report('talent', rows, { profiles: COUNT, resumeParse, bare });
  console.log('Resume parse time per page (fixture corpus, in this process):');
  console.table(resumeParse);
  if (failed) process.exitCode = 1;
}

await main();
