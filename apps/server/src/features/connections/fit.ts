// Does a LinkedIn connection fit an open role? LinkedIn's export gives only a position ("Sr. FHIR Developer"), so
// the position is read against the role's title and skills: the same kind of job (the role word: engineer, nurse,
// analyst…, seniority aside) and the same field (a title word or one of the role's skills). Words are cut as search
// cuts them (normalizeSearchText) and compared by Porter stem ("nursing" ~ "nurse"), or by a long shared start
// ("informaticist" ~ "informatics"). Measured on a tuning set and a held-out set (fit.test.ts).
import { stemmer } from 'stemmer';
import { canonicalSkill, normalizeSearchText, recogniseSkills } from '@referwell/shared';

/** A fit this good or better is suggested. */
export const FIT_MIN_SCORE = 55;

/** Title shorthand, written out. */
const SHORTHAND: Record<string, string[]> = {
  sr: ['senior'],
  snr: ['senior'],
  jr: ['junior'],
  mgr: ['manager'],
  eng: ['engineer'],
  engr: ['engineer'],
  dev: ['developer'],
  devops: ['devops', 'engineer'],
  swe: ['software', 'engineer'],
  sde: ['software', 'developer'],
  sre: ['site', 'reliability', 'engineer'],
  qa: ['quality', 'assurance'],
  rn: ['registered', 'nurse'],
  lpn: ['licensed', 'practical', 'nurse'],
  np: ['nurse', 'practitioner'],
  pa: ['physician', 'assistant'],
  md: ['physician'],
  ceo: ['chief', 'executive', 'officer'],
  cto: ['chief', 'technology', 'officer'],
  cfo: ['chief', 'financial', 'officer'],
  coo: ['chief', 'operating', 'officer'],
  cmo: ['chief', 'medical', 'officer'],
  cno: ['chief', 'nursing', 'officer'],
  vp: ['vice', 'president'],
  svp: ['vice', 'president'],
  evp: ['vice', 'president'],
  avp: ['vice', 'president'],
  dir: ['director'],
  admin: ['administrator'],
  coord: ['coordinator'],
  hr: ['human', 'resources'],
  ml: ['machine', 'learning'],
  ai: ['artificial', 'intelligence'],
  frontend: ['front', 'end'],
  backend: ['back', 'end'],
  fullstack: ['full', 'stack'],
};

/** Words that say how senior, not what the job is, and words that join. */
const IGNORED = new Set(
  (
    'senior junior lead principal staff head chief associate intern internship trainee entry level ' +
    'i ii iii iv v vi 1 2 3 4 5 group global regional interim acting deputy vice to ' +
    'of and the at for in a an with on or by from team remote hybrid'
  ).split(' '),
);

/**
 * The role words: what kind of job it is. Words of one family are the same job; the families of TECH are
 * close enough to refer across when the field matches (a security analyst for a security engineer role).
 */
const FAMILIES: Record<string, string> = {
  engineer: 'engineer',
  developer: 'engineer',
  programmer: 'engineer',
  tester: 'engineer',
  architect: 'architect',
  analyst: 'analyst',
  administrator: 'administrator',
  scientist: 'scientist',
  designer: 'designer',
  researcher: 'researcher',
  manager: 'leader',
  director: 'leader',
  supervisor: 'leader',
  officer: 'leader',
  president: 'leader',
  executive: 'executive',
  founder: 'founder',
  owner: 'owner',
  coordinator: 'coordinator',
  specialist: 'specialist',
  consultant: 'consultant',
  advisor: 'consultant',
  adviser: 'consultant',
  technician: 'technician',
  technologist: 'technologist',
  nurse: 'nurse',
  physician: 'physician',
  doctor: 'physician',
  hospitalist: 'physician',
  surgeon: 'surgeon',
  pharmacist: 'pharmacist',
  therapist: 'therapist',
  practitioner: 'practitioner',
  assistant: 'assistant',
  representative: 'representative',
  accountant: 'accountant',
  auditor: 'auditor',
  coder: 'coder',
  biller: 'biller',
  recruiter: 'recruiter',
  writer: 'writer',
  editor: 'editor',
  educator: 'educator',
  instructor: 'educator',
  teacher: 'educator',
  trainer: 'educator',
  counselor: 'counselor',
  psychologist: 'psychologist',
  informaticist: 'informaticist',
  strategist: 'strategist',
  agent: 'agent',
  student: 'student',
};
const TECH = new Set(['engineer', 'architect', 'analyst', 'administrator']);

