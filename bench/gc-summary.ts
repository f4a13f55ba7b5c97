/**
 * Sums a server GC trace (bench/gc-trace.mjs) over a time span, e.g. the judged talent mix that bench/talent.ts
 * prints ("judged mix: FROM..TO"): collections and pause totals by kind, the longest pauses, bytes allocated and
 * promoted to the old space (seen between the span's first and last collections, scaled to the span), and per
 * request when the request count is given.
 *
 *   node --import tsx bench/gc-summary.ts /tmp/gc.json FROM..TO [requests]
 */
import { readFileSync } from 'node:fs';

interface Trace {
  exitedAt: number;
  pauses: { at: number; ms: number; kind: string }[];
  collections: { type: string; usedBefore: number; usedAfter: number; oldBefore: number; oldAfter: number }[];
}

const [file, span, requestsArg] = process.argv.slice(2);
if (!file || !span) throw new Error('usage: gc-summary.ts TRACE.json FROM..TO [requests]');
const trace = JSON.parse(readFileSync(file, 'utf8')) as Trace;
const [from, to] = span.split('..').map(Number) as [number, number];
const requests = requestsArg ? Number(requestsArg) : null;

// Both lists hold one entry per collection in the same order; the observer may miss the last few before exit.
const inSpan = trace.pauses.flatMap((pause, i) => {
  const collection = trace.collections[i];
  return pause.at >= from && pause.at <= to && collection ? [{ ...pause, ...collection }] : [];
});
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const byKind = new Map<string, { count: number; ms: number; max: number }>();
for (const c of inSpan) {
  const kind = byKind.get(c.kind) ?? { count: 0, ms: 0, max: 0 };
  byKind.set(c.kind, { count: kind.count + 1, ms: kind.ms + c.ms, max: Math.max(kind.max, c.ms) });
}
// Allocated between two collections: what was used before the later one less what the earlier one left.
let allocated = 0;
let promoted = 0;
for (const [i, c] of inSpan.entries()) {
  if (i > 0) allocated += Math.max(0, c.usedBefore - inSpan[i - 1]!.usedAfter);
  if (c.kind === 'scavenge') promoted += Math.max(0, c.oldAfter - c.oldBefore);
}
// Allocation is only seen between the span's first and last collections: scaled to the whole span.
const between = inSpan.length > 1 ? inSpan.at(-1)!.at - inSpan[0]!.at : 0;
if (between > 0) {
  allocated *= (to - from) / between;
  promoted *= (to - from) / between;
}
const seconds = (to - from) / 1000;
console.table(
  [...byKind].map(([kind, k]) => ({
    kind,
    count: k.count,
    'pause ms total': Math.round(k.ms),
    'pause ms max': Math.round(k.max * 10) / 10,
  })),
);
console.log({
  seconds,
  'allocated MB': mb(allocated),
  'promoted by scavenges MB': mb(promoted),
  'old space after last MB': mb(inSpan.at(-1)?.oldAfter ?? 0),
  ...(requests
    ? {
        'allocated KB/request': Math.round(allocated / requests / 1024),
        'promoted KB/request': Math.round((promoted / requests / 1024) * 10) / 10,
      }
    : {}),
  'GC pause % of span': Math.round((inSpan.reduce((s, c) => s + c.ms, 0) / (to - from)) * 1000) / 10,
});
