// Resume field extraction, skills against the shared vocabulary and industries against ours.
import { recogniseSkills } from '@referwell/shared';
import { INDUSTRY_VOCABULARY, SOFTWARE_TOOLS } from './vocabulary';
import { BULLET } from './sections';

/** Skills: vocabulary terms anywhere (canonical names) plus the short items listed under a Skills heading. */
export function findSkills(text: string, skillLines: string[]): { skills: string[]; softwareTools: string[] } {
  const recognised = recogniseSkills(text);
  const seen = new Set(recognised.map((s) => s.toLowerCase()));
  const listed: string[] = [];
  // A list wrapped over lines ('21 CFR Part' / '11, Excel'): a line starting in lower case or with a digit continues.
  const joinedLines: string[] = [];
  for (const line of skillLines) {
    if (joinedLines.length && /^[\p{Ll}\d]/u.test(line) && !/[,;|]$/.test(joinedLines[joinedLines.length - 1]!))
      joinedLines[joinedLines.length - 1] += ` ${line}`;
    else joinedLines.push(line);
  }
  for (const line of joinedLines) {
    const body = line.replace(BULLET, '').replace(/^[\p{L} &/]{2,30}:\s*/u, '');
    for (const item of body.split(/\s*[,;|•·▪]\s*|\s{2,}/)) {
      const term = item.replace(/[.()]+$/, '').trim();
      if (!term || term.length > 40 || term.split(' ').length > 4 || /^\d+$/.test(term)) continue;
      if (recogniseSkills(term).length) continue; // already counted in its canonical form
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