interface Word {
  text: string;
  stem: string;
  /** The role family, for a role word. */
  family: string | null;
}

/** The words of a title that say what the job is and in which field, shorthand written out. */
function titleWords(title: string): Word[] {
  const words: Word[] = [];
  const seen = new Set<string>();
  for (const raw of normalizeSearchText(title).split(' ')) {
    for (const word of SHORTHAND[raw] ?? [raw]) {
      if (!word || IGNORED.has(word) || seen.has(word)) continue;
      seen.add(word);
      const singular = word.length > 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
      words.push({ text: word, stem: stemmer(word), family: FAMILIES[singular] ?? null });
    }
  }
  return words;
}

const sameWord = (a: Word, b: Word) => {
  if (a.family && b.family) return a.family === b.family;
  if (a.text === b.text || a.stem === b.stem) return true;
  if (a.text.length < 6 || b.text.length < 6) return false;
  let shared = 0;
  while (shared < a.text.length && a.text[shared] === b.text[shared]) shared++;
  return shared >= 5;
};

const compatible = (a: string, b: string) => a === b || (TECH.has(a) && TECH.has(b));

export interface PreparedRole {
  id: string;
  title: string;
  words: Word[];
  skills: Set<string>;
}

/** A role read once, to be compared with every connection. */
export function prepareRole(role: { id: string; title: string; skills: readonly string[] }): PreparedRole {
  return {
    id: role.id,
    title: role.title,
    words: titleWords(role.title),
    skills: new Set(role.skills.map((skill) => canonicalSkill(skill).toLowerCase())),
  };
}

export interface PreparedPosition {
  words: Word[];
  skills: string[];
}

export function preparePosition(position: string): PreparedPosition {
  return { words: titleWords(position), skills: recogniseSkills(position) };
}

export interface Fit {
  score: number;
  /** The role's title words and skills the position shares. */
  shared: string[];
}

/**
 * How well a position fits a role, 0-100: the share of the role's title words the position has (role words count
 * double), plus 15 when it names one of the role's skills. Null unless it is the same kind of job (or the position
 * names none), in the same field when both name one (a shared title word or skill), at FIT_MIN_SCORE or more.
 */
export function roleFit(position: PreparedPosition, role: PreparedRole): Fit | null {
  const roleFamilies = role.words.flatMap((w) => (w.family ? [w.family] : []));
  const positionFamilies = position.words.flatMap((w) => (w.family ? [w.family] : []));
  if (
    roleFamilies.length > 0 &&
    positionFamilies.length > 0 &&
    !roleFamilies.some((a) => positionFamilies.some((b) => compatible(a, b)))
  )
    return null;
  let total = 0;
  let matched = 0;
  let fieldMatched = false;
  const shared: string[] = [];
  for (const word of role.words) {
    const weight = word.family ? 2 : 1;
    total += weight;
    const hit = position.words.some(
      (other) => sameWord(word, other) || (word.family && other.family && compatible(word.family, other.family)),
    );
    if (!hit) continue;
    matched += weight;
    shared.push(word.text);
    if (!word.family) fieldMatched = true;
  }
  const skills = position.skills.filter((skill) => role.skills.has(skill.toLowerCase()));
  if (skills.length > 0) fieldMatched = true;
  // A field both name must be the same one: a software engineer is not a FHIR engineer, an "Engineer" is.
  const fieldsDiffer = role.words.some((w) => !w.family) && position.words.some((w) => !w.family) && !fieldMatched;
  if (total === 0 || matched === 0 || fieldsDiffer) return null;
  const score = Math.min(100, Math.round((100 * matched) / total) + (skills.length > 0 ? 15 : 0));
  return score >= FIT_MIN_SCORE ? { score, shared: [...shared, ...skills] } : null;
}

/** The role a position fits best, if any. */
export function bestRoleFit(
  position: PreparedPosition,
  roles: readonly PreparedRole[],
): (Fit & { role: PreparedRole }) | null {
  let best: (Fit & { role: PreparedRole }) | null = null;
  for (const role of roles) {
    const fit = roleFit(position, role);
    if (fit && (!best || fit.score > best.score)) best = { ...fit, role };
  }
  return best;
}
