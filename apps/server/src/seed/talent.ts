import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { inTransaction, lowerEq, type Tx } from '../db/repository';
import { companies, endorsements, kudos, talentProfiles, users } from '../db/schema';
import { ensureTalentProfile } from '../features/talent/service';
import { DEMO_PEOPLE, DEMO_SEEKER, KUDOS_AUTHORS, type DemoPerson } from './world/people';
import { profileOf } from './world/talent-profiles';

/** A demo job seeker's sign-in address (first.last@example.com). */
export const talentEmail = (person: Pick<DemoPerson, 'name'>) =>
  `${person.name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '')}@example.com`;

const KUDOS_TEXTS = [
  'Our go-live went smoothly because of their preparation. They had answers before the questions came up.',
  'They turned a confusing clinical workflow into something our nurses actually like using.',
  'Thoughtful, fast and kind. They made everyone around them better at their job.',
  'The most dependable person on the project. When they said it was done, it was done and documented.',
];

async function profileFor(tx: Tx, email: string, person: DemoPerson, index: number, overrides = {}) {
  const [user] = await tx.select({ id: users.id, name: users.name }).from(users).where(lowerEq(users.email, email));
  if (!user) throw new Error(`seed: no user ${email}`);
  const profile = profileOf(person, index);
  await ensureTalentProfile(tx, user, {
    ...profile,
    linkedin: `https://www.linkedin.com/in/${talentEmail(person).replace(/@.*$/, '').replace(/\./g, '-')}`,
    ...overrides,
  });
  return user.id;
}

/**
 * The demo world's job seekers (the first `count` of DEMO_PEOPLE) as users with profiles derived from their careers,
 * the demo job seeker's profile when that account exists, and a few endorsements and kudos.
 */
export async function seedTalent(db: Db, options: { passwordHash: string; count?: number }) {
  const people = DEMO_PEOPLE.slice(0, options.count ?? DEMO_PEOPLE.length);
  await inTransaction(db, async (tx) => {
    await tx.insert(users).values(
      people.map((person, i) => ({
        name: person.name,
        email: talentEmail(person),
        passwordHash: options.passwordHash,
        type: 'jobseeker' as const,
        emailConfirmedAt: new Date(),
        referralCode: `TALENT${String(i).padStart(3, '0')}TP`,
      })),
    );
    const ids: string[] = [];
    for (const [index, person] of people.entries()) ids.push(await profileFor(tx, talentEmail(person), person, index));

    const [demo] = await tx
      .select({ id: users.id })
      .from(users)
      .where(lowerEq(users.email, 'jobseeker@referwell.demo'));
    if (demo) {
      const base = profileOf(DEMO_SEEKER, 0);
      await profileFor(tx, 'jobseeker@referwell.demo', DEMO_SEEKER, 0, {
        phone: '+1 (617) 555-0117',
        employmentStatus: 'open',
        involvement: 'full-time',
        // An integration analyst who also builds reports: HL7/FHIR work plus the data tools.
        technicalSkills: [...base.technicalSkills, 'Python'],
        softwareTools: [...base.softwareTools, 'Tableau'],
        interests: ['Interoperability', 'Value-Based Care'],
      });
    }

    const companyRows = await tx.select({ id: companies.id }).from(companies).orderBy(companies.name).limit(3);
    for (const [index, id] of ids.slice(0, 6).entries()) {
      for (const company of companyRows.slice(0, (index % 3) + 1)) {
        await tx.insert(endorsements).values({ talentId: id, companyId: company.id }).onConflictDoNothing();
      }
    }
    for (const [index, id] of ids.slice(0, 4).entries()) {
      const ratings = index === 0 ? [5, 4] : [5 - (index % 2)];
      for (const [k, rating] of ratings.entries()) {
        const author = KUDOS_AUTHORS[(index + k) % KUDOS_AUTHORS.length]!;
        await tx.insert(kudos).values({
          talentId: id,
          ...author,
          superpower: profileOf(people[index]!, index).superpower,
          rating,
          text: KUDOS_TEXTS[(index + k) % KUDOS_TEXTS.length]!,
        });
      }
      const average = Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10;
      await tx.update(talentProfiles).set({ rating: average }).where(eq(talentProfiles.id, id));
    }
  });
}

/** The ids of demo job seekers by name (the referral history picks fitting candidates by name). */
export async function talentIdsByName(tx: Tx, names: string[]): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        names.map((name) => talentEmail({ name })),
      ),
    );
  const byEmail = new Map(rows.map((r) => [r.email, r.id]));
  return new Map(names.map((name) => [name, byEmail.get(talentEmail({ name }))!]));
}
