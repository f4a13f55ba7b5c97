import { HEALTHCARE_SKILLS, HEALTHCARE_SKILLS_CASE_SENSITIVE } from './skills-healthcare';
import { PRACTICE_SKILLS, PRACTICE_SKILLS_CASE_SENSITIVE } from './skills-practices';
import { TECH_SKILLS, TECH_SKILLS_CASE_SENSITIVE } from './skills-tech';

/**
 * A skills vocabulary for healthcare technology job postings, and a recogniser that finds those skills in free
 * text (used when importing a job from a web page). Each entry has a canonical `name` and `synonyms`; matching is
 * case-insensitive on word boundaries, except for the few terms in CASE_SENSITIVE_TERMS that are also common English
 * words ('Epic', 'React', 'Swift', 'Excel', ...). Ambiguous one- or two-letter names (Go, R) are only recognised in
 * clearly technical contexts (see CONTEXT_PATTERNS); 'C' on its own is never recognised.
 */
const CORE_SKILLS: { name: string; synonyms: string[] }[] = [
  // Languages
  { name: 'JavaScript', synonyms: ['JS', 'ECMAScript', 'ES6'] },
  { name: 'TypeScript', synonyms: [] },
  { name: 'Python', synonyms: ['Python3', 'Python 3'] },
  { name: 'Java', synonyms: [] },
  { name: 'C#', synonyms: ['C Sharp', 'CSharp'] },
  { name: 'C++', synonyms: ['CPP'] },
  { name: 'Go', synonyms: ['Golang'] },
  { name: 'R', synonyms: ['RStudio'] },
  { name: 'Ruby', synonyms: [] },
  { name: 'PHP', synonyms: [] },
  { name: 'Kotlin', synonyms: [] },
  { name: 'Swift', synonyms: ['SwiftUI'] },
  { name: 'Scala', synonyms: [] },
  { name: 'Rust', synonyms: [] },
  { name: 'SQL', synonyms: ['T-SQL', 'PL/SQL'] },
  { name: 'Bash', synonyms: ['Shell scripting'] },
  // Frameworks and APIs
  { name: 'React', synonyms: ['React.js', 'ReactJS'] },
  { name: 'React Native', synonyms: [] },
  { name: 'Angular', synonyms: ['AngularJS'] },
  { name: 'Vue.js', synonyms: ['Vue', 'VueJS', 'Vue 3'] },
  { name: 'Next.js', synonyms: ['NextJS'] },
  { name: 'Node.js', synonyms: ['NodeJS', 'Node'] },
  { name: 'Express', synonyms: ['Express.js', 'ExpressJS'] },
  { name: 'Django', synonyms: [] },
  { name: 'Flask', synonyms: [] },
  { name: 'FastAPI', synonyms: [] },
  { name: 'Spring Boot', synonyms: ['Spring Framework'] },
  { name: '.NET', synonyms: ['ASP.NET', 'dotnet', '.NET Core'] },
  { name: 'Ruby on Rails', synonyms: ['Rails', 'RoR'] },
  { name: 'Flutter', synonyms: [] },
  { name: 'GraphQL', synonyms: [] },
  { name: 'REST APIs', synonyms: ['REST', 'RESTful', 'REST API', 'RESTful APIs'] },
  // Cloud and infrastructure
  { name: 'AWS', synonyms: ['Amazon Web Services'] },
  { name: 'Azure', synonyms: ['Microsoft Azure'] },
  { name: 'Google Cloud', synonyms: ['GCP', 'Google Cloud Platform'] },
  { name: 'Docker', synonyms: ['containers'] },
  { name: 'Kubernetes', synonyms: ['k8s', 'EKS', 'GKE', 'AKS'] },
  { name: 'Terraform', synonyms: [] },
  { name: 'CI/CD', synonyms: ['continuous integration', 'continuous delivery'] },
  { name: 'Linux', synonyms: [] },
  { name: 'Git', synonyms: [] },
  { name: 'GitHub', synonyms: [] },
  { name: 'GitLab', synonyms: [] },
  // Data and machine learning
  { name: 'PostgreSQL', synonyms: ['Postgres', 'psql'] },
  { name: 'MySQL', synonyms: [] },
  { name: 'MongoDB', synonyms: ['Mongo'] },
  { name: 'Redis', synonyms: [] },
  { name: 'Elasticsearch', synonyms: ['Elastic Search', 'OpenSearch'] },
  { name: 'Snowflake', synonyms: [] },
  { name: 'Apache Spark', synonyms: ['Spark', 'PySpark'] },
  { name: 'Kafka', synonyms: ['Apache Kafka'] },
  { name: 'Airflow', synonyms: ['Apache Airflow'] },
  { name: 'dbt', synonyms: [] },
  { name: 'Tableau', synonyms: [] },
  { name: 'Power BI', synonyms: ['PowerBI'] },
  { name: 'Looker', synonyms: [] },
  { name: 'Pandas', synonyms: [] },
  { name: 'Machine Learning', synonyms: ['ML'] },
  { name: 'TensorFlow', synonyms: [] },
  { name: 'PyTorch', synonyms: [] },
  { name: 'NLP', synonyms: ['Natural Language Processing'] },
  { name: 'Excel', synonyms: ['Microsoft Excel'] },
  // Healthcare interoperability standards and code sets
  { name: 'HL7', synonyms: ['HL7 v2', 'HL7v2', 'Health Level 7', 'Health Level Seven'] },
  { name: 'FHIR', synonyms: ['HL7 FHIR', 'SMART on FHIR'] },
  { name: 'DICOM', synonyms: [] },
  { name: 'ICD-10', synonyms: ['ICD10', 'ICD-10-CM', 'ICD-10-PCS'] },
  { name: 'CPT', synonyms: ['CPT codes'] },
  { name: 'X12', synonyms: ['ANSI X12', 'EDI X12', 'X12 EDI', '837', '835'] },
  { name: 'SNOMED CT', synonyms: ['SNOMED'] },
  { name: 'LOINC', synonyms: [] },
  { name: 'C-CDA', synonyms: ['CCDA', 'CDA'] },
  { name: 'NCPDP', synonyms: [] },
  // EHR systems
  { name: 'Epic', synonyms: ['Epic Systems', 'EpicCare'] },
  { name: 'Cerner', synonyms: ['Oracle Health', 'Cerner Millennium'] },
  { name: 'Athenahealth', synonyms: ['Athena Health'] },
  { name: 'Meditech', synonyms: [] },
  { name: 'eClinicalWorks', synonyms: ['eCW'] },
  { name: 'Allscripts', synonyms: ['Veradigm'] },
  // Compliance and security
  { name: 'HIPAA', synonyms: ['HITECH'] },
  { name: 'SOC 2', synonyms: ['SOC2', 'SOC 2 Type II', 'SOC II'] },
  { name: 'HITRUST', synonyms: ['HITRUST CSF'] },
  { name: 'GDPR', synonyms: ['DSGVO', 'RGPD', 'RODO', 'AVG', 'GDPR compliance'] },
  { name: 'FDA 21 CFR Part 11', synonyms: ['21 CFR Part 11'] },
  { name: 'IEC 62304', synonyms: [] },
  // Clinical credentials
  { name: 'RN', synonyms: ['Registered Nurse', 'Registered Nursing'] },
  { name: 'LPN', synonyms: ['Licensed Practical Nurse'] },
  { name: 'BLS', synonyms: ['Basic Life Support'] },
  { name: 'ACLS', synonyms: ['Advanced Cardiac Life Support'] },
  { name: 'CPC', synonyms: ['Certified Professional Coder'] },
  { name: 'Medical Coding', synonyms: ['clinical coding'] },
  // Product, design and delivery
  { name: 'Figma', synonyms: [] },
  { name: 'Sketch', synonyms: [] },
  { name: 'Adobe XD', synonyms: [] },
  { name: 'User Research', synonyms: ['UX research'] },
  { name: 'Usability testing', synonyms: ['usability tests', 'user testing'] },
  { name: 'A/B Testing', synonyms: ['AB testing', 'split testing'] },
  { name: 'Jira', synonyms: [] },
  { name: 'Confluence', synonyms: [] },
  { name: 'Agile', synonyms: [] },
  { name: 'Scrum', synonyms: [] },
  { name: 'Kanban', synonyms: [] },
  { name: 'Product Management', synonyms: ['product roadmap', 'roadmapping'] },
];

