// Money and dates are written by the one formatter in packages/shared (also used by mails and CSV exports).
export { formatDate, formatMoney, formatMoneyList } from '@referwell/shared';

/** Shortens text to about `max` characters at a word boundary, ending in an ellipsis. */
export function excerpt(text: string, max = 160): string {
  const clean = text.trim().replace(/\s+/g, ' ');
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:]+$/, '')}…`;
}
