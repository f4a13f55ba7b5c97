/**
 * Referring anyone (ADR 0028): a referrer names a person by their details. The person is matched to the candidate
 * they already are (an account, or an earlier referral's candidate), else becomes an unclaimed candidate the referral
 * points to; the company's ownership rule answers "will this count?" before submit and refuses what it forbids; the
 * person is asked to confirm by e-mail, and nothing reaches the company before they do.
 */
import { and, eq, ne } from 'drizzle-orm';
import {
  creditWords,
  effectiveBonus,
  isRefusal,
  ownershipRuleText,
  REFERRAL_MESSAGES,
  type ExternalReferral,
  type ReferralCheck,
  type ReferralCheckResult,
  type ReferralDetail,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/repository';
import { referrals, users } from '../../db/schema';
import { bonusPolicyOf } from '../bonuses/port';
import { conflict, notFound } from '../../lib/errors';
import type { Limit } from '../../lib/rate-limit';
import type { CompanyAuth } from '../../platform/access/guards';
import type { AccountLifecycle } from '../../platform/accounts/lifecycle';
import { createUnclaimedAccount } from '../../platform/accounts/unclaimed';
import { completeReferredProfile, isTalentVisibleTo, keepReferredResume } from '../talent/port';
import { findJob } from './access';
import { insertReferral, referrerOf } from './create';
import { creditVerdict, recordRefusals } from './credit';
import { lockPersonKeys, matchPerson, personKeys } from './identity';
import { askCandidateToConfirm } from './notify';
import { getReferral } from './read';
import { takeReferralUpload } from './uploads';

/** How many people one referrer may refer by their details in an hour, from the web or from Slack's /refer. */
export const externalReferralLimit = (userId: string): Limit => ({
  key: `external-referral:user:${userId}`,
  max: 60,
  windowSeconds: 60 * 60,
  message: 'You have referred many people in a short time. Please wait a little.',
});

/** A company's open job the referrer may refer for, or 404 / 409. */
async function referableJob(db: Executor, me: CompanyAuth, jobId: string) {
  const job = await findJob(db, jobId);
  if (job.companyId !== me.company.id) throw notFound('That job is not at your company.');
  if (job.status !== 'OPEN') throw conflict(REFERRAL_MESSAGES.jobClosed);
  return job;
}

/** The referrer refers a person by their details for one of the company's open jobs. */
export async function createExternalReferral(
  db: Db,
  accounts: AccountLifecycle,
  me: CompanyAuth,
  input: ExternalReferral,
): Promise<ReferralDetail> {
  const job = await referableJob(db, me, input.jobId);
  const keys = personKeys(input);
  const referrer = await referrerOf(db, me);
  const id = await recordRefusals(db, () =>
    db.transaction(async (tx) => {
      await lockPersonKeys(tx, keys);
      const matched = await matchPerson(tx, keys);
      if (matched && matched.type !== 'jobseeker') throw conflict(REFERRAL_MESSAGES.notReferable);
      const talentId =
        matched?.id ?? (await createUnclaimedAccount(tx, accounts, { email: keys.email!, name: input.name }));
      const upload = input.resumeUploadId ? await takeReferralUpload(tx, me, input.resumeUploadId) : null;
      // Only the profile this referral made is built from what the referrer says; an existing one stays its owner's.
      if (!matched)
        await completeReferredProfile(
          tx,
          { id: talentId, name: input.name },
          { phone: input.phone ?? null, linkedinUrl: keys.linkedinKey, fields: upload?.fields ?? null },
        );
      const resumeFileId = upload ? await keepReferredResume(tx, talentId, upload, !matched) : null;
      const row = (await insertReferral(tx, {
        job,
        referrer,
        talentId,
        notes: input.notes ?? null,
        candidateNote: input.candidateNote ?? null,
        relationship: input.relationship,
        vouch: input.vouch,
        consent: 'pending',
        requestId: null,
        external: true,
        resumeFileId,
      }))!;
      await askCandidateToConfirm(tx, {
        referralId: row.id,
        talentId,
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

/**
 * "Will this referral count?", answered before submit in the words the referral (or its refusal) would use. It says
 * no more than the rule allows: whether the person is already in the company's pipeline for this job or held by
 * another referrer (never who, never whether they have an account), and that another referral of them waits for
 * their answer.
 */
export async function checkReferral(db: Db, me: CompanyAuth, input: ReferralCheck): Promise<ReferralCheckResult> {
  const job = await referableJob(db, me, input.jobId);
  const policy = await bonusPolicyOf(db, job.companyId);
  const rule = ownershipRuleText(policy, job.companyName);
  const bonus = effectiveBonus(job, policy);
  const answer = (reason: ReferralCheckResult['reason'], words: string, refused: boolean, notices: string[] = []) => ({
    counts: !refused,
    refused,
    reason,
    words,
    notices,
    rule,
    bonus,
  });
  let talent: { id: string; name: string } | null = null;
  if (input.talentId) {
    if (!(await isTalentVisibleTo(db, me, input.talentId))) throw notFound(REFERRAL_MESSAGES.notACandidate);
    const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, input.talentId));
    talent = { id: input.talentId, name: row?.name ?? 'This person' };
  } else {
    const matched = await matchPerson(db, personKeys(input));
    if (matched && matched.type !== 'jobseeker') return answer(null, REFERRAL_MESSAGES.notReferable, true);
    // The referrer's own words for the person: whether they have an account is not the referrer's to learn.
    if (matched) talent = { id: matched.id, name: input.name?.trim() || 'This person' };
  }
  const candidate = talent?.name ?? (input.name?.trim() || 'This person');
  const context = { company: job.companyName, candidate, ownershipMonths: policy.ownershipMonths };
  if (!talent) return answer(bonus ? null : 'no_bonus', creditWords(bonus ? null : 'no_bonus', context), false);

  const [already] = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.jobId, job.id), eq(referrals.talentId, talent.id)));
  if (already) return answer('already_referred', REFERRAL_MESSAGES.alreadyReferred, true);
  const verdict = await creditVerdict(db, { job, talentId: talent.id, referrerId: me.user.id, at: new Date() });
  if (isRefusal(verdict.reason)) return answer(verdict.reason, creditWords(verdict.reason, context), true);
  const [waiting] = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(
      and(
        eq(referrals.companyId, job.companyId),
        eq(referrals.talentId, talent.id),
        eq(referrals.consent, 'pending'),
        ne(referrals.referrerId, me.user.id),
      ),
    )
    .limit(1);
  const notices = waiting
    ? [
        `Someone else at ${job.companyName} has also referred ${candidate} and is waiting for their answer: the first referral they confirm counts.`,
      ]
    : [];
  return answer(verdict.reason, creditWords(verdict.reason, context), false, notices);
}
