-- Rule: New referrals are counted per job and UTC month (referral_month_jobs), per company, month and funnel level
--   (referral_month_levels), and per company, month and referrer with their hires, a hire being a referral whose
--   status is completed (referral_month_referrers).
-- Tables: reads the inserted referrals rows; writes referral_month_jobs, referral_month_levels and
--   referral_month_referrers.
-- Class: bookkeeping (rollup counters); "a hire is a completed referral" is written here, in
--   referrals_rollups_changed and in features/referrals/rollups.ts.
-- Why in the database: the analytics read months of rollups instead of every referral of the period (ADR 0013);
--   every writer of referrals must keep them, once per statement.
-- Calls: referral_month() (migration 0027).

CREATE OR REPLACE FUNCTION public.referrals_count_month_added()
 RETURNS trigger
 LANGUAGE plpgsql
 SET enable_hashjoin TO 'off'
 SET enable_mergejoin TO 'off'
AS $function$
BEGIN
  INSERT INTO referral_month_jobs (job_id, month, referrals)
  SELECT job_id, referral_month(created_at), count(*)::int FROM added GROUP BY 1, 2
  ON CONFLICT (job_id, month) DO UPDATE SET referrals = referral_month_jobs.referrals + excluded.referrals;
  INSERT INTO referral_month_levels (company_id, month, funnel_level, referrals)
  SELECT company_id, referral_month(created_at), funnel_level, count(*)::int FROM added GROUP BY 1, 2, 3
  ON CONFLICT (company_id, month, funnel_level) DO UPDATE
  SET referrals = referral_month_levels.referrals + excluded.referrals;
  INSERT INTO referral_month_referrers (company_id, month, referrer_id, referrals, hires)
  SELECT company_id, referral_month(created_at), referrer_id, count(*)::int,
         (count(*) FILTER (WHERE status = 'completed'))::int
  FROM added WHERE referrer_id IS NOT NULL GROUP BY 1, 2, 3
  ON CONFLICT (company_id, month, referrer_id) DO UPDATE
  SET referrals = referral_month_referrers.referrals + excluded.referrals,
      hires = referral_month_referrers.hires + excluded.hires;
  RETURN NULL;
END $function$;

CREATE TRIGGER referrals_month_count_added AFTER INSERT ON referrals
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT
  EXECUTE FUNCTION referrals_count_month_added();
