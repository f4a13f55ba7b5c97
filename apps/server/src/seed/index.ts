import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { inTransaction, lowerEq, type Tx } from '../db/repository';
import { jobPostings, referrerProfiles, users } from '../db/schema';

const DAY = 24 * 3_600_000;
import { joinWaitlist } from '../features/waitlist/service';
import { hashPassword } from '../platform/accounts/password';
import { addMember, createCompany } from '../features/companies/service';
import { insertJob } from '../features/jobs/service';
import { createFactories, demoJobInput } from './factories';
import { DEMO_COMPANIES, staffEmail, type StaffMember } from './world/companies';
import { DEMO_JOBS } from './world/jobs';
import { DEMO_SEEKER } from './world/people';
import { seedTalent } from './talent';
import { seedDemoConversations } from './messaging';
import { seedReferrals } from './referrals';
import { seedConnections } from './connections';
import { seedPayees } from './payees';
import type { Secrets } from '../lib/secrets';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
}

/** Fixed demo accounts, printed at start-up. */
export const DEMO_PASSWORD = 'referwell-demo';
export const DEMO_LOGINS: DemoLogin[] = [
  { role: 'Company admin', email: 'admin@referwell.demo', password: DEMO_PASSWORD },
  { role: 'Referrer (member)', email: 'referrer@referwell.demo', password: DEMO_PASSWORD },
  { role: 'Job seeker', email: 'jobseeker@referwell.demo', password: DEMO_PASSWORD },
];

export interface SeedResult {
  seeded: boolean;
  logins: DemoLogin[];
}

const SEED_LOCK_ID = 7_261_002;

/**
 * Fills an empty database with the demo world (seed/world): three healthcare-technology companies with teams and
 * written job postings, job seekers whose profiles follow their careers, referral histories and waitlist entries. A
 * database that already has users is left alone. One transaction under an advisory lock: instances booting at once
 * on an empty database seed it exactly once, and a failed seed leaves nothing behind.
 */
/** Seeds an empty database; `secrets` seals what the demo keeps sealed (payees' TINs): the server's own key ring. */
export async function seedDemoData(db: Db, secrets: Secrets): Promise<SeedResult> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [existing] = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing) {
      const [demo] = await tx.select({ id: users.id }).from(users).where(lowerEq(users.email, DEMO_LOGINS[0]!.email));
      return { seeded: false, logins: demo ? DEMO_LOGINS : [] };
    }
    await seedAll(tx, secrets, passwordHash);
    return { seeded: true, logins: DEMO_LOGINS };
  });
}

async function seedAll(db: Tx, secrets: Secrets, passwordHash: string): Promise<void> {
  const f = createFactories();
  const now = Date.now();
  await inTransaction(db, async (tx) => {
    const insertUser = async (values: {
      name: string;
      email: string;
      type: 'jobseeker' | 'referrer';
      referralCode?: string;
    }) => {
      const [row] = await tx
        .insert(users)
        .values({ ...values, passwordHash, emailConfirmedAt: new Date() })
        .returning({ id: users.id });
      return row!.id;
    };

    for (const demo of DEMO_COMPANIES) {
      const { admin, referrers, key, domain: _domain, ...profile } = demo;
      const company = await createCompany(tx, { ...profile, website: `https://${demo.domain}` });
      const adminId = await insertUser({ name: admin.name, email: staffEmail(demo, admin), type: 'referrer' });
      const staff = async (person: StaffMember, id: string, role: 'admin' | 'member') => {
        await addMember(tx, company.id, id, role, {
          title: person.title,
          department: person.department,
          team: person.team ?? null,
        });
        // Their card's start date; answered, so the demo logins are not asked for it at sign-in.
        await tx
          .insert(referrerProfiles)
          .values({ userId: id, startedOn: person.startedOn, detailsAskedAt: new Date() });
      };
      await staff(admin, adminId, 'admin');
      for (const referrer of referrers) {
        const id = await insertUser({ name: referrer.name, email: staffEmail(demo, referrer), type: 'referrer' });
        await staff(referrer, id, 'member');
      }
      for (const job of DEMO_JOBS.filter((j) => j.company === key)) {
        const id = await insertJob(tx, {
          companyId: company.id,
          createdBy: adminId,
          input: demoJobInput(job, demo.name),
        });
        const postedAt = new Date(now - job.postedDaysAgo * DAY);
        await tx.update(jobPostings).set({ createdAt: postedAt, updatedAt: postedAt }).where(eq(jobPostings.id, id));
      }
    }

    await insertUser({
      name: DEMO_SEEKER.name,
      email: DEMO_LOGINS[2]!.email,
      type: 'jobseeker',
      referralCode: 'TALENTDEMO01',
    });
  });
  for (let i = 0; i < 12; i++) await joinWaitlist(db, f.waitlistEntry());
  await seedTalent(db, { passwordHash });
  const lakeshore = DEMO_COMPANIES.find((demo) => demo.key === 'lakeshore')!;
  const demoEmails = {
    admin: DEMO_LOGINS[0]!.email,
    referrer: DEMO_LOGINS[1]!.email,
    jobseeker: DEMO_LOGINS[2]!.email,
    outsideReferrer: staffEmail(lakeshore, lakeshore.referrers[0]!),
  };
  await seedDemoConversations(db, demoEmails);
  await seedReferrals(db, demoEmails);
  await seedConnections(db, demoEmails);
  await seedPayees(db, secrets, demoEmails);
}
