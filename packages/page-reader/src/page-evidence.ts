import type { EmploymentType } from '@referwell/shared';
import { normaliseLocation, placeScore, workModeOf } from './page-location';
import {
  CAREERS_PREFIX,
  CAREERS_SUFFIX,
  EMPLOYMENT_WORDS,
  FIELD_LABELS,
  type LabelField,
  PLATFORM_NAMES,
} from './page-vocabulary';
import { findSalary } from './values';
import { CLIENT_WORDS } from './page-vocabulary';

/** The fields the page reader weighs evidence for. */
export type Field = 'title' | 'company' | 'location' | 'job_type' | 'salary_range' | 'mode';

/** One reading of a field from one place on the page, with how much that place is trusted. */
export interface Candidate {
  field: Field;
  value: string;
  /** Where it was read ('label', 'og:title', 'logo', ...); one source counts once per value. */
  source: string;
  weight: number;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

const LABELS = new Map<string, LabelField>(
  (Object.entries(FIELD_LABELS) as [LabelField, string[]][]).flatMap(([field, words]) =>
    words.map((w) => [fold(w), field] as [string, LabelField]),
  ),
);

/** The field a label names ('Primary Location:' → location), or null. */
export function labelField(text: string): LabelField | null {
  if (text.length > 80) return null;
  const t = fold(text.replace(/[:：*]+\s*$/, ''));
  if (!t || t.length > 40) return null;
  return LABELS.get(t) ?? null;
}

const EMPLOYMENT_PATTERNS: [EmploymentType, RegExp][] = EMPLOYMENT_WORDS.map(([type, words]) => [
  type,
  new RegExp(
    `(?:^|[^\\p{L}])(?:${words.map((w) => w.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&').replace(/\\-|\s/g, '[\\s-]?')).join('|')})(?![\\p{L}])`,
    'iu',
  ),
]);

const FTE = /(?<![\p{L}])FTE\s*[:=]?\s*(\d(?:[.,]\d{1,2})?)(?!\d)|(?<![\d.,])(\d(?:[.,]\d{1,2})?)\s*FTE(?![\p{L}])/iu;
const PERCENT = /(?<![\d.,])(\d{2,3})\s*%(?!\s*(?:remote|télétravail|zdaln|remoto|home))/iu;
const HOURS =
  /(?<![\d.,])(\d{1,2}(?:[.,]\d)?)(?:\s*[-–]\s*(\d{1,2}(?:[.,]\d)?))?\s*(?:hours?|hrs|uur|timer|timmar|tuntia|std\.?|stunden|godz\.?|heures|horas|ore|óra|h)(?:\s*(?:per|a|pro|par|por|om|i|na)?\s*(?:week|woche|semaine|semana|ugen?|uke|veckan?|tydzień|viikossa|settimana))?(?![\p{L}])/iu;

/**
 * The employment type a workload states, in any language: 'FTE: 1.0' is full-time and 'FTE 0.9' part-time, a
 * '100 %' workload full-time and '80 %' part-time, 35 or more hours a week full-time and 32 or fewer part-time.
 */
function workloadType(text: string): EmploymentType | null {
  const number = (s: string | undefined) => Number((s ?? '').replace(',', '.'));
  const fte = FTE.exec(text);
  if (fte) return number(fte[1] ?? fte[2]) >= 1 ? 'full-time' : 'part-time';
  const pct = PERCENT.exec(text);
  if (pct && text.length <= 60) return number(pct[1]) >= 100 ? 'full-time' : number(pct[1]) >= 10 ? 'part-time' : null;
  const hours = HOURS.exec(text);
  if (hours) {
    const most = number(hours[2] ?? hours[1]);
    if (most >= 35 && most <= 48) return 'full-time';
    if (most >= 4 && most <= 32) return 'part-time';
  }
  return null;
}

/** Every employment type a short text names, most specific first ('Festanstellung, Vollzeit' → full-time). */
export function employmentTypesOf(text: string): EmploymentType[] {
  const types = EMPLOYMENT_PATTERNS.filter(([, pattern]) => pattern.test(text)).map(([type]) => type);
  const workload = workloadType(text);
  // A workload says more than a contract's word: 'Fast, 32 timer' is part-time, 'Vakituinen, 100 %' full-time.
  if (workload === 'part-time' && types.includes('full-time')) types.splice(types.indexOf('full-time'), 1);
  if (workload && !types.includes(workload)) types.push(workload);
  return EMPLOYMENT_SPECIFICITY.filter((t) => types.includes(t));
}
const EMPLOYMENT_SPECIFICITY: EmploymentType[] = ['internship', 'freelance', 'contract', 'part-time', 'full-time'];

/** 'Pillbox Pharmacy Logo' / 'Careers at Fernhill' / '© 2026 Acme Health, Inc.' → the company name, or ''. */
export function cleanCompany(raw: string): string {
  const name = raw
    .replace(/\s+/g, ' ')
    .replace(/^(?:logo(?:\s+of)?|the logo of)\s+/i, '')
    .replace(/\s+(?:logo|logotype|home(?:\s*page)?|homepage)$/i, '')
    .replace(CAREERS_PREFIX, '')
    .replace(CAREERS_SUFFIX, '')
    .replace(/^(?:at|bei|chez|en|bij|with)\s+/i, '')
    .replace(/[\s,]+(?:inc\.?|llc|ltd\.?|corp\.?|co\.)$/i, '')
    .replace(/^[\s"'“”|·:–—-]+|[\s"'“”|·:.,–—-]+$/g, '')
    .trim();
  if (name.length < 2 || name.length > 80 || PLATFORM_NAMES.has(name.toLowerCase())) return '';
  // 'Client Logo', 'Company Logo', 'Logo': a template's placeholder, not a name.
  if (GENERIC_NAMES.test(name)) return '';
  if (/\b(?:powered by|all rights reserved|privacy|cookie)\b/i.test(name)) return '';
  return name;
}

const GENERIC_NAMES =
  /^(?:logo|client|company|our company|employer|brand|site|home|homepage|start|startseite|accueil|inicio|firmenlogo|logo firmy|logotipo|logotyp|logotyp företag)$/i;

/** Readings of a label's value: the field it names, checked to look like that field. */
export function readLabelled(
  field: LabelField,
  value: string,
  source: string,
  weight: number,
  label = 'Salary',
): Candidate[] {
  const v = value.replace(/\s+/g, ' ').trim();
  if (!v || v.length > 200) return [];
  switch (field) {
    case 'location': {
      const out: Candidate[] = [];
      const mode = workModeOf(v);
      if (mode) out.push({ field: 'mode', value: mode, source, weight });
      // The first sentence ('Boston, MA. Hybrid three days a week'), not an abbreviation's dot ('ul. Kunickiego').
      const location = normaliseLocation(v.split(/(?<=[\p{L}]{4,}|\d)[.;]\s+/u)[0] ?? v);
      if (location && !/\d{3,}/.test(location)) out.push({ field: 'location', value: location, source, weight });
      return out;
    }
    case 'job_type':
      return employmentTypesOf(v.slice(0, 80)).map((type, i) => ({
        field: 'job_type',
        value: type,
        source,
        weight: weight - i * 0.1,
      }));
    case 'salary_range': {
      // The label may name the period ('Retribuzione lorda annua', 'Månadslön').
      const salary = findSalary(`${label}: ${v}`);
      return salary
        ? [{ field: 'salary_range', value: salary, source, weight: B2B_PAY.test(v) ? weight * 0.6 : weight }]
        : [];
    }
    case 'company': {
      const company = cleanCompany(v);
      return company ? [{ field: 'company', value: company, source, weight: weight * 0.8 }] : [];
    }
    case 'title':
      return v.length <= 160 ? [{ field: 'title', value: v, source, weight: weight * 0.7 }] : [];
    default:
      return [];
  }
}

/** A contractor's (B2B, invoiced) pay, read after an employment contract's. */
const B2B_PAY = /(?:\bB2B\b|\+\s*VAT|\bPJ\b)/i;

/**
 * What a value reads as when its label is not one the reader knows (a 13th language): a pay range, a place or an
 * employment type by its shape, trusted less than a known label.
 */
export function readByShape(value: string, source: string, weight: number): Candidate[] {
  const v = value.replace(/\s+/g, ' ').trim();
  if (!v || v.length > 120) return [];
  if (/\d/.test(v)) {
    const salary = findSalary(`Salary: ${v}`);
    if (salary)
      return [{ field: 'salary_range', value: salary, source, weight: B2B_PAY.test(v) ? weight * 0.6 : weight }];
  }
  const out: Candidate[] = [];
  for (const type of employmentTypesOf(v)) out.push({ field: 'job_type', value: type, source, weight: weight * 0.8 });
  if (!out.length) {
    const place = placeScore(v);
    const location = place >= 0.7 ? normaliseLocation(v) : '';
    if (location) out.push({ field: 'location', value: location, source, weight: weight * place });
  }
  return out;
}

/**
 * Readings of a short free-standing text near the job's heading (a chip, an icon row, a subtitle segment like
 * 'Engineering · Chicago'): an employment type, a place, a work mode, a pay range or 'at Company'.
 */
export function readChip(text: string, source: string, weight: number): Candidate[] {
  const t = text.replace(/\s+/g, ' ').trim();
  if (!t || t.length > 90) return [];
  const out: Candidate[] = [];
  const at = /^(?:at|bei|chez|bij)\s+(.{2,60})$/i.exec(t);
  if (at?.[1]) {
    const company = cleanCompany(at[1]);
    if (company) out.push({ field: 'company', value: company, source, weight: weight * 1.2 });
    return out;
  }
  const salary = /\d/.test(t) ? findSalary(`Salary: ${t}`) : '';
  if (salary)
    return [{ field: 'salary_range', value: salary, source, weight: B2B_PAY.test(t) ? weight * 0.6 : weight }];
  const types = employmentTypesOf(t);
  types.forEach((type, i) => out.push({ field: 'job_type', value: type, source, weight: weight - i * 0.1 }));
  const mode = workModeOf(t);
  if (mode) out.push({ field: 'mode', value: mode, source, weight });
  if (!types.length || t.includes(',')) {
    const place = placeScore(t);
    const location = place ? normaliseLocation(t) : '';
    if (location && location !== mode) out.push({ field: 'location', value: location, source, weight: weight * place });
  }
  return out;
}

/** Splits a subtitle ('Festanstellung, Vollzeit · Berlin', 'Data · Lyon · Hybride') into its segments. */
export function segments(text: string): string[] {
  return (
    text
      // A dash between two amounts is a range ('35.000 – 42.000 €'), not a separator.
      .split(/\s*[·•|]\s*|(?<![\d€$£])\s+[–—]\s+|\s+[–—]\s+(?![\d€$£])|\s{2,}/)
      .map((s) => s.trim())
      .filter(Boolean)
  );
}

/** 'X is hiring', 'at X', 'bei X', 'Rejoignez X' in a page description. */
export function companiesInDescription(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /^([\p{Lu}][\p{L}\p{N}&.'’ -]{1,60}?)\s+(?:is hiring|is looking|is seeking|sucht|zoekt|recrute|busca|recherche)\b/u,
    /\b(?:at|bei|chez|bij)\s+([\p{Lu}][\p{L}\p{N}&'’ -]{1,60}?)(?=[.,!:;]|\s+(?:in|im|à|en|te|is|ist)\b|$)/u,
    /\b(?:join|rejoignez|únete a|kom werken bij)\s+([\p{Lu}][\p{L}\p{N}&'’ -]{1,60}?)(?=[.,!:;]|\s+(?:as|en tant|als|como)\b|$)/iu,
  ];
  for (const company of clientsIn(text)) found.push(company);
  for (const pattern of patterns) {
    const m = pattern.exec(text);
    const company = m?.[1] ? cleanCompany(m[1]) : '';
    if (company) found.push(company);
  }
  return found;
}

/**
 * The employer an agency names ('Unser Mandant, die Asklepia Kliniken Hamburg, sucht…', 'Dla naszego klienta,
 * Przychodnia Śląsk Med, poszukujemy…', 'On behalf of our client, Acme Health'): the company a reader takes.
 */
export function clientsIn(text: string): string[] {
  const out: string[] = [];
  const pattern = new RegExp(
    `(?:${CLIENT_WORDS.join('|')})\\s*[,:]?\\s+(?:(?:die|der|das|la|le|el|de|het|il|o|a)\\s+)?((?:[\\p{Lu}][\\p{L}\\p{N}&.'’-]*)(?:\\s+(?:[\\p{Lu}][\\p{L}\\p{N}&.'’-]*|am|an|der|de|du|des|di|do|da|dos|of|for|im|w|und|&)){0,6})`,
    'giu',
  );
  for (const m of text.slice(0, 20_000).matchAll(pattern)) {
    const company = cleanCompany(
      (m[1] ?? '').replace(/\s+(?:am|an|der|de|du|des|di|do|da|dos|of|for|im|w|und|&)$/i, ''),
    );
    if (company && company.split(/\s+/).length >= 2) out.push(company);
  }
  return out;
}

/** 'Location: Chicago, IL. Time type: Full time.' inside a sentence (meta descriptions, JavaScript shells). */
export function inlineLabels(text: string, source: string, weight: number): Candidate[] {
  const out: Candidate[] = [];
  const pattern = /(?:^|[.;,]\s+|\s)([\p{L}][\p{L} /'’]{1,30}?)\s*:\s*([^.;\n]{2,120})/gu;
  for (const m of text.matchAll(pattern)) {
    const label = m[1] ?? '';
    const words = label.split(/\s+/);
    // The label may be the last words before the colon: 'Senior Engineer at Acme. Time type: Full time'.
    for (let i = 0; i < words.length; i++) {
      const field = labelField(words.slice(i).join(' '));
      if (field) {
        out.push(...readLabelled(field, m[2] ?? '', source, weight));
        break;
      }
    }
  }
  return out;
}
