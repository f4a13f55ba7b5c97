-- Rule: An update of referrals moves the bonus totals and the monthly counts (per job, per funnel level, per
--   referrer with hires) by the difference between the old rows and the new ones.
-- Tables: reads the old and new referrals rows; writes referral_bonus_totals, referral_month_jobs,
--   referral_month_levels and referral_month_referrers.
-- Class: bookkeeping (rollup counters).
-- Why in the database: as referrals_bonus_added and referrals_count_month_added. It first finds by set difference
--   which rollups the statement can change (a status change, a funnel level moved by a pipeline) and pays only for
--   those.
-- Calls: referral_bonus_day() (migration 0025), referral_month() (migration 0027).

CREATE OR REPLACE FUNCTION public.referrals_rollups_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SET enable_hashjoin TO 'off'
 SET enable_mergejoin TO 'off'
AS $function$
DECLARE
  bonuses boolean; months boolean;
BEGIN
  bonuses := EXISTS (SELECT id, job_id, bonus_state, bonus_amount, bonus_currency, bonus_due_on, bonus_paid_on
    FROM added EXCEPT
    SELECT id, job_id, bonus_state, bonus_amount, bonus_currency, bonus_due_on, bonus_paid_on FROM removed);
  months := EXISTS (SELECT id, company_id, job_id, referrer_id, created_at, status = 'completed', funnel_level
    FROM added EXCEPT
    SELECT id, company_id, job_id, referrer_id, created_at, status = 'completed', funnel_level FROM removed);
  IF bonuses THEN
  WITH d AS (
    SELECT job_id, bonus_state, currency, day, sum(n)::int AS n, sum(amount) AS amount FROM (
      SELECT job_id, bonus_state, coalesce(bonus_currency, 'USD') AS currency,
        referral_bonus_day(bonus_state, bonus_due_on, bonus_paid_on) AS day, -1 AS n, -bonus_amount AS amount
      FROM removed WHERE bonus_amount IS NOT NULL
      UNION ALL
      SELECT job_id, bonus_state, coalesce(bonus_currency, 'USD'),
        referral_bonus_day(bonus_state, bonus_due_on, bonus_paid_on), 1, bonus_amount
      FROM added WHERE bonus_amount IS NOT NULL) x
    GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(amount) <> 0),
  grown AS (
    INSERT INTO referral_bonus_totals (job_id, bonus_state, currency, day, referrals, amount)
    SELECT job_id, bonus_state, currency, day, n, amount FROM d WHERE n > 0
    ON CONFLICT (job_id, bonus_state, currency, day) DO UPDATE
    SET referrals = referral_bonus_totals.referrals + excluded.referrals,
        amount = referral_bonus_totals.amount + excluded.amount)
  UPDATE referral_bonus_totals t SET referrals = t.referrals + d.n, amount = t.amount + d.amount
  FROM d WHERE d.n <= 0 AND t.job_id = d.job_id AND t.bonus_state = d.bonus_state AND t.currency = d.currency
    AND t.day = d.day;
  END IF;
  IF NOT months THEN
    RETURN NULL;
  END IF;
  WITH d AS (
    SELECT job_id, month, sum(n)::int AS n FROM (
      SELECT job_id, referral_month(created_at) AS month, -1 AS n FROM removed
      UNION ALL SELECT job_id, referral_month(created_at), 1 FROM added) x
    GROUP BY 1, 2 HAVING sum(n) <> 0),
  grown AS (
    INSERT INTO referral_month_jobs (job_id, month, referrals) SELECT job_id, month, n FROM d WHERE n > 0
    ON CONFLICT (job_id, month) DO UPDATE SET referrals = referral_month_jobs.referrals + excluded.referrals)
  UPDATE referral_month_jobs m SET referrals = m.referrals + d.n
  FROM d WHERE d.n < 0 AND m.job_id = d.job_id AND m.month = d.month;
  WITH d AS (
    SELECT company_id, month, funnel_level, sum(n)::int AS n FROM (
      SELECT company_id, referral_month(created_at) AS month, funnel_level, -1 AS n FROM removed
      UNION ALL SELECT company_id, referral_month(created_at), funnel_level, 1 FROM added) x
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0),
  grown AS (
    INSERT INTO referral_month_levels (company_id, month, funnel_level, referrals)
    SELECT company_id, month, funnel_level, n FROM d WHERE n > 0
    ON CONFLICT (company_id, month, funnel_level) DO UPDATE
    SET referrals = referral_month_levels.referrals + excluded.referrals)
  UPDATE referral_month_levels m SET referrals = m.referrals + d.n
  FROM d WHERE d.n < 0 AND m.company_id = d.company_id AND m.month = d.month AND m.funnel_level = d.funnel_level;
  WITH d AS (
    SELECT company_id, month, referrer_id, sum(n)::int AS n, sum(hires)::int AS hires FROM (
      SELECT company_id, referral_month(created_at) AS month, referrer_id, -1 AS n,
        -((status = 'completed')::int) AS hires
      FROM removed WHERE referrer_id IS NOT NULL
      UNION ALL
      SELECT company_id, referral_month(created_at), referrer_id, 1, (status = 'completed')::int
      FROM added WHERE referrer_id IS NOT NULL) x
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(hires) <> 0),
  grown AS (
    INSERT INTO referral_month_referrers (company_id, month, referrer_id, referrals, hires)
    SELECT company_id, month, referrer_id, n, hires FROM d WHERE n > 0
    ON CONFLICT (company_id, month, referrer_id) DO UPDATE
    SET referrals = referral_month_referrers.referrals + excluded.referrals,
        hires = referral_month_referrers.hires + excluded.hires)
  UPDATE referral_month_referrers m SET referrals = m.referrals + d.n, hires = m.hires + d.hires
  FROM d WHERE d.n <= 0 AND m.company_id = d.company_id AND m.month = d.month AND m.referrer_id = d.referrer_id;
  RETURN NULL;
END $function$;

CREATE TRIGGER referrals_rollups_changed AFTER UPDATE ON referrals
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT
  EXECUTE FUNCTION referrals_rollups_changed();
