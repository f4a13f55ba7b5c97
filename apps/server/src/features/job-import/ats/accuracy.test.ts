import { describe, expect, it } from 'vitest';
import { finishJob, type ImportedJob } from '@referwell/page-reader';
import { ALL_FIELDS, report } from '@referwell/page-reader/accuracy';
import { readAtsFixture } from '../../../test/fixture-server';
import { matchAts } from '.';

/**
 * The applicant-tracking adapters over their API answers (fixtures/ats/expected.json): every field exact, as the
 * page reader's structured data is measured (packages/page-reader/src/accuracy.ts); a drop below 98% fails.
 */
const apis = {
  greenhouse: 'https://api.test/gh',
  lever: 'https://api.test/lv',
  ashby: 'https://api.test/ab',
  workable: 'https://api.test/wk',
};
type Expectation = { url: string; expected: { job: ImportedJob; source: string } | null };

describe('job import accuracy over the applicant-tracking API fixtures', () => {
  const expectations = JSON.parse(readAtsFixture('expected.json')) as Record<string, Expectation>;
  const rows = Object.entries(expectations).map(([file, { url, expected }]) => {
    const target = matchAts(url, apis);
    const mapped = target?.map(JSON.parse(readAtsFixture(file)));
    return { file, expected, target, got: target && mapped ? finishJob(mapped) : undefined };
  });

  it('reads ≥ 98% of fields right, from the adapter each URL names', () => {
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const { file, expected, target } of rows) expect(target?.ats, file).toBe(expected?.source);
    const result = report(
      'applicant-tracking APIs',
      rows.map(({ file, expected, got }) => ({
        file,
        want: Object.fromEntries(ALL_FIELDS.map((field) => [field, expected?.job[field]])),
        got,
      })),
    );
    expect(result.overall, result.misses.join('\n')).toBeGreaterThanOrEqual(0.98);
  });
});
