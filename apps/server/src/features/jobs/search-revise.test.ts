import { describe, expect, it } from 'vitest';
import { JOB_COUNT_LIMIT } from '@referwell/shared';
import { FACET_LIMIT, facetsWith, pageWith, windowWith, type AddedRow, type Facet, type Window } from './search-revise';
import { WindowRows, type WindowRow } from './search-rank';

/** A window row at minute `m` of an hour (a later minute is newer), with id `id`. */
const row = (m: number, id = `00000000-0000-4000-8000-0000000000${String(m).padStart(2, '0')}`): WindowRow => ({
  id,
  key: `2026-12-04T10:${String(m).padStart(2, '0')}:00.000000`,
  relevance: 0,
  salary_max: null,
  skill_keys: [],
});
const added = (m: number, place: string | null = null): AddedRow => ({ ...row(m), place });
/** Where a window or page after `r` starts, as its cursor writes it. */
const startAt = (r: WindowRow) => ({ c: `${r.key}Z`, i: r.id });
const minutes = (rows: { key: string }[] | WindowRows) =>
  (rows instanceof WindowRows ? rows.rows() : rows).map((r) => Number(r.key.slice(14, 16)));

describe('facetsWith', () => {
  const facets: Facet[] = [
    { value: 'Boston, MA', count: 3 },
    { value: 'Austin, TX', count: 2 },
    { value: 'Denver, CO', count: 2 },
  ];
  it('counts the place once more, most first, then by label in byte order', () => {
    expect(facetsWith(facets, 'Denver, CO')).toEqual([
      { value: 'Boston, MA', count: 3 },
      { value: 'Denver, CO', count: 3 },
      { value: 'Austin, TX', count: 2 },
    ]);
    // Byte order, as the statement's collate "C": upper case before lower, "Z" before "Å".
    expect(facetsWith([{ value: 'Åre', count: 1 }], 'Zurich')).toEqual([
      { value: 'Zurich', count: 1 },
      { value: 'Åre', count: 1 },
    ]);
    expect(facetsWith(facets, 'Chicago, IL')?.at(-1)).toEqual({ value: 'Chicago, IL', count: 1 });
    expect(facetsWith(facets, null)).toEqual(facets);
  });
  it('cannot tell a place not among a full list', () => {
    const full = Array.from({ length: FACET_LIMIT }, (_, i) => ({ value: `Place ${i}`, count: 5 }));
    expect(facetsWith(full, 'Elsewhere')).toBeUndefined();
    expect(facetsWith(full, 'Place 3')?.[0]).toEqual({ value: 'Place 3', count: 6 });
  });
});

describe('windowWith', () => {
  const window = (rows: WindowRow[], total: number | null, facets: Facet[] | null = []): Window => ({
    rows: WindowRows.of(rows),
    total,
    facets,
  });
  it('takes a job into a first window at its place, counted, the oldest row leaving a full window', () => {
    const revised = windowWith(window([row(9), row(5), row(1)], 3), null, 3, [added(7, 'Austin, TX')]);
    expect(minutes(revised!.rows)).toEqual([9, 7, 5]);
    expect(revised).toMatchObject({ total: 4, facets: [{ value: 'Austin, TX', count: 1 }] });
    expect(minutes(windowWith(window([row(5)], 1), null, 3, [added(9)])!.rows)).toEqual([9, 5]);
  });
  it('changes nothing for a job it holds already (read after the job was added)', () => {
    const kept = window([row(9), row(5)], 2);
    expect(windowWith(kept, null, 3, [added(9, 'Austin, TX')])).toEqual(kept);
  });
  it('counts up to one past the limit, which says "more than the limit"', () => {
    expect(windowWith(window([row(5)], JOB_COUNT_LIMIT), null, 1, [added(9)])?.total).toBe(JOB_COUNT_LIMIT + 1);
    expect(windowWith(window([row(5)], JOB_COUNT_LIMIT + 1), null, 1, [added(9)])?.total).toBe(JOB_COUNT_LIMIT + 1);
  });
  it('cannot tell whether the count of a full window has a job older than its rows', () => {
    const full = [row(9), row(5)];
    expect(windowWith(window(full, 40), null, 2, [added(1)])).toBeUndefined();
    expect(windowWith(window(full, JOB_COUNT_LIMIT + 1), null, 2, [added(1)])).toBeUndefined();
    // Without a count (a window sorted without words): the rows are all it holds.
    expect(windowWith(window(full, null, null), null, 2, [added(1)])).toEqual(window(full, null, null));
  });
  it('leaves a later window that starts before the job, and cannot tell one that starts after it', () => {
    const later = window([row(3), row(2)], null, null);
    expect(windowWith(later, startAt(row(4)), 2, [added(9)])).toEqual(later);
    expect(windowWith(later, startAt(row(4)), 2, [added(1)])).toBeUndefined();
  });
  it('cannot tell a place not among a full list of facets', () => {
    const facets = Array.from({ length: FACET_LIMIT }, (_, i) => ({ value: `Place ${i}`, count: 1 }));
    expect(windowWith(window([row(5)], 12, facets), null, 3, [added(9, 'Elsewhere')])).toBeUndefined();
  });
});

describe('pageWith', () => {
  const page = (ms: number[]) => ms.map((m) => ({ id: row(m).id, key: row(m).key, rank: 0 }));
  it('takes a job into a first browse page at its place, keeping one row past the page', () => {
    expect(minutes(pageWith(page([9, 5, 1]), null, 2, [added(7)])!)).toEqual([9, 7, 5]);
    expect(minutes(pageWith(page([9, 5, 1]), null, 2, [added(0)])!)).toEqual([9, 5, 1]);
    expect(minutes(pageWith(page([5]), null, 2, [added(9)])!)).toEqual([9, 5]);
    expect(pageWith(page([9, 5]), null, 2, [added(9)])).toEqual(page([9, 5]));
  });
  it('leaves a later page that starts before the job, and cannot tell one that starts after it', () => {
    expect(pageWith(page([3, 2]), startAt(row(4)), 2, [added(9)])).toEqual(page([3, 2]));
    expect(pageWith(page([3, 2]), startAt(row(4)), 2, [added(1)])).toBeUndefined();
  });
});
