import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { PipelineStage } from '@referwell/shared';
import type { Db } from '../db/client';
import { inTransaction, lowerEq, type Tx } from '../db/repository';
import {
  companies,
  companyMembers,
  candidatePipelines,
  jobComments,
  jobPostings,
  pipelineStageChanges,
  referralRequests,
  referrals,
  referrerProfiles,
  users,
} from '../db/schema';
import type { AuthContext } from '../features/auth/sessions';
import { findJob } from '../features/referrals/access';
import { lockLiveReferral, lockPipeline, moveStage, openPipeline } from '../features/referrals/pipeline';
import { insertReferral } from '../features/referrals/service';

async function userId(tx: Tx, email: string): Promise<string> {
  const [row] = await tx.select({ id: users.id }).from(users).where(lowerEq(users.email, email));
  if (!row) throw new Error(`seed: no user ${email}`);
  return row.id;
}

/** Moves a seeded candidate along as an admin would: stage, referral, bonus, history; notifications sent at once. */
async function advance(tx: Tx, admin: AuthContext, jobId: string, talentId: string, stages: PipelineStage[]) {
  for (const stage of stages) {
    const pipeline = await lockPipeline(tx, jobId, talentId);
    const referral = await lockLiveReferral(tx, jobId, talentId);
    await moveStage(tx, admin, { pipeline: pipeline!, referral, stage });
  }
  await tx
    .update(pipelineStageChanges)
    .set({ notifyAfter: new Date(0) })
    .where(isNull(pipelineStageChanges.notifiedAt));
}

/**
 * Demo referral activity at Northwind Health: the demo referrer's profile, a pending request from the demo job seeker,
 * a referral waiting for their consent, candidates at every stage and bonus state, and a comment on a job.
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
      .limit(6);
    const referrer = { id: referrerId, name: 'Riley Referrer', title: member!.title };
    const [admin] = await tx.select().from(users).where(eq(users.id, adminId));
    const adminAuth: AuthContext = {
      tokenHash: 'seed',
      user: { ...admin!, type: 'referrer' },
      company: { id: company!.id, name: company!.name, slug: company!.slug, role: 'companyAdmin' },
    };
    // Every stage and bonus state appears: hired and paid, hired and due, interviewing (awaiting hire), just
    // referred, declined (void), and one on a job without a bonus (not eligible).
    await tx
      .update(jobPostings)
      .set({ referralBonusAmount: null, referralBonusCurrency: null })
      .where(eq(jobPostings.id, first!.id));
    const plan: { job: typeof first; stages: PipelineStage[]; paid?: boolean; applied?: boolean }[] = [
      { job: second, stages: ['contacted', 'interviewed', 'offer', 'hired'], paid: true, applied: true },
      { job: second, stages: ['contacted', 'scheduled', 'interviewed'], applied: true },
      { job: third, stages: [] },
      { job: third, stages: ['declined'] },
      { job: second, stages: ['contacted', 'offer', 'hired'] },
      { job: first, stages: ['contacted'] },
    ];
    for (const [index, step] of plan.entries()) {
      const talent = others[index];
      if (!talent || !step.job) continue;
      const row = await insertReferral(tx, {
        job: step.job,
        referrer,
        talentId: talent.id,
        notes: 'Worked with them on an HL7 interface rollout; reliable and thoughtful.',
        relationship: index % 2 === 0 ? 'worked_together' : 'met_through_network',
        consent: 'confirmed',
        requestId: null,
      });
      if (step.applied)
        await tx
          .update(candidatePipelines)
          .set({ appliedAt: new Date() })
          .where(and(eq(candidatePipelines.jobId, step.job.id), eq(candidatePipelines.talentId, talent.id)));
      await advance(tx, adminAuth, step.job.id, talent.id, step.stages);
      if (step.paid)
        await tx
          .update(referrals)
          .set({ bonusState: 'paid', bonusPaidOn: '2026-10-31' })
          .where(inArray(referrals.id, [row.id]));
    }

    // A referral waiting for the demo job seeker's consent ('Referrals for you' on their dashboard).
    if (third)
      await insertReferral(tx, {
        job: third,
        referrer,
        talentId: seekerId,
        notes: 'Jordan led a FHIR migration I saw at a meetup; a strong fit for this team.',
        relationship: 'met_through_network',
        consent: 'pending',
        requestId: null,
      });

    // The demo job seeker applied to the newest Northwind role and the team has contacted them.
    const applied = jobs.at(-1);
    if (applied) {
      const { pipeline } = await openPipeline(tx, applied.id, seekerId, 'applied', seekerId);
      await tx.update(candidatePipelines).set({ appliedAt: new Date() }).where(eq(candidatePipelines.id, pipeline.id));
      await advance(tx, adminAuth, applied.id, seekerId, ['contacted']);
    }

    await tx.insert(jobComments).values({
      jobId: first!.id,
      authorId: adminId,
      body: 'Hiring manager wants to see at least two referred candidates before the panel.',
    });
  });
}
