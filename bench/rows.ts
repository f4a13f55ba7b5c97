/**
 * Latency rows, measured the same way in every area: one request at a time (sequential), or at a constant arrival
 * rate (open loop, bench/open-loop.ts); each with the server's and the database's CPU per request and the load
 * average beside it, its target and whether it was met.
 */
import { cpuMeter, loadAverage } from './cpu';
import { openLoop, type OpenLoopOptions } from './open-loop';
import { sequentialLatency, sequentialOnce, type PreparedDatabase, type Row } from './support';
import { SHOWN, verdict } from './targets';

interface Server {
  baseUrl: string;
  pid: number;
}

/** A p95 ceiling; `judged: false` prints the verdict without failing the run (a target for the other engine only). */
export interface LatencyTarget {
  maxP95Ms: number;
  judged?: boolean;
}

export interface LatencyRow {
  row: Row;
  /** Met, or not judged. */
  ok: boolean;
  p50: number;
  p95: number;
  cpu: { serverMs: number | null; databaseMs: number | null };
}

function judgeLatency(p95: number, target: LatencyTarget | null, clean = true) {
  if (!clean) return { ok: false, target: target ? `p95 ≤ ${target.maxP95Ms} ms` : '—', verdict: 'ERRORS' };
  if (!target) return { ok: true, target: '—', verdict: SHOWN };
  const met = p95 <= target.maxP95Ms;
  const judged = target.judged ?? true;
  return {
    ok: met || !judged,
    target: `p95 ≤ ${target.maxP95Ms} ms`,
    verdict: judged ? verdict(met) : `${met ? 'met' : 'not met'} (not judged here)`,
  };
}

/**
 * Sequential GETs. `once`: each target once (searches made new for the run), the first `warmUp` untimed; otherwise
 * `rounds` timed passes over the targets after an untimed one.
 */
export async function sequentialRow(
  scenario: string,
  server: Server,
  prepared: PreparedDatabase<unknown>,
  targets: string[],
  options: { cookie?: string; once?: { warmUp: number }; rounds?: number },
  target: LatencyTarget | null,
): Promise<LatencyRow & { perTarget: { p50: number; p95: number }[] }> {
  const meter = cpuMeter(server.pid, prepared);
  const latency = options.once
    ? { ...(await sequentialOnce(server.baseUrl, targets, options.once.warmUp, options.cookie)), perTarget: [] }
    : await sequentialLatency(server.baseUrl, targets, options.rounds ?? 1, options.cookie);
  // The warm-up requests' CPU is counted too: spread over the timed ones it is a few percent at most.
  const requests = options.once ? targets.length : targets.length * ((options.rounds ?? 1) + 1);
  const cpu = meter.perRequest(requests);
  const judged = judgeLatency(latency.p95, target);
  return {
    ok: judged.ok,
    p50: latency.p50,
    p95: latency.p95,
    cpu,
    perTarget: latency.perTarget,
    row: {
      scenario,
      samples: latency.samples,
      ...('empty' in latency ? { 'empty answers': latency.empty } : {}),
      'p50 ms': latency.p50,
      'p95 ms': latency.p95,
      'server CPU ms/req': cpu.serverMs,
      'db CPU ms/req': cpu.databaseMs,
      'load avg': loadAverage(),
      target: judged.target,
      verdict: judged.verdict,
    },
  };
}

/** An open-loop run (constant arrivals), judged on its p95 from the scheduled send; any error fails it. */
export async function openLoopRow(
  scenario: string,
  server: Server,
  prepared: PreparedDatabase<unknown>,
  options: OpenLoopOptions,
  target: LatencyTarget | null,
): Promise<LatencyRow> {
  const meter = cpuMeter(server.pid, prepared);
  const result = await openLoop(server.baseUrl, options);
  const cpu = meter.perRequest(result.completed);
  const clean = result.errors === 0 && result.non2xx === 0 && result.completed === result.scheduled;
  const judged = judgeLatency(result.p95, target, clean);
  return {
    ok: judged.ok,
    p50: result.p50,
    p95: result.p95,
    cpu,
    row: {
      scenario,
      'arrivals/s': result.rate,
      samples: result.completed,
      'p50 ms': result.p50,
      'p95 ms': result.p95,
      'p99 ms': result.p99,
      'max ms': result.max,
      errors: result.errors,
      'non-2xx': result.non2xx,
      'send lag max ms': result.maxSendLagMs,
      'server CPU ms/req': cpu.serverMs,
      'db CPU ms/req': cpu.databaseMs,
      'load avg': loadAverage(),
      target: judged.target,
      verdict: judged.verdict,
    },
  };
}
