import { describe, expect, it } from 'vitest';
import { cursorTime, keyMicros, microsKey, rankWindow, timeKeyOf, WindowRows, type WindowRow } from './search-rank';

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
const rows: WindowRow[] = [
  row(5, 50, 100, 120_000, ['fhir', 'hl7']),
  row(4, 40, 300, null, ['sql']),
  row(3, 40, 100, 150_000, ['fhir']),
  row(2, 30, 300, 90_000, ['fhir', 'sql']),
  row(1, 20, 100, 150_000, []),
];
const window = WindowRows.of(rows);
const ids = (ranked: { rows: { id: string }[] }) => ranked.rows.map((r) => Number(r.id.slice(-12)));
const ALL = 100;

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

describe('keyMicros and microsKey', () => {
  it('read a time key, or the JSON form before padding, as microseconds in time order, and write it back', () => {
    const written = [
      '1999-12-31T23:59:59.999999',
      '2026-11-26T03:00:00',
      '2026-11-26T03:00:00.1',
      '2026-11-26T03:00:00.123456',
    ];
    const micros = written.map(keyMicros);
    expect(micros[1]).toBe(Date.UTC(2026, 10, 26, 3) * 1000);
    expect(micros[2]! - micros[1]!).toBe(100_000);
    expect(micros[3]! - micros[1]!).toBe(123_456);
    expect([...micros].sort((a, b) => a - b)).toEqual(micros);
    expect(micros.map(microsKey)).toEqual(written.map(timeKeyOf));
    // The last microsecond of a year, and a time before 1970.
    expect(microsKey(keyMicros('1969-12-31T23:59:59.000001'))).toBe('1969-12-31T23:59:59.000001');
    // A cursor may carry any four-digit year.
    expect(microsKey(keyMicros('0050-06-01T00:00:00.000000'))).toBe('0050-06-01T00:00:00.000000');
    expect(keyMicros('0050-06-01T00:00:00.000000')).toBeLessThan(keyMicros('1950-06-01T00:00:00.000000'));
  });
});

describe('keyMicros and microsKey across days', () => {
  it('agree with the Date object from 1906 to 2033, each time on another day', () => {
    const byDate = (micros: number) => {
      const ms = Math.floor(micros / 1000);
      return `${new Date(ms).toISOString().slice(0, 23)}${String(micros - ms * 1000).padStart(3, '0')}`;
    };
    // Steps of about 23 days and 2 s, so every row falls on another day, before and after 1970.
    for (let k = 0; k < 2_000; k++) {
      const micros = -2e15 + k * 1_999_999_937_123;
      expect(microsKey(micros)).toBe(byDate(micros));
      expect(keyMicros(byDate(micros))).toBe(micros);
    }
  });
});

describe('WindowRows', () => {
  it('gives back the rows it was made of, and takes a row in at its place up to its size', () => {
    expect(window.rows()).toEqual(rows);
    expect(window.length).toBe(5);
    const added = { ...rows[0]!, id: id(9), key: key(45), salary_max: null, skill_keys: ['sql'] };
    expect(window.with(1, added, 5).rows()).toEqual([rows[0], added, rows[1], rows[2], rows[3]]);
    expect(window.with(5, added, 6).rows().at(-1)).toEqual(added);
    expect(WindowRows.of([rows[4]!]).with(0, rows[0]!, 3).rows()).toEqual([rows[0], rows[4]]);
  });
});

describe('rankWindow', () => {
  it('orders by relevance, then newest, then id, and resumes after a keyset', () => {
    const ranked = rankWindow(window, 'relevance', null, undefined, ALL);
    expect(ids(ranked)).toEqual([4, 2, 5, 3, 1]);
    const [, second] = ranked.rows;
    const keyset = { r: second!.rank, c: cursorTime(second!.key), i: second!.id };
    expect(ids(rankWindow(window, 'relevance', null, keyset, ALL))).toEqual([5, 3, 1]);
    // A page of two, and whether more follow.
    expect(rankWindow(window, 'relevance', null, keyset, 2)).toMatchObject({ more: true });
    expect(ids(rankWindow(window, 'relevance', null, keyset, 2))).toEqual([5, 3]);
    expect(rankWindow(window, 'relevance', null, keyset, 3).more).toBe(false);
    expect(ranked.rows[0]).toEqual({ id: rows[1]!.id, key: rows[1]!.key, rank: 300_000 });
  });

  it("breaks relevance ties by the viewer's match score, and sorts best match by score first", () => {
    expect(ids(rankWindow(window, 'relevance', ['sql'], undefined, ALL))).toEqual([4, 2, 5, 3, 1]);
    expect(ids(rankWindow(window, 'relevance', ['fhir'], undefined, ALL))).toEqual([2, 4, 3, 5, 1]);
    // Scores for ['fhir']: 5 → 50, 4 → 0, 3 → 100, 2 → 50, 1 → 0 (no skills).
    expect(ids(rankWindow(window, 'match', ['fhir'], undefined, ALL))).toEqual([3, 2, 5, 4, 1]);
  });

  it('sorts by salary (none counts as 0) and newest by time alone, ties on the same minute by id', () => {
    expect(ids(rankWindow(window, 'salary', ['fhir'], undefined, ALL))).toEqual([3, 1, 5, 2, 4]);
    const newest = rankWindow(window, 'newest', null, undefined, ALL);
    expect(ids(newest)).toEqual([5, 4, 3, 2, 1]);
    expect(ids(rankWindow(window, 'newest', null, { r: 0, c: cursorTime(key(40)), i: id(4) }, ALL))).toEqual([3, 2, 1]);
  });
});
