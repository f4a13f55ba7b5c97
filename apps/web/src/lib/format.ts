import { format, isValid, parseISO } from 'date-fns';

/** Initials for an avatar: first letters of the first and last word, uppercase ("Ada Lovelace" → "AL"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]?.charAt(0) ?? '';
  const last = words.length > 1 ? (words.at(-1)?.charAt(0) ?? '') : '';
  return (first + last).toUpperCase();
}

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

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
