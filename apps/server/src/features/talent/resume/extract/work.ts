// Resume field extraction, dates and work history: date ranges in the usual formats, entries, years of experience.
import { type ParsedWork } from '@referwell/shared';
import { BULLET, headingOf } from './sections';
import { ORG_WORDS, cleanTitle, isTitle } from './names';
import { PRESENT_WORDS, monthNumber, monthWords } from './languages';
import { readPlace } from './places';

const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, "['’]");
/** Month words of the twelve languages, accents optional ('März', 'Marz'), an optional dot after. */
const MONTH_NAME = `(?:${monthWords().map(escape).join('|')})`;
const DATE_TOKEN = `(?:${MONTH_NAME}\\.?,?\\s*\\d{4}|\\d{4}[-/.](?:0?[1-9]|1[0-2])(?!\\d)|(?:0?[1-9]|1[0-2])[/.-]\\d{4}|(?:19|20)\\d{2})`;
const PRESENT = `(?:${[...PRESENT_WORDS]
  .sort((a, b) => b.length - a.length)
  .map(escape)
  .join('|')})`;
const RANGE_SEPARATOR = '(?:–|—|-|−|~|to|until|through|thru|bis|au|à|a|al|hasta|till|tot|do|até|fino a|ad oggi)';
export const DATE_RANGE_RE = new RegExp(
  `(?<![\\d/])(${DATE_TOKEN})\\s*${RANGE_SEPARATOR}\\s*(${DATE_TOKEN}|${PRESENT})(?![\\d/\\p{L}])`,
  'iu',
);
export const SINGLE_DATE_RE = new RegExp(`(?<![\\d/])(${DATE_TOKEN})(?![\\d/])`, 'iu');

/** 'Jan 2019', 'März 2019', 'janv. 2019' → '2019-01'; '2018-03' → '2018-03'; '03/2017' → '2017-03'; 'heute' → 'Present'. */
export function normaliseDate(token: string): string | null {
  const t = token.trim().replace(/\.$/, '');
  if (new RegExp(`^${PRESENT}$`, 'iu').test(t)) return 'Present';
  let m = /^(\p{L}+)\.?,?\s*(\d{4})$/u.exec(t);
  if (m) {
    const month = monthNumber(m[1]!);
    return month ? `${m[2]}-${String(month).padStart(2, '0')}` : m[2]!;
  }
  m = /^(\d{4})[-/.](\d{1,2})$/.exec(t);
  if (m) return `${m[1]}-${m[2]!.padStart(2, '0')}`;
  m = /^(\d{1,2})[/.-](\d{4})$/.exec(t);
  if (m) return `${m[2]}-${m[1]!.padStart(2, '0')}`;
  m = /^(\d{4})$/.exec(t);
  return m ? m[1]! : null;
}

/** A date range in a line: start and end normalised, plus the line with the range removed. */
export function parseDateRange(
  line: string,
): { startDate: string | null; endDate: string | null; rest: string } | null {
  const m = DATE_RANGE_RE.exec(line);
  if (!m) return null;
  const rest = (line.slice(0, m.index) + ' ' + line.slice(m.index + m[0].length))
    .replace(/[()[\]]/g, ' ')
    .replace(/\s{2,}/g, '  ')
    .trim();
  return { startDate: normaliseDate(m[1]!), endDate: normaliseDate(m[2]!), rest };
}

function isBulletLine(line: string): boolean {
  if (BULLET.test(line)) return true;
  return line.length > 110 || (/[.;]$/.test(line) && line.split(' ').length > 7);
}

/** A part that is only a place ('Boston, MA', 'München'), not an employer followed by its town. */
const LOCATION_ONLY = {
  test: (p: string) => {
    if (/^(?:remote|hybrid|on-?site)$/i.test(p.trim())) return true;
    const place = readPlace(p);
    return !!place && place.strength >= 2 && p.split(',').length <= 2 && p.trim().startsWith(place.city);
  },
};

