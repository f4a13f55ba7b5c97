import { sql } from 'drizzle-orm';
import { sumBonuses, type Analytics, type BonusState, type Money } from '@referwell/shared';
import type { Executor } from '../../db/repository';
import { preparedRows } from '../../db/prepared';
import { jobsInScope, referralsInScope, type JobScope, type Period } from './period';

interface BonusRow {
  state: BonusState;
  currency: string;
  amount: number;
  /** A due bonus whose payout day is still ahead. */
  later: boolean;
}

/**
 * What the programme owes, in the bonus state machine's words and sums (sumBonuses): due now (hired and past the
 * payout delay), due later, awaiting hire, paid in the period; and the forecast: awaiting hire × the share of
 * the company's finished referrals (hired or not) that ended in a hire. The sums read the jobs' bonus totals
 * (`referral_bonus_totals`, per state, currency and payout or payment day, kept by triggers on the referrals).
 */
export async function bonusLiability(
  db: Executor,
  scope: JobScope,
  period: Period,
  today: string,
): Promise<Analytics['bonuses']> {
  const rows = await preparedRows<BonusRow>(
    db,
    sql`select t.bonus_state as state, t.currency, sum(t.amount)::int as amount,
      (t.bonus_state = 'due' and t.day > ${today}::date) as later
    from referral_bonus_totals t
    where t.job_id in ${jobsInScope(scope)} and t.referrals <> 0
      and (t.bonus_state in ('due', 'awaiting_hire')
        or (t.bonus_state = 'paid' and t.day >= ${period.fromDay}::date and t.day <= ${period.toDay}::date))
    group by 1, 2, 4`,
  );
  const [rate] = await preparedRows<{ hired: number; finished: number }>(
    db,
    sql`select (count(*) filter (where rf.status = 'completed'))::int as hired, count(*)::int as finished
    from referrals rf
    where ${referralsInScope(scope, 'rf')}
      and rf.status in ('completed', 'rejected')`,
  );
  const now = sumBonuses(rows.filter((row) => !row.later));
  const later = sumBonuses(rows.filter((row) => row.later));
  const hireRate = rate && rate.finished > 0 ? rate.hired / rate.finished : null;
  const forecast: Money[] = now.awaitingHire.map(({ currency, amount }) => ({
    currency,
    amount: Math.round(amount * (hireRate ?? 0)),
  }));
  return {
    dueNow: now.due,
    dueLater: later.due,
    awaitingHire: now.awaitingHire,
    paidInPeriod: now.paid,
    forecast,
    historicalHireRate: hireRate,
  };
}
