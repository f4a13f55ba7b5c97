import { and, eq, inArray, isNull } from 'drizzle-orm';
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
import type { AuthContext } from '../platform/sessions/sessions';
import { findJob } from '../features/referrals/access';
import { lockLiveReferral, lockPipeline, moveStage, openPipeline } from '../features/referrals/pipeline';
import { insertReferral } from '../features/referrals/create';
import { refreshFunnelLevel } from '../features/referrals/rollups';
import { talentIdsByName } from './talent';

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
    await moveStage(tx, admin, {
      pipeline: pipeline!,
      referral,
      stage,
      ...(stage === 'declined' ? { reason: 'position_filled' as const } : {}),
      // Started four months ago: past the default payout delay, so the demo's unpaid hire is due now.
      ...(stage === 'hired' ? { startDate: new Date(Date.now() - 120 * 86_400_000).toISOString().slice(0, 10) } : {}),
    });
  }
  await tx
    .update(pipelineStageChanges)
    .set({ notifyAfter: new Date(0) })
    .where(isNull(pipelineStageChanges.notifiedAt));
}

interface Step {
  job: string;
  talent: string;
  stages: PipelineStage[];
  note: string;
  relationship: 'worked_together' | 'met_through_network';
  paid?: boolean;
  applied?: boolean;
}

/**
 * Riley's referrals at Northwind Health, each a candidate whose career fits the job. Every stage and bonus state
 * appears: hired and paid, hired and due, interviewing (awaiting hire), just referred, declined (void), and one on a
 * contract posting without a bonus (not eligible).
 */
const RILEY_REFERRALS: Step[] = [
  {
    job: 'Senior Integration Engineer (HL7/FHIR)',
    talent: 'Marcus Webb',
    stages: ['contacted', 'interviewed', 'offer', 'hired'],
    paid: true,
    applied: true,
    note: 'Marcus and I rebuilt the ADT feeds for four hospitals together; he is the person I call when Mirth misbehaves.',
    relationship: 'worked_together',
  },
  {
    job: 'Nurse Informaticist',
    talent: 'Lauren Fitzgerald',
    stages: ['contacted', 'scheduled', 'interviewed'],
    applied: true,
    note: 'Lauren ran the ClinDoc training at our Atlanta pilot; the nurses still ask for her by name.',
    relationship: 'worked_together',
  },
  {
    job: 'Clinical Data Analyst',
    talent: 'Tomás Ortega',
    stages: [],
    note: 'Met Tomás at a Denver HL7 meetup where he presented a readmissions dashboard; sharp and careful with definitions.',
    relationship: 'met_through_network',
  },
  {
    job: 'Clinical Data Analyst',
    talent: 'Kevin Nguyen',
    stages: ['declined'],
    note: 'Kevin built the quality reports at his hospital; he wants more hours than this role offers, so worth a talk first.',
    relationship: 'met_through_network',
  },
  {
    job: 'Nurse Informaticist',
    talent: 'Grace Adeyemi',
    stages: ['contacted', 'offer', 'hired'],
    note: 'Grace and I worked the same Epic go-live in Baltimore; calm, clear and great with physicians.',
    relationship: 'worked_together',
  },
  {
    job: 'Frontend Engineer, Care Team App',
    talent: 'Samantha Reed',
    stages: ['contacted'],
    note: 'Samantha built the accessible scheduling UI at her last company; she is free for a six-month contract.',
    relationship: 'met_through_network',
  },
];

/** A hire at Northwind referred by someone outside it (Lakeshore's Marcus Bell), bonus paid. */
const OUTSIDE_REFERRAL: Step = {
  job: 'Nurse Informaticist',
  talent: 'Aisha Rahman',
  stages: ['contacted', 'interviewed', 'offer', 'hired'],
  note: 'Aisha led the Epic ClinDoc optimisation at the hospital our telehealth nurses work with; she would thrive at Northwind.',
  relationship: 'worked_together',
};

/**
 * Demo referral activity at Northwind Health: the demo referrer's profile, a pending request from the demo job
 * seeker, a referral waiting for their consent, candidates at every stage and bonus state, and a comment on a job.
 */
