// Field extraction from a resume's plain text: contact details near the top, sections by their headings (any case),
// work history with date ranges in the usual formats, skills against the shared vocabulary, industries against a
// healthcare-technology vocabulary. Pure functions, no I/O.
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { recogniseSkills, type ParsedEducation, type ParsedResume, type ParsedWork } from '@referwell/shared';

// ---------------------------------------------------------------------------------------------------------------
// Vocabularies

/** Vocabulary entries that are software products / tools rather than skills (go to `softwareTools`). */
export const SOFTWARE_TOOLS = new Set([
  'Epic',
  'Cerner',
  'Athenahealth',
  'Meditech',
  'eClinicalWorks',
  'Allscripts',
  'Tableau',
  'Power BI',
  'Looker',
  'Excel',
  'Figma',
  'Sketch',
  'Adobe XD',
  'Jira',
  'Confluence',
  'Git',
  'Docker',
  'Kubernetes',
  'Terraform',
  'Snowflake',
  'Airflow',
  'dbt',
  'PostgreSQL',
  'MySQL',
  'MongoDB',
  'Redis',
  'Elasticsearch',
  'Kafka',
  'AWS',
  'Azure',
  'Google Cloud',
  'Linux',
]);

/** Industries of healthcare technology, each with the phrases that indicate it. */
export const INDUSTRY_VOCABULARY: { name: string; pattern: RegExp }[] = [
  { name: 'Healthcare', pattern: /\bhealth\s?care\b/i },
  {
    name: 'Health IT',
    pattern:
      /\b(?:health\s?(?:care\s)?IT|health information (?:technology|systems|exchange)|EHRs?|EMRs?|electronic (?:health|medical) records?)\b/i,
  },
  { name: 'Digital Health', pattern: /\b(?:digital health|mhealth|mobile health|health apps?)\b/i },
  { name: 'Telehealth', pattern: /\b(?:tele-?health|tele-?medicine|virtual care|remote patient monitoring)\b/i },
  { name: 'Medical Devices', pattern: /\b(?:medical devices?|med-?tech|SaMD|software as a medical device)\b/i },
  { name: 'Pharma', pattern: /\b(?:pharma|pharmaceuticals?|pharmacy benefit|drug development)\b/i },
  { name: 'Biotech', pattern: /\b(?:biotech(?:nology)?|life sciences|genomics?|bioinformatics)\b/i },
  {
    name: 'Insurance/Payer',
    pattern:
      /\b(?:payers?|health (?:plans?|insurance|insurer)|managed care|medicare advantage|medicaid|claims processing)\b/i,
  },
  {
    name: 'Hospital/Provider',
    pattern:
      /\b(?:hospitals?|health systems?|medical cent(?:er|re)s?|clinics?|provider organi[sz]ations?|ambulatory|inpatient|outpatient)\b/i,
  },
  { name: 'Clinical Research', pattern: /\b(?:clinical (?:research|trials?|studies)|CROs?|research coordinator)\b/i },
  { name: 'Public Health', pattern: /\b(?:public health|epidemiolog\w*|population health)\b/i },
  { name: 'Behavioral Health', pattern: /\b(?:behavioral health|mental health|psychiatr\w*)\b/i },
  { name: 'Revenue Cycle', pattern: /\b(?:revenue cycle|RCM|medical billing|billing and coding)\b/i },
  {
    name: 'Health Informatics',
    pattern: /\b(?:health informatics|clinical informatics|nursing informatics|informaticist)\b/i,
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Sections

type SectionName = 'header' | 'summary' | 'experience' | 'education' | 'skills' | 'other';

const HEADINGS: Record<Exclude<SectionName, 'other' | 'header'>, string[]> = {
  summary: [
    'summary',
    'professional summary',
    'career summary',
    'executive summary',
    'summary of qualifications',
    'profile',
    'professional profile',
    'personal profile',
    'career profile',
    'about',
    'about me',
    'objective',
    'career objective',
    'professional objective',
    'overview',
    'introduction',
  ],
  experience: [
    'experience',
    'work experience',
    'professional experience',
    'relevant experience',
    'work history',
    'employment',
    'employment history',
    'career history',
    'professional history',
    'career experience',
    'experience highlights',
    'clinical experience',
    'industry experience',
  ],
  education: [
    'education',
    'education and training',
    'education & training',
    'academic background',
    'academic history',
    'education and certifications',
    'education & certifications',
    'qualifications',
  ],
  skills: [
    'skills',
    'technical skills',
    'key skills',
    'core skills',
    'core competencies',
    'competencies',
    'skills and tools',
    'skills & tools',
    'skills and technologies',
    'skills & technologies',
    'tools',
    'tools and technologies',
    'tools & technologies',
    'technologies',
    'software',
    'areas of expertise',
    'expertise',
    'skills & expertise',
    'skills and expertise',
    'technical proficiencies',
  ],
};

const OTHER_HEADINGS = [
  'certifications',
  'certificates',
  'licenses',
  'licenses and certifications',
  'licenses & certifications',
  'certifications & licenses',
  'projects',
  'selected projects',
  'awards',
  'honors',
  'honors and awards',
  'publications',
  'languages',
  'interests',
  'hobbies',
  'volunteer',
  'volunteering',
  'volunteer experience',
  'references',
  'activities',
  'leadership',
  'memberships',
  'professional affiliations',
  'affiliations',
];

/** Headings whose lines are contact details: read with the header. */
const CONTACT_HEADINGS = [
  'contact',
  'contact information',
  'contact details',
  'contact info',
  'links',
  'personal details',
  'personal information',
];

const HEADING_LOOKUP = new Map<string, SectionName>();
for (const [name, list] of Object.entries(HEADINGS)) for (const h of list) HEADING_LOOKUP.set(h, name as SectionName);
for (const h of OTHER_HEADINGS) HEADING_LOOKUP.set(h, 'other');
for (const h of CONTACT_HEADINGS) HEADING_LOOKUP.set(h, 'header');

const normaliseHeading = (line: string) =>
  line
    .toLowerCase()
    .replace(/[:|•·▪■●_=#*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The section a heading line starts ('EXPERIENCE', 'Work History:', 'S K I L L S'), else null. */
export function headingOf(line: string): SectionName | null {
  if (line.length > 45) return null;
  let key = normaliseHeading(line);
  // Letter-spaced headings: 'E X P E R I E N C E'.
  if (/^(?:\p{L} ){3,}\p{L}$/u.test(key)) key = key.replace(/ /g, '');
  return HEADING_LOOKUP.get(key) ?? null;
}

/** 'Skills: Python, SQL' → heading 'skills' with inline content. */
function inlineHeading(line: string): { section: SectionName; rest: string } | null {
  const m = /^([\p{L} &/]{3,40}?)\s*[:|–—]\s*(.+)$/u.exec(line);
  if (!m) return null;
  const section = headingOf(m[1]!);
  return section ? { section, rest: m[2]!.trim() } : null;
}

interface Sections {
  header: string[];
  summary: string[];
  experience: string[];
  education: string[];
  skills: string[];
  other: string[];
}

const BULLET = /^[\s]*[•·▪■●◦‣○►▸*–—-]\s*/u;

export function normaliseText(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\u2007\u202f\t]/g, ' ')
    .replace(/[\u200b-\u200d\ufeff]/g, '')
    .split('\n')
    .map((l) => l.replace(/ {2,}/g, '  ').trim())
    .filter((l) => l.length > 0);
}

export function splitSections(lines: string[]): Sections {
  const sections: Sections = { header: [], summary: [], experience: [], education: [], skills: [], other: [] };
  let current: keyof Sections = 'header';
  for (const line of lines) {
    const heading = headingOf(line);
    if (heading) {
      current = heading;
      continue;
    }
    const inline = inlineHeading(line);
    if (inline && (inline.section !== 'other' || current !== 'header')) {
      current = inline.section;
      sections[current].push(inline.rest);
      continue;
    }
    sections[current].push(line);
  }
  return sections;
}

// ---------------------------------------------------------------------------------------------------------------
// Contact details

const EMAIL_RE = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
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

/** The phone in E.164 form for comparisons (accuracy script, tests), or null. */
export function phoneToE164(phone: string | null): string | null {
  if (!phone) return null;
  const parsed = parsePhoneNumberFromString(phone.replace(/^00/, '+'), 'US');
  return parsed ? parsed.number : phone.replace(/\D/g, '');
}

const US_STATES =
  'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY';
const STATE_NAMES =
  'Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming|Ontario|Quebec|British Columbia|Alberta';
const COUNTRIES =
  'USA|US|United States|UK|United Kingdom|England|Scotland|Wales|Ireland|Canada|Germany|France|Spain|Portugal|Italy|Netherlands|Belgium|Switzerland|Austria|Sweden|Norway|Denmark|Finland|Poland|Czechia|Czech Republic|India|Pakistan|Singapore|Japan|China|Australia|New Zealand|Israel|UAE|United Arab Emirates|Mexico|Brazil|Argentina|Colombia|Chile|Nigeria|Kenya|South Africa|Egypt|Philippines|Vietnam|Indonesia|Malaysia|South Korea|Korea';
const CITY = "[\\p{Lu}][\\p{L}.'’-]+(?:\\s[\\p{Lu}][\\p{L}.'’-]+){0,3}";
const LOCATION_RE = new RegExp(
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

// ---------------------------------------------------------------------------------------------------------------
// Name and titles

const TITLE_WORDS =
  /\b(?:engineer|developer|programmer|manager|director|head|lead|leader|analyst|scientist|designer|nurse|RN|consultant|specialist|coordinator|architect|administrator|officer|intern|associate|president|VP|owner|founder|co-founder|technician|technologist|therapist|physician|pharmacist|researcher|assistant|representative|strategist|executive|supervisor|informaticist|advisor|adviser|coach|educator|recruiter|accountant|auditor|coder|biller|CTO|CEO|CMO|COO|CIO|CMIO|CNO|principal|fellow|resident|practitioner|clinician|partner|instructor|professor|product owner|scrum master|writer|editor|marketer|sales|controller|planner|investigator|auditor|statistician|epidemiologist|SRE|DevOps|QA|tester)s?\b/i;

const ORG_WORDS =
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

function cleanTitle(title: string): string {
  return title
    .replace(/^[\s,:;–—|-]+|[\s,:;–—|-]+$/g, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

const isTitle = (s: string) => TITLE_WORDS.test(s) && s.split(/\s+/).length <= 8 && !EMAIL_RE.test(s);

/** The headline under the name ('Senior Software Engineer | Health IT'), if any. */
function findHeadline(header: string[], name: string | null): string[] {
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

// ---------------------------------------------------------------------------------------------------------------
// Dates and work history

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const MONTH_NAME =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const DATE_TOKEN = `(?:${MONTH_NAME}\\.?,?\\s*\\d{4}|\\d{4}[-/.](?:0?[1-9]|1[0-2])(?!\\d)|(?:0?[1-9]|1[0-2])[/.-]\\d{4}|(?:19|20)\\d{2})`;
const PRESENT = '(?:present|current(?:ly)?|now|today|ongoing|date)';
export const DATE_RANGE_RE = new RegExp(
  `(?<![\\d/])(${DATE_TOKEN})\\s*(?:–|—|-|−|~|to|until|through|thru)\\s*(${DATE_TOKEN}|${PRESENT})(?![\\d/])`,
  'i',
);
const SINGLE_DATE_RE = new RegExp(`(?<![\\d/])(${DATE_TOKEN})(?![\\d/])`, 'i');

/** 'Jan 2019' → '2019-01'; '2018-03' → '2018-03'; '03/2017' → '2017-03'; '2015' → '2015'; 'Present' → 'Present'. */
export function normaliseDate(token: string): string | null {
  const t = token.trim().replace(/\.$/, '');
  if (new RegExp(`^${PRESENT}$`, 'i').test(t)) return 'Present';
  let m = new RegExp(`^(${MONTH_NAME})\\.?,?\\s*(\\d{4})$`, 'i').exec(t);
  if (m)
    return `${m[2]}-${String(MONTHS[m[1]!.slice(0, 3).toLowerCase()] ?? MONTHS[m[1]!.slice(0, 4).toLowerCase()]).padStart(2, '0')}`;
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

const LOCATION_ONLY = new RegExp(
  `^(?:${CITY}),\\s*(?:${US_STATES}|${STATE_NAMES}|${COUNTRIES})\\b|^(?:remote|hybrid|on-?site)$`,
  'iu',
);

const TRAILING_LOCATION = new RegExp(
  `,\\s*(?:${CITY}),\\s*(?:${US_STATES}|${STATE_NAMES}|${COUNTRIES})\\b.*$|,\\s*(?:remote|hybrid)$`,
  'u',
);

/** 'Acme Health, Boston, MA' → 'Acme Health'. */
const stripLocation = (s: string) => s.replace(TRAILING_LOCATION, '').trim();

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

const SPLIT_PARTS = /\s*[|•·▪]\s*|\s+[–—]\s+|\s+-\s+|\s{2,}|\t/;

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

// ---------------------------------------------------------------------------------------------------------------
// Education

const INSTITUTION_RE =
  /\b(?:university|college|institute|school|academy|polytechnic|universit[äé]t|école|hochschule)\b/i;
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
    institution = institution.replace(new RegExp(`,\\s*(?:${CITY}),\\s*(?:${US_STATES}|${COUNTRIES})\\b.*$`, 'u'), '');
    institution = institution.replace(new RegExp(`,\\s*(?:${US_STATES}|${COUNTRIES})$`, 'u'), '');
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

// ---------------------------------------------------------------------------------------------------------------
// Skills

/** Skills: vocabulary terms anywhere (canonical names) plus the short items listed under a Skills heading. */
function findSkills(text: string, skillLines: string[]): { skills: string[]; softwareTools: string[] } {
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

function findIndustries(text: string): string[] {
  return INDUSTRY_VOCABULARY.filter(({ pattern }) => pattern.test(text)).map(({ name }) => name);
}

// ---------------------------------------------------------------------------------------------------------------

export interface ExtractOptions {
  /** Link annotations of the file (PDF): a LinkedIn or portfolio URL hidden behind a label. */
  links?: string[];
  /** 'Present' in date ranges means this date (default: now). */
  now?: Date;
}

/** All profile fields from a resume's text. */
export function extractFields(text: string, options: ExtractOptions = {}): ParsedResume {
  const now = options.now ?? new Date();
  const links = options.links ?? [];
  const lines = normaliseText(text);
  const sections = splitSections(lines);
  // The header is what comes before the first heading; when a resume starts with a heading, use the first lines.
  const header = sections.header.length ? sections.header : lines.slice(0, 6);
  const joined = lines.join('\n');

  const name = findName(header.length ? header : lines);
  const email = findEmail(header.join('\n')) ?? findEmail(joined);
  const phone = findPhone(header, lines);
  const location = findLocation(header, name);
  // A profile URL wrapped after '/in/' continues on the next line.
  const linkedin = findLinkedin(joined.replace(/(linkedin\.com\/in\/(?:[\w%]+-)*)\s*\n\s*/gi, '$1'), links);
  const portfolio = findPortfolio(header.join('\n'), joined, links);

  const summaryText = sections.summary
    .join(' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  const summary = summaryText ? summaryText.slice(0, 2000) : null;

  const work = parseWork(sections.experience.length ? sections.experience : sections.other);
  const education = parseEducation(sections.education.length ? sections.education : lines);

  const titles: string[] = [];
  for (const t of [...findHeadline(header, name), ...work.map((w) => w.title)]) {
    if (t && !titles.some((x) => x.toLowerCase() === t.toLowerCase())) titles.push(t);
  }

  const yearsOfExperience =
    explicitYears([summaryText, ...header].join('\n')) ?? yearsFromWork(work, now) ?? explicitYears(joined);

  const { skills, softwareTools } = findSkills(joined, sections.skills);
  const industries = findIndustries(joined);

  return {
    name,
    email,
    phone,
    location,
    linkedin,
    portfolio,
    titles: titles.slice(0, 8),
    yearsOfExperience,
    skills,
    softwareTools,
    industries,
    summary,
    work,
    education,
  };
}
