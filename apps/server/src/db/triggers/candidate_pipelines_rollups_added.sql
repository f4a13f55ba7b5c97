-- Rule: Inserted pipelines are counted in their job's candidates per stage (job_stage_counts) and, once applied,
--   in its applications per UTC month (application_month_jobs); the referral of each new pipeline takes its funnel
--   level.
-- Tables: reads the inserted candidate_pipelines rows; writes job_stage_counts, application_month_jobs and
--   referrals.funnel_level.
-- Class: bookkeeping (rollup counters); the funnel level it re-derives is the product rule described in
--   referrals_set_funnel_level.sql.
-- Why in the database: the analytics read these rollups instead of counting every pipeline, and every writer (the
--   API, imports, the seed, cascades) must keep them, in its own transaction. Counted once per statement from its
--   transition table (linear for bulk writes); hash and merge joins are off so the plan PL/pgSQL keeps for the
--   session stays index probes whatever the size of the first statement (ADR 0013).
-- Calls: referral_month() (migration 0027), referral_funnel_level() (migration 0025).

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
  UPDATE referrals rf SET funnel_level = referral_funnel_level(rf.consent, p.reached_rank, p.applied_at)
  FROM added p WHERE rf.job_id = p.job_id AND rf.talent_id = p.talent_id
    AND rf.funnel_level <> referral_funnel_level(rf.consent, p.reached_rank, p.applied_at);
  RETURN NULL;
END $function$;

CREATE TRIGGER candidate_pipelines_rollups_added AFTER INSERT ON candidate_pipelines
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT
  EXECUTE FUNCTION candidate_pipelines_rollups_added();
