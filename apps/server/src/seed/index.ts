import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { inTransaction, lowerEq, type Tx } from '../db/repository';
import { users } from '../db/schema';
import { joinWaitlist } from '../features/waitlist/service';
import { hashPassword } from '../features/auth/password';
import { addMember, createCompany } from '../features/companies/service';
import { insertJob } from '../features/jobs/service';
import { createFactories } from './factories';
import { seedTalent } from './talent';
import { seedDemoConversations } from './messaging';
import { seedReferrals } from './referrals';

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
 * Fills an empty database with demo data: three companies with teams and open jobs, job
 * seekers and waitlist entries. A database that already has users is left alone. One
 * transaction under an advisory lock: instances booting at once on an empty database seed it
 * exactly once, and a failed seed leaves nothing behind.
 */
export async function seedDemoData(db: Db): Promise<SeedResult> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [existing] = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing) {
      const [demo] = await tx.select({ id: users.id }).from(users).where(lowerEq(users.email, DEMO_LOGINS[0]!.email));
      return { seeded: false, logins: demo ? DEMO_LOGINS : [] };
    }
    await seedAll(tx, passwordHash);
    return { seeded: true, logins: DEMO_LOGINS };
  });
}

async function seedAll(db: Tx, passwordHash: string): Promise<void> {
  const f = createFactories();
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

    const companyNames = ['Northwind Health', undefined, undefined];
    for (const [index, name] of companyNames.entries()) {
      const company = await createCompany(tx, f.company({ name }));
      const admin = index === 0 ? { name: 'Avery Admin', email: DEMO_LOGINS[0]!.email } : f.person();
      const adminId = await insertUser({ ...admin, type: 'referrer' });
      await addMember(tx, company.id, adminId, 'admin', { title: 'Head of Talent', department: 'People' });

      const referrers =
        index === 0
          ? [{ name: 'Riley Referrer', email: DEMO_LOGINS[1]!.email }, f.person(), f.person()]
          : [f.person(), f.person()];
      for (const referrer of referrers) {
        const id = await insertUser({ ...referrer, type: 'referrer' });
        await addMember(tx, company.id, id, 'member', { title: 'Software Engineer', department: 'Engineering' });
      }
      const jobCount = index === 0 ? 4 : 2;
      for (let j = 0; j < jobCount; j++) {
        await insertJob(tx, { companyId: company.id, createdBy: adminId, input: f.job({ company: company.name }) });
      }
    }

    await insertUser({
      name: 'Jordan Seeker',
      email: DEMO_LOGINS[2]!.email,
      type: 'jobseeker',
      referralCode: 'TALENTDEMO01',
    });
    for (let i = 0; i < 8; i++) {
      await insertUser({
        ...f.person(),
        type: 'jobseeker',
        referralCode: `TALENT${String(i).padStart(2, '0')}SEED`.slice(0, 12),
      });
    }
  });
  for (let i = 0; i < 12; i++) await joinWaitlist(db, f.waitlistEntry());
  await seedTalent(db, { passwordHash });
  const demoEmails = {
    admin: DEMO_LOGINS[0]!.email,
    referrer: DEMO_LOGINS[1]!.email,
    jobseeker: DEMO_LOGINS[2]!.email,
  };
  await seedDemoConversations(db, demoEmails);
  await seedReferrals(db, demoEmails);
}
