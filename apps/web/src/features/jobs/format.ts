import { WORKPLACE_LABELS, type Workplace } from '@referwell/shared';

/** A salary or budget: numeric text gets a dollar sign and thousands separators (SPEC §9); anything else as typed. */
export function formatSalary(value: string): string {
  const text = value.trim();
  if (!/^\$?\s*\d[\d,]*(\.\d+)?$/.test(text)) return text;
  const amount = Number(text.replace(/[$,\s]/g, ''));
  if (!Number.isFinite(amount)) return text;
  return `$${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}

/** Lines of a multi-line text, without list markers and blank lines. */
export function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim())
    .filter(Boolean);
}

/** Whether the workplace adds something the location text does not already say ("Remote (US)" does). */
export function showWorkplace({ location, workplace }: { location: string; workplace: Workplace }): boolean {
  const text = location.toLowerCase().replace(/[\s-]+/g, '');
  return !text.includes(WORKPLACE_LABELS[workplace].toLowerCase().replace(/[\s-]+/g, ''));
}
