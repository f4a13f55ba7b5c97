-- Rule: An update of candidate_pipelines moves the stage counts (job_stage_counts) and the monthly applications
--   (application_month_jobs) by the difference between the old rows and the new ones.
-- Tables: reads the old and new candidate_pipelines rows; writes job_stage_counts and application_month_jobs.
-- Class: bookkeeping (rollup counters). A referral's funnel level is not kept here: the services set it
--   (referralFunnelLevel, packages/shared/src/rules/funnel.ts; features/referrals/rollups.ts).
-- Why in the database: as candidate_pipelines_rollups_added. An UPDATE trigger with transition tables cannot name
--   columns, so it first finds by set difference which rollups the statement can change and pays only for those
--   (a stage move and its rank refresh, features/referrals/rollups.ts, are two statements).
-- Calls: referral_month() (migration 0027).

CREATE OR REPLACE FUNCTION public.candidate_pipelines_rollups_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SET enable_hashjoin TO 'off'
 SET enable_mergejoin TO 'off'
AS $function$
DECLARE
  staged boolean; applied boolean;
BEGIN
  -- Which rollups the statement can change, by set difference (linear whatever the plan: no join of the two
  -- transition tables). A stage move and its rank refresh are two statements: each pays for its own rollup only.
  staged := EXISTS (SELECT id, job_id, stage FROM added EXCEPT SELECT id, job_id, stage FROM removed);
  applied := EXISTS (SELECT id, job_id, applied_at FROM added EXCEPT SELECT id, job_id, applied_at FROM removed);
  IF staged THEN
  WITH d AS (
    SELECT job_id, stage, sum(n)::int AS n FROM (
      SELECT job_id, stage, -1 AS n FROM removed UNION ALL SELECT job_id, stage, 1 FROM added) x
    GROUP BY 1, 2 HAVING sum(n) <> 0),
  grown AS (
    INSERT INTO job_stage_counts (job_id, stage, candidates) SELECT job_id, stage, n FROM d WHERE n > 0
    ON CONFLICT (job_id, stage) DO UPDATE SET candidates = job_stage_counts.candidates + excluded.candidates)
  UPDATE job_stage_counts c SET candidates = c.candidates + d.n
  FROM d WHERE d.n < 0 AND c.job_id = d.job_id AND c.stage = d.stage;
  END IF;
  IF applied THEN
  WITH d AS (
    SELECT job_id, month, sum(n)::int AS n FROM (
      SELECT job_id, referral_month(applied_at) AS month, -1 AS n FROM removed WHERE applied_at IS NOT NULL
      UNION ALL
      SELECT job_id, referral_month(applied_at), 1 FROM added WHERE applied_at IS NOT NULL) x
    GROUP BY 1, 2 HAVING sum(n) <> 0),
  grown AS (
    INSERT INTO application_month_jobs (job_id, month, applications) SELECT job_id, month, n FROM d WHERE n > 0
    ON CONFLICT (job_id, month) DO UPDATE
    SET applications = application_month_jobs.applications + excluded.applications)
  UPDATE application_month_jobs m SET applications = m.applications + d.n
  FROM d WHERE d.n < 0 AND m.job_id = d.job_id AND m.month = d.month;
  END IF;
  RETURN NULL;
END $function$;

CREATE TRIGGER candidate_pipelines_rollups_changed AFTER UPDATE ON candidate_pipelines
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT
  EXECUTE FUNCTION candidate_pipelines_rollups_changed();
