// Input checks every schema and the server share: one definition of a calendar date and of text.

/**
 * A real day in `YYYY-MM-DD` (year 0001–9999). `Date.parse` accepts `2024-02-30`, `2025-04-31`
 * and `0000-01-01`; PostgreSQL refuses them, so they must be refused here as bad input.
 */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** True when any string (or object key) inside `value` holds a NUL character. */
export function hasNulByte(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 100 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => hasNulByte(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || hasNulByte(item, depth + 1));
}
