-- Rule: Deleted referrals leave the bonus totals (referral_bonus_totals).
-- Tables: reads the deleted referrals rows; writes referral_bonus_totals.
-- Class: bookkeeping (rollup counters).
-- Why in the database: as referrals_bonus_added; deletions also come from cascades.
-- Calls: referral_bonus_day() (migration 0025).

CREATE OR REPLACE FUNCTION public.referrals_bonus_removed()
 RETURNS trigger
 LANGUAGE plpgsql
 SET enable_hashjoin TO 'off'
 SET enable_mergejoin TO 'off'
AS $function$
BEGIN
  UPDATE referral_bonus_totals t SET referrals = t.referrals - d.n, amount = t.amount - d.amount
  FROM (SELECT job_id, bonus_state, coalesce(bonus_currency, 'USD') AS currency,
          referral_bonus_day(bonus_state, bonus_due_on, bonus_paid_on) AS day, count(*)::int AS n,
          sum(bonus_amount) AS amount
        FROM removed WHERE bonus_amount IS NOT NULL GROUP BY 1, 2, 3, 4) d
  WHERE t.job_id = d.job_id AND t.bonus_state = d.bonus_state AND t.currency = d.currency AND t.day = d.day;
  RETURN NULL;
END $function$;

CREATE TRIGGER referrals_bonus_removed AFTER DELETE ON referrals
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT
  EXECUTE FUNCTION referrals_bonus_removed();
