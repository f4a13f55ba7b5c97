import { inArray } from 'drizzle-orm';
import { bonusOffer, DEFAULT_BONUS_POLICY, type BonusOffer, type BonusPolicy } from '@referwell/shared';
import type { Executor } from '../../db/repository';
import { referralPolicies } from '../../db/schema';

export interface JobBonusTerms {
  id: string;
  companyId: string;
  bonusAmount: number | null;
  bonusCurrency: string | null;
}

/**
 * What a referral for each job pays and when (bonusOffer: the job's bonus, else its company's default), reading each
 * company's policy once. The one way jobs boards, dashboards, requests and mails learn a job's bonus.
 */
export async function bonusOffersFor(db: Executor, jobs: JobBonusTerms[]): Promise<Map<string, BonusOffer | null>> {
  const companyIds = [...new Set(jobs.map((job) => job.companyId))];
  const rows =
    companyIds.length === 0
      ? []
      : await db
          .select({
            companyId: referralPolicies.companyId,
            defaultBonusAmount: referralPolicies.defaultBonusAmount,
            defaultBonusCurrency: referralPolicies.defaultBonusCurrency,
            payoutDelayDays: referralPolicies.payoutDelayDays,
            ownershipMonths: referralPolicies.ownershipMonths,
            retentionCheckDays: referralPolicies.retentionCheckDays,
          })
          .from(referralPolicies)
          .where(inArray(referralPolicies.companyId, companyIds));
  const policies = new Map<string, BonusPolicy>(rows.map(({ companyId, ...policy }) => [companyId, policy]));
  return new Map(
    jobs.map((job) => [job.id, bonusOffer(job, policies.get(job.companyId) ?? DEFAULT_BONUS_POLICY)] as const),
  );
}
