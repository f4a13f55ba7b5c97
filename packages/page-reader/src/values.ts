import { type EmploymentType } from '@referwell/shared';
import { findPay } from './salary';

const CURRENCY_SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', CAD: 'CA$', AUD: 'A$', INR: '₹' };

const UNIT_LABELS: Record<string, string> = { YEAR: 'year', MONTH: 'month', WEEK: 'week', DAY: 'day', HOUR: 'hour' };

/** Normalises a pay period ('YEAR', 'annually', 'hr', '/yr', 'per year') to YEAR | MONTH | WEEK | DAY | HOUR, or ''. */
export function normaliseUnit(unit: string): string {
  const u = unit
    .toLowerCase()
    .replace(/^\s*(?:\/|per\b|an?\b)\s*/, '')
    .replace(/[^a-z]/g, '');
  if (/^(year|yr|years|annum|annual|annually|yearly|pa)$/.test(u)) return 'YEAR';
  if (/^(month|mo|monthly|months)$/.test(u)) return 'MONTH';
  if (/^(week|wk|weekly|weeks)$/.test(u)) return 'WEEK';
  if (/^(day|daily|days)$/.test(u)) return 'DAY';
  if (/^(hour|hr|hourly|hours)$/.test(u)) return 'HOUR';
  return '';
}

function formatAmount(amount: number, currency: string): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  const number = amount.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const code = currency.toUpperCase();
  const symbol = CURRENCY_SYMBOLS[code];
  if (symbol) return `${symbol}${number}`;
  return code ? `${code} ${number}` : number;
}

/** '$120,000 - $150,000 per year', '$45.50 per hour', 'CHF 100,000'. */
export function formatSalary(min: number | undefined, max: number | undefined, currency: string, unit: string): string {
  const low = min ?? max;
  const high = max ?? min;
  if (low === undefined || high === undefined) return '';
  const range =
    low === high ? formatAmount(low, currency) : `${formatAmount(low, currency)} - ${formatAmount(high, currency)}`;
  const label = UNIT_LABELS[normaliseUnit(unit)];
  return label ? `${range} per ${label}` : range;
}

/** Parses '120,000', '120.000', '120k', '45.50', 120000 → number; undefined when not a positive amount. */
export function parseAmount(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const m = /(\d[\d,.\s]*)\s*([kK])?/.exec(value.trim());
  if (!m?.[1]) return undefined;
  let digits = m[1].replace(/[\s,]/g, '').replace(/\.$/, '');
  if (/^\d{1,3}(\.\d{3})+$/.test(digits)) digits = digits.replace(/\./g, '');
  const n = Number(digits) * (m[2] ? 1000 : 1);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/**
 * Finds the most likely pay range or amount in free text (salary.ts) and formats it like formatSalary: '$120k -
 * $150k' → '$120,000 - $150,000', '70.000 € – 85.000 € brutto jährlich' → '€70,000 - €85,000 per year'. A single
 * amount counts only with a pay period or next to a word like 'salary', so '$5M Series B' is not a salary.
 */
export function findSalary(text: string): string {
  const found = findPay(text);
  const best = found[0];
  if (!best) return '';
  const salary = formatSalary(best.min, best.max, best.currency, best.unit);
  // A page offering an employment contract and B2B gives both ranges: the contract's first, the other named.
  const b2b = best.contract !== 'b2b' ? found.find((p) => p.contract === 'b2b' && p.score > 1) : undefined;
  const both = b2b ? `${salary}; B2B: ${formatSalary(b2b.min, b2b.max, b2b.currency, b2b.unit)}` : salary;
  return both.length <= 120 ? both : salary;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function isoDate(year: number, month: number, day: number): string {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return '';
  return d.toISOString().slice(0, 10);
}

/** '2026-03-15T23:59', 'March 15, 2026', '15 Mar 2026', '03/15/2026' (US order) → '2026-03-15'; '' otherwise. */
export function parseDate(value: unknown): string {
  if (typeof value !== 'string') return '';
  const s = value.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(s);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /\b([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/.exec(s);
  if (m?.[1] && MONTHS.includes(m[1].slice(0, 3).toLowerCase()))
    return isoDate(Number(m[3]), MONTHS.indexOf(m[1].slice(0, 3).toLowerCase()) + 1, Number(m[2]));
  m = /\b(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})\b/.exec(s);
  if (m?.[2] && MONTHS.includes(m[2].slice(0, 3).toLowerCase()))
    return isoDate(Number(m[3]), MONTHS.indexOf(m[2].slice(0, 3).toLowerCase()) + 1, Number(m[1]));
  m = /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/.exec(s);
  if (m) return isoDate(Number(m[3]), Number(m[1]), Number(m[2]));
  return '';
}

/** schema.org employmentType ('FULL_TIME', 'Full-time', 'CONTRACTOR', ...) → the app's employment type, or ''. */
export function mapEmploymentType(value: string): EmploymentType | '' {
  const v = value
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  if (v === 'FULL_TIME' || v === 'FULLTIME') return 'full-time';
  if (v === 'PART_TIME' || v === 'PARTTIME') return 'part-time';
  if (v === 'CONTRACTOR' || v === 'CONTRACT' || v === 'TEMPORARY' || v === 'TEMP') return 'contract';
  if (v === 'INTERN' || v === 'INTERNSHIP') return 'internship';
  if (v === 'FREELANCE' || v === 'FREELANCER') return 'freelance';
  return '';
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[a-z]{2,}$/i;

/** 'mailto:jobs@x.com?subject=Hi' → 'jobs@x.com' when it is a plausible address; '' otherwise. */
export function cleanEmail(value: unknown): string {
  if (typeof value !== 'string') return '';
  let email = value.replace(/^mailto:/i, '').split('?')[0] ?? '';
  try {
    email = decodeURIComponent(email);
  } catch {
    return '';
  }
  email = email.trim();
  return EMAIL.test(email) ? email : '';
}

/** Resolves a link against the page URL; only http(s) URLs are kept. */
export function resolveUrl(href: unknown, pageUrl: string): string {
  if (typeof href !== 'string' || !href.trim()) return '';
  try {
    const url = new URL(href.trim(), pageUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
}