/**
 * The named skills the recogniser always knows: the core list above, healthcare technology and engineering tools —
 * systems, modules, standards, code sets, credentials and the established practices postings name.
 */
export const SKILLS_VOCABULARY: { name: string; synonyms: string[] }[] = [
  ...CORE_SKILLS,
  ...HEALTHCARE_SKILLS,
  ...TECH_SKILLS,
];

/** Ways of working in twelve languages (skills-practices.ts): recognised and spelled canonically when asked for. */
export { PRACTICE_SKILLS };

/** Terms that are also ordinary words: matched only with this exact capitalisation. */
const CASE_SENSITIVE_TERMS = new Set([
  ...HEALTHCARE_SKILLS_CASE_SENSITIVE,
  ...TECH_SKILLS_CASE_SENSITIVE,
  ...PRACTICE_SKILLS_CASE_SENSITIVE,
  'Epic',
  'React',
  'Swift',
  'Rust',
  'Excel',
  'Sketch',
  'Snowflake',
  'Spark',
  'Express',
  'Flask',
  'Node',
  'Rails',
  'Looker',
  'Agile',
  'Scrum',
  'Kanban',
  'Git',
  'Mongo',
  'Pandas',
  'RN',
  'CPT',
  'CPC',
  'ML',
  'PACS',
  'CDA',
  'REST',
  'RoR',
  'dbt',
  'eCW',
  'Confluence',
  'Vue',
]);