/** 'Acme Health, Boston, MA' → 'Acme Health'; 'Klinikum Stuttgart, Remote' → 'Klinikum Stuttgart'. */
function stripLocation(s: string): string {
  const parts = s.split(/\s*,\s*/);
  for (let n = Math.min(2, parts.length - 1); n >= 1; n--) {
    const tail = parts.slice(-n).join(', ');
    if (/^(?:remote|hybrid)$/i.test(tail) || (readPlace(tail)?.strength ?? 0) >= (n === 2 ? 2 : 1))
      return parts.slice(0, -n).join(', ').trim();
  }
  return s.trim();
}

/** Employer and title from the parts of an entry's header lines (dates already removed). */
function assignEmployerTitle(parts: string[]): { employer: string; title: string } | null {
  const cleaned = parts
    .map((p) => cleanTitle(p.replace(/\((?:remote|hybrid|contract|full[- ]time|part[- ]time)\)/gi, '')))
    .filter((p) => p && !LOCATION_ONLY.test(p) && !/^(?:remote|hybrid)$/i.test(p));
  if (!cleaned.length) return null;
  // 'Title at Employer' (in any part)
  for (const part of cleaned) {
    const at = /^(.+?)\s+(?:at|@)\s+(.+)$/i.exec(part);
    if (at && isTitle(at[1]!)) return { title: cleanTitle(at[1]!), employer: stripLocation(cleanTitle(at[2]!)) };
  }
  if (cleaned.length === 1) {
    const at = /^(.+?)\s+(?:at|@)\s+(.+)$/i.exec(cleaned[0]!);
    if (at) return { title: cleanTitle(at[1]!), employer: cleanTitle(at[2]!) };
    const comma = cleaned[0]!.split(/\s*,\s*/);
    if (comma.length >= 2 && !LOCATION_ONLY.test(cleaned[0]!)) {
      const withoutLocation = stripLocation(cleaned[0]!);
      if (withoutLocation !== cleaned[0]) return assignEmployerTitle([withoutLocation]);
      return assignEmployerTitle(comma);
    }
    return isTitle(cleaned[0]!) ? { title: cleaned[0]!, employer: '' } : { title: '', employer: cleaned[0]! };
  }
  const scoreTitle = (p: string) =>
    (isTitle(p) ? 2 : 0) - (ORG_WORDS.test(p) ? 1 : 0) - (/\b(?:inc|llc|ltd|corp|gmbh)\b/i.test(p) ? 2 : 0);
  let titleIndex = 0;
  cleaned.forEach((p, i) => {
    if (scoreTitle(p) > scoreTitle(cleaned[titleIndex]!)) titleIndex = i;
  });
  const title = scoreTitle(cleaned[titleIndex]!) > 0 ? cleaned[titleIndex]! : '';
  const employer = stripLocation(cleaned.find((p, i) => i !== titleIndex || !title) ?? '');
  return { title, employer: employer === title ? '' : employer };
}

export const SPLIT_PARTS = /\s*[|•·▪]\s*|\s+[–—]\s+|\s+-\s+|\s{2,}|\t/;

