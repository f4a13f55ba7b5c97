// Resume field extraction, education: institutions, degrees and their dates.
import { type ParsedEducation } from '@referwell/shared';
import { BULLET } from './sections';
import { readPlace } from './places';
import { cleanTitle } from './names';
import { DATE_RANGE_RE, SINGLE_DATE_RE, SPLIT_PARTS, normaliseDate, parseDateRange } from './work';

const INSTITUTION_RE =
  /\b(?:university|college|institute|school|academy|polytechnic|universit\p{L}*|école|hochschule|fachhochschule|escuela|scuola|escola|instituto|istituto|politecnico|polit[eé]cnic[ao]|hogeschool|högskola|akademie|academia|lycée|insa|ifsi|insead)\b/iu;
const DEGREE_RE =
  /\b(?:B\.?S\.?N?|B\.?Sc\.?|B\.?A\.?|B\.?Eng\.?|BBA|M\.?S\.?N?|M\.?Sc\.?|M\.?A\.?|M\.?Eng\.?|MBA|MPH|MHA|MHI|M\.?D\.?|Ph\.?D\.?|D\.?N\.?P\.?|Pharm\.?D\.?|DPT|J\.?D\.?|A\.?A\.?S\.?|A\.?S\.?N\.?|Associate|Bachelor|Master|Doctor(?:ate)?|Diploma|Certificate)(?:'s)?\b/;

export function parseEducation(lines: string[]): ParsedEducation[] {
  const out: ParsedEducation[] = [];
  const yearOf = (l: string) => {
    const range = parseDateRange(l);
    if (range) return range.endDate === 'Present' ? 'Present' : range.endDate;
    const all = [...l.matchAll(new RegExp(SINGLE_DATE_RE.source, 'gi'))];
    return all.length ? normaliseDate(all[all.length - 1]![1]!) : null;
  };
  const strip = (l: string) =>
    cleanTitle(
      l
        .replace(DATE_RANGE_RE, ' ')
        .replace(new RegExp(SINGLE_DATE_RE.source, 'gi'), ' ')
        .replace(/\b(?:expected|graduated|class of)\b/gi, ' ')
        .replace(/[()]/g, ' ')
        .replace(/\s{2,}/g, ' '),
    );
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(BULLET, '');
    if (!INSTITUTION_RE.test(line)) continue;
    const parts = line.split(SPLIT_PARTS).map(strip).filter(Boolean);
    const institutionPart = parts.find((p) => INSTITUTION_RE.test(p)) ?? strip(line);
    // 'B.S. Computer Science, University of X' in one part.
    let institution = institutionPart;
    let degree: string | null = parts.find((p) => p !== institutionPart && DEGREE_RE.test(p)) ?? null;
    if (!degree && DEGREE_RE.test(institutionPart) && institutionPart.includes(',')) {
      const [a, ...b] = institutionPart.split(/\s*,\s*/);
      const inst = [a!, ...b].find((p) => INSTITUTION_RE.test(p));
      const deg = [a!, ...b].find((p) => DEGREE_RE.test(p) && !INSTITUTION_RE.test(p));
      if (inst && deg) {
        institution = inst;
        degree = deg;
      }
    }
    // 'University of Texas, Austin, TX' → 'University of Texas'.
    const pieces = institution.split(/\s*,\s*/);
    while (
      pieces.length > 1 &&
      readPlace(pieces.slice(-2).join(', ')) &&
      !INSTITUTION_RE.test(pieces[pieces.length - 1]!)
    )
      pieces.pop();
    while (
      pieces.length > 1 &&
      readPlace(pieces[pieces.length - 1]!) &&
      !INSTITUTION_RE.test(pieces[pieces.length - 1]!)
    )
      pieces.pop();
    institution = pieces.join(', ');
    let endDate = yearOf(line);
    const neighbours = [lines[i + 1], lines[i - 1]].filter((l): l is string => !!l && !INSTITUTION_RE.test(l));
    for (const n of neighbours) {
      if (!degree && DEGREE_RE.test(n) && n.length < 100) degree = strip(n.replace(BULLET, '')) || null;
      if (!endDate && n === lines[i + 1]) endDate = yearOf(n);
    }
    if (degree) degree = degree.replace(/\s*,\s*$/, '');
    out.push({ institution, degree: degree || null, endDate });
  }
  return out;
}
