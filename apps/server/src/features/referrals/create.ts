/** Making a referral: the candidate snapshot, the credit decision, the row with its pipeline and bonus, who is told. */
import { and, eq } from 'drizzle-orm';
import {
  creditWords,
  initialBonusState,
  isRefusal,
  REFERRAL_MESSAGES,
  type CreateReferral,
  type CreditDecision,
  type CreditReason,
  type ReferralDetail,
  type ReferralTalentSnapshot,
  type ReferrerRelationship,
  type VouchStrength,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { isUniqueViolation, type Executor, type Tx } from '../../db/repository';
import { companyMembers, referrals, talentProfiles, users } from '../../db/schema';
import { isTalentVisibleTo } from '../talent/port';
import { conflict, notFound } from '../../lib/errors';
import { enqueue } from '../../lib/queue/enqueue';
import type { CompanyAuth } from '../../platform/access/guards';
import { findVisibleJob, type findJob } from './access';
import { openPipeline } from './pipeline';
import { getReferral } from './read';
import { refreshFunnelLevel } from './rollups';
import { CreditRefusal, creditVerdict, ledgerWords, lockCandidateCredit, recordCredit, recordRefusals } from './credit';
import { askCandidateToConfirm, tellTeamOfReferral } from './notify';
import { closeRequestsFor } from './request-closing';

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

export interface NewReferral {
  job: Awaited<ReturnType<typeof findJob>>;
  referrer: { id: string; name: string; title: string | null };
  talentId: string;
  /** The hiring team's note. */
  notes: string | null;
  /** The note the candidate may read. */
  candidateNote?: string | null;
  relationship: ReferrerRelationship | null;
  vouch?: VouchStrength | null;
  consent: 'pending' | 'confirmed';
  requestId: string | null;
  /** Referred by their details rather than picked from Find Candidates. */
  external?: boolean;
  resumeFileId?: string | null;
  /**
   * What a referral the ownership rule forbids does: 'refuse' answers 409 with the rule's words (the ledger keeps the
   * refusal, recordRefusals); 'skip' makes none and records the refusal here (an application through a shared link
   * goes through without the referral).
   */
  whenForbidden?: 'refuse' | 'skip';
}

/**
 * Stores a referral with the job's bonus terms and opens the candidate's pipeline on the job (at 'referred', or
 * where an application already has it). The company's ownership rule decides first (creditVerdict): a referral it
 * forbids is refused with the rule's words, never made. The same candidate is referred once per job. The decision
 * goes to the credit ledger; a referral that still needs the candidate's consent reaches nobody at the company yet.
 */
export async function insertReferral(tx: Tx, input: NewReferral): Promise<ReferralRow | null> {
  const talent = await talentSnapshot(tx, input.talentId, {
    name: input.referrer.name,
    title: input.referrer.title,
    company: input.job.companyName,
  });
  if (!talent || talent.type !== 'jobseeker') throw notFound(REFERRAL_MESSAGES.notACandidate);
  await lockCandidateCredit(tx, input.job.companyId, input.talentId);
  const now = new Date();
  const verdict = await creditVerdict(tx, {
    job: input.job,
    talentId: input.talentId,
    referrerId: input.referrer.id,
    at: now,
  });
  const context = {
    company: input.job.companyName,
    candidate: talent.snapshot.name,
    referrer: input.referrer.name,
    job: input.job.title,
    ownershipMonths: verdict.policy.ownershipMonths,
  };
  const entry = (decision: CreditDecision, reason: CreditReason, referralId: string | null = null) => ({
    companyId: input.job.companyId,
    talentId: input.talentId,
    jobId: input.job.id,
    referralId,
    referrerId: input.referrer.id,
    decision,
    reason,
    words: ledgerWords(decision, reason, context),
  });
  const refuse = async (reason: CreditReason, words: string): Promise<null> => {
    if (input.whenForbidden === 'skip') {
      await recordCredit(tx, entry('refused', reason));
      return null;
    }
    throw new CreditRefusal(words, entry('refused', reason));
  };

  const [existing] = await tx
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.jobId, input.job.id), eq(referrals.talentId, input.talentId)));
  if (existing) return refuse('already_referred', REFERRAL_MESSAGES.alreadyReferred);
  if (isRefusal(verdict.reason)) return refuse(verdict.reason, creditWords(verdict.reason, context));

  const confirmed = input.consent === 'confirmed';
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
        candidateNote: input.candidateNote ?? null,
        relationship: input.relationship,
        vouch: input.vouch ?? null,
        external: input.external ?? false,
        resumeFileId: input.resumeFileId ?? null,
        consent: input.consent,
        consentedAt: confirmed ? now : null,
        requestId: input.requestId,
        bonusAmount: verdict.bonus?.amount ?? null,
        bonusCurrency: verdict.bonus?.currency ?? null,
        bonusState: initialBonusState(verdict.bonus !== null, verdict.reason),
        bonusIneligibleReason: verdict.reason,
      })
      .returning()) as [ReferralRow];
  } catch (error) {
    // Two referrers at the same moment: the unique index decides who was first.
    if (isUniqueViolation(error)) throw conflict(REFERRAL_MESSAGES.alreadyReferred);
    throw error;
  }
  await openPipeline(tx, input.job.id, input.talentId, 'referred', input.referrer.id);
  await refreshFunnelLevel(tx, input.job.id, input.talentId);
  if (confirmed) {
    await recordCredit(tx, entry('credited', verdict.reason === 'no_bonus' ? 'no_bonus' : 'first_confirmed', row.id));
    await referralReachedCompany(tx, row, input.job, input.referrer.name);
  } else {
    await recordCredit(tx, entry('pending', verdict.reason === 'no_bonus' ? 'no_bonus' : 'awaiting_consent', row.id));
  }
  return row;
}

