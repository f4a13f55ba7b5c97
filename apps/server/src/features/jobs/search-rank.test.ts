import { describe, expect, it } from 'vitest';
import { cursorTime, rankWindow, timeKeyOf, type WindowRow } from './search-rank';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const key = (minute: number) => `2026-11-26T03:${String(minute).padStart(2, '0')}:00.000000`;
const row = (n: number, minute: number, relevance: number, salary: number | null, skills: string[]): WindowRow => ({
  id: id(n),
  key: key(minute),
  relevance,
  salary_max: salary,
  skill_keys: skills,
});

// Newest first, as a window is read.
const window: WindowRow[] = [
  row(5, 50, 100, 120_000, ['fhir', 'hl7']),
  row(4, 40, 300, null, ['sql']),
  row(3, 40, 100, 150_000, ['fhir']),
  row(2, 30, 300, 90_000, ['fhir', 'sql']),
  row(1, 20, 100, 150_000, []),
];
const ids = (rows: { id: string }[]) => rows.map((r) => Number(r.id.slice(-12)));

describe('timeKeyOf', () => {
  it('pads the times PostgreSQL writes in JSON to one width, so string order is time order', () => {
    const written = [
      '2026-11-26T03:00:00',
      '2026-11-26T03:00:00.000001',
      '2026-11-26T03:00:00.1',
      '2026-11-26T03:00:00.12',
    ];
    const keys = written.map(timeKeyOf);
    expect(keys).toEqual([
      '2026-11-26T03:00:00.000000',
      '2026-11-26T03:00:00.000001',
      '2026-11-26T03:00:00.100000',
      '2026-11-26T03:00:00.120000',
    ]);
    expect(timeKeyOf('2026-11-26T03:00:00.123456')).toBe('2026-11-26T03:00:00.123456');
    expect(cursorTime(keys[2]!)).toBe('2026-11-26T03:00:00.100000Z');
  });
});

describe('rankWindow', () => {
  it('orders by relevance, then newest, then id, and resumes after a keyset', () => {
    const ranked = rankWindow(window, 'relevance', null, undefined);
    expect(ids(ranked)).toEqual([4, 2, 5, 3, 1]);
    expect(
      ids(
        rankWindow(window, 'relevance', null, { r: ranked[1]!.rank, c: cursorTime(ranked[1]!.key), i: ranked[1]!.id }),
      ),
    ).toEqual([5, 3, 1]);
  });

  it("breaks relevance ties by the viewer's match score, and sorts best match by score first", () => {
    expect(ids(rankWindow(window, 'relevance', ['sql'], undefined))).toEqual([4, 2, 5, 3, 1]);
    expect(ids(rankWindow(window, 'relevance', ['fhir'], undefined))).toEqual([2, 4, 3, 5, 1]);
    // Scores for ['fhir']: 5 → 50, 4 → 0, 3 → 100, 2 → 50, 1 → 0 (no skills).
    expect(ids(rankWindow(window, 'match', ['fhir'], undefined))).toEqual([3, 2, 5, 4, 1]);
  });

  it('sorts by salary (none counts as 0) and newest by time alone, ties on the same minute by id', () => {
    expect(ids(rankWindow(window, 'salary', ['fhir'], undefined))).toEqual([3, 1, 5, 2, 4]);
    const newest = rankWindow(window, 'newest', null, undefined);
    expect(ids(newest)).toEqual([5, 4, 3, 2, 1]);
    expect(ids(rankWindow(window, 'newest', null, { r: 0, c: cursorTime(key(40)), i: id(4) }))).toEqual([3, 2, 1]);
  });
});
