import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { NOTIFICATION_TYPES_REFERRALS, REFERRAL_MESSAGES, type ReferralStatus } from '@referwell/shared';
import type { Db } from '../client';
import { inTransaction, lowerEq, type Tx } from '../repository';
import {
  companies,
  companyMembers,
  jobApplications,
  jobComments,
  jobPostings,
  referralRequests,
  referralStatusChanges,
  referrals,
  referrerProfiles,
  users,
} from '../schema';
import { createNotification } from '../../features/notifications/service';
import { findJob } from '../../features/referrals/access';
import { insertReferral } from '../../features/referrals/service';

async function userId(tx: Tx, email: string): Promise<string> {
  const [row] = await tx.select({ id: users.id }).from(users).where(lowerEq(users.email, email));
  if (!row) throw new Error(`seed: no user ${email}`);
  return row.id;
}

/** Moves a seeded referral along as an admin would: status, history and the referrer's notification. */
async function advance(tx: Tx, referralId: string, adminId: string, steps: ReferralStatus[]) {
  let from: ReferralStatus = 'pending';
  for (const to of steps) {
    const [row] = await tx
      .update(referrals)
      .set({ status: to, ...(to === 'completed' ? { bonusState: 'due' as const } : {}), updatedAt: new Date() })
      .where(eq(referrals.id, referralId))
      .returning();
    await tx.insert(referralStatusChanges).values({ referralId, fromStatus: from, toStatus: to, changedBy: adminId });
    if (row?.referrerId)
      await createNotification(tx, {
        userId: row.referrerId,
        title: REFERRAL_MESSAGES.notificationTitle,
        message: REFERRAL_MESSAGES.notification(row.talentProfile.name, to),
        type: NOTIFICATION_TYPES_REFERRALS.statusUpdate,
        referenceId: referralId,
      });
    from = to;
  }
}

/**
 * Demo referral activity at Northwind Health: the demo referrer's profile, a pending request from the demo job seeker,
 * referrals in every state (one hired with its bonus paid) and a comment on a job.
 */
export async function seedReferrals(db: Db, emails: { admin: string; referrer: string; jobseeker: string }) {
  await inTransaction(db, async (tx) => {
    const adminId = await userId(tx, emails.admin);
    const referrerId = await userId(tx, emails.referrer);
    const seekerId = await userId(tx, emails.jobseeker);
    const [member] = await tx
      .select({ companyId: companyMembers.companyId, title: companyMembers.title })
      .from(companyMembers)
      .where(eq(companyMembers.userId, referrerId));
    const [company] = await tx.select().from(companies).where(eq(companies.id, member!.companyId));
    await tx.insert(referrerProfiles).values({
      userId: referrerId,
      bio: 'Engineer on the clinical integrations team. Happy to refer people who care about interoperability.',
      phone: '+1 (615) 555-0142',
      location: company!.location ?? 'Nashville, TN',
      skills: ['FHIR', 'HL7', 'TypeScript', 'Mentoring'],
      startedOn: '2021-03-01',
    });

    const jobs = await tx
      .select({ id: jobPostings.id })
      .from(jobPostings)
      .where(eq(jobPostings.companyId, company!.id))
      .orderBy(asc(jobPostings.createdAt), asc(jobPostings.id));
    // One query at a time: a transaction's connection runs a single statement at once.
    const found: Awaited<ReturnType<typeof findJob>>[] = [];
    for (const job of jobs.slice(0, 3)) found.push(await findJob(tx, job.id));
    const [first, second, third] = found;

    await tx.insert(referralRequests).values({
      jobId: first!.id,
      talentId: seekerId,
      referrerId,
      message: 'Hi Riley, I have five years of FHIR integration work and would love a referral for this role.',
    });

    const others = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.type, 'jobseeker'), ne(users.id, seekerId)))
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(4);
    const referrer = { id: referrerId, name: 'Riley Referrer', title: member!.title };
    const plan: { job: typeof first; steps: ReferralStatus[]; paid?: boolean }[] = [
      { job: second, steps: ['accepted', 'completed'], paid: true },
      { job: second, steps: ['accepted'] },
      { job: third, steps: [] },
      { job: third, steps: ['rejected'] },
    ];
    for (const [index, step] of plan.entries()) {
      const talent = others[index];
      if (!talent || !step.job) continue;
      const row = await insertReferral(tx, {
        job: step.job,
        referrer,
        talentId: talent.id,
        notes: 'Worked with them on an HL7 interface rollout; reliable and thoughtful.',
        consent: 'confirmed',
        requestId: null,
      });
      await advance(tx, row.id, adminId, step.steps);
      if (step.paid)
        await tx
          .update(referrals)
          .set({ bonusState: 'paid', bonusPaidOn: '2026-10-31' })
          .where(inArray(referrals.id, [row.id]));
    }

    // The demo job seeker applied to the newest Northwind role (their dashboard lists it).
    const applied = jobs.at(-1);
    if (applied) await tx.insert(jobApplications).values({ jobId: applied.id, userId: seekerId });

    await tx.insert(jobComments).values({
      jobId: first!.id,
      authorId: adminId,
      body: 'Hiring manager wants to see at least two referred candidates before the panel.',
    });
  });
}
