import { Faker, en } from '@faker-js/faker';
import {
  jobFormSchema,
  type EmploymentType,
  type JobForm,
  type JobInput,
  type JoinWaitlistRequest,
  type WaitlistRole,
} from '@referwell/shared';

const HEALTH_TECH_WORDS = ['Health', 'Care', 'Clinical', 'Med', 'Cura', 'Vital', 'Pulse', 'Thera', 'Nova', 'Harbor'];
const HEALTH_TECH_SUFFIXES = ['Labs', 'Systems', 'Analytics', 'Health', 'Technologies', 'Digital'];
const INDUSTRIES = [
  'Digital Health',
  'EHR',
  'Telehealth',
  'Medical Devices',
  'Health Insurance',
  'Clinical Research',
  'Pharmacy',
];
const JOB_TITLES = [
  'Senior Backend Engineer',
  'Clinical Data Analyst',
  'Product Manager, Patient Experience',
  'Frontend Engineer',
  'Healthcare Integration Engineer (HL7/FHIR)',
  'Nurse Informaticist',
  'DevOps Engineer',
  'UX Designer',
];
const DESCRIPTION_OPENERS = [
  'Our platform helps care teams coordinate patients across hospitals, clinics and home care.',
  'We build software that cuts clinical documentation time so nurses can spend it with patients.',
  'Our team connects electronic health records so that every clinician sees the full picture.',
  'We turn claims and clinical data into insights that payers and providers act on every day.',
];
const DESCRIPTION_CLOSERS = [
  'You will work closely with clinicians, product managers and engineers in small, focused teams.',
  'You will ship to production weekly and see your work used in real care settings.',
  'We value clear writing, careful reviews and a steady pace over heroics.',
];
const RESPONSIBILITIES = [
  'Design, build and operate features end to end',
  'Work with clinical advisors to turn workflows into software',
  'Keep protected health information safe and auditable',
  'Review code and mentor teammates',
  'Measure outcomes and iterate with customers',
];
const REQUIREMENTS = [
  '3+ years of professional experience in a similar role',
  'Experience with healthcare data (HL7, FHIR or claims) is a plus',
  'Comfort working under HIPAA and SOC 2 controls',
  'Clear written communication',
  'A degree or equivalent practical experience',
];
const JOB_TYPES: EmploymentType[] = ['full-time', 'part-time', 'contract'];
const SKILLS = [
  'TypeScript',
  'React',
  'Node.js',
  'PostgreSQL',
  'FHIR',
  'HL7',
  'Python',
  'AWS',
  'HIPAA',
  'SQL',
  'Epic',
  'Figma',
];

/**
 * Deterministic builders for demo data and tests. Each factory has its own faker with a
 * fixed seed, so the same calls give the same data; a counter keeps e-mails unique.
 */
export function createFactories(seed = 20261121) {
  const faker = new Faker({ locale: [en] });
  faker.seed(seed);
  let sequence = 0;
  const next = () => ++sequence;

  const uniqueEmail = (name: string) =>
    `${name
      .toLowerCase()
      .replace(/[^a-z]+/g, '.')
      .replace(/^\.|\.$/g, '')}.${next()}@example.com`;

  return {
    faker,
    waitlistEntry(overrides: Partial<JoinWaitlistRequest> = {}): JoinWaitlistRequest {
      const name = overrides.name ?? faker.person.fullName();
      const role: WaitlistRole = overrides.role ?? faker.helpers.arrayElement(['jobseeker', 'referrer', 'company']);
      return { name, email: overrides.email ?? uniqueEmail(name), role };
    },
    person(overrides: { name?: string; email?: string } = {}) {
      const name = overrides.name ?? faker.person.fullName();
      return { name, email: overrides.email ?? uniqueEmail(name) };
    },
    company(overrides: { name?: string } = {}) {
      const name =
        overrides.name ??
        `${faker.helpers.arrayElement(HEALTH_TECH_WORDS)}${faker.helpers.arrayElement(HEALTH_TECH_WORDS).toLowerCase()} ${faker.helpers.arrayElement(HEALTH_TECH_SUFFIXES)}`;
      return {
        name,
        website: `https://${name.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
        description: `${name} builds software for ${faker.helpers.arrayElement(['hospitals', 'clinics', 'care teams', 'payers', 'pharmacies'])} that ${faker.helpers.arrayElement(['cuts documentation time', 'connects patient records', 'brings care into the home', 'turns clinical data into decisions'])}.`,
        location: `${faker.location.city()}, ${faker.location.state({ abbreviated: true })}`,
        employeeCount: faker.helpers.arrayElement(['11-50', '51-200', '201-500', '501-1000']),
        industries: faker.helpers.arrayElements(INDUSTRIES, { min: 1, max: 3 }),
        foundedYear: faker.number.int({ min: 2005, max: 2022 }),
      };
    },
    /** Form input for a job posting (what a poster would type). */
    job(overrides: Partial<JobForm> & { company: string }): JobInput {
      const salaryLow = faker.number.int({ min: 9, max: 17 }) * 10;
      return jobFormSchema.parse({
        title: faker.helpers.arrayElement(JOB_TITLES),
        location: faker.helpers.arrayElement([
          'Remote',
          'Hybrid — Boston, MA',
          'On-site — Nashville, TN',
          'Remote (US)',
        ]),
        employmentType: faker.helpers.arrayElement(JOB_TYPES),
        salary: `$${salaryLow}k - $${salaryLow + 30}k`,
        description: `${faker.helpers.arrayElement(DESCRIPTION_OPENERS)} ${faker.helpers.arrayElement(DESCRIPTION_CLOSERS)}`,
        responsibilities: faker.helpers.arrayElements(RESPONSIBILITIES, 3).join('\n'),
        requirements: faker.helpers.arrayElements(REQUIREMENTS, 3).join('\n'),
        skills: faker.helpers.arrayElements(SKILLS, { min: 2, max: 5 }),
        referralBonusAmount: faker.helpers.arrayElement([1000, 1500, 2000, 2500]),
        referralBonusCurrency: 'USD',
        ...overrides,
      });
    },
  };
}

export type Factories = ReturnType<typeof createFactories>;
