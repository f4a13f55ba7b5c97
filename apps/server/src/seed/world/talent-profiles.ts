import type { EmploymentStatus, Involvement } from '@referwell/shared';
import { PAST_EMPLOYERS, type DemoPerson } from './people';
import { demoPhone } from './places';
import { familyByKey, type RoleFamily } from './roles';

/** The year the demo world is set in: careers end here. */
export const DEMO_YEAR = 2026;

export interface CareerStep {
  title: string;
  employer: string;
  from: number;
  /** null: the current job. */
  to: number | null;
}

/** Industries and interests a family's people list. */
const FAMILY_INDUSTRIES: Record<string, string[]> = {
  integration: ['EHR', 'Hospitals'],
  'revenue-cycle': ['Health Insurance', 'Hospitals'],
  'data-science': ['Health Insurance', 'Clinical Research'],
  'clinical-data': ['Hospitals', 'Digital Health'],
  'nursing-informatics': ['Hospitals', 'EHR'],
  devops: ['Digital Health'],
  frontend: ['Digital Health', 'Telehealth'],
  backend: ['Digital Health', 'EHR'],
  product: ['Telehealth', 'Digital Health'],
  design: ['Telehealth', 'Digital Health'],
  implementation: ['EHR', 'Hospitals'],
};

/** What each family's people say about their work, in their own words. */
const FAMILY_FOCUS: Record<string, string[]> = {
  integration: [
    'I like the unglamorous part of interoperability: ADT feeds that never drop a message and mappings that survive upgrades.',
    'Most of my work is getting two systems that were never meant to talk to exchange clean HL7 and FHIR data.',
  ],
  'revenue-cycle': [
    'I find the patterns behind denials and turn them into fixes upstream, before a claim ever goes out.',
    'Coding accuracy and clean claims are my thing; I have trained billing teams on ICD-10 and payer rules.',
  ],
  'data-science': [
    'I build models that care managers can trust, and I spend as much time explaining them as training them.',
    'Most of my models answer one question: who should we reach out to this week, and why?',
  ],
  'clinical-data': [
    'I turn EHR extracts into reports that clinicians actually read, and I document every definition.',
    'Quality measures, readmissions and dashboards: I make sure the numbers are right before anyone presents them.',
  ],
  'nursing-informatics': [
    'A nurse first: I translate bedside workflows into EHR build and training that nurses do not have to work around.',
    'I have led go-lives from the command center and at the elbow, and I still pick up shifts to stay close to practice.',
  ],
  devops: [
    'I keep clinical systems up and audit-ready: infrastructure as code, sensible alerts and calm incident reviews.',
    'I like boring, repeatable deployments and HIPAA controls that are part of the pipeline instead of a spreadsheet.',
  ],
  frontend: [
    'I build interfaces for clinicians who have thirty seconds between patients, with accessibility from the start.',
    'I care about fast, accessible React apps and the small details that make a form easy to finish.',
  ],
  backend: [
    'I design APIs and data models for health data, with audit trails and access rules built in from day one.',
    'I work on the services behind the screens: queues, databases and FHIR APIs that hold up under real traffic.',
  ],
  product: [
    'I run discovery with patients and clinicians myself and ship in small, measurable steps.',
    'I work at the point where clinical reality, regulation and product bets meet, and I write things down.',
  ],
  design: [
    'I design for people having a hard day: plain words, large targets, and testing with real patients.',
    'I research and design patient-facing flows, from intake to follow-up, and test every one with screen readers.',
  ],
  implementation: [
    'I take customers from signed contract to go-live: project plans, interface specs, training and the first hard week.',
    'I have implemented EHR and practice-management systems in clinics of every size, and I keep go-lives on time.',
  ],
};

const INTERESTS = [
  'Interoperability',
  'Telehealth',
  'AI in Healthcare',
  'Value-Based Care',
  'Health Equity',
  'Patient Experience',
  'Mental Health',
  'Remote Patient Monitoring',
];
const SUPERPOWERS = [
  'Translating between clinicians and engineers',
  'Making messy data make sense',
  'Calm under pressure at go-live',
  'Shipping small, safe changes every week',
  'Getting hospital IT teams to say yes',
  'Writing documentation people actually read',
];
const STATUSES: EmploymentStatus[] = ['full-time', 'open', 'looking', 'full-time', 'part-time', 'freelance'];
const INVOLVEMENTS: Involvement[] = ['full-time', 'full-time', 'contract', 'part-time', 'full-time', 'freelance'];

