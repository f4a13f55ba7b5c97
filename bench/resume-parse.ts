/**
 * Résumé parsing: the parser's 5-page PDF (fixtures/t10-pdf-multi-page-academic.pdf, a two-column academic CV with
 * page headers and footers) read the way an upload reads it — in a parsing process of the pool (lib/worker-task.ts:
 * memory-limited, two at a time) — and, for comparison, in this process. Target: p95 under 1 s through the parsing
 * process (issue 37). The first parse of a fresh process (spawn, pdf.js, vocabularies and gazetteer loading) is shown
 * on its own. No server or database.
 *
 *   npm run bench -- --only=resume-parse
 *   node --import tsx bench/resume-parse.ts      (on its own: it bundles the parsing worker itself, no build needed)
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { FIXTURE_NOW, loadExpected } from '../apps/server/src/features/talent/resume/accuracy';
import { parseResume } from '../apps/server/src/features/talent/resume/index';
import { parseResumeInWorker } from '../apps/server/src/features/talent/resume/parse-in-worker';
import { closeWorkers } from '../apps/server/src/lib/worker-task';
import { bundleWorker } from '../apps/server/src/test/worker-bundle';
// The registry of parsing-process tasks (its declaration merging types parseResumeInWorker's answer).
import '../apps/server/src/worker-tasks';
import { report, repoRoot, type Row } from './support';

const TARGET_P95_MS = 1000;
const RUNS = Number(process.env.BENCH_RESUME_RUNS ?? 20);
const FILE = 't10-pdf-multi-page-academic.pdf';
const EXPECTED_NAME = loadExpected('tuned')[FILE]!.name;

const bytes = new Uint8Array(
  readFileSync(path.join(repoRoot, 'apps/server/src/features/talent/resume/fixtures', FILE)),
);
const quantile = (list: number[], q: number) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(q * list.length))] ?? 0;

/** Every parse is checked: a fast misread is no result. */
function check({ pages, name }: { pages: number; name: string | null }) {
  if (pages !== 5 || name !== EXPECTED_NAME) throw new Error(`the 5-page résumé was misread: ${pages} pages, ${name}`);
}

async function timeRuns(parse: () => Promise<{ pages: number; name: string | null }>) {
  const first = performance.now();
  check(await parse());
  const firstMs = performance.now() - first;
  const times: number[] = [];
  // This process's CPU: the parse's own cost when it runs here (a shared machine inflates wall time, not CPU).
  const cpuTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    const result = await parse();
    const used = process.cpuUsage(cpu);
    times.push(performance.now() - start);
    cpuTimes.push((used.user + used.system) / 1000);
    check(result);
  }
  return {
    firstMs,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    cpuP50: quantile(cpuTimes, 0.5),
    cpuP95: quantile(cpuTimes, 0.95),
  };
}

// The parsing process runs the worker bundled as the build bundles it (from source it would compile the readers
// through tsx first, which is not what a server does).
const worker = await bundleWorker();
process.env.REFERWELL_TEST_WORKER_BUNDLE = worker.url;
const viaProcess = await timeRuns(async () => {
  const result = await parseResumeInWorker(bytes);
  return { pages: result.pages, name: result.fields.name };
});
// Nothing else holds this script's event loop open while the pool waits for its processes to exit.
const keepAlive = setInterval(() => {}, 1000);
await closeWorkers();
clearInterval(keepAlive);
worker.remove();
const inProcess = await timeRuns(async () => {
  const result = await parseResume(bytes, { now: FIXTURE_NOW });
  return { pages: result.pages, name: result.fields.name };
});

const ok = viaProcess.p95 < TARGET_P95_MS;
const row = (scenario: string, t: typeof viaProcess, judged: boolean): Row => ({
  scenario,
  runs: RUNS,
  first_parse_ms: Math.round(t.firstMs),
  p50_ms: Math.round(t.p50),
  p95_ms: Math.round(t.p95),
  ...(judged ? {} : { cpu_p50_ms: Math.round(t.cpuP50), cpu_p95_ms: Math.round(t.cpuP95) }),
  load_avg: Number(loadavg()[0]?.toFixed(1)),
  target: judged ? `p95 <${TARGET_P95_MS} ms` : '—',
  verdict: judged ? (ok ? 'met' : 'NOT MET') : 'shown',
});
report('resume-parse', [
  row('5-page PDF résumé through a parsing process (as an upload)', viaProcess, true),
  row('5-page PDF résumé in this process', inProcess, false),
]);
if (!ok) process.exitCode = 1;