/** Names never matched through the generic term patterns; recognised only via CONTEXT_PATTERNS. */
const CONTEXT_ONLY = new Set(['Go', 'R', 'containers', '837', '835']);

/** Ambiguous names recognised only in clearly technical contexts (lists of languages, 'Go developer', ...). */
const CONTEXT_PATTERNS: Record<string, RegExp[]> = {
  Go: [
    /(?<![\p{L}\p{N}_])Go(?=\s+(?:programming|language|developer|engineer|services|microservices|backend|code|modules))/gu,
    /(?<=[,/(]\s?)Go(?=\s?(?:[,/)]|\s+(?:and|or)\s))/gu,
    /(?<=\s(?:and|or|in)\s)Go(?=\s?[,.;)/]|\s*$|\s+(?:a\s+plus|experience|skills))/gmu,
  ],
  R: [
    /(?<![\p{L}\p{N}_])R(?=\s+(?:programming|language|Shiny|Studio|packages))/gu,
    /(?<=[,/(]\s?)R(?=\s?(?:[,/)]|\s+(?:and|or)\s))/gu,
    /(?<=\s(?:and|or|in)\s)R(?=\s?[,.;)/]|\s*$|\s+(?:a\s+plus|experience|skills))/gmu,
  ],
  Docker: [/(?<![\p{L}\p{N}_])(?:Docker\s+)?containers?(?=\s+orchestration)/giu],
  X12: [
    /(?<![\p{L}\p{N}_])8(?:37|35)(?=\s*(?:\/\s*8(?:37|35)\s*)?(?:claims?|remittances?|files?|transactions?|EDI))/giu,
  ],
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Word boundaries that also treat '.', '+' and '#' as word characters, so 'JS' does not match in 'Node.js', 'Java'
 * not in 'JavaScript', 'C++' keeps its pluses and '.NET' does not match inside 'ASP.NET'. Checked around each match
 * rather than written into every term's pattern: Unicode-class lookarounds in ~800 patterns cost over a second to
 * compile on a process's first import, plain patterns a few milliseconds.
 */
