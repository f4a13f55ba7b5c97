-- Rule: Referral bonuses are summed per job, bonus state, currency (USD when unset) and day (the payout day of a
--   due bonus, the payment day of a paid one, -infinity otherwise) in referral_bonus_totals.
-- Tables: reads the inserted referrals rows; writes referral_bonus_totals.
-- Class: bookkeeping (rollup counters).
-- Why in the database: the bonus liability sums these rows instead of every open referral (ADR 0013); every writer
--   of referrals must keep them, once per statement.
-- Calls: referral_bonus_day() (migration 0025).

CREATE OR REPLACE FUNCTION public.referrals_bonus_added()
 RETURNS trigger
 LANGUAGE plpgsql
 SET enable_hashjoin TO 'off'
 SET enable_mergejoin TO 'off'
AS $function$
BEGIN
  INSERT INTO referral_bonus_totals (job_id, bonus_state, currency, day, referrals, amount)
  SELECT job_id, bonus_state, coalesce(bonus_currency, 'USD'),
    referral_bonus_day(bonus_state, bonus_due_on, bonus_paid_on), count(*)::int, sum(bonus_amount)
  FROM added WHERE bonus_amount IS NOT NULL GROUP BY 1, 2, 3, 4
  ON CONFLICT (job_id, bonus_state, currency, day) DO UPDATE
  SET referrals = referral_bonus_totals.referrals + excluded.referrals,
      amount = referral_bonus_totals.amount + excluded.amount;
  RETURN NULL;
END $function$;

CREATE TRIGGER referrals_bonus_added AFTER INSERT ON referrals
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT
  EXECUTE FUNCTION referrals_bonus_added();
