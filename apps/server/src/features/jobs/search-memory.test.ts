import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { windowRowOf, type WindowRow, type WindowTuple } from './search-rank';
import { windowRowBytes } from './search';

const SKILLS = ['fhir', 'hl7', 'python', 'sql', 'epic', 'typescript', 'cerner', 'aws'];

/**
 * A window as search.ts reads and keeps it: the statement's JSON array of tuples, arriving as text decoded from the
 * message buffer, parsed by the driver (its json type parser is JSON.parse), each tuple made a row.
 */
function readRows(count: number, skills: number): WindowRow[] {
  const tuples: WindowTuple[] = Array.from({ length: count }, (_, i) => [
    randomUUID(),
    // As to_json writes it: the fraction's trailing zeros left out (timeKeyOf pads them back).
    `2026-11-${String((i % 28) + 1).padStart(2, '0')}T10:11:12.${String(i % 1e6).padStart(6, '0')}`.replace(
      /\.?0+$/,
      '',
    ),
    i + 0.25,
    100_000 + i,
    Array.from({ length: skills }, (_, k) => SKILLS[(i + k) % SKILLS.length]!),
  ]);
  const wire = Buffer.from(JSON.stringify(tuples)).toString('utf8');
  return (JSON.parse(wire) as WindowTuple[]).map(windowRowOf);
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Heap bytes a kept row holds, measured: the heap after a full collection with and without the rows. */
function measureOnce(count: number, skills: number): { perRow: number; row: WindowRow } {
  gc();
  const before = process.memoryUsage().heapUsed;
  const rows = readRows(count, skills);
  gc();
  const perRow = (process.memoryUsage().heapUsed - before) / count;
  return { perRow, row: rows[0]! };
}

/**
 * The median of several measurements: the worker's own heap also moves while rows are read (a buffer
 * of the test runner freed or filled), which once moved a single measurement by a sixth.
 */
function measuredRowBytes(count: number, skills: number): { perRow: number; row: WindowRow } {
  const runs = Array.from({ length: 5 }, () => measureOnce(count, skills)).sort((a, b) => a.perRow - b.perRow);
  return runs[2]!;
}

describe('what a kept job search window weighs', () => {
  // The window cache's byte budget is only a bound on memory if a row's weight is not below what it holds.
  it.each([0, 1, 4, 8])('a row with %i skills weighs at least what it holds in the heap', (skills) => {
    const { perRow, row } = measuredRowBytes(20_000, skills);
    expect(row.skill_keys).toHaveLength(skills);
    expect(windowRowBytes(row)).toBeGreaterThanOrEqual(perRow);
    // ...and not so far above it that the budget keeps much less than it allows.
    expect(windowRowBytes(row)).toBeLessThan(perRow * 1.3);
  });
});
