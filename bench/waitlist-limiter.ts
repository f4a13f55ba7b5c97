/**
 * The waitlist limiter's 429 path alone (bench/jobs.ts judges it inside the long jobs area): the built server on a
 * fresh database with only the demo accounts, a discarded warm-up, then a measured autocannon run of
 * POST /api/waitlist from one address (past its first ten requests a minute every answer is 429), with CPU per
 * request (server and database) and the load average. Target: ≥ 1,500 req/s, p99 ≤ 150 ms.
 *
 *   npm run build -w @referwell/server && flock /work/wt/bench.lock node --import tsx bench/waitlist-limiter.ts
 */
import { cpuMeter, loadAverage } from './cpu';
import { driver, load, loadRow, prepareDatabase, startServer } from './support';

let counter = 0;
const body = () => JSON.stringify({ name: 'Bench Person', email: `bench.${++counter}@example.com`, role: 'jobseeker' });

async function main() {
  const prepared = await prepareDatabase('waitlist', async () => null);
  try {
    const server = await startServer(prepared);
    try {
      const run = () =>
        load({
          url: `${server.baseUrl}/api/waitlist`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          requests: [{ setupRequest: (req) => ({ ...req, body: body() }) }],
        });
      await run(); // warm-up: plans, connections, JIT
      const meter = cpuMeter(server.pid, prepared);
      const before = loadAverage();
      const result = await run();
      const cpu = meter.perRequest(result.requests.total);
      console.log(`waitlist limiter on ${driver} (load average ${before} → ${loadAverage()})`);
      console.table([
        loadRow('POST /api/waitlist (limiter answers 429)', result, {
          'server CPU ms/req': cpu.serverMs,
          'db CPU ms/req': cpu.databaseMs,
          verdict: result.requests.average >= 1500 && result.latency.p99 <= 150 ? 'ok' : 'BELOW TARGET',
        }),
      ]);
    } finally {
      await server.stop();
    }
  } finally {
    await prepared.cleanup();
  }
}

await main();
