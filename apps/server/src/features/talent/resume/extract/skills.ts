// Resume field extraction, skills: vocabulary terms wherever they are named (experience bullets included, contact
// lines excepted) under their canonical names, plus the items listed under a skills heading in any language or in
// a grid of competencies; places, contact details and spoken languages are not skills.
import { canonicalSkill, recogniseSkills } from '@referwell/shared';
import { INDUSTRY_VOCABULARY, SOFTWARE_TOOLS } from './vocabulary';
import { BULLET, type Line } from './sections';
import { EMAIL_RE } from './shapes';
import { namesDegree } from './languages';
import { readPlace } from './places';
import { phoneCandidates } from './phone';

/** A résumé's skills include ways of working ('Testautomatisierung', 'wound care'), not only named tools. */
const WITH_PRACTICES = { practices: true };

const DATE_ONLY = /^(?:\p{L}+\.?\s*)?\d{4}(?:\s*[-–]\s*(?:\p{L}+\.?\s*)?\d{4})?$/u;

/** Whether a listed item is contact data or a place rather than a skill. */
function notASkill(item: string, name: string | null, city: string | null): boolean {
  if (EMAIL_RE.test(item) || /https?:|www\.|\.(?:com|io|dev|org)\b/i.test(item)) return true;
  if (phoneCandidates(item).some((p) => p.replace(/\D/g, '').length >= 7)) return true;
  if (DATE_ONLY.test(item) || /^\d+$/.test(item)) return true;
  if (name && item.toLowerCase() === name.toLowerCase()) return true;
  if (city && item.toLowerCase() === city.toLowerCase()) return true;
  return (readPlace(item)?.strength ?? 0) >= 2;
}

/**
 * 'Accessibility (WCAG)' → both; 'SQL (advanced)', 'Python (5 years)' → the skill only: a parenthesis adds a skill
 * when it names one (an acronym, a vocabulary term), not when it grades the one before it.
 */
function parenthesised(item: string): string[] {
  const m = /^(.*?)\s*\(([^)]*)\)?\s*$/.exec(item.trim());
  if (!m || !m[1]) return [item];
  const inner = m[2]!.trim();
  const namesOne =
    /^[\p{Lu}\d][\p{Lu}\d.\-/ ]{1,15}$/u.test(inner) || recogniseSkills(inner, WITH_PRACTICES).length > 0;
  return namesOne ? [m[1], inner] : [m[1]];
}

/**
 * The lines as text for the vocabulary: a line wrapped inside one paragraph ('Sketch and Adobe XD' / 'prototypes')
 * continues it, so a name split over the wrap is still found; lines of different paragraphs, sections or blocks are
 * kept apart by a stop, so no name is read across them ('Master in Interaction Design' / 'UX designer for …').
 */
function runningText(lines: Line[], titles: string[]): string {
  // A job title names the role, not a skill of it ('DevOps Engineer', 'Cyber Security Analyst').
  const titleRe = titles.length
    ? new RegExp(
        [...titles]
          .sort((a, b) => b.length - a.length)
          .map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('|'),
        'giu',
      )
    : null;
  let text = '';
  let previous: Line | null = null;
  for (const line of lines) {
    const continues =
      previous !== null &&
      previous.section === line.section &&
      previous.block === line.block &&
      previous.index === line.index - 1 &&
      line.cells.length === 1 &&
      previous.cells.length === 1 &&
      !BULLET.test(line.content) &&
      !/[.;:!?]$/.test(previous.content);
    const content = titleRe ? line.content.replace(titleRe, ' . ') : line.content;
    text += previous === null ? content : `${continues ? '\n' : '\n.\n'}${content}`;
    previous = line;
  }
  return text;
}

/** Lines that are contact details (a place, a phone, an e-mail in a contact area): never read for skills. */
const contactLine = (l: Line) =>
  (l.section === 'header' || l.section === 'contact' || l.zone === 'header' || l.zone === 'footer') &&
  (EMAIL_RE.test(l.text) || phoneCandidates(l.text).length > 0 || !!readPlace(l.text));

export function findSkills(
  lines: Line[],
  person: { name?: string | null; city?: string | null; titles?: string[] } = {},
): { skills: string[]; softwareTools: string[] } {
  const name = person.name ?? null;
  const city = person.city ?? null;
  const readable = lines.filter(
    (l) =>
      !l.heading &&
      !l.docTitle &&
      !contactLine(l) &&
      l.section !== 'languages' &&
      l.section !== 'publications' &&
      !(l.section === 'education' && namesDegree(l.content)),
  );
  const recognised = recogniseSkills(runningText(readable, person.titles ?? []), WITH_PRACTICES);
  const seen = new Set(recognised.map((s) => s.toLowerCase()));
  const listed: string[] = [];
  // A list wrapped over lines ('21 CFR Part' / '11, Excel'; 'Airflow ·' / 'Snowflake'): a line starting in lower case
  // or with a digit, or after a line ending in a separator, continues it.
  const joinedLines: string[] = [];
  let previous: Line | null = null;
  for (const line of readable.filter((l) => l.section === 'skills' || l.skillList)) {
    const text = line.cells.length > 1 ? line.cells.join(' | ') : line.content;
    if (
      previous &&
      previous.block === line.block &&
      (/^[\p{Ll}\d]/u.test(text) || /[,;|·•]$/.test(joinedLines[joinedLines.length - 1]!)) &&
      !BULLET.test(text)
    )
      joinedLines[joinedLines.length - 1] += ` ${text}`;
    else joinedLines.push(text);
    previous = line;
  }
  for (const line of joinedLines) {
    const body = line.replace(BULLET, '').replace(/^[\p{L} &/-]{2,30}:\s*/u, '');
    for (const raw of body.split(/\s*[,;|•·▪]\s*|\s{2,}|\s+\/\s+/).flatMap(parenthesised)) {
      const term = raw
        .replace(BULLET, '')
        .replace(/[.:]+$/, '')
        .trim();
      if (!term || term.length > 40 || term.split(' ').length > 5 || notASkill(term, name, city)) continue;
      // Already counted in its canonical form ('Postgres' → PostgreSQL); a longer name ('SQL Server') stays too.
      const known = recogniseSkills(term, WITH_PRACTICES);
      if (
        known.length === 1 &&
        (known[0]!.toLowerCase() === term.toLowerCase() || canonicalSkill(term, WITH_PRACTICES) === known[0])
      )
        continue;
      if (seen.has(term.toLowerCase())) continue;
      seen.add(term.toLowerCase());
      listed.push(term);
    }
  }
  const all = [...recognised, ...listed];
  return { skills: all.filter((s) => !SOFTWARE_TOOLS.has(s)), softwareTools: all.filter((s) => SOFTWARE_TOOLS.has(s)) };
}

export function findIndustries(text: string): string[] {
  return INDUSTRY_VOCABULARY.filter(({ pattern }) => pattern.test(text)).map(({ name }) => name);
}
