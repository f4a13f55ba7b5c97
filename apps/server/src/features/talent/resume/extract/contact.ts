// Resume field extraction, contact details: e-mail, LinkedIn, portfolio, phone and where the person lives, each
// chosen among candidates from every place contact details sit (extract/evidence.ts).
import { contactLabel, fold } from './languages';
import { cleanName } from './names';
import { contactPlace, neighbours, pick, type Candidate } from './evidence';
import { formatPlace, readPlace, type Place } from './places';
import { phoneCandidates, readPhone, type PhoneReading } from './phone';
import type { Line } from './sections';
import { EMAIL_RE, contactParts } from './shapes';

const LINKEDIN_RE = /(?:https?:\/\/)?(?:[a-z]{2,3}\.)?linkedin\.com\/(?:in|pub)\/([A-Za-z0-9_%\-À-ž]+)\/?/i;
const URL_RE =
  /(?<![@\w.-])(?:https?:\/\/)?(?:www\.)?(?:[a-z0-9-]+\.)+(?:com|dev|io|me|net|org|co|design|site|app|tech|health|ai|page|info|codes|blog|xyz|us|uk|de|ca|fr|es|it|nl|eu|pt|ch|at|be|ie|se|dk|no|fi|pl|studio|portfolio)(?:\/[^\s,;|()<>]*)?(?![\w@])/gi;
const DATE_RANGE_HINT = /(?:19|20)\d{2}\s*[-–—]\s*(?:(?:19|20)\d{2}|\p{L}+)/u;

export function findEmail(lines: Line[]): string | null {
  const candidates: Candidate<string>[] = [];
  for (const line of lines) {
    for (const m of line.text.matchAll(new RegExp(EMAIL_RE.source, 'g'))) {
      const email = m[0].replace(/\.$/, '').toLowerCase();
      candidates.push({ value: email, key: email, score: 1 + contactPlace(line) - line.index / 1000 });
    }
  }
  return pick(candidates);
}

export function findLinkedin(text: string, links: string[] = []): string | null {
  for (const source of [text, ...links]) {
    const m = LINKEDIN_RE.exec(source);
    if (m) return `https://www.linkedin.com/in/${m[1]!.replace(/\/$/, '')}`;
  }
  return null;
}

const withScheme = (url: string) => (/^https?:\/\//i.test(url) ? url : `https://${url}`).replace(/[.)]+$/, '');

/** A portfolio or personal site: GitHub, GitLab, Behance, Dribbble or a personal domain; never LinkedIn or e-mail. */
export function findPortfolio(contactText: string, fullText: string, links: string[] = []): string | null {
  const candidates: string[] = [];
  const labelled = fullText
    .split('\n')
    .filter((l) => /\b(?:portfolio|website|web|site|github|gitlab|behance|dribbble|blog)\b/i.test(l))
    .join('\n');
  for (const source of [contactText, labelled, links.join('\n')]) {
    for (const m of source.matchAll(URL_RE)) candidates.push(m[0]);
  }
  const good = candidates.filter(
    (u) => !/linkedin\.com|@|^mailto:/i.test(u) && !/\.(?:pdf|docx?)$/i.test(u) && !/^\d/.test(u),
  );
  const preferred = good.find((u) => /github\.com|gitlab\.com|behance\.net|dribbble\.com/i.test(u)) ?? good[0];
  return preferred ? withScheme(preferred) : null;
}

/** The phone number: labelled or in a contact area, read with the countries the résumé points to. */
export function findPhone(lines: Line[], hints: string[]): PhoneReading | null {
  const candidates: Candidate<PhoneReading>[] = [];
  for (const line of lines) {
    if (line.heading) continue;
    const place = contactPlace(line);
    for (const cell of line.cells) {
      const label = contactLabel(cell);
      if (label && label.kind !== 'phone' && label.kind !== 'location') continue; // a birth date, a fax is rare
      for (const raw of phoneCandidates(label ? label.rest : cell)) {
        const reading = readPhone(raw, hints);
        if (!reading) continue;
        const labelled = label?.kind === 'phone' || /\b(?:tel|phone|mobile|cell|ph|mob)\b\.?/i.test(line.text);
        if (place < 0 && !labelled) continue;
        const score =
          1 +
          place +
          (labelled ? 3 : 0) +
          (reading.valid ? 1 : 0) +
          (hints[0] && reading.country === hints[0] ? 0.5 : 0);
        candidates.push({ value: reading, key: reading.e164, score: score - line.index / 1000 });
      }
    }
  }
  return pick(candidates);
}

const EMAIL_OR_PHONE = (l: Line) =>
  EMAIL_RE.test(l.text) || phoneCandidates(l.text).some((p) => p.replace(/\D/g, '').length >= 7);

/** Where the person lives: the best-supported place among contact lines, labels and footers. */
export function findPlace(lines: Line[], hints: string[], name: string | null): Place | null {
  const candidates: Candidate<Place>[] = [];
  const nameKey = name?.toLowerCase();
  for (const line of lines) {
    if (line.heading || line.docTitle) continue;
    const place = contactPlace(line);
    if (place < -1) continue;
    // A job's line ('Engineer, Acme, Boston, MA  2019 – 2022') names the job's town, not the person's.
    const jobLine = DATE_RANGE_HINT.test(line.text);
    const nearContact = EMAIL_OR_PHONE(line) || neighbours(lines, line).some(EMAIL_OR_PHONE);
    const cells = line.cells.length > 1 ? line.cells : [line.text];
    // A label cell ('Wohnort') gives its meaning to the value cell after it.
    let labelledBy: string | null = null;
    const found = new Map<string, Candidate<Place>>();
    for (const cell of cells) {
      const label = contactLabel(cell);
      if (label && !label.rest) {
        labelledBy = label.kind;
        continue;
      }
      const kind = label?.kind ?? labelledBy;
      labelledBy = null;
      if (kind && kind !== 'location') continue;
      const body = label ? label.rest : cell;
      for (const part of body.includes(',') && readPlace(body, hints) ? [body] : [body, ...contactParts(body)]) {
        // 'Samir Haddad, MD' is a name and a credential, not a town in Maryland.
        if (nameKey && (part.toLowerCase().startsWith(nameKey) || fold(cleanName(part) ?? '') === fold(nameKey)))
          continue;
        if (!nameKey && cleanName(part) && /,\s*[A-Z]{2,}/.test(part) && /^(?:dr|mr|mrs|ms|prof)\b/i.test(part))
          continue;
        const read = readPlace(part, hints);
        if (!read) continue;
        const score =
          read.strength +
          place +
          (kind === 'location' ? 3 : 0) +
          (nearContact ? 2 : 0) +
          (jobLine ? -3 : 0) +
          (line.cells.length === 1 && line.text.length > 60 && !nearContact ? -2 : 0);
        const key = formatPlace(read).toLowerCase();
        // One line names a place once, however many ways it is cut.
        if ((found.get(key)?.score ?? -Infinity) < score)
          found.set(key, { value: read, key, score: score - line.index / 1000 });
      }
    }
    candidates.push(...found.values());
  }
  return pick(candidates, 3);
}
