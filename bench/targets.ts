/**
 * The issue #22 targets, judged the same way in every area: throughput as a ratio to bare Fastify measured in the
 * same run (the machine's ceiling), p99 latency, the server's memory after the run and its start-up time.
 */
import { readFileSync } from 'node:fs';
import type autocannon from 'autocannon';
import { cpuMeter, loadAverage } from './cpu';
import { loadRow, type PreparedDatabase, type Row } from './support';

/** Session read: every signed-in request pays it. */
export const SESSION_MIN_RATIO = 0.15;
/** Job search (mixed), talent search, company page, conversations. */
export const HOT_MIN_RATIO = 0.02;
export const HOT_MAX_P99_MS = 150;
export const MAX_RSS_MB = 300;
export const MAX_STARTUP_MS = 10_000;

export interface RatioTarget {
  minRatio: number;
  maxP99Ms?: number;
}

/** A load row with its ratio to bare Fastify and a verdict against `target`; `ok` says whether it was met. */
export function ratioRow(
  scenario: string,
  result: autocannon.Result,
  bareRps: number,
  target: RatioTarget,
  extra: Row = {},
): { row: Row; ok: boolean } {
  const ratio = result.requests.average / bareRps;
  const ok =
    ratio >= target.minRatio &&
    (target.maxP99Ms === undefined || result.latency.p99 <= target.maxP99Ms) &&
    result.non2xx === 0 &&
    result.errors + result.timeouts === 0;
  return {
    ok,
    row: loadRow(scenario, result, {
      'ratio to bare': Math.round(ratio * 1000) / 1000,
      target: `≥${target.minRatio} of bare${target.maxP99Ms === undefined ? '' : `, p99 ≤${target.maxP99Ms} ms`}`,
      verdict: ok ? 'ok' : 'BELOW TARGET',
      ...extra,
    }),
  };
}

/** Resident memory of a process in MB (Linux /proc), or null where /proc is missing. */
export function rssMb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** Rows for the server's memory after the run and its start-up time; `ok` says whether both were met. */
export function serverRows(pid: number, startupMs: number): { rows: Row[]; ok: boolean } {
  const rss = rssMb(pid);
  const rssOk = rss !== null && rss <= MAX_RSS_MB;
  const startupOk = startupMs <= MAX_STARTUP_MS;
  console.log(`server RSS after the run: ${rss ?? 'unknown'} MB (pid ${pid})`);
  return {
    ok: rssOk && startupOk,
    rows: [
      {
        scenario: 'server RSS after the run',
        MB: rss,
        target: `≤${MAX_RSS_MB} MB`,
        verdict: rssOk ? 'ok' : 'OVER TARGET',
      },
      {
        scenario: 'start to healthy (existing data)',
        ms: Math.round(startupMs),
        target: `≤${MAX_STARTUP_MS} ms`,
        verdict: startupOk ? 'ok' : 'OVER TARGET',
      },
    ],
  };
}

/**
 * Runs one judged load (`run`) and returns its row with the CPU time per request of the server and of its database
 * and the load average: throughput on a shared machine says little, CPU per request tells slow code from a busy box.
 */
export async function judgedLoad(
  scenario: string,
  run: () => Promise<autocannon.Result>,
  server: { pid: number },
  prepared: PreparedDatabase<unknown>,
  bareRps: number,
  target: RatioTarget,
): Promise<{ row: Row; ok: boolean }> {
  const meter = cpuMeter(server.pid, prepared);
  const result = await run();
  const cpu = meter.perRequest(result.requests.total);
  return ratioRow(scenario, result, bareRps, target, {
    'server CPU ms/req': cpu.serverMs,
    'db CPU ms/req': cpu.databaseMs,
    'load avg': loadAverage(),
    'RSS MB': rssMb(server.pid),
  });
}
