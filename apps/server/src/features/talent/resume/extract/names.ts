// Resume field extraction, the person's name and the headline's job titles. The name is chosen among candidates
// from the top of the page, sidebars, header tables, page headers and text boxes, scored by type size, position and
// agreement with the e-mail address; titles, places, headings and document titles ('RÉSUMÉ') are not names, and
// credentials and pronouns after a name are not part of it.
import { recogniseSkills } from '@referwell/shared';
import { closeUpLetterSpacing } from '../layout/pdf-reading-order';
import { contactPlace, pick, type Candidate } from './evidence';
import { contactLabel, fold, hasTitleWord, isDocumentTitle, lookupHeading } from './languages';
import { readPlace } from './places';
import { EMAIL_RE, contactParts } from './shapes';
import type { Line } from './sections';

export const ORG_WORDS =
  /\b(?:inc|llc|ltd|gmbh|ag|corp|corporation|co|company|group|labs?|health|healthcare|hospital|clinic|medical|systems|technologies|technology|solutions|partners|associates|university|college|institute|center|centre|institut|foundation|pharma|pharmaceuticals|therapeutics|biosciences|networks|services|software|bank|agency|department|ministry|nhs|trust|klinikum|universität|hochschule|hôpital|hospital|clínica|ospedale|ziekenhuis|sa|sl|srl|bv|spa)\b\.?/i;

/** Words that make a phrase an organisation rather than a job title. */
const CORP_RE = /\b(?:inc|llc|ltd|gmbh|corp|corporation|company|university|college|hospital|clinic|plc|ag|sa)\b\.?/i;

const NAME_PARTICLE = /^(?:van|von|de|del|della|da|di|du|la|le|bin|al|ibn|der|den|ter|y|e|dos|das|zu|af|av)$/i;
const HONORIFIC =
  /^(?:dr|mr|mrs|ms|mx|prof|professor|dipl\.?-?\w*|dott|dott\.ssa|ing|lic|mag|sr|sra|mme|m|herr|frau)\.?\s+/i;
const PRONOUNS =
  /\s*[([]?\b(?:she|he|they|ze|xe|elle|il|iel|sie|er|ella|él)\s*\/\s*(?:her|him|them|hers|his|theirs|hir|xem|elle|lui|ihr|ihm|ella|él|sie)(?:\s*\/\s*\w+)?\b[)\]]?/giu;
/** Credentials after a comma: ', RN, MSN', ', PharmD, BCPS', ', MD, MPH', ', MSN, RN-BC', ', PhD'. */
const CREDENTIALS = /,\s*(?:[A-Z][A-Za-z.]{0,7}(?:-[A-Z]{1,4})?)(?:\s*,?\s*[A-Z][A-Za-z.]{0,7}(?:-[A-Z]{1,4})?)*\s*$/;

