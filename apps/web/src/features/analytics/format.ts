import type { Money } from '@referwell/shared';

/** Figures in the reader's locale (the browser's language). */
const count = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 });

export const formatCount = (value: number) => count.format(value);
export const formatPercent = (value: number | null) => (value === null ? '—' : percent.format(value));
export const formatDays = (value: number | null) => (value === null ? '—' : `${decimal.format(value)} d`);
export const formatHours = (value: number | null) => (value === null ? '—' : `${decimal.format(value)} h`);

function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
  } catch {
    return `${count.format(amount)} ${currency}`;
  }
}

/** Sums in several currencies, e.g. "$2,000 + €500"; nothing is "0". */
export const formatMoneyList = (amounts: Money[]) =>
  amounts.length === 0 ? count.format(0) : amounts.map((m) => money(m.amount, m.currency)).join(' + ');