/** `count` items of a list: its first `core` entries, then the rest in turn from an offset (no repeats). */
function pick<T>(list: readonly T[], core: number, count: number, offset: number): T[] {
  const rest = list.slice(core);
  const chosen = list.slice(0, core);
  for (let i = 0; chosen.length < Math.min(count, list.length); i++) chosen.push(rest[(offset + i) % rest.length]!);
  return chosen;
}

/** Entry, mid and senior steps: two years at entry level, the middle years at mid level, then senior. */
export function careerOf(person: DemoPerson, index: number): CareerStep[] {
  const [entry, mid, senior] = familyByKey(person.family).ladder;
  const employer = (n: number) => PAST_EMPLOYERS[(index * 3 + n) % PAST_EMPLOYERS.length]!;
  const start = DEMO_YEAR - person.years;
  if (person.years <= 2) return [{ title: entry, employer: employer(0), from: start, to: null }];
  if (person.years <= 5) {
    return [
      { title: entry, employer: employer(0), from: start, to: start + 2 },
      { title: mid, employer: employer(1), from: start + 2, to: null },
    ];
  }
  const midYears = Math.ceil((person.years - 2) / 2);
  return [
    { title: entry, employer: employer(0), from: start, to: start + 2 },
    { title: mid, employer: employer(1), from: start + 2, to: start + 2 + midYears },
    { title: senior, employer: employer(2), from: start + 2 + midYears, to: null },
  ];
}

const yearsWord = (n: number) => (n === 1 ? '1 year' : `${n} years`);

function historySentence(career: CareerStep[]): string {
  const [current, ...earlier] = [...career].reverse();
  const now = `${current!.title} at ${current!.employer} since ${current!.from}`;
  if (earlier.length === 0) return `${now}.`;
  const before = earlier.map((s) => `${s.title} at ${s.employer} (${s.from}–${s.to})`).join(', and ');
  return `${now}; before that ${before}.`;
}

export interface DemoProfile {
  title: string;
  titles: string[];
  yearsOfExperience: number;
  bio: string;
  location: string;
  phone: string | null;
  superpower: string;
  employmentStatus: EmploymentStatus;
  involvement: Involvement;
  skills: string[];
  technicalSkills: string[];
  softwareTools: string[];
  industries: string[];
  interests: string[];
}

/** A person's profile, derived from their family, years and city so every part agrees with their career. */
export function profileOf(person: DemoPerson, index: number): DemoProfile {
  const family: RoleFamily = familyByKey(person.family);
  const career = careerOf(person, index);
  const titles = [...new Set(career.map((s) => s.title).reverse())].slice(0, 2);
  const focus = FAMILY_FOCUS[person.family]![index % 2]!;
  const location = person.city === 'Remote' ? 'Remote' : person.city;
  return {
    title: titles[0]!,
    titles,
    yearsOfExperience: person.years,
    bio: `${yearsWord(person.years)} in healthcare. ${historySentence(career)} ${focus}`,
    location,
    phone: person.city === 'Remote' ? null : demoPhone(person.city, 20 + index),
    superpower: SUPERPOWERS[index % SUPERPOWERS.length]!,
    employmentStatus: STATUSES[index % STATUSES.length]!,
    involvement: INVOLVEMENTS[index % INVOLVEMENTS.length]!,
    skills: pick(family.skills, 1, person.years >= 6 ? 3 : 2, index),
    technicalSkills: pick(family.technical, Math.min(3, family.technical.length), person.years >= 6 ? 5 : 4, index),
    softwareTools: pick(family.software, 1, person.years >= 6 ? 3 : 2, index),
    industries: FAMILY_INDUSTRIES[person.family]!,
    interests: pick(INTERESTS, 0, 2, index),
  };
}
