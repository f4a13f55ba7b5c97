import { Faker, en } from '@faker-js/faker';
import {
  jobFormSchema,
  type JobForm,
  type JobInput,
  type JoinWaitlistRequest,
  type WaitlistRole,
} from '@referwell/shared';
import { DEMO_JOBS, type DemoJob } from './world/jobs';
import { DEMO_PEOPLE } from './world/people';

const FIRST_NAMES = [...new Set(DEMO_PEOPLE.map((p) => p.name.split(' ')[0]!))];
const LAST_NAMES = [...new Set(DEMO_PEOPLE.map((p) => p.name.split(' ').at(-1)!))];

/** Form input for one of the demo world's written postings, at the given company. */
export function demoJobInput(job: DemoJob, company: string, overrides: Partial<JobForm> = {}): JobInput {
  return jobFormSchema.parse({
    title: job.title,
    company,
    location: job.location,
    employmentType: job.employmentType,
    salary: job.salary,
    description: job.description,
    responsibilities: job.responsibilities.join('\n'),
    requirements: job.requirements.join('\n'),
    skills: job.skills,
    ...(job.bonus === null ? {} : { referralBonusAmount: job.bonus, referralBonusCurrency: 'USD' }),
    ...overrides,
  });
}

/**
 * Deterministic builders for tests. Each factory has its own faker with a fixed seed, so the same calls give the
 * same data; names are drawn from the demo world's first and last names, jobs from its written postings, and a
 * counter keeps e-mails unique.
 */
export function createFactories(seed = 20261121) {
  const faker = new Faker({ locale: [en] });
  faker.seed(seed);
  let sequence = 0;
  const next = () => ++sequence;

  const fullName = () => `${faker.helpers.arrayElement(FIRST_NAMES)} ${faker.helpers.arrayElement(LAST_NAMES)}`;
  const uniqueEmail = (name: string) =>
    `${name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]+/g, '.')
      .replace(/^\.|\.$/g, '')}.${next()}@example.com`;

  return {
    faker,
    waitlistEntry(overrides: Partial<JoinWaitlistRequest> = {}): JoinWaitlistRequest {
      const name = overrides.name ?? fullName();
      const role: WaitlistRole = overrides.role ?? faker.helpers.arrayElement(['jobseeker', 'referrer', 'company']);
      return { name, email: overrides.email ?? uniqueEmail(name), role };
    },
    person(overrides: { name?: string; email?: string } = {}) {
      const name = overrides.name ?? fullName();
      return { name, email: overrides.email ?? uniqueEmail(name) };
    },
    /** Form input for a job posting (what a poster would type): one of the demo world's postings. */
    job(overrides: Partial<JobForm> & { company: string }): JobInput {
      return demoJobInput(faker.helpers.arrayElement(DEMO_JOBS), overrides.company, overrides);
    },
  };
}

export type Factories = ReturnType<typeof createFactories>;
