// Money and dates, written one way wherever people read them: the web app, mails and CSV exports (SPEC §9: dates
// as 'MMM dd, yyyy', amounts with a currency sign and thousands separators). Nothing else formats either.
import { format, isValid, parseISO } from 'date-fns';

/** An amount in its currency: $3,000, €1,500, CA$750, $31.50; an unknown code is written after the number. */
export function formatMoney(amount: number, currency: string | null = 'USD'): string {
  const code = (currency || 'USD').toUpperCase();
  const digits = Number.isInteger(amount) ? 0 : 2;
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount);
  } catch {
    return `${amount.toLocaleString('en-US', { maximumFractionDigits: digits })} ${code}`;
  }
}

/** Sums kept per currency, e.g. "$2,000 + €500"; no money at all is "$0". */
export function formatMoneyList(amounts: readonly { amount: number; currency: string }[]): string {
  return amounts.length === 0
    ? formatMoney(0, 'USD')
    : amounts.map((m) => formatMoney(m.amount, m.currency)).join(' + ');
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day as 'MMM dd, yyyy' (Dec 02, 2026). A calendar day ('2026-12-02') is that day wherever the reader is; an
 * instant (an ISO date-time or a Date) is its day where the code runs. Text that is not a date comes back as is.
 */
export function formatDate(value: string | Date): string {
  if (value instanceof Date) return isValid(value) ? format(value, 'MMM dd, yyyy') : '';
  const text = value.trim();
  const date = parseISO(CALENDAR_DAY.test(text) ? `${text}T00:00:00` : text);
  return isValid(date) ? format(date, 'MMM dd, yyyy') : value;
}
