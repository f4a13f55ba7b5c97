import { CURRENCY_CODES, CURRENCY_MARKS } from '../currencies';

/**
 * The one reader of a job's salary text (`salary_range`: typed on the job form, or written by the import as
 * '$120,000 - $150,000 per year'): the job's annual pay bounds the search filters and sorts on (salary_min,
 * salary_max, written with the job), the public job page's structured data, and the import's own checks.
 */

export const PAY_PERIODS = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export type PayPeriod = (typeof PAY_PERIODS)[number];

/** Hours in a working year: an hourly rate times this is the annual pay the search compares. */
export const WORK_HOURS_PER_YEAR = 2080;

/** Annual amounts outside this range are not pay (a '401k', '10%', a year, a headcount). */
const ANNUAL_MIN = 1_000;
const ANNUAL_MAX = 10_000_000;

export interface Salary {
  /** The lowest and highest amount the text states, in its period ('120-150k' → 120,000 to 150,000). */
  min: number;
  max: number;
  /** The ISO code the text names or marks ('USD' for '$', 'CAD' for 'CA$', 'PLN'); null when it names none. */
  currency: string | null;
  /** The period the text names ('per month', '/hr', 'hourly'); null when it names none (yearly by convention). */
  period: PayPeriod | null;
}

/** An amount, with a k or m suffix not followed by a letter ('120k', '1.2m'; not the m of '5 months'). */
const AMOUNT = /(\d[\d,]*(?:\.\d+)?)\s*([km])?(?![a-z])/g;

const PERIODS: [PayPeriod, RegExp][] = [
  ['HOUR', /\/\s*(?:h|hr|hour)(?![\p{L}\p{N}_])|per\s+hour|hourly|an\s+hour/u],
  ['DAY', /\/\s*day\b|per\s+day|daily/],
  ['WEEK', /\/\s*w(?:ee)?k\b|per\s+week|weekly/],
  ['MONTH', /\/\s*mo(?:nth)?\b|per\s+month|monthly/],
  ['YEAR', /\/\s*(?:yr|year)\b|per\s+(?:year|annum)|annual|yearly|a\s+year/],
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * Currency marks that name one currency, longest first ('CA$' before '$'); marks made of letters count only as words
 * ('zł', not the 'Rs' of 'Hrs').
 */
const MARKS = Object.keys(CURRENCY_MARKS)
  .filter((mark) => CURRENCY_MARKS[mark])
  .sort((a, b) => b.length - a.length)
  .map((mark) => ({
    code: CURRENCY_MARKS[mark]!,
    pattern: /^[\p{L}.]+$/u.test(mark)
      ? new RegExp(`(?<![\\p{L}])${escape(mark)}(?![\\p{L}])`, 'u')
      : new RegExp(escape(mark)),
  }));
/** ISO codes, in capitals ('try' and 'php' are words). */
const CODE = new RegExp(`\\b(${CURRENCY_CODES.join('|')})\\b`);

function currencyOf(text: string): string | null {
  const code = CODE.exec(text)?.[1];
  if (code) return code;
  return MARKS.find(({ pattern }) => pattern.test(text))?.code ?? null;
}

/**
 * The salary a text states, or null when it states no amount ('Competitive'). Only its first part counts: what
 * follows ';' or '·' is an alternative ('$120,000 - $150,000 per year; B2B: …', as the import writes a second
 * contract's pay). Every amount of that part that could be pay counts ('$160k - $190k', '120,000–150,000 USD',
 * '$60/hr'); a bare first figure takes the scale of the last ('120-150k' is 120,000 to 150,000), and figures that
 * are not pay in any year (below 1,000 or above 10,000,000 a year, an hourly rate counting 2,080 hours) are left out.
 */
export function parseSalary(text: string | null | undefined): Salary | null {
  const first = (text ?? '').split(/[;·]/)[0]!;
  const part = first.toLowerCase();
  const figures = [...part.matchAll(AMOUNT)].map(([, digits = '', scale]) => {
    const value = Number(digits.replaceAll(',', ''));
    return scale === 'k' ? value * 1_000 : scale === 'm' ? value * 1_000_000 : value;
  });
  if (figures.length === 0) return null;
  if (figures.length > 1 && figures[0]! < 1_000 && figures[figures.length - 1]! >= 1_000)
    figures[0] = figures[0]! * 1_000;
  const period = PERIODS.find(([, pattern]) => pattern.test(part))?.[0] ?? null;
  const perYear = period === 'HOUR' ? WORK_HOURS_PER_YEAR : 1;
  const pay = figures.filter((figure) => figure * perYear >= ANNUAL_MIN && figure * perYear <= ANNUAL_MAX);
  if (pay.length === 0) return null;
  return { min: Math.min(...pay), max: Math.max(...pay), currency: currencyOf(first), period };
}

/**
 * The annual pay bounds of a salary text, as whole amounts in its currency: what the job search filters ('minimum
 * salary') and sorts on, stored with the job (salary_min, salary_max). An hourly rate counts 2,080 hours; other
 * periods are taken as stated.
 */
export function annualSalaryBounds(text: string | null | undefined): { min: number; max: number } | null {
  const salary = parseSalary(text);
  if (!salary) return null;
  const perYear = salary.period === 'HOUR' ? WORK_HOURS_PER_YEAR : 1;
  return { min: Math.round(salary.min * perYear), max: Math.round(salary.max * perYear) };
}
