// Resume field extraction, sections: normalised lines split by their headings (any case, spaced or inline).

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

export const BULLET = /^[\s]*[•·▪■●◦‣○►▸*–—-]\s*/u;

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
