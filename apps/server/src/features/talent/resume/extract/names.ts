// Resume field extraction, the person's name and the headline's job titles.
import { headingOf } from './sections';
import { EMAIL_RE, LOCATION_RE } from './contact';

const TITLE_WORDS =
  /\b(?:engineer|developer|programmer|manager|director|head|lead|leader|analyst|scientist|designer|nurse|RN|consultant|specialist|coordinator|architect|administrator|officer|intern|associate|president|VP|owner|founder|co-founder|technician|technologist|therapist|physician|pharmacist|researcher|assistant|representative|strategist|executive|supervisor|informaticist|advisor|adviser|coach|educator|recruiter|accountant|auditor|coder|biller|CTO|CEO|CMO|COO|CIO|CMIO|CNO|principal|fellow|resident|practitioner|clinician|partner|instructor|professor|product owner|scrum master|writer|editor|marketer|sales|controller|planner|investigator|auditor|statistician|epidemiologist|SRE|DevOps|QA|tester)s?\b/i;

export const ORG_WORDS =
  /\b(?:inc|llc|ltd|gmbh|corp|corporation|co|company|group|labs?|health|healthcare|hospital|clinic|medical|systems|technologies|technology|solutions|partners|associates|university|college|institute|center|centre|foundation|pharma|pharmaceuticals|therapeutics|biosciences|networks|services|software|bank|agency|department|ministry|nhs|trust)\b\.?/i;

/** Words that make a phrase an organisation rather than a job title. */
const CORP_RE = /\b(?:inc|llc|ltd|gmbh|corp|corporation|company|university|college|hospital|clinic|plc|ag|sa)\b\.?/i;

const NAME_PARTICLE = /^(?:van|von|de|del|della|da|di|du|la|le|bin|al|ibn|der|den|ter|y|e)$/i;

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

/** A person's name: one of the first lines, 2-4 words of letters, not an e-mail, phone, heading or job title. */
export function findName(lines: string[]): string | null {
  for (const raw of lines.slice(0, 8)) {
    for (const part of raw.split(/\s*[|•·▪]\s*|\s{2,}/)) {
      let candidate = part
        .replace(/^(?:name|resume|curriculum vitae|cv)\s*[:-]\s*/i, '')
        .replace(/^(?:dr|mr|mrs|ms|mx|prof)\.?\s+/i, '')
        .replace(/,\s*(?:[A-Z][A-Za-z.-]{1,8})(?:,\s*[A-Z][A-Za-z.-]{1,8})*$/, '') // ', RN, MSN' credentials
        .trim();
      candidate = candidate.replace(/\s+/g, ' ');
      if (!candidate || headingOf(candidate) || EMAIL_RE.test(candidate) || /\d|https?:|www\.|\.com/i.test(candidate))
        continue;
      if (/^(?:resume|curriculum vitae|cv)$/i.test(candidate)) continue;
      const words = candidate.split(' ');
      if (words.length < 2 || words.length > 4) continue;
      if (!words.every((w) => /^[\p{Lu}][\p{L}'’.-]*$/u.test(w) || NAME_PARTICLE.test(w))) continue;
      if (TITLE_WORDS.test(candidate) || ORG_WORDS.test(candidate) || LOCATION_RE.test(candidate)) continue;
      return titleCaseName(candidate);
    }
  }
  return null;
}

export function cleanTitle(title: string): string {
  return title
    .replace(/^[\s,:;–—|-]+|[\s,:;–—|-]+$/g, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

export const isTitle = (s: string) => TITLE_WORDS.test(s) && s.split(/\s+/).length <= 8 && !EMAIL_RE.test(s);

/** The headline under the name ('Senior Software Engineer | Health IT'), if any. */
export function findHeadline(header: string[], name: string | null): string[] {
  const titles: string[] = [];
  for (const line of header.slice(0, 6)) {
    if (name && line.toLowerCase().includes(name.toLowerCase())) {
      const rest = line.slice(line.toLowerCase().indexOf(name.toLowerCase()) + name.length);
      for (const part of rest.split(/\s*[|•·,–—]\s*/))
        if (isTitle(part) && !/\d/.test(part)) titles.push(cleanTitle(part));
      continue;
    }
    if (EMAIL_RE.test(line) || /\d{3}/.test(line) || /linkedin|https?:|www\./i.test(line)) continue;
    for (const part of line.split(/\s*[|•·/]\s*|\s+[–—]\s+/)) {
      if (isTitle(part) && !CORP_RE.test(part)) titles.push(cleanTitle(part));
    }
  }
  return titles;
}
