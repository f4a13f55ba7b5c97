import { Faker, en } from '@faker-js/faker';
import { eq } from 'drizzle-orm';
import type { EmploymentStatus, Involvement } from '@referwell/shared';
import type { Db } from '../db/client';
import { inTransaction } from '../db/repository';
import { companies, endorsements, kudos, talentProfiles, users } from '../db/schema';
import { ensureTalentProfile } from '../features/talent/service';

const TITLES = [
  'Nurse Informaticist',
  'Clinical Data Analyst',
  'Senior Backend Engineer',
  'Frontend Engineer',
  'Healthcare Integration Engineer',
  'Product Manager',
  'UX Designer',
  'DevOps Engineer',
  'Data Scientist',
  'Clinical Applications Analyst',
  'Revenue Cycle Analyst',
  'Health Informatics Specialist',
  'Implementation Consultant',
  'Quality Improvement Manager',
  'Telehealth Program Manager',
];
const SKILLS = [
  'Clinical Workflows',
  'Patient Safety',
  'Care Coordination',
  'Stakeholder Management',
  'Project Management',
  'Agile',
  'User Research',
  'Data Analysis',
  'Process Improvement',
  'Training',
  'HIPAA',
  'Revenue Cycle',
  'Population Health',
];
const TECHNICAL = [
  'TypeScript',
  'React',
  'Node.js',
  'Python',
  'SQL',
  'FHIR',
  'HL7',
  'PostgreSQL',
  'AWS',
  'Kubernetes',
  'Machine Learning',
  'Java',
  'Go',
];
const SOFTWARE = [
  'Epic',
  'Cerner',
  'Tableau',
  'Power BI',
  'Figma',
  'Jira',
  'Salesforce Health Cloud',
  'Athenahealth',
  'Looker',
  'Meditech',
];
const INDUSTRIES = [
  'Digital Health',
  'EHR',
  'Telehealth',
  'Medical Devices',
  'Health Insurance',
  'Clinical Research',
  'Pharmacy',
  'Hospitals',
];
const INTERESTS = [
  'Telehealth',
  'AI in Healthcare',
  'Interoperability',
  'Mental Health',
  'Remote Patient Monitoring',
  'Value-Based Care',
  'Patient Experience',
  'Health Equity',
];
const LOCATIONS = [
  'Boston, MA',
  'Nashville, TN',
  'Remote',
  'Chicago, IL',
  'Austin, TX',
  'San Francisco, CA',
  'New York, NY',
  'Denver, CO',
];
const STATUSES: EmploymentStatus[] = ['full-time', 'part-time', 'freelance', 'looking', 'open'];
const INVOLVEMENTS: Involvement[] = ['full-time', 'full-time', 'part-time', 'contract', 'freelance'];
const SUPERPOWERS = [
  'Translating between clinicians and engineers',
  'Calm under pressure',
  'Making messy data make sense',
  'Shipping small, safe changes every week',
  'Getting hospital IT teams to say yes',
];
const KUDOS_TEXTS = [
  'One of the most dependable people I have worked with. Our go-live went smoothly because of their preparation.',
  'They turned a confusing clinical workflow into software our nurses actually like using.',
  'Thoughtful, fast and kind. Every team would be better with them on it.',
];

/**
 * Talent profiles for every seeded job seeker plus `extra` more varied healthcare-technology candidates,
 * so Find Candidates has real data; a few endorsements and kudos. Deterministic (fixed faker seed).
 */
export async function seedTalent(db: Db, options: { passwordHash: string; extra?: number; seed?: number }) {
  const faker = new Faker({ locale: [en] });
  faker.seed(options.seed ?? 6060);
  const extra = options.extra ?? 40;

  await inTransaction(db, async (tx) => {
    for (let i = 0; i < extra; i++) {
      const name = faker.person.fullName();
      await tx.insert(users).values({
        name,
        email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.talent${i}@example.com`,
        passwordHash: options.passwordHash,
        type: 'jobseeker',
        referralCode: `TALENT${String(i).padStart(3, '0')}TP`.slice(0, 12),
      });
    }
    const seekers = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.type, 'jobseeker'))
      .orderBy(users.createdAt, users.email);
    for (const seeker of seekers) {
      const demo = seeker.email === 'jobseeker@referwell.demo';
      const titles = demo
        ? ['Clinical Data Analyst', 'Nurse Informaticist']
        : faker.helpers.arrayElements(TITLES, { min: 1, max: 2 });
      await ensureTalentProfile(tx, seeker, {
        phone: faker.helpers.arrayElement(['+1 617 555 ', '+1 (615) 555-', '+44 20 7946 ']) + faker.string.numeric(4),
        location: demo ? 'Boston, MA' : faker.helpers.arrayElement(LOCATIONS),
        linkedin: `https://www.linkedin.com/in/${seeker.name.toLowerCase().replace(/[^a-z]+/g, '-')}`,
        bio: `${titles[0]} with ${faker.number.int({ min: 2, max: 15 })} years in healthcare technology. ${faker.helpers.arrayElement(SUPERPOWERS)} is what colleagues mention first.`,
        title: titles[0]!,
        titles,
        yearsOfExperience: demo ? 6 : faker.number.int({ min: 1, max: 18 }),
        employmentStatus: faker.helpers.arrayElement(STATUSES),
        involvement: faker.helpers.arrayElement(INVOLVEMENTS),
        superpower: faker.helpers.arrayElement(SUPERPOWERS),
        skills: demo
          ? ['Clinical Workflows', 'Data Analysis', 'Training']
          : faker.helpers.arrayElements(SKILLS, { min: 2, max: 4 }),
        technicalSkills: demo ? ['SQL', 'Python', 'FHIR'] : faker.helpers.arrayElements(TECHNICAL, { min: 1, max: 4 }),
        softwareTools: demo ? ['Epic', 'Tableau'] : faker.helpers.arrayElements(SOFTWARE, { min: 1, max: 3 }),
        industries: faker.helpers.arrayElements(INDUSTRIES, { min: 1, max: 2 }),
        interests: faker.helpers.arrayElements(INTERESTS, { min: 1, max: 3 }),
      });
    }

    const companyRows = await tx.select({ id: companies.id }).from(companies).orderBy(companies.createdAt).limit(3);
    for (const [index, seeker] of seekers.slice(0, 6).entries()) {
      for (const company of companyRows.slice(0, (index % 3) + 1)) {
        await tx.insert(endorsements).values({ talentId: seeker.id, companyId: company.id }).onConflictDoNothing();
      }
    }
    for (const [index, seeker] of seekers.slice(0, 4).entries()) {
      const ratings: number[] = [];
      for (let k = 0; k < (index === 0 ? 2 : 1); k++) {
        const rating = faker.helpers.arrayElement([4, 5, 5]);
        ratings.push(rating);
        await tx.insert(kudos).values({
          talentId: seeker.id,
          author: faker.person.fullName(),
          title: faker.helpers.arrayElement(['Director of Nursing', 'Engineering Manager', 'CMIO', 'Product Lead']),
          company: faker.helpers.arrayElement(['Mercy General', 'Harbor Health', 'Vitalcare Systems']),
          superpower: faker.helpers.arrayElement(SUPERPOWERS),
          rating,
          text: faker.helpers.arrayElement(KUDOS_TEXTS),
        });
      }
      const average = Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10;
      await tx.update(talentProfiles).set({ rating: average }).where(eq(talentProfiles.id, seeker.id));
    }
  });
}
