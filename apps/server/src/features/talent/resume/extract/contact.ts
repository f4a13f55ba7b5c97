// Resume field extraction, contact details: e-mail, LinkedIn, portfolio, phone and location near the top.
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { toE164 } from '../../../../lib/phone';

export const EMAIL_RE = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const LINKEDIN_RE = /(?:https?:\/\/)?(?:[a-z]{2,3}\.)?linkedin\.com\/(?:in|pub)\/([A-Za-z0-9_%\-À-ž]+)\/?/i;
const URL_RE =
  /(?<![@\w.-])(?:https?:\/\/)?(?:www\.)?(?:[a-z0-9-]+\.)+(?:com|dev|io|me|net|org|co|design|site|app|tech|health|ai|page|info|codes|blog|xyz|us|uk|de|ca)(?:\/[^\s,;|()<>]*)?(?![\w@])/gi;

export function findEmail(text: string): string | null {
  return EMAIL_RE.exec(text)?.[0].replace(/\.$/, '').toLowerCase() ?? null;
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
export function findPortfolio(headerText: string, fullText: string, links: string[] = []): string | null {
  const candidates: string[] = [];
  const labelled = fullText
    .split('\n')
    .filter((l) => /\b(?:portfolio|website|web|site|github|gitlab|behance|dribbble|blog)\b/i.test(l))
    .join('\n');
  for (const source of [headerText, labelled, links.join('\n')]) {
    for (const m of source.matchAll(URL_RE)) candidates.push(m[0]);
  }
  const good = candidates.filter((u) => !/linkedin\.com|@|^mailto:/i.test(u) && !/\.(?:pdf|docx?)$/i.test(u));
  const preferred = good.find((u) => /github\.com|gitlab\.com|behance\.net|dribbble\.com/i.test(u)) ?? good[0];
  return preferred ? withScheme(preferred) : null;
}

const PHONE_CANDIDATE = /(?:(?:\+|00)\d{1,3}[\s.-]?)?(?:\(\d{1,5}\)[\s.-]?)?\d[\d\s.\-/]{5,18}\d/g;
const DATE_RANGE_LIKE = /^\s*(?:\d{1,2}[/.-])?\d{4}\s*[-–/]\s*(?:\d{1,2}[/.-])?\d{4}\s*$/;

/** A phone number as written (international, national, dotted, spaced), validated for length with libphonenumber. */
export function findPhone(headerLines: string[], allLines: string[]): string | null {
  const labelled = allLines.filter((l) => /\b(?:phone|tel|mobile|cell|ph)\b\.?/i.test(l));
  for (const source of [labelled, headerLines, allLines.slice(0, 15)]) {
    for (const line of source) {
      for (const m of line.matchAll(PHONE_CANDIDATE)) {
        const raw = m[0].trim().replace(/[\s.\-/]+$/, '');
        const digits = raw.replace(/\D/g, '');
        if (digits.length < 7 || digits.length > 15) continue;
        if (DATE_RANGE_LIKE.test(raw) || /^\d{4}-\d{2}(?:-\d{2})?$/.test(raw)) continue;
        const parsed = parsePhoneNumberFromString(raw.replace(/^00/, '+'), 'US');
        if (parsed?.isPossible() || (raw.startsWith('+') && digits.length >= 8)) return raw;
      }
    }
  }
  return null;
}

/** The phone in E.164 form for comparisons (accuracy script, tests); the digits when it cannot be read; or null. */
export function phoneToE164(phone: string | null): string | null {
  if (!phone) return null;
  return toE164(phone) ?? phone.replace(/\D/g, '');
}

export const US_STATES =
  'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY';
export const STATE_NAMES =
  'Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming|Ontario|Quebec|British Columbia|Alberta';
export const COUNTRIES =
  'USA|US|United States|UK|United Kingdom|England|Scotland|Wales|Ireland|Canada|Germany|France|Spain|Portugal|Italy|Netherlands|Belgium|Switzerland|Austria|Sweden|Norway|Denmark|Finland|Poland|Czechia|Czech Republic|India|Pakistan|Singapore|Japan|China|Australia|New Zealand|Israel|UAE|United Arab Emirates|Mexico|Brazil|Argentina|Colombia|Chile|Nigeria|Kenya|South Africa|Egypt|Philippines|Vietnam|Indonesia|Malaysia|South Korea|Korea';
export const CITY = "[\\p{Lu}][\\p{L}.'’-]+(?:\\s[\\p{Lu}][\\p{L}.'’-]+){0,3}";
export const LOCATION_RE = new RegExp(
  `(${CITY}),\\s*(?:(${US_STATES})(?:\\s+\\d{5})?\\b|(${STATE_NAMES})\\b|(${COUNTRIES})\\b)(?:,\\s*(?:USA|US|United States|Canada)\\b)?`,
  'u',
);

/** 'City, ST', 'City, State' or 'City, Country' among the top lines. */
export function findLocation(headerLines: string[], name: string | null = null): string | null {
  for (const line of headerLines) {
    const cleaned = line.replace(/^(?:location|address|based in)\s*[:-]?\s*/i, '');
    for (const segment of cleaned.split(/\s*[|•·▪]\s*|\s{2,}/)) {
      if (EMAIL_RE.test(segment) || /linkedin|https?:|www\./i.test(segment)) continue;
      // 'Jonathan Reyes, MD' is a name with a credential, not Maryland.
      if (name && segment.toLowerCase().startsWith(name.toLowerCase())) continue;
      const m = LOCATION_RE.exec(segment);
      if (m) return m[0].replace(/^(?:\d+\s+[\p{L} .]+,\s*)/u, '').trim();
    }
  }
  return null;
}
