/**
 * Weighs the evidence the page sources found and chooses one value per field. A value's score is the sum, over
 * the distinct sources that read it, of each source's weight; values that agree with others (a location that
 * contains another, a company named in the page's text) gain. The winner's score is its confidence.
 */
import { type EmploymentType } from '@referwell/shared';
import { type Candidate, cleanCompany, type Field } from './page-evidence';
import { PLATFORM_NAMES, TITLE_NOISE, TITLE_PREFIX } from './page-vocabulary';

export interface Choice {
  value: string;
  /** The winning value's summed weight (≥ 3 is read from a label or agreed by several sources). */
  score: number;
}

/** The comparison key of a value: accents, case, dashes, spacing and legal suffixes ignored. */
export const foldKey = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[–—]/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/[\s,]+(?:inc\.?|llc|ltd\.?|gmbh|corp\.?)$/, '')
    .trim();

interface Group {
  value: string;
  best: number;
  bySource: Map<string, number>;
}

/** Groups a field's candidates by value; each source counts once per value (its highest weight). */
export function tally(candidates: Candidate[], field: Field): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (const c of candidates) {
    if (c.field !== field || !c.value.trim()) continue;
    const key = foldKey(c.value);
    const group = groups.get(key) ?? { value: c.value, best: 0, bySource: new Map() };
    if (c.weight > group.best) [group.value, group.best] = [c.value, c.weight];
    group.bySource.set(c.source, Math.max(group.bySource.get(c.source) ?? 0, c.weight));
    groups.set(key, group);
  }
  return groups;
}

const scoreOf = (g: Group) => [...g.bySource.values()].reduce((a, b) => a + b, 0);

function pick(groups: Map<string, Group>, bonus: (key: string, g: Group) => number = () => 0): Choice {
  let best: Choice = { value: '', score: 0 };
  for (const [key, group] of groups) {
    const score = scoreOf(group) + bonus(key, group);
    if (score > best.score) best = { value: group.value, score };
  }
  return best;
}

/** The company: the most supported name, more so when the page's own text names it. */
export function chooseCompany(candidates: Candidate[], pageText: string): Choice {
  const text = foldKey(pageText);
  return pick(tally(candidates, 'company'), (key) => (key.length > 2 && text.includes(key) ? 1 : 0));
}

const SEPARATOR = /(\s+[|·–—-]\s+|\s+(?:at|bei|chez|@)\s+|\s*\|\s*)/;
const JOB_ID = /\s*\((?:[A-Z]{0,5}-?)?\d[\d-]{2,}\)\s*$/;

/** Whether a page-title part is the company, the platform or careers wording rather than the job. */
function removable(part: string, companies: Set<string>): boolean {
  const f = foldKey(part);
  if (!f || PLATFORM_NAMES.has(f) || TITLE_NOISE.test(part.trim())) return true;
  const company = cleanCompany(part);
  return companies.has(f) || (!!company && companies.has(foldKey(company)));
}

/**
 * A page title with the company, platform and careers wording cut from its ends: 'Job Description - Analyst (2026-4471)
 * | Beacon Health Careers' → 'Analyst'; 'Founding Engineer at Quill Health | Dover' → 'Founding Engineer'.
 */
export function cleanTitleString(text: string, companies: Set<string>): string {
  const parts = text.replace(TITLE_PREFIX, '').split(SEPARATOR);
  // parts alternate text, separator, text, ...
  while (parts.length > 1 && removable(parts[0] ?? '', companies)) parts.splice(0, 2);
  while (parts.length > 1 && removable(parts.at(-1) ?? '', companies)) parts.splice(-2, 2);
  const cleaned = parts.join('').replace(TITLE_PREFIX, '').replace(JOB_ID, '').trim();
  return removable(cleaned, companies) ? '' : cleaned;
}

/** The title: the value most sources agree on, never the company or careers wording. */
export function chooseTitle(candidates: Candidate[], companies: Set<string>): Choice {
  const groups = tally(candidates, 'title');
  for (const key of [...groups.keys()]) if (removable(groups.get(key)?.value ?? '', companies)) groups.delete(key);
  return pick(groups);
}

const partsOf = (value: string) => new Set(foldKey(value).split(/[,;]\s*/));

/** The location, with its work mode in front when the page states one ('Hybrid, Lyon'). */
export function chooseLocation(candidates: Candidate[]): Choice {
  const groups = tally(candidates, 'location');
  const entries = [...groups.entries()].map(([key, g]) => ({ key, g, parts: partsOf(g.value) }));
  const choice = pick(groups, (key, g) => {
    // A location that contains another reading ('Boston, MA, US' ⊇ 'Boston, MA') is supported by it.
    const mine = partsOf(g.value);
    let support = 0;
    for (const other of entries)
      if (other.key !== key && [...other.parts].every((p) => mine.has(p))) support += scoreOf(other.g) / 2;
    return support;
  });
  const mode = pick(tally(candidates, 'mode'));
  if (mode.score < 1.5 || foldKey(choice.value).startsWith(foldKey(mode.value))) return choice;
  if (!choice.value) return mode;
  const rest = choice.value.replace(/^(?:remote|hybrid),\s*/i, '');
  return { value: `${mode.value}, ${rest}`, score: choice.score };
}

const SPECIFIC: EmploymentType[] = ['internship', 'freelance', 'contract', 'part-time', 'full-time'];

/** The employment type: the best supported; between equals, the more specific ('CDD' over 'Temps plein'). */
export function chooseJobType(candidates: Candidate[]): Choice {
  const groups = tally(candidates, 'job_type');
  let best: Choice = { value: '', score: 0 };
  for (const type of SPECIFIC) {
    const group = groups.get(type);
    const score = group ? scoreOf(group) : 0;
    if (score > best.score + 0.25) best = { value: type, score };
  }
  return best;
}

export function chooseSalary(candidates: Candidate[]): Choice {
  return pick(tally(candidates, 'salary_range'));
}
