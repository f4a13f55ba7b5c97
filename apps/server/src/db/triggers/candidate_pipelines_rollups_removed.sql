-- Rule: Deleted pipelines leave their job's stage counts and monthly applications.
-- Tables: reads the deleted candidate_pipelines rows; writes job_stage_counts and application_month_jobs.
-- Class: bookkeeping (rollup counters).
-- Why in the database: as candidate_pipelines_rollups_added; deletions also come from cascades (a job or an
--   account erased), which no service sees.
-- Calls: referral_month() (migration 0027).

CREATE OR REPLACE FUNCTION public.candidate_pipelines_rollups_removed()
 RETURNS trigger
 LANGUAGE plpgsql
 SET enable_hashjoin TO 'off'
 SET enable_mergejoin TO 'off'
AS $function$
BEGIN
  UPDATE job_stage_counts c SET candidates = c.candidates - d.n
  FROM (SELECT job_id, stage, count(*)::int AS n FROM removed GROUP BY 1, 2) d
  WHERE c.job_id = d.job_id AND c.stage = d.stage;
  UPDATE application_month_jobs m SET applications = m.applications - d.n
  FROM (SELECT job_id, referral_month(applied_at) AS month, count(*)::int AS n
        FROM removed WHERE applied_at IS NOT NULL GROUP BY 1, 2) d
  WHERE m.job_id = d.job_id AND m.month = d.month;
  RETURN NULL;
END $function$;

CREATE TRIGGER candidate_pipelines_rollups_removed AFTER DELETE ON candidate_pipelines
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT
  EXECUTE FUNCTION candidate_pipelines_rollups_removed();
