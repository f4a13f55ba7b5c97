import { and, eq } from 'drizzle-orm';
import type { LinkedInConnection } from '@referwell/shared';
import type { Db } from '../db/client';
import { lowerEq } from '../db/repository';
import { companies, companyMembers, jobPostings, users } from '../db/schema';
import { keepConnections } from '../features/connections/service';
import type { AuthContext } from '../platform/sessions/sessions';

const connection = (
  firstName: string,
  lastName: string,
  company: string,
  position: string,
  connectedOn: string,
): LinkedInConnection => ({
  firstName,
  lastName,
  profileUrl: `https://www.linkedin.com/in/${firstName}-${lastName}-demo`.toLowerCase(),
  email: null,
  company,
  position,
  connectedOn,
});

/** A demo login as the services see a signed-in person. */
async function authOf(db: Db, email: string): Promise<AuthContext> {
  const [row] = await db
    .select({
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        type: users.type,
        avatarUrl: users.avatarUrl,
        referralCode: users.referralCode,
      },
      company: { id: companies.id, name: companies.name, slug: companies.slug, role: companyMembers.role },
    })
    .from(users)
    .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(lowerEq(users.email, email));
  if (!row) throw new Error(`seed: no user ${email}`);
  const { id, name, slug, role } = row.company ?? {};
  const company =
    id && name && slug && role
      ? { id, name, slug, role: role === 'admin' ? ('companyAdmin' as const) : ('member' as const), compliance: false }
      : null;
  return { tokenHash: 'seed', user: row.user, company, twoFactorSetupRequired: false };
}

/**
 * "Who do you know" for the demo: the demo referrer kept two LinkedIn connections who fit Northwind's open roles, and
 * the demo job seeker kept the Northwind referrer they are connected to. Kept through the feature's own service, so
 * each is a match the rule makes.
 */
export async function seedConnections(db: Db, emails: { referrer: string; jobseeker: string }) {
  const referrer = await authOf(db, emails.referrer);
  const role = async (title: string) => {
    const [job] = await db
      .select({ id: jobPostings.id })
      .from(jobPostings)
      .where(and(eq(jobPostings.companyId, referrer.company!.id), eq(jobPostings.title, title)));
    if (!job) throw new Error(`seed: no job ${title}`);
    return job.id;
  };
  await keepConnections(db, referrer, {
    items: [
      {
        connection: connection(
          'Jordan',
          'Alvarez',
          'Mercy Regional Hospital',
          'HL7 Integration Engineer',
          '2023-04-12',
        ),
        jobId: await role('Senior Integration Engineer (HL7/FHIR)'),
      },
      {
        connection: connection(
          'Priya',
          'Natarajan',
          'St. Brendan Health System',
          'Clinical Nurse Informaticist',
          '2022-10-03',
        ),
        jobId: await role('Nurse Informaticist'),
      },
    ],
  });
  const seeker = await authOf(db, emails.jobseeker);
  await keepConnections(db, seeker, {
    items: [
      {
        connection: {
          ...connection(
            ...(referrer.user.name.split(' ') as [string, string]),
            referrer.company!.name,
            'Senior Integration Engineer',
            '2021-06-30',
          ),
        },
        referrerId: referrer.user.id,
      },
    ],
  });
}
