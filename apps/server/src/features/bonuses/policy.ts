import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_BONUS_POLICY, payableAfterDays, type BonusPolicy, type BonusPolicyForm } from '@referwell/shared';
import type { Db } from '../../db/client';
import type { Executor, Tx } from '../../db/repository';
import { candidatePipelines, referralPolicies, referrals } from '../../db/schema';
import { recordAudit } from '../../platform/audit/service';

/** The company's bonus policy, or the defaults (no default bonus, payable 90 days after the start date, 6 months' ownership). */
export async function bonusPolicyOf(db: Executor, companyId: string): Promise<BonusPolicy> {
  const [row] = await db
    .select({
      defaultBonusAmount: referralPolicies.defaultBonusAmount,
      defaultBonusCurrency: referralPolicies.defaultBonusCurrency,
      payoutDelayDays: referralPolicies.payoutDelayDays,
      ownershipMonths: referralPolicies.ownershipMonths,
      retentionCheckDays: referralPolicies.retentionCheckDays,
    })
    .from(referralPolicies)
    .where(eq(referralPolicies.companyId, companyId));
  return row ?? DEFAULT_BONUS_POLICY;
}

/**
 * The day a hire's bonus clock starts: the start date, or the day the hire was recorded while the start date is
 * unknown (UTC).
 */
const clockStart = sql`coalesce(${candidatePipelines.startDate}, (${candidatePipelines.hiredAt} at time zone 'UTC')::date)`;

/**
 * Gives the company's scheduled bonuses (due, not paid) the due day the policy makes: the start date (or the hire
 * day, while the start date is unknown) plus payableAfterDays. Returns how many changed.
 */
async function reschedule(tx: Tx, companyId: string, days: number): Promise<number> {
  const changed = await tx
    .update(referrals)
    .set({ bonusDueOn: sql`(${clockStart} + ${days}::int)`, updatedAt: new Date() })
    .from(candidatePipelines)
    .where(
      and(
        eq(referrals.companyId, companyId),
        eq(referrals.bonusState, 'due'),
        eq(candidatePipelines.jobId, referrals.jobId),
        eq(candidatePipelines.talentId, referrals.talentId),
        sql`${clockStart} is not null`,
        sql`${referrals.bonusDueOn} is distinct from (${clockStart} + ${days}::int)`,
      ),
    )
    .returning({ id: referrals.id });
  return changed.length;
}

/**
 * An admin saves the policy. It always applies to referrals made and hires recorded from now on; with
 * `applyToScheduled` it also moves the due day of bonuses already scheduled (due, not yet paid), otherwise they keep
 * theirs. The change and what it did go to the audit log, in the same transaction.
 */
export async function saveBonusPolicy(
  db: Db,
  companyId: string,
  actorId: string,
  form: BonusPolicyForm,
): Promise<{ policy: BonusPolicy; rescheduled: number }> {
  const { applyToScheduled, ...policy } = form;
  return db.transaction(async (tx) => {
    const before = await bonusPolicyOf(tx, companyId);
    const values = {
      defaultBonusAmount: policy.defaultBonusAmount,
      defaultBonusCurrency: policy.defaultBonusAmount === null ? null : (policy.defaultBonusCurrency ?? 'USD'),
      payoutDelayDays: policy.payoutDelayDays,
      ownershipMonths: policy.ownershipMonths,
      retentionCheckDays: policy.retentionCheckDays,
    };
    await tx
      .insert(referralPolicies)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: referralPolicies.companyId, set: { ...values, updatedAt: new Date() } });
    const saved = await bonusPolicyOf(tx, companyId);
    const rescheduled = applyToScheduled ? await reschedule(tx, companyId, payableAfterDays(saved)) : 0;
    await recordAudit(tx, {
      companyId,
      actorId,
      action: 'bonus_policy.changed',
      subject: { type: 'company', id: companyId },
      before: { ...before, payableAfterDays: payableAfterDays(before) },
      after: { ...saved, payableAfterDays: payableAfterDays(saved), applyToScheduled, rescheduled },
    });
    return { policy: saved, rescheduled };
  });
}
