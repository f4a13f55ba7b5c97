import { EMPLOYMENT_TYPES, WORKPLACE_LABELS, type EmploymentType, type Workplace } from '@referwell/shared';

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

/** An imported job type ("Full Time", "full_time", "Contractor"...) as one of ours, when it resembles one. */
export function employmentTypeFrom(raw: string | null | undefined): EmploymentType | undefined {
  if (!raw) return undefined;
  const text = raw
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  const exact = EMPLOYMENT_TYPES.find((type) => type === text || type.replace('-', '') === text);
  if (exact) return exact;
  if (text.includes('full')) return 'full-time';
  if (text.includes('part')) return 'part-time';
  if (text.includes('contract')) return 'contract';
  if (text.includes('intern')) return 'internship';
  if (text.includes('freelance')) return 'freelance';
  return undefined;
}

/** A date for an <input type="date"> (yyyy-mm-dd), or '' when the text is not a date. */
export function dateInputValue(raw: string | null | undefined): string {
  if (!raw) return '';
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(raw.trim());
  if (iso?.[1]) return iso[1];
  const parsed = new Date(raw);
  if (Number.isNaN(parsed.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${parsed.getFullYear()}-${pad(parsed.getMonth() + 1)}-${pad(parsed.getDate())}`;
}

/** Whether the workplace adds something the location text does not already say ("Remote (US)" does). */
export function showWorkplace({ location, workplace }: { location: string; workplace: Workplace }): boolean {
  const text = location.toLowerCase().replace(/[\s-]+/g, '');
  return !text.includes(WORKPLACE_LABELS[workplace].toLowerCase().replace(/[\s-]+/g, ''));
}
