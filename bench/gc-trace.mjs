/**
 * A preload for the benchmarked server (README "Benchmark", BENCH_NODE_OPTIONS): records every garbage collection
 * (kind, start, pause, heap used before and after, old space before and after) and writes them as JSON to the file
 * named by BENCH_GC_TRACE when the process exits, for bench/gc-summary.ts to sum over a time window. With
 * BENCH_HEAP_SAMPLES set, also samples what is allocated (collected or not, every 32 KB) and writes it there as a
 * .heapprofile (open it in Chrome DevTools' Memory tab): where the bytes a request allocates come from.
 *
 *   BENCH_NODE_OPTIONS="--import ./bench/gc-trace.mjs" BENCH_GC_TRACE=/tmp/gc.json BENCH_ONLY=talent npm run bench
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { PerformanceObserver, constants, performance } from 'node:perf_hooks';
import { GCProfiler } from 'node:v8';

const file = process.env.BENCH_GC_TRACE;
if (file) {
  const kinds = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak-callbacks',
  };
  const pauses = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      pauses.push({
        at: performance.timeOrigin + entry.startTime,
        ms: entry.duration,
        kind: kinds[entry.detail?.kind] ?? String(entry.detail?.kind),
      });
  }).observe({ entryTypes: ['gc'] });
  const profiler = new GCProfiler();
  profiler.start();
  process.on('exit', () => {
    const oldSpace = (stats) => stats.heapSpaceStatistics.find((s) => s.spaceName === 'old_space')?.spaceUsedSize ?? 0;
    const collections = profiler.stop().statistics.map((s) => ({
      type: s.gcType,
      costUs: s.cost,
      usedBefore: s.beforeGC.heapStatistics.usedHeapSize,
      usedAfter: s.afterGC.heapStatistics.usedHeapSize,
      oldBefore: oldSpace(s.beforeGC),
      oldAfter: oldSpace(s.afterGC),
    }));
    writeFileSync(file, JSON.stringify({ exitedAt: Date.now(), pauses, collections }));
  });
}

const samples = process.env.BENCH_HEAP_SAMPLES;
if (samples) {
  const session = new Session();
  session.connect();
  session.post('HeapProfiler.startSampling', {
    samplingInterval: 32 * 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  // An in-process session answers synchronously, so the profile is written before the process ends.
  process.on('exit', () =>
    session.post('HeapProfiler.stopSampling', (error, result) => {
      if (!error) writeFileSync(samples, JSON.stringify(result.profile));
    }),
  );
}
