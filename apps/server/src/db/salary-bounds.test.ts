import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annualSalaryBounds } from '@referwell/shared';
import type { Database } from './client';
import { openTestDatabase } from '../test/harness';

/**
 * Before the database's salary_bounds() (migration 0013) gives way to the shared parser, the two must agree on the
 * texts jobs hold: what people type on the job form and what the import writes. The shared parser reads only the
 * first part of a text (before ';' or '·': an alternative range, as the import writes a B2B contract's pay after
 * the employment contract's), so it is compared with salary_bounds() of that part.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const firstPart = (text: string) => text.split(/[;·]/)[0]!;

async function sqlBounds(texts: string[]): Promise<({ min: number; max: number } | null)[]> {
  const result = (await database.db.execute(sql`select b[1] as min, b[2] as max
    from unnest(${sql.param(texts.map(firstPart))}::text[]) with ordinality t(text, n),
      lateral (select salary_bounds(t.text) as b) s order by t.n`)) as unknown as {
    rows: { min: number | null; max: number | null }[];
  };
  return result.rows.map((row) => (row.min === null ? null : { min: row.min, max: row.max! }));
}

async function expectAgreement(texts: string[]) {
  const fromSql = await sqlBounds(texts);
  const disagreements = texts
    .map((text, i) => ({ text, sql: fromSql[i], shared: annualSalaryBounds(text) }))
    .filter((row) => JSON.stringify(row.sql) !== JSON.stringify(row.shared));
  expect(disagreements).toEqual([]);
}

const amount = fc.oneof(
  fc.integer({ min: 1, max: 400 }).map((n) => `${n}k`),
  fc.integer({ min: 1, max: 400 }).map((n) => `${n}K`),
  fc.integer({ min: 10, max: 500 }).map((n) => `${n * 1000}`),
  fc.integer({ min: 10, max: 500 }).map((n) => (n * 1000).toLocaleString('en-US')),
  fc.integer({ min: 1, max: 3 }).map((n) => `${n}.${n + 1}m`),
  fc.integer({ min: 8, max: 250 }).map((n) => `${n}`),
  fc.integer({ min: 800, max: 25_000 }).map((n) => `${n / 100}`),
);
const mark = fc.constantFrom('', '$', '€', '£', 'CA$', 'A$', '₹', 'USD ', 'EUR ', 'PLN ', 'BRL ');
const codeAfter = fc.constantFrom('', '', ' USD', ' EUR', ' CHF', ' SEK');
const dash = fc.constantFrom(' - ', '-', '–', ' – ', ' to ', '—');
const period = fc.constantFrom(
  '',
  '',
  ' per year',
  ' per month',
  ' per hour',
  '/hr',
  '/h',
  ' / hour',
  ' hourly',
  ' an hour',
  '/yr',
  ' a year',
  ' annually',
  ' per week',
  ' daily',
);
const extra = fc.constantFrom('', '', ' + bonus', ' (10% bonus)', ', 401k match', ' DOE', ' plus equity', ' (OTE)');
const typed = fc
  .tuple(mark, amount, fc.option(fc.tuple(dash, mark, amount)), codeAfter, period, extra)
  .map(
    ([m, low, high, code, per, more]) =>
      `${m}${low}${high ? `${high[0]}${high[1]}${high[2]}` : ''}${code}${per}${more}`,
  );
/** As the import writes it: '$120,000 - $150,000 per year', 'PLN 9,500 per month; B2B: PLN 12,000 per month'. */
const written = fc
  .tuple(
    fc.constantFrom('$', '€', '£', 'CA$', 'A$', '₹', 'PLN ', 'SEK ', 'CHF ', 'BRL '),
    fc.integer({ min: 15, max: 400_000 }),
    fc.integer({ min: 0, max: 60_000 }),
    fc.constantFrom('', ' per year', ' per month', ' per hour', ' per week', ' per day'),
    fc.boolean(),
  )
  .map(([m, low, spread, per, b2b]) => {
    const range =
      spread % 3 === 0
        ? `${m}${low.toLocaleString('en-US')}`
        : `${m}${low.toLocaleString('en-US')} - ${m}${(low + spread).toLocaleString('en-US')}`;
    return `${range}${per}${b2b ? `; B2B: ${m}${(low + spread + 1000).toLocaleString('en-US')}${per}` : ''}`;
  });
/** Text of the characters salaries are made of, in any order. */
const noise = fc
  .array(
    fc.constantFrom(...'0123456789,.kKmM $€£-–/hr per hour month year;·()abc'.split(''), ' per hour', '120', '1,000'),
    { maxLength: 24 },
  )
  .map((parts) => parts.join(''));

describe('the shared salary parser against the database salary_bounds()', () => {
  it('agrees on the examples the database function was written for, and on "120-150k"', async () => {
    await expectAgreement(['$160k - $190k', '120,000–150,000 USD', '$60/hr', '120-150k', 'Competitive', '']);
    expect(annualSalaryBounds('120-150k')).toEqual({ min: 120_000, max: 150_000 });
  });

  it('agrees on 3,000 salaries typed on the job form, written by the import, and random salary-like text', async () => {
    const texts = [
      ...fc.sample(typed, { numRuns: 1_500, seed: 39 }),
      ...fc.sample(written, { numRuns: 1_000, seed: 39 }),
      ...fc.sample(noise, { numRuns: 500, seed: 39 }),
    ];
    await expectAgreement(texts);
  });
});