/** Which lines are description (bullets, sentences and their wrapped continuations) rather than entry headers. */
function descriptionFlags(lines: string[]): boolean[] {
  const flags: boolean[] = [];
  lines.forEach((line, i) => {
    const continuation =
      i > 0 && flags[i - 1] && !DATE_RANGE_RE.test(line) && (/^[\p{Ll}(&]/u.test(line) || /[.;,]$/.test(line));
    flags.push(isBulletLine(line) || !!continuation);
  });
  return flags;
}

export function parseWork(lines: string[]): ParsedWork[] {
  const work: ParsedWork[] = [];
  const described = descriptionFlags(lines);
  // Entries: a date range anchors each; its header is the non-bullet lines around it (up to 2 before, 1 after).
  const dateLines = lines.map((l, i) => (DATE_RANGE_RE.test(l) ? i : -1)).filter((i) => i >= 0);
  let consumedUntil = -1;
  dateLines.forEach((i, k) => {
    const next = dateLines[k + 1] ?? lines.length;
    const range = parseDateRange(lines[i]!)!;
    const parts: string[] = [];
    // Lines just before the date line that are not bullets and not used by the previous entry.
    const before: string[] = [];
    for (let j = i - 1; j > consumedUntil && j >= i - 2; j--) {
      const l = lines[j]!;
      if (described[j] || DATE_RANGE_RE.test(l)) break;
      before.unshift(l);
    }
    const restText = range.rest.replace(BULLET, '').trim();
    const restParts = restText ? restText.split(SPLIT_PARTS).filter(Boolean) : [];
    for (const l of before) parts.push(...l.split(SPLIT_PARTS));
    parts.push(...restParts);
    let assigned = assignEmployerTitle(parts.filter(Boolean));
    consumedUntil = i;
    // Header split over lines (Title / Dates / Employer): the next short non-description line completes it.
    if ((!assigned?.employer || !assigned.title) && i + 1 < next) {
      const l = lines[i + 1]!;
      if (!described[i + 1] && l.split(' ').length <= 8 && !headingOf(l)) {
        const completed = assignEmployerTitle([...parts, ...l.split(SPLIT_PARTS)].filter(Boolean));
        if (completed?.employer && completed.title) {
          assigned = completed;
          consumedUntil = i + 1;
        }
      }
    }
    // A heading wrapped in a narrow column: 'Técnico — Hospital' / 'Miguel Servet' (no title word, no date, short).
    if (assigned?.employer && assigned.title && i + 1 < next && consumedUntil === i) {
      const l = lines[i + 1]!;
      if (
        !described[i + 1] &&
        /^[\p{Lu}]/u.test(l) &&
        l.split(' ').length <= 4 &&
        !isTitle(l) &&
        !headingOf(l) &&
        !SINGLE_DATE_RE.test(l)
      ) {
        const title = parts.some((p) => p.includes(assigned!.employer)) ? assigned.title : null;
        if (title && parts.join(' ').trim().endsWith(assigned.employer)) {
          assigned = { ...assigned, employer: `${assigned.employer} ${l}` };
          consumedUntil = i + 1;
        }
      }
    }
    if (!assigned || (!assigned.employer && !assigned.title)) return;
    work.push({
      employer: assigned.employer,
      title: assigned.title,
      startDate: range.startDate,
      endDate: range.endDate,
    });
  });
  return work;
}

const toMonths = (date: string | null, now: Date): number | null => {
  if (!date) return null;
  if (date === 'Present') return now.getUTCFullYear() * 12 + now.getUTCMonth();
  const [y, m] = date.split('-').map(Number);
  if (!y) return null;
  // Year-only dates count from January: '2015 – 2018' is 3 years.
  return y * 12 + (m ? m - 1 : 0);
};

/** Total years covered by the work history, overlapping ranges merged, rounded down. */
export function yearsFromWork(work: ParsedWork[], now: Date): number | null {
  const ranges = work
    .map((w) => [toMonths(w.startDate, now), toMonths(w.endDate, now)] as const)
    .filter((r): r is readonly [number, number] => r[0] !== null && r[1] !== null && r[1] >= r[0])
    .map(([a, b]) => [a, b] as [number, number])
    .sort((a, b) => a[0] - b[0]);
  if (!ranges.length) return null;
  let total = 0;
  let [start, end] = ranges[0]!;
  for (const [a, b] of ranges.slice(1)) {
    if (a <= end) end = Math.max(end, b);
    else {
      total += end - start;
      [start, end] = [a, b];
    }
  }
  total += end - start;
  return Math.floor(total / 12);
}

const WORD_NUMBERS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
};

/** '8+ years of experience', 'over ten years in ...' in the summary or headline. */
export function explicitYears(text: string): number | null {
  const m =
    /\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty)\s*\+?\s*(?:plus\s+)?years?\b(?:\s+(?:of|in|across|as|building|working|leading|delivering|designing|supporting|experience))/i.exec(
      text,
    );
  if (!m) return null;
  const n = /^\d+$/.test(m[1]!) ? Number(m[1]) : WORD_NUMBERS[m[1]!.toLowerCase()];
  return n && n > 0 && n < 60 ? n : null;
}
