import { and, eq, inArray } from 'drizzle-orm';
import {
  canMarkBonusPaid,
  formatDate,
  formatMoney,
  NOTIFICATION_TYPES_REFERRALS,
  REFERRAL_MESSAGES,
  type MarkBonusesPaid,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/repository';
import { referrals } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { recordAudit } from '../../platform/audit/service';
import { createNotification } from '../../platform/notifications/service';

type ReferralRow = typeof referrals.$inferSelect;

export const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * Records a due bonus as paid on `paidOn` with the payroll reference, and tells the referrer in the same
 * transaction. The one way a bonus is marked paid, singly or in bulk.
 */
export async function recordBonusPaid(
  tx: Tx,
  row: ReferralRow,
  actorId: string,
  paidOn: string,
  reference: string | null,
) {
  if (!canMarkBonusPaid(row.bonusState)) throw conflict(REFERRAL_MESSAGES.bonusNotDue);
  await tx
    .update(referrals)
    .set({ bonusState: 'paid', bonusPaidOn: paidOn, bonusPaymentReference: reference, updatedAt: new Date() })
    .where(eq(referrals.id, row.id));
  await recordAudit(tx, {
    companyId: row.companyId,
    actorId,
    action: 'referral.bonus_paid',
    subject: { type: 'referral', id: row.id, userId: row.talentId },
    before: { bonusState: row.bonusState },
    after: { bonusState: 'paid', paidOn, reference, amount: row.bonusAmount, currency: row.bonusCurrency },
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
    if (rows.some((row) => !canMarkBonusPaid(row.bonusState))) throw conflict(REFERRAL_MESSAGES.bonusNotDue);
    for (const row of rows)
      await recordBonusPaid(tx, row, actorId, input.paidOn || todayUtc(), input.reference || null);
    return { paid: rows.length };
  });
}