const WORD_BEFORE = /[\p{L}\p{N}_+#.]$/u;
const WORD_AFTER = /^(?:[\p{L}\p{N}_+#]|\.[\p{L}\p{N}])/u;

/** A term as a pattern: spaces and hyphens interchangeable/optional ('SOC 2' = 'SOC2' = 'SOC-2'). */
function termPattern(term: string): RegExp {
  const body = term
    .split(/[\s-]+/)
    .map(escapeRegExp)
    .join('[\\s-]*');
  const flags = `g${CASE_SENSITIVE_TERMS.has(term) ? '' : 'i'}${/[^ -~]/.test(term) ? 'u' : ''}`;
  return new RegExp(body, flags);
}

/** Where the term stands as a whole word in `text`: [start, end] of each match (at most MAX_SPANS). */
function wholeMatches(pattern: RegExp, text: string, out: [number, number][]) {
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m && out.length < MAX_SPANS; m = pattern.exec(text)) {
    const end = m.index + m[0].length;
    if (!WORD_BEFORE.test(text.slice(Math.max(0, m.index - 2), m.index)) && !WORD_AFTER.test(text.slice(end, end + 3)))
      out.push([m.index, end]);
    pattern.lastIndex = m.index + 1;
  }
}

/** Matches of one term counted at most: enough to find one that stands on its own. */
const MAX_SPANS = 40;

interface CompiledSkill {
  name: string;
  /** A way of working (PRACTICE_SKILLS), recognised only when asked for. */
  practice: boolean;
  /** Each term's pattern with a lowercase piece of text it cannot match without (null: always try it). */
  patterns: { pattern: RegExp; needle: string | null }[];
  /** Patterns written with their own context (CONTEXT_PATTERNS). */
  context: RegExp[];
}

/** The term's first word, lowercased: a plain substring test rules out most terms before any regex runs. */
const needleOf = (term: string) => term.split(/[\s-]+/)[0]!.toLowerCase() || null;

let compiled: CompiledSkill[] | undefined;

function compile(): CompiledSkill[] {
  compiled ??= [
    ...SKILLS_VOCABULARY.map((entry) => ({ entry, practice: false })),
    ...PRACTICE_SKILLS.map((entry) => ({ entry, practice: true })),
  ].map(({ entry: { name, synonyms }, practice }) => ({
    name,
    practice,
    patterns: [name, ...synonyms]
      .filter((term) => !CONTEXT_ONLY.has(term))
      .map((term) => ({ pattern: termPattern(term), needle: needleOf(term) })),
    context: CONTEXT_PATTERNS[name] ?? [],
  }));
  return compiled;
}

/**
 * The vocabulary skills mentioned in `text`, as canonical names in the order they first appear, without duplicates.
 * Example: recogniseSkills('Node.js, k8s and Postgres; JS') → ['Node.js', 'Kubernetes', 'PostgreSQL', 'JavaScript'].
 * `practices`: also the ways of working of PRACTICE_SKILLS ('Testautomatisierung' → 'Test automation').
 */
export function recogniseSkills(text: string, options: { practices?: boolean } = {}): string[] {
  if (!text) return [];
  const lower = text.toLowerCase();
  const matched: { name: string; order: number; spans: [number, number][] }[] = [];
  compile().forEach(({ name, practice, patterns, context }, order) => {
    if (practice && !options.practices) return;
    const spans: [number, number][] = [];
    for (const { pattern, needle } of patterns) {
      if (needle !== null && !lower.includes(needle)) continue;
      wholeMatches(pattern, text, spans);
    }
    for (const pattern of context) {
      pattern.lastIndex = 0;
      const match = pattern.exec(text);
      if (match) spans.push([match.index, match.index + match[0].length]);
    }
    if (spans.length) matched.push({ name, order, spans });
  });
  // A name inside a longer, more specific one ('Cerner' in 'Cerner PowerChart', 'HL7' in 'HL7 FHIR') counts only
  // where it also stands on its own.
  const all = matched.flatMap(({ name, spans }) => spans.map(([start, end]) => ({ name, start, end })));
  const found: { name: string; index: number; order: number }[] = [];
  for (const { name, order, spans } of matched) {
    const own = spans
      .filter(
        ([start, end]) =>
          !all.some((o) => o.name !== name && o.start <= start && o.end >= end && o.end - o.start > end - start),
      )
      .map(([start]) => start);
    if (own.length) found.push({ name, index: Math.min(...own), order });
  }
  found.sort((a, b) => a.index - b.index || a.order - b.order);
  return [...new Set(found.map((f) => f.name))];
}

let canonicalByTerm: Map<string, string> | undefined;
let canonicalWithPractices: Map<string, string> | undefined;

/**
 * A term as the recogniser compares it: lower case, spaces and hyphens dropped (it matches 'SOC 2', 'SOC-2' and
 * 'SOC2' alike, so 'Usability-Tests' and 'usability tests' are one term).
 */
export const skillTermKey = (term: string) => term.toLowerCase().replace(/[\s-]+/g, '');

const termMap = (entries: { name: string; synonyms: string[] }[]) =>
  new Map(entries.flatMap(({ name, synonyms }) => [name, ...synonyms].map((term) => [skillTermKey(term), name])));

/**
 * The vocabulary's spelling of a typed skill ('fhir' → 'FHIR', 'JS' → 'JavaScript'); other skills come back trimmed,
 * as typed. Chip lists use it so one skill is stored, filtered and counted under one name. `practices`: also the ways
 * of working of PRACTICE_SKILLS ('Testautomatisierung' → 'Test automation'), as recogniseSkills reads them.
 */
export function canonicalSkill(skill: string, options: { practices?: boolean } = {}): string {
  const terms = options.practices
    ? (canonicalWithPractices ??= termMap([...SKILLS_VOCABULARY, ...PRACTICE_SKILLS]))
    : (canonicalByTerm ??= termMap(SKILLS_VOCABULARY));
  const trimmed = skill.trim();
  return terms.get(skillTermKey(trimmed)) ?? trimmed;
}

/** Skill chips as stored: trimmed, empty ones dropped, vocabulary spellings applied, duplicates dropped. */
export function cleanSkillList(skills: readonly string[]): string[] {
  return [...new Set(skills.map((skill) => canonicalSkill(skill)).filter(Boolean))];
}
