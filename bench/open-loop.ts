/**
 * Open-loop load: requests sent at a constant rate whatever the answers do (as independent users arrive), each
 * timed from the moment it was scheduled to be sent to its last byte. A closed loop (autocannon's 50 connections,
 * each waiting for its answer before the next request) slows its own arrivals when the server slows, so its
 * percentiles leave out the waiting a real arrival would have done (coordinated omission); here a late answer, or a
 * send delayed by this process, counts in full.
 */
import http from 'node:http';
import { percentile } from './support';

/** A request: a path to GET, or a request with a method and a body. */
export type OpenLoopRequest =
  string | { path: string; method: string; headers?: Record<string, string>; body?: string };

export interface OpenLoopOptions {
  /** Requests per second, constant. */
  rate: number;
  seconds: number;
  /** The next request (called once per request, in order, when it is sent). */
  next: () => OpenLoopRequest;
  /** Headers of every request. */
  headers?: Record<string, string>;
  /** A request still unanswered after this long counts as an error. */
  timeoutMs?: number;
}

export interface OpenLoopResult {
  rate: number;
  scheduled: number;
  completed: number;
  errors: number;
  non2xx: number;
  /** Answers that were not 2xx, by status code (what refused them: 401, 403, 429, …). */
  refusals: Record<number, number>;
  /** From the scheduled send to the answer's last byte, over completed requests. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** The worst delay between a request's scheduled and actual send (this process's own lag). */
  maxSendLagMs: number;
}

export async function openLoop(baseUrl: string, options: OpenLoopOptions): Promise<OpenLoopResult> {
  const { rate, seconds, next, headers = {}, timeoutMs = 30_000 } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const target = new URL(baseUrl);
  const count = Math.round(rate * seconds);
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const refusals: Record<number, number> = {};
  let maxSendLagMs = 0;
  const pending: Promise<void>[] = [];
  const start = performance.now() + 20;
  for (let i = 0; i < count; i++) {
    const scheduled = start + (i * 1000) / rate;
    const wait = scheduled - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    maxSendLagMs = Math.max(maxSendLagMs, performance.now() - scheduled);
    const planned = next();
    const {
      path,
      method,
      body,
      headers: own,
    } = typeof planned === 'string' ? { path: planned, method: 'GET' } : planned;
    pending.push(
      new Promise<void>((resolve) => {
        const request = http.request(
          {
            host: target.hostname,
            port: target.port,
            path,
            method,
            agent,
            headers: { ...headers, ...own },
            timeout: timeoutMs,
          },
          (response) => {
            response.on('data', () => {});
            response.on('end', () => {
              latencies.push(performance.now() - scheduled);
              const status = response.statusCode ?? 0;
              if (status >= 300) {
                non2xx++;
                refusals[status] = (refusals[status] ?? 0) + 1;
              }
              resolve();
            });
            response.on('error', () => {
              errors++;
              resolve();
            });
          },
        );
        request.on('timeout', () => request.destroy(new Error('timeout')));
        request.end(body);
        request.on('error', () => {
          errors++;
          resolve();
        });
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  if (sorted.length === 0) sorted.push(Number.NaN);
  return {
    rate,
    scheduled: count,
    completed: latencies.length,
    errors,
    non2xx,
    refusals,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: percentile(sorted, 1),
    maxSendLagMs: Math.round(maxSendLagMs * 10) / 10,
  };
}
