import { format, isValid, parseISO } from 'date-fns';

/** Dates appear as 'MMM dd, yyyy' (SPEC §9). Accepts ISO dates and date-times. */
export function formatDate(value: string): string {
  const date = parseISO(value);
  return isValid(date) ? format(date, 'MMM dd, yyyy') : value;
}

/** Shortens text to about `max` characters at a word boundary, ending in an ellipsis. */
export function excerpt(text: string, max = 160): string {
  const clean = text.trim().replace(/\s+/g, ' ');
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:]+$/, '')}…`;
}

/** A referral bonus such as $2,000 (or €1,500 in another currency). */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
  } catch {
    return `${amount.toLocaleString('en-US')} ${currency}`;
  }
}
