/**
 * Ways of starting the server compared on one jobs dataset (ADR 0019): each is started in turn, twice round, and sent
 * the same fixed amount of requests (the job search mix, then never-seen searches, then the mix again), and reports
 * its RSS (anonymous and file-backed) after each phase and its CPU per request. Counts, not durations: on a shared
 * machine CPU per request and memory are comparable between runs, wall times are not.
 *
 *   npm run build && node --import tsx bench/memory-ab.ts
 *   BENCH_AB="--max-old-space-size=512; MALLOC_ARENA_MAX=2 --max-old-space-size=512" node --import tsx bench/memory-ab.ts
 *
 * BENCH_AB: the ways, separated by `;`, each environment assignments and Node.js options (default: the heap limit
 * alone, then the production start command). BENCH_AB_REQUESTS (20,000) mix requests per phase, BENCH_AB_FRESH (600)
 * never-seen searches.
 */
import { seedJobDataset } from './dataset';
import { processCpuMeter } from './cpu';
import { jobSearchQueries, neverSeenMaker, neverSeenStream, withSecondPages } from './job-queries';
import autocannon from 'autocannon';
import { productionStart } from '../apps/server/src/test/production-start';
import { prepareDatabase, startServer } from './support';
import { rssParts, rssMb } from './targets';

type Start = ReturnType<typeof productionStart>;

function parseStart(text: string): Start {
  const words = text.split(/\s+/).filter(Boolean);
  const env = Object.fromEntries(
    words.filter((w) => !w.startsWith('--')).map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]),
  );
  return { env, nodeOptions: words.filter((w) => w.startsWith('--')) };
}

const STARTS: Start[] = process.env.BENCH_AB
  ? process.env.BENCH_AB.split(';').map(parseStart)
  : [parseStart('--max-old-space-size=512'), productionStart()];
const REQUESTS = Number(process.env.BENCH_AB_REQUESTS ?? 20_000);
const FRESH = Number(process.env.BENCH_AB_FRESH ?? 600);

async function measure(label: number, prepared: Parameters<typeof startServer>[0]) {
  const server = await startServer(prepared, {}, STARTS[label]!);
  try {
    const mix = (await withSecondPages(server.baseUrl, jobSearchQueries(400), 60)).map((q) => `/api/jobs?${q}`);
    const phases: { phase: string; paths: () => string; amount: number; connections: number }[] = [];
    let next = 0;
    const mixPath = () => mix[next++ % mix.length]!;
    // Every server gets the same never-seen searches (a maker of its own), none kept by that server.
    const fresh = neverSeenStream(jobSearchQueries(400), neverSeenMaker());
    phases.push({ phase: 'job search mix', paths: mixPath, amount: REQUESTS, connections: 50 });
    phases.push({ phase: 'never-seen searches', paths: () => `/api/jobs?${fresh()}`, amount: FRESH, connections: 50 });
    phases.push({ phase: 'job search mix again', paths: mixPath, amount: REQUESTS, connections: 50 });
    const rows = [];
    for (const { phase, paths, amount, connections } of phases) {
      const meter = processCpuMeter(server.pid);
      const result = await autocannon({
        url: `${server.baseUrl}/api/jobs`,
        amount,
        connections,
        headers: { 'accept-encoding': 'br, gzip' },
        requests: [{ setupRequest: (req) => ({ ...req, path: paths() }) }],
      });
      const parts = rssParts(server.pid);
      rows.push({
        start: label,
        phase,
        requests: result.requests.total,
        'non-2xx': result.non2xx,
        'server CPU ms/req': meter.perRequest(result.requests.total),
        'RSS MB': rssMb(server.pid),
        'anon MB': parts?.anon,
        'file MB': parts?.file,
      });
    }
    return rows;
  } finally {
    await server.stop();
  }
}

async function main() {
  for (const [i, start] of STARTS.entries()) console.log(`${i}: ${JSON.stringify(start)}`);
  const prepared = await prepareDatabase('jobs', (database) =>
    seedJobDataset(database, { companies: 2_000, jobs: 50_000 }),
  );
  try {
    const rows = [];
    for (const label of [...STARTS.keys(), ...STARTS.keys()]) {
      rows.push(...(await measure(label, prepared)));
      console.table(rows);
    }
  } finally {
    await prepared.cleanup();
  }
}

await main();