/**
 * A referral the candidate consented to reaches the company: the job's team hears of it and the candidate's other
 * open requests for the job close (someone referred them).
 */
export async function referralReachedCompany(
  tx: Tx,
  row: Pick<ReferralRow, 'id' | 'jobId' | 'talentId' | 'referrerId' | 'requestId' | 'talentProfile'>,
  job: { title: string },
  referrerName: string | null,
) {
  await tellTeamOfReferral(tx, {
    referralId: row.id,
    jobId: row.jobId,
    jobTitle: job.title,
    referrer: row.referrerId ? { id: row.referrerId, name: referrerName ?? 'A former member' } : null,
    candidateName: row.talentProfile.name,
  });
  await closeRequestsFor(tx, {
    jobId: row.jobId,
    talentId: row.talentId,
    reason: 'referred_elsewhere',
    byReferrerId: row.referrerId,
    referralId: row.id,
  });
  // What else follows (the company's ATS receiving it, background.ts) runs on the queue, after this commits.
  await enqueue(tx, 'referral-reached-company', { referralId: row.id });
}

declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    /** A referral reached its company (consented to): the work that follows outside the request. */
    'referral-reached-company': { referralId: string };
  }
}

/** The referrer's title at their company, shown with the referral. */
export async function referrerOf(db: Executor, me: CompanyAuth) {
  const [member] = await db
    .select({ title: companyMembers.title })
    .from(companyMembers)
    .where(eq(companyMembers.userId, me.user.id));
  return { id: me.user.id, name: me.user.name, title: member?.title ?? null };
}

/** A company's referrer or admin refers a job seeker for one of the company's open jobs. */
export async function createReferral(db: Db, me: CompanyAuth, input: CreateReferral): Promise<ReferralDetail> {
  const job = await findVisibleJob(db, me, input.jobId);
  if (job.companyId !== me.company.id) throw notFound('That job is not at your company.');
  if (job.status !== 'OPEN') throw conflict(REFERRAL_MESSAGES.jobClosed);
  // A hidden job seeker is as unknown to a company as one who does not exist (finding 2).
  if (!(await isTalentVisibleTo(db, me, input.talentId))) throw notFound(REFERRAL_MESSAGES.notACandidate);
  const referrer = await referrerOf(db, me);
  const id = await recordRefusals(db, () =>
    db.transaction(async (tx) => {
      const row = (await insertReferral(tx, {
        job,
        referrer,
        talentId: input.talentId,
        notes: input.notes?.trim() || null,
        candidateNote: input.candidateNote ?? null,
        relationship: input.relationship ?? null,
        vouch: input.vouch ?? null,
        consent: 'pending',
        requestId: null,
      }))!;
      await askCandidateToConfirm(tx, {
        referralId: row.id,
        talentId: input.talentId,
        referrerName: me.user.name,
        jobTitle: job.title,
        companyName: job.companyName,
        candidateNote: row.candidateNote,
      });
      return row.id;
    }),
  );
  return getReferral(db, me, id);
}
