-- Rule: Deleted referrals leave the monthly counts (referral_month_jobs, referral_month_levels,
--   referral_month_referrers).
-- Tables: reads the deleted referrals rows; writes referral_month_jobs, referral_month_levels and
--   referral_month_referrers.
-- Class: bookkeeping (rollup counters).
-- Why in the database: as referrals_count_month_added; deletions also come from cascades.
-- Calls: referral_month() (migration 0027).

CREATE OR REPLACE FUNCTION public.referrals_count_month_removed()
 RETURNS trigger
 LANGUAGE plpgsql
 SET enable_hashjoin TO 'off'
 SET enable_mergejoin TO 'off'
AS $function$
BEGIN
  UPDATE referral_month_jobs r SET referrals = r.referrals - d.n
  FROM (SELECT job_id, referral_month(created_at) AS month, count(*)::int AS n FROM removed GROUP BY 1, 2) d
  WHERE r.job_id = d.job_id AND r.month = d.month;
  UPDATE referral_month_levels r SET referrals = r.referrals - d.n
  FROM (SELECT company_id, referral_month(created_at) AS month, funnel_level, count(*)::int AS n
        FROM removed GROUP BY 1, 2, 3) d
  WHERE r.company_id = d.company_id AND r.month = d.month AND r.funnel_level = d.funnel_level;
  UPDATE referral_month_referrers r SET referrals = r.referrals - d.n, hires = r.hires - d.hires
  FROM (SELECT company_id, referral_month(created_at) AS month, referrer_id, count(*)::int AS n,
               (count(*) FILTER (WHERE status = 'completed'))::int AS hires
        FROM removed WHERE referrer_id IS NOT NULL GROUP BY 1, 2, 3) d
  WHERE r.company_id = d.company_id AND r.month = d.month AND r.referrer_id = d.referrer_id;
  RETURN NULL;
END $function$;

CREATE TRIGGER referrals_month_count_removed AFTER DELETE ON referrals
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT
  EXECUTE FUNCTION referrals_count_month_removed();
