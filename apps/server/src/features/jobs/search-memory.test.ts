import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { WindowRows, type WindowTuple } from './search-rank';

const SKILLS = ['fhir', 'hl7', 'python', 'sql', 'epic', 'typescript', 'cerner', 'aws'];

/** Rows a window holds when full (search.ts SEARCH_WINDOW). */
const WINDOW = 500;

/**
 * Windows as search.ts reads and keeps them: the statement's JSON array of tuples, arriving as text decoded from the
 * message buffer, parsed by the driver (its json type parser is JSON.parse), made columns. Every `withSkills`-th row
 * has `skills` skills (0: none has).
 */
function readWindows(count: number, skills: number, withSkills: number): WindowRows[] {
  return Array.from({ length: count }, (_, w) => readWindow(w, skills, withSkills));
}

function readWindow(w: number, skills: number, withSkills: number): WindowRows {
  const tuples: WindowTuple[] = Array.from({ length: WINDOW }, (_, n) => {
    const i = w * WINDOW + n;
    return [
      randomUUID(),
      // As to_json writes it: the fraction's trailing zeros left out (timeKeyOf pads them back).
      `2026-11-${String((i % 28) + 1).padStart(2, '0')}T10:11:12.${String(i % 1e6).padStart(6, '0')}`.replace(
        /\.?0+$/,
        '',
      ),
      i + 0.25,
      i % 3 ? 100_000 + i : null,
      withSkills && i % withSkills === 0
        ? Array.from({ length: skills }, (_, k) => SKILLS[(i + k) % SKILLS.length]!)
        : [],
    ];
  });
  const wire = Buffer.from(JSON.stringify(tuples)).toString('utf8');
  return WindowRows.fromTuples(JSON.parse(wire) as WindowTuple[]);
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** What kept windows hold, measured: heap and buffers after a full collection with and without them. */
const held = () => {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

function measureOnce(count: number, skills: number, withSkills: number): { bytes: number; windows: WindowRows[] } {
  gc();
  const before = held();
  const windows = readWindows(count, skills, withSkills);
  gc();
  return { bytes: held() - before, windows };
}

/**
 * The median of several measurements: the worker's own heap also moves while rows are read (a buffer
 * of the test runner freed or filled), which once moved a single measurement by a sixth.
 */
function measuredWindows(count: number, skills: number, withSkills: number) {
  const runs = Array.from({ length: 5 }, () => measureOnce(count, skills, withSkills)).sort(
    (a, b) => a.bytes - b.bytes,
  );
  return runs[2]!;
}

describe('what a kept job search window weighs', () => {
  // The window cache's byte budget is only a bound on memory if a window's weight is not below what it holds.
  it.each([
    ['no row has skills', 0, 0],
    ['every row has 1 skill', 1, 1],
    ['every row has 4 skills', 4, 1],
    ['every row has 8 skills', 8, 1],
    ['one row in a hundred has 4 skills', 4, 100],
  ])('a window where %s weighs at least what it holds', (_, skills, withSkills) => {
    const { bytes, windows } = measuredWindows(40, skills, withSkills);
    expect(windows[0]!.length).toBe(WINDOW);
    expect(windows[0]!.row(0).skill_keys).toHaveLength(withSkills ? skills : 0);
    const weighed = windows.reduce((sum, window) => sum + window.bytes, 0);
    expect(weighed).toBeGreaterThanOrEqual(bytes);
    // ...and not so far above it that the budget keeps much less than it allows.
    expect(weighed).toBeLessThan(bytes * 1.3);
  });
});
