-- Rule: Inserted pipelines are counted in their job's candidates per stage (job_stage_counts) and, once applied,
--   in its applications per UTC month (application_month_jobs).
-- Tables: reads the inserted candidate_pipelines rows; writes job_stage_counts and application_month_jobs.
-- Class: bookkeeping (rollup counters). A referral's funnel level is not kept here: the services set it
--   (referralFunnelLevel, packages/shared/src/rules/funnel.ts; features/referrals/rollups.ts).
-- Why in the database: the analytics read these rollups instead of counting every pipeline, and every writer (the
--   API, imports, the seed, cascades) must keep them, in its own transaction. Counted once per statement from its
--   transition table (linear for bulk writes); hash and merge joins are off so the plan PL/pgSQL keeps for the
--   session stays index probes whatever the size of the first statement (ADR 0013).
-- Calls: referral_month() (migration 0027).

CREATE OR REPLACE FUNCTION public.candidate_pipelines_rollups_added()
 RETURNS trigger
 LANGUAGE plpgsql
 SET enable_hashjoin TO 'off'
 SET enable_mergejoin TO 'off'
AS $function$
BEGIN
  INSERT INTO job_stage_counts (job_id, stage, candidates)
  SELECT job_id, stage, count(*)::int FROM added GROUP BY 1, 2
  ON CONFLICT (job_id, stage) DO UPDATE SET candidates = job_stage_counts.candidates + excluded.candidates;
  INSERT INTO application_month_jobs (job_id, month, applications)
  SELECT job_id, referral_month(applied_at), count(*)::int FROM added WHERE applied_at IS NOT NULL GROUP BY 1, 2
  ON CONFLICT (job_id, month) DO UPDATE
  SET applications = application_month_jobs.applications + excluded.applications;
  RETURN NULL;
END $function$;

CREATE TRIGGER candidate_pipelines_rollups_added AFTER INSERT ON candidate_pipelines
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT
  EXECUTE FUNCTION candidate_pipelines_rollups_added();
