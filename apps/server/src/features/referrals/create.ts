/** Making a referral: the candidate snapshot, the row with its pipeline and bonus, and the notifications. */
import { and, eq } from 'drizzle-orm';
import {
  bonusIneligibility,
  effectiveBonus,
  initialBonusState,
  NOTIFICATION_TYPES_REFERRALS,
  REFERRAL_MESSAGES,
  type CreateReferral,
  type Referral,
  type ReferrerRelationship,
  type ReferralTalentSnapshot,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { isUniqueViolation, type Executor, type Tx } from '../../db/repository';
import { candidatePipelines, companyMembers, referrals, talentProfiles, users } from '../../db/schema';
import { isTalentVisibleTo } from '../talent/port';
import { conflict, notFound } from '../../lib/errors';
import { createNotification } from '../../platform/notifications/service';
import { notifyTeamOfReferral } from '../../platform/notifications/company-events';
import type { CompanyAuth } from '../../platform/access/guards';
import { findVisibleJob, type findJob } from './access';
import { openPipeline } from './pipeline';
import { bonusPolicyOf } from '../bonuses/port';
import { getReferral } from './read';
import { refreshFunnelLevel } from './rollups';

type ReferralRow = typeof referrals.$inferSelect;

/** The candidate as they are now, kept with the referral (SPEC §3 talentProfile). */
export async function talentSnapshot(
  db: Executor,
  talentId: string,
  referredBy: ReferralTalentSnapshot['referredBy'],
): Promise<{ snapshot: ReferralTalentSnapshot; type: string } | null> {
  const [row] = await db
    .select({ name: users.name, type: users.type, profile: talentProfiles })
    .from(users)
    .leftJoin(talentProfiles, eq(talentProfiles.id, users.id))
    .where(eq(users.id, talentId));
  if (!row) return null;
  const p = row.profile;
  return {
    type: row.type,
    snapshot: {
      name: row.name,
      title: p?.title ?? null,
      location: p?.location ?? null,
      skills: p?.skills ?? [],
      technicalSkills: p?.technicalSkills ?? [],
      softwareTools: p?.softwareTools ?? [],
      experience: p?.yearsOfExperience ?? null,
      portfolio: p?.portfolio ?? null,
      rating: p?.rating ?? null,
      industries: p?.industries ?? [],
      interests: p?.interests ?? [],
      involvement: p?.involvement ?? null,
      referredBy,
    },
  };
}

interface NewReferral {
  job: Awaited<ReturnType<typeof findJob>>;
  referrer: { id: string; name: string; title: string | null };
  talentId: string;
  notes: string | null;
  relationship: ReferrerRelationship | null;
  consent: 'pending' | 'confirmed';
  requestId: string | null;
}

/**
 * Stores a referral with the job's bonus terms and opens the candidate's pipeline on the job (at 'referred', or
 * where an application already has it). The same candidate is referred once per job: a second attempt (by
 * anyone) gets a clear 409 and the first referrer keeps the credit.
 */
export async function insertReferral(tx: Tx, input: NewReferral): Promise<ReferralRow> {
  const talent = await talentSnapshot(tx, input.talentId, {
    name: input.referrer.name,
    title: input.referrer.title,
    company: input.job.companyName,
  });
  if (!talent || talent.type !== 'jobseeker') throw notFound(REFERRAL_MESSAGES.notACandidate);
  const [existing] = await tx
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.jobId, input.job.id), eq(referrals.talentId, input.talentId)));
  if (existing) throw conflict(REFERRAL_MESSAGES.alreadyReferred);
  const policy = await bonusPolicyOf(tx, input.job.companyId);
  const bonus = effectiveBonus(input.job, policy);
  const [earlier] = await tx
    .select({ appliedAt: candidatePipelines.appliedAt })
    .from(candidatePipelines)
    .where(and(eq(candidatePipelines.jobId, input.job.id), eq(candidatePipelines.talentId, input.talentId)));
  const ineligible = bonusIneligibility({
    referrerId: input.referrer.id,
    talentId: input.talentId,
    hasBonus: bonus !== null,
    appliedDirectlyAt: earlier?.appliedAt ?? null,
    referredAt: new Date(),
    windowDays: policy.directApplicationWindowDays,
  });
  let row: ReferralRow;
  try {
    [row] = (await tx
      .insert(referrals)
      .values({
        jobId: input.job.id,
        companyId: input.job.companyId,
        referrerId: input.referrer.id,
        talentId: input.talentId,
        talentProfile: talent.snapshot,
        notes: input.notes,
        relationship: input.relationship,
        consent: input.consent,
        requestId: input.requestId,
        bonusAmount: bonus?.amount ?? null,
        bonusCurrency: bonus?.currency ?? null,
        bonusState: initialBonusState(bonus !== null, ineligible),
        bonusIneligibleReason: ineligible,
      })
      .returning()) as [ReferralRow];
  } catch (error) {
    // Two referrers at the same moment: the unique index decides who was first.
    if (isUniqueViolation(error)) throw conflict(REFERRAL_MESSAGES.alreadyReferred);
    throw error;
  }
  await openPipeline(tx, input.job.id, input.talentId, 'referred', input.referrer.id);
  await refreshFunnelLevel(tx, input.job.id, input.talentId);
  await notifyTeamOfReferral(tx, {
    referralId: row.id,
    jobId: input.job.id,
    jobTitle: input.job.title,
    referrer: { id: input.referrer.id, name: input.referrer.name },
    candidateName: talent.snapshot.name,
  });
  return row;
}

/** A company's referrer or admin refers a job seeker for one of the company's open jobs. */
export async function createReferral(db: Db, me: CompanyAuth, input: CreateReferral): Promise<Referral> {
  const job = await findVisibleJob(db, me, input.jobId);
  if (job.companyId !== me.company.id) throw notFound('That job is not at your company.');
  if (job.status !== 'OPEN') throw conflict(REFERRAL_MESSAGES.jobClosed);
  // A hidden job seeker is as unknown to a company as one who does not exist (finding 2).
  if (!(await isTalentVisibleTo(db, me, input.talentId))) throw notFound(REFERRAL_MESSAGES.notACandidate);
  const [member] = await db
    .select({ title: companyMembers.title })
    .from(companyMembers)
    .where(eq(companyMembers.userId, me.user.id));
  const id = await db.transaction(async (tx) => {
    const row = await insertReferral(tx, {
      job,
      referrer: { id: me.user.id, name: me.user.name, title: member?.title ?? null },
      talentId: input.talentId,
      notes: input.notes?.trim() || null,
      relationship: input.relationship ?? null,
      consent: 'pending',
      requestId: null,
    });
    await createNotification(tx, {
      userId: input.talentId,
      title: 'You have been referred',
      message: `${me.user.name} referred you for ${job.title} at ${job.companyName}. Please confirm you want to be put forward.`,
      type: NOTIFICATION_TYPES_REFERRALS.consent,
      referenceId: row.id,
    });
    return row.id;
  });
  return getReferral(db, me, id);
}
