import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { WindowRow } from './search-rank';
import { windowRowBytes } from './search';

/** The driver's own row builder (what `preparedRows` returns), fed the text a window read sends back. */
const require = createRequire(import.meta.url);
const Result = require('pg/lib/result') as new () => {
  addFields(fields: { name: string; dataTypeID: number; format: string }[]): void;
  parseRow(values: (string | null)[]): unknown;
};
const TEXT = 25;
const FLOAT8 = 701;
const INT4 = 23;
const TEXT_ARRAY = 1009;
const SKILLS = ['fhir', 'hl7', 'python', 'sql', 'epic', 'typescript', 'cerner', 'aws'];

function readRows(count: number, skills: number): WindowRow[] {
  const result = new Result();
  result.addFields(
    (
      [
        ['id', TEXT],
        ['key', TEXT],
        ['relevance', FLOAT8],
        ['salary_max', INT4],
        ['skill_keys', TEXT_ARRAY],
        ['near_matches', INT4],
      ] as const
    ).map(([name, dataTypeID]) => ({ name, dataTypeID, format: 'text' })),
  );
  // Each value as the driver hands it over: a string decoded from the message buffer.
  const wire = (values: string[]) => values.map((value) => Buffer.from(value).toString('utf8'));
  const rows = Array.from({ length: count }, (_, i) =>
    result.parseRow(
      wire([
        randomUUID(),
        `2026-11-${String((i % 28) + 1).padStart(2, '0')}T10:11:12.${String(i % 1e6).padStart(6, '0')}Z`,
        String(i + 0.25),
        String(100_000 + i),
        `{${Array.from({ length: skills }, (_, k) => SKILLS[(i + k) % SKILLS.length]).join(',')}}`,
        '3',
      ]),
    ),
  ) as (WindowRow & { near_matches: number })[];
  // As search.ts keeps them.
  return rows.map(({ near_matches: _, ...row }) => row);
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
