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
        description: faker.lorem.paragraph(),
        responsibilities: faker.lorem.sentences(3, '\n'),
        requirements: faker.lorem.sentences(3, '\n'),
        skills: faker.helpers.arrayElements(SKILLS, { min: 2, max: 5 }),
        referralBonusAmount: faker.helpers.arrayElement([1000, 1500, 2000, 2500]),
        referralBonusCurrency: 'USD',
        ...overrides,
      });
    },
  };
}

export type Factories = ReturnType<typeof createFactories>;
