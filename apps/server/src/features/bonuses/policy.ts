import { eq } from 'drizzle-orm';
import { DEFAULT_BONUS_POLICY, type BonusPolicy } from '@referwell/shared';
import type { Executor } from '../../db/repository';
import { referralPolicies } from '../../db/schema';

/** The company's bonus policy, or the defaults (no default bonus, payable 90 days after the start date, 6 months' ownership). */
export async function bonusPolicyOf(db: Executor, companyId: string): Promise<BonusPolicy> {
  const [row] = await db
    .select({
      defaultBonusAmount: referralPolicies.defaultBonusAmount,
      defaultBonusCurrency: referralPolicies.defaultBonusCurrency,
      payoutDelayDays: referralPolicies.payoutDelayDays,
      ownershipMonths: referralPolicies.ownershipMonths,
    })
    .from(referralPolicies)
    .where(eq(referralPolicies.companyId, companyId));
  return row ?? DEFAULT_BONUS_POLICY;
}

/** An admin saves the policy; it applies to referrals made and hires recorded from now on. */
export async function saveBonusPolicy(db: Executor, companyId: string, policy: BonusPolicy): Promise<BonusPolicy> {
  const values = {
    defaultBonusAmount: policy.defaultBonusAmount,
    defaultBonusCurrency: policy.defaultBonusAmount === null ? null : (policy.defaultBonusCurrency ?? 'USD'),
    payoutDelayDays: policy.payoutDelayDays,
    ownershipMonths: policy.ownershipMonths,
  };
  await db
    .insert(referralPolicies)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: referralPolicies.companyId, set: { ...values, updatedAt: new Date() } });
  return bonusPolicyOf(db, companyId);
}
