/**
 * The benchmark's targets and how a row is judged, the same way in every area (docs/benchmarks.md, "Targets").
 * Throughput is a ratio to bare Fastify measured in its own process right before the area's rows (support.ts
 * `measureBare`), so a busy machine lowers both; latency targets are absolute. Every row carries the server's and the
 * database's CPU per request and the load average, and prints its target and whether it was met.
 */
import { readFileSync } from 'node:fs';
import type autocannon from 'autocannon';
import { cpuMeter, loadAverage, type CpuPerRequest } from './cpu';
import { loadRow, type BareCeiling, type PreparedDatabase, type Row } from './support';

/** Session read: every signed-in request pays it (issue 39, on the separate-process ceiling). */
export const SESSION_MIN_RATIO = 0.1;
/** Searches and pages answered mostly from what the server keeps: job search mix, talent mix, company page, conversations. */
export const HOT_MIN_RATIO = 0.02;
export const HOT_MAX_P99_MS = 150;
/** Job search (and talent search) where every request is one no process has kept (issue 39). */
export const NEVER_SEEN_MIN_RATIO = 0.005;
/** Open loop: never-seen job searches arriving at this constant rate, p95 from the scheduled send (issue 39). */
export const OPEN_LOOP_RATE = 50;
export const OPEN_LOOP_MAX_P95_MS = 50;
/** Never-seen job and talent search p95 at 10× the data over 1× (issue 39). */
export const SCALE_MAX_GROWTH = 2;
export const MAX_RSS_MB = 300;
export const MAX_STARTUP_MS = 10_000;

/**
 * A throughput target: a ratio to bare (with a p99 ceiling), or requests per second on this 2-core machine.
 * `refusals`: the row measures a refusal path (a limiter's 429), so answers other than 2xx are what it times.
 */
export type Target = ({ minRatio: number; maxP99Ms?: number } | { rps: number; p99Ms: number }) & {
  refusals?: boolean;
};

export const MET = 'met';
export const NOT_MET = 'NOT MET';
/** A row without a target of its own (a breakdown, or a figure shown beside the judged ones). */
export const SHOWN = 'shown';
export const verdict = (ok: boolean) => (ok ? MET : NOT_MET);

/** The ratio to bare a row's target asks, read back from the target text `describe` writes; null for other targets. */
export function minRatioOf(targetText: unknown): number | null {
  const match = typeof targetText === 'string' ? /^≥ ([\d.]+) of bare/.exec(targetText) : null;
  return match ? Number(match[1]) : null;
}

const describe = (target: Target) =>
  ('minRatio' in target
    ? `≥ ${target.minRatio} of bare${target.maxP99Ms === undefined ? '' : `, p99 ≤ ${target.maxP99Ms} ms`}`
    : `≥ ${target.rps} req/s, p99 ≤ ${target.p99Ms} ms`) + (target.refusals ? ' (answers 429 by design)' : '');

/**
 * A load row: req/s, latency, its ratio to bare, CPU per request and the load average, with a verdict against
 * `target` (null: shown, judged only on errors). `ok` says whether it was met.
 */
export function throughputRow(
  scenario: string,
  result: autocannon.Result,
  cpu: CpuPerRequest,
  bare: BareCeiling,
  target: Target | null,
  extra: Row = {},
): { row: Row; ok: boolean } {
  const rps = result.requests.average;
  const ratio = rps / bare.rps;
  const clean = (target?.refusals || result.non2xx === 0) && result.errors + result.timeouts === 0;
  const met =
    target === null ||
    ('minRatio' in target
      ? ratio >= target.minRatio && (target.maxP99Ms === undefined || result.latency.p99 <= target.maxP99Ms)
      : rps >= target.rps && result.latency.p99 <= target.p99Ms);
  const ok = clean && met;
  return {
    ok,
    row: loadRow(scenario, result, {
      'ratio to bare': Math.round(ratio * 10_000) / 10_000,
      'server CPU ms/req': cpu.serverMs,
      'db CPU ms/req': cpu.databaseMs,
      'load avg': loadAverage(),
      target: target === null ? '—' : describe(target),
      verdict: !clean ? 'ERRORS' : target === null ? SHOWN : verdict(ok),
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

/**
 * What the RSS is made of (Linux /proc): anonymous memory (the JavaScript heap, malloc, buffers) and mapped files (the
 * node binary, its ICU data), in MB; null where /proc is missing.
 */
export function rssParts(pid: number): { anon: number; file: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (field: string) =>
      Math.round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024);
    return { anon: mb('RssAnon'), file: mb('RssFile') };
  } catch {
    return null;
  }
}

/** Rows for the server's memory after the run and its start-up time; `ok` says whether both were met. */
export function serverRows(pid: number, startupMs: number): { rows: Row[]; ok: boolean } {
  const rss = rssMb(pid);
  const rssOk = rss !== null && rss <= MAX_RSS_MB;
  const startupOk = startupMs <= MAX_STARTUP_MS;
  const parts = rssParts(pid);
  const split = parts ? `: ${parts.anon} MB anonymous (heap, malloc), ${parts.file} MB mapped files` : '';
  console.log(`server RSS after the run: ${rss ?? 'unknown'} MB (pid ${pid})${split}`);
  return {
    ok: rssOk && startupOk,
    rows: [
      { scenario: 'server RSS after the run', MB: rss, target: `≤ ${MAX_RSS_MB} MB`, verdict: verdict(rssOk) },
      {
        scenario: 'start to healthy (existing data)',
        ms: Math.round(startupMs),
        target: `≤ ${MAX_STARTUP_MS} ms`,
        verdict: verdict(startupOk),
      },
    ],
  };
}

/**
 * Runs one load (`run`, autocannon) and returns its row with the CPU time per request of the server and of its
 * database, the load average and the server's RSS: throughput on a shared machine says little, CPU per request tells
 * slow code from a busy box.
 */
export async function judgedLoad(
  scenario: string,
  run: () => Promise<autocannon.Result>,
  server: { pid: number },
  prepared: PreparedDatabase<unknown>,
  bare: BareCeiling,
  target: Target | null,
): Promise<{ row: Row; ok: boolean; result: autocannon.Result }> {
  const meter = cpuMeter(server.pid, prepared);
  const result = await run();
  const cpu = meter.perRequest(result.requests.total);
  const { row, ok } = throughputRow(scenario, result, cpu, bare, target, { 'RSS MB': rssMb(server.pid) });
  return { row, ok, result };
}
