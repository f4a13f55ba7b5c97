import { and, eq, inArray } from 'drizzle-orm';
import {
  bonusPayableOn,
  canMarkBonusPaid,
  formatDate,
  formatMoney,
  NOTIFICATION_TYPES_REFERRALS,
  REFERRAL_MESSAGES,
  type MarkBonusesPaid,
  type PayBonusEarly,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/repository';
import { referrals } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { recordAudit } from '../../platform/audit/service';
import { createNotification } from '../../platform/notifications/service';
import { bonusPolicyOf } from './policy';

type ReferralRow = typeof referrals.$inferSelect;

export const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * How a bonus is paid: on `paidOn` with the payroll reference; `stillEmployed` when the admin confirms the policy's
 * retention check; `earlyReason` only for the explicit early payment of a bonus whose due day is still to come.
 */
export interface BonusPayment {
  paidOn: string;
  reference: string | null;
  stillEmployed?: boolean;
  earlyReason?: string;
}

/**
 * Records a bonus as paid and tells the referrer, in the caller's transaction. The one way a bonus is marked paid,
 * singly, in bulk or early. Refused (409, nothing written): a bonus not due (not hired yet, or paid already); one
 * whose due day has not come, unless paid early with a reason; an early payment of one already payable; one whose
 * policy has a retention check the admin did not confirm (an early payment is made before that day: its reason
 * stands for it).
 */
export async function recordBonusPaid(tx: Tx, row: ReferralRow, actorId: string, payment: BonusPayment) {
  if (!canMarkBonusPaid(row.bonusState)) throw conflict(REFERRAL_MESSAGES.bonusNotDue);
  const payable = bonusPayableOn(row.bonusDueOn, todayUtc());
  const early = payment.earlyReason !== undefined;
  if (early && payable) throw conflict(REFERRAL_MESSAGES.bonusAlreadyPayable);
  if (!early && !payable) throw conflict(REFERRAL_MESSAGES.bonusNotYetDue(formatDate(row.bonusDueOn!)));
  if (!early) {
    const { retentionCheckDays } = await bonusPolicyOf(tx, row.companyId);
    if (retentionCheckDays !== null && payment.stillEmployed !== true)
      throw conflict(REFERRAL_MESSAGES.retentionUnconfirmed(retentionCheckDays));
  }
  const { paidOn, reference } = payment;
  await tx
    .update(referrals)
    .set({
      bonusState: 'paid',
      bonusPaidOn: paidOn,
      bonusPaymentReference: reference,
      bonusPaidEarlyReason: payment.earlyReason ?? null,
      updatedAt: new Date(),
    })
    .where(eq(referrals.id, row.id));
  await recordAudit(tx, {
    companyId: row.companyId,
    actorId,
    action: early ? 'referral.bonus_paid_early' : 'referral.bonus_paid',
    subject: { type: 'referral', id: row.id, userId: row.talentId },
    before: { bonusState: row.bonusState, dueOn: row.bonusDueOn },
    after: {
      bonusState: 'paid',
      paidOn,
      reference,
      amount: row.bonusAmount,
      currency: row.bonusCurrency,
      ...(early ? { reason: payment.earlyReason } : {}),
      ...(payment.stillEmployed ? { stillEmployedConfirmed: true } : {}),
    },
  });
  if (row.referrerId) {
    await createNotification(tx, {
      userId: row.referrerId,
      title: 'Referral bonus paid',
      message: `Your referral bonus for ${row.talentProfile.name}${
        row.bonusAmount === null ? '' : ` (${formatMoney(row.bonusAmount, row.bonusCurrency)})`
      } was paid on ${formatDate(paidOn)}${reference ? ` (reference ${reference})` : ''}.`,
      type: NOTIFICATION_TYPES_REFERRALS.statusUpdate,
      referenceId: row.id,
    });
  }
}

/** An admin marks several of the company's due bonuses paid: all of them, or none when one cannot be. */
export async function markBonusesPaid(
  db: Db,
  companyId: string,
  actorId: string,
  input: MarkBonusesPaid,
): Promise<{ paid: number }> {
  const ids = [...new Set(input.referralIds)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(referrals)
      .where(and(eq(referrals.companyId, companyId), inArray(referrals.id, ids)))
      .orderBy(referrals.id)
      .for('update');
    if (rows.length !== ids.length) throw notFound('Some of these referrals are not at your company.');
    for (const row of rows)
      await recordBonusPaid(tx, row, actorId, {
        paidOn: input.paidOn || todayUtc(),
        reference: input.reference || null,
        stillEmployed: input.stillEmployed,
      });
    return { paid: rows.length };
  });
}

/** An admin pays one bonus before its due day: the explicit action, with the reason the audit log and CSV keep. */
export async function payBonusEarly(
  db: Db,
  companyId: string,
  referralId: string,
  actorId: string,
  input: PayBonusEarly,
): Promise<{ paid: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(referrals)
      .where(and(eq(referrals.companyId, companyId), eq(referrals.id, referralId)))
      .for('update');
    if (!row) throw notFound(REFERRAL_MESSAGES.notFound);
    await recordBonusPaid(tx, row, actorId, {
      paidOn: input.paidOn || todayUtc(),
      reference: input.reference || null,
      earlyReason: input.reason,
    });
    return { paid: 1 };
  });
}