function titleCaseName(name: string): string {
  if (name !== name.toUpperCase()) return name;
  return name
    .toLowerCase()
    .split(' ')
    .map((w) =>
      NAME_PARTICLE.test(w) ? w : w.replace(/(^|[-'’])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase()),
    )
    .join(' ');
}

/** A cell cleaned to the name it may hold ('Dr. Rachel Okafor, PharmD (she/her)' → 'Rachel Okafor'), or null. */
export function cleanName(raw: string): string | null {
  let t = closeUpLetterSpacing(raw).replace(/\s+/g, ' ').trim();
  const label = contactLabel(t);
  if (label) {
    if (label.kind !== 'name') return null;
    t = label.rest;
  }
  t = t
    .replace(PRONOUNS, ' ')
    .replace(/(^|\s)(\p{Lu}) \.(?=\s|$)/gu, '$1$2.')
    .replace(/\s+/g, ' ')
    .trim();
  for (let i = 0; i < 3 && HONORIFIC.test(t); i++) t = t.replace(HONORIFIC, '');
  t = t
    .replace(CREDENTIALS, '')
    .replace(/[,;:|]+$/, '')
    .trim();
  if (!t || /\d|@|https?:|www\.|\.(?:com|org|net|de|fr|es)\b/i.test(t)) return null;
  const words = t.split(' ');
  if (words.length < 2 || words.length > 5) return null;
  const nameWord = (w: string) =>
    NAME_PARTICLE.test(w) ||
    /^[\p{Lu}]\.$/u.test(w) ||
    /^[\p{Lu}][\p{L}'’-]*\p{L}$/u.test(w) ||
    /^[\p{Lu}]['’][\p{Lu}][\p{L}'’-]+$/u.test(w);
  if (!words.every(nameWord) || words.every((w) => NAME_PARTICLE.test(w))) return null;
  if (!/^[\p{Lu}]/u.test(words[0]!) || !/^[\p{Lu}]/u.test(words[words.length - 1]!)) return null;
  return titleCaseName(t);
}

/** Whether a name shares words with an e-mail's local part ('tamika.brooks@…', 'tbrooks@…'). */
function agreesWithEmail(name: string, email: string | null): number {
  if (!email) return 0;
  const local = fold(email.split('@')[0]!).replace(/[^a-z]/g, '');
  const parts = fold(name)
    .split(/[\s'’-]+/)
    .map((p) => p.replace(/[^a-z]/g, ''))
    .filter((p) => p.length >= 3);
  const hits = parts.filter((p) => local.includes(p)).length;
  return hits >= 2 ? 3 : hits === 1 ? 2 : 0;
}

/** Penalties for a name-shaped phrase that is something else: a title, an organisation, a place, a skill, a heading. */
function notAName(name: string): number {
  let penalty = 0;
  if (hasTitleWord(name)) penalty += 8;
  if (ORG_WORDS.test(name)) penalty += 3;
  if (lookupHeading(name) || isDocumentTitle(name)) penalty += 10;
  const place = readPlace(name);
  if (place) penalty += place.strength >= 2 ? 5 : 2;
  const skills = recogniseSkills(name);
  if (skills.length && skills.join(' ').length >= name.length * 0.5) penalty += 4;
  return penalty;
}

export function findName(lines: Line[], email: string | null = null): string | null {
  const candidates: Candidate<string>[] = [];
  const firstPage = lines.filter((l) => l.page === 1);
  const largest = Math.max(0, ...firstPage.map((l) => l.size));
  const early = (l: Line) =>
    l.section === 'header' ||
    l.section === 'contact' ||
    l.zone === 'header' ||
    l.zone === 'box' ||
    (l.page === 1 && l.top !== null && l.top < 0.3);
  const consider = (raw: string, line: Line, size: number, rank: number, joined = false) => {
    const name = cleanName(raw);
    if (!name) return;
    // A name set on two lines reads whole: its first line alone is also name-shaped ('José Luis García').
    let score = joined ? 2 : 1;
    score += size >= 1.6 ? 3 : size >= 1.3 ? 1.5 : size >= 1.1 ? 0.5 : 0;
    if (size >= largest - 0.05 && largest >= 1.2) score += 2;
    score += Math.max(0, 2 - rank * 0.5);
    score += Math.min(2, Math.max(-1, contactPlace(line)));
    if (line.zone === 'footer') score -= 1;
    score += agreesWithEmail(name, email);
    score -= notAName(name);
    // Names head the page or its contact block; a line inside a section is a degree, an employer, a skill.
    if (line.section !== 'header' && line.section !== 'contact' && line.zone !== 'header' && line.zone !== 'box')
      score -= 3;
    candidates.push({ value: name, key: name.toLowerCase(), score });
  };
  let rank = 0;
  const pool = lines.filter((l) => !l.heading && !l.docTitle && (early(l) || l.index < 12));
  pool.forEach((line, i) => {
    if (EMAIL_RE.test(line.text) && line.cells.length === 1) return;
    for (const cell of line.cells) {
      consider(cell, line, line.size, rank);
      // 'Maria Lopez, RN | Austin, TX': the name is one part of a line of contact details.
      const parts = contactParts(cell);
      if (parts.length > 1) for (const part of parts) consider(part, line, line.size, rank);
    }
    // A name split into cells of one row ('JANE' 'DOE'), or set on two lines ('Lucinda' / 'Marsh-Oyelaran').
    if (line.cells.length === 2 && line.cells.every((c) => /^[\p{Lu}][\p{L}'’-]+$/u.test(c)))
      consider(line.cells.join(' '), line, line.size, rank);
    const next = pool[i + 1];
    if (
      next &&
      next.block === line.block &&
      line.size >= 1.3 &&
      Math.abs(next.size - line.size) < 0.25 &&
      line.cells.length === 1 &&
      next.cells.length === 1
    )
      consider(`${line.text} ${next.text}`, line, line.size, rank, true);
    if (line.cells.some((c) => cleanName(c))) rank++;
  });
  return pick(candidates, 0);
}

export function cleanTitle(title: string): string {
  return title
    .replace(/^[\s,:;–—|-]+|[\s,:;–—|-]+$/g, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

export const isTitle = (s: string) => hasTitleWord(s) && s.split(/\s+/).length <= 8 && !EMAIL_RE.test(s);

/** The headline near the name ('Senior Software Engineer | Health IT', 'Ingénieure logiciel santé'). */
export function findHeadline(lines: Line[], name: string | null): string[] {
  const titles: string[] = [];
  const nameLine = name
    ? lines.find((l) => l.cells.some((c) => cleanName(c)?.toLowerCase() === name.toLowerCase()))
    : undefined;
  const near = nameLine
    ? lines.filter(
        (l) =>
          (l.section === 'header' || l.section === 'contact' || l.zone === 'header') &&
          l.index >= nameLine.index - 2 &&
          l.index <= nameLine.index + 3,
      )
    : lines.filter((l) => l.section === 'header').slice(0, 6);
  for (const line of near) {
    if (line.heading || line.docTitle) continue;
    for (const cell of line.cells) {
      if (name && cell.toLowerCase().includes(name.toLowerCase())) {
        const rest = cell.slice(cell.toLowerCase().indexOf(name.toLowerCase()) + name.length);
        for (const part of rest.split(/\s*[|•·,–—]\s*/))
          if (isTitle(part) && !/\d/.test(part)) titles.push(cleanTitle(part));
        continue;
      }
      if (EMAIL_RE.test(cell) || /\d{3}/.test(cell) || /linkedin|https?:|www\./i.test(cell)) continue;
      if (cleanName(cell) && name && cleanName(cell)!.toLowerCase() === name.toLowerCase()) continue;
      for (const part of cell.split(/\s*[|•·/]\s*|\s+[–—]\s+|,\s+(?=[\p{Lu}])/u)) {
        if (isTitle(part) && !CORP_RE.test(part) && !readPlace(part)) titles.push(cleanTitle(part));
      }
    }
  }
  return titles;
}
