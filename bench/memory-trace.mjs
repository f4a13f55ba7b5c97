/**
 * A preload for the benchmarked server (README "Benchmark", BENCH_NODE_OPTIONS): every second, appends one JSON line
 * to the file named by BENCH_MEMORY_TRACE with what its RSS is made of, in MB: anonymous and file-backed resident
 * memory (/proc/self/status), the V8 heap's committed size by space (new, old, large objects, code), the heap in use,
 * and memory outside it (`external`, ArrayBuffers). What is left of the anonymous part past the heap is malloc's.
 *
 *   BENCH_NODE_OPTIONS="--import ./bench/memory-trace.mjs" BENCH_MEMORY_TRACE=/tmp/mem.jsonl npm run bench -- --only=jobs
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';

const file = process.env.BENCH_MEMORY_TRACE;
if (file) {
  const mb = (bytes) => Math.round(bytes / 1048576);
  const started = Date.now();
  setInterval(() => {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
    const { heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
    const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, mb(s.space_size)]));
    const line = {
      at: Date.now(),
      s: Math.round((Date.now() - started) / 1000),
      rss: Math.round(kb('VmRSS') / 1024),
      anon: Math.round(kb('RssAnon') / 1024),
      file: Math.round(kb('RssFile') / 1024),
      heapTotal: mb(heapTotal),
      heapUsed: mb(heapUsed),
      outsideHeap: Math.round(kb('RssAnon') / 1024) - mb(heapTotal),
      external: mb(external),
      arrayBuffers: mb(arrayBuffers),
      newSpace: spaces.new_space,
      oldSpace: spaces.old_space,
      largeObjects: spaces.large_object_space,
      code: spaces.code_space,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, 1000).unref();
}