export async function seedReferrals(
  db: Db,
  emails: { admin: string; referrer: string; jobseeker: string; outsideReferrer: string },
) {
  await inTransaction(db, async (tx) => {
    const adminId = await userId(tx, emails.admin);
    const referrerId = await userId(tx, emails.referrer);
    const seekerId = await userId(tx, emails.jobseeker);
    const [member] = await tx
      .select({ companyId: companyMembers.companyId, title: companyMembers.title })
      .from(companyMembers)
      .where(eq(companyMembers.userId, referrerId));
    const [company] = await tx.select().from(companies).where(eq(companies.id, member!.companyId));
    const profile = {
      bio: 'Integration engineer at Northwind since 2021: I build the HL7 and FHIR connections that bring hospitals onto our platform. Happy to refer people who care about interoperability.',
      phone: '+1 (615) 555-0142',
      location: company!.location ?? 'Nashville, TN',
      skills: ['HL7', 'FHIR', 'Mirth Connect', 'JavaScript'],
    };
    await tx
      .insert(referrerProfiles)
      .values({ userId: referrerId, ...profile })
      .onConflictDoUpdate({ target: referrerProfiles.userId, set: profile });

    const jobRows = await tx
      .select({ id: jobPostings.id, title: jobPostings.title })
      .from(jobPostings)
      .where(eq(jobPostings.companyId, company!.id));
    // One query at a time: a transaction's connection runs a single statement at once.
    const jobs = new Map<string, Awaited<ReturnType<typeof findJob>>>();
    for (const row of jobRows) jobs.set(row.title, await findJob(tx, row.id));
    const job = (title: string) => {
      const found = jobs.get(title);
      if (!found) throw new Error(`seed: no Northwind job ${title}`);
      return found;
    };

    await tx.insert(referralRequests).values({
      jobId: job('Senior Integration Engineer (HL7/FHIR)').id,
      talentId: seekerId,
      referrerId,
      message:
        'Hi Riley, I have five years of HL7 and FHIR interface work, most of it with Epic hospitals, and would love a referral for this role.',
    });

    const [referrerUser] = await tx.select({ name: users.name }).from(users).where(eq(users.id, referrerId));
    const referrer = { id: referrerId, name: referrerUser!.name, title: member!.title };
    const [admin] = await tx.select().from(users).where(eq(users.id, adminId));
    const adminAuth: AuthContext = {
      tokenHash: 'seed',
      user: { ...admin!, type: 'referrer' },
      company: { id: company!.id, name: company!.name, slug: company!.slug, role: 'companyAdmin', compliance: false },
      twoFactorSetupRequired: false,
    };
    const talent = await talentIdsByName(
      tx,
      RILEY_REFERRALS.map((step) => step.talent),
    );
    for (const step of RILEY_REFERRALS) {
      const target = job(step.job);
      const talentId = talent.get(step.talent)!;
      const row = (await insertReferral(tx, {
        job: target,
        referrer,
        talentId,
        notes: step.note,
        relationship: step.relationship,
        consent: 'confirmed',
        requestId: null,
      }))!;
      if (step.applied) {
        await tx
          .update(candidatePipelines)
          .set({ appliedAt: new Date() })
          .where(and(eq(candidatePipelines.jobId, target.id), eq(candidatePipelines.talentId, talentId)));
        await refreshFunnelLevel(tx, target.id, talentId);
      }
      await advance(tx, adminAuth, target.id, talentId, step.stages);
      if (step.paid)
        await tx
          .update(referrals)
          .set({ bonusState: 'paid', bonusPaidOn: '2026-10-31' })
          .where(inArray(referrals.id, [row.id]));
    }

    // A hire referred from outside Northwind: Lakeshore's Marcus Bell, paid as a contractor (a W-9 payee, seed/payees.ts).
    const [outsider] = await tx
      .select({ id: users.id, name: users.name, title: companyMembers.title })
      .from(users)
      .innerJoin(companyMembers, eq(companyMembers.userId, users.id))
      .where(lowerEq(users.email, emails.outsideReferrer));
    const outsideTarget = job(OUTSIDE_REFERRAL.job);
    const outsideTalentId = (await talentIdsByName(tx, [OUTSIDE_REFERRAL.talent])).get(OUTSIDE_REFERRAL.talent)!;
    const outside = (await insertReferral(tx, {
      job: outsideTarget,
      referrer: outsider!,
      talentId: outsideTalentId,
      notes: OUTSIDE_REFERRAL.note,
      relationship: OUTSIDE_REFERRAL.relationship,
      consent: 'confirmed',
      requestId: null,
    }))!;
    await advance(tx, adminAuth, outsideTarget.id, outsideTalentId, OUTSIDE_REFERRAL.stages);
    await tx
      .update(referrals)
      .set({ bonusState: 'paid', bonusPaidOn: '2026-11-16' })
      .where(eq(referrals.id, outside.id));

    // A referral waiting for the demo job seeker's consent ('Referrals for you' on their dashboard).
    await insertReferral(tx, {
      job: job('Clinical Data Analyst'),
      referrer,
      talentId: seekerId,
      notes: 'Jordan showed me the interface-monitoring dashboards they built in Tableau; a strong fit for this team.',
      relationship: 'met_through_network',
      consent: 'pending',
      requestId: null,
    });

    // The demo job seeker applied to the entry-level integration role and the team has contacted them.
    const applied = job('Interface Analyst (Epic Bridges)');
    const { pipeline } = await openPipeline(tx, applied.id, seekerId, 'applied', seekerId);
    await tx.update(candidatePipelines).set({ appliedAt: new Date() }).where(eq(candidatePipelines.id, pipeline.id));
    await refreshFunnelLevel(tx, applied.id, seekerId);
    await advance(tx, adminAuth, applied.id, seekerId, ['contacted']);

    await tx.insert(jobComments).values({
      jobId: job('Senior Integration Engineer (HL7/FHIR)').id,
      authorId: adminId,
      body: 'Hiring manager wants to see at least two referred candidates before the panel.',
      createdAt: new Date(Date.now() - 2 * 24 * 3_600_000),
    });
  });
}
