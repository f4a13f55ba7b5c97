-- Written by `npm run db:triggers` from apps/server/src/db/triggers/ (edit those files, not this one):
--   candidate_pipelines_rollups_added.sql
--   candidate_pipelines_rollups_changed.sql
--   candidate_pipelines_rollups_removed.sql
--   referrals_set_funnel_level: its file was deleted, so it is dropped with its triggers
DROP TRIGGER IF EXISTS referrals_funnel_level ON referrals;--> statement-breakpoint
DROP FUNCTION IF EXISTS public.referrals_set_funnel_level();--> statement-breakpoint
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
END $function$;--> statement-breakpoint
DROP TRIGGER IF EXISTS candidate_pipelines_rollups_added ON candidate_pipelines;--> statement-breakpoint
CREATE TRIGGER candidate_pipelines_rollups_added AFTER INSERT ON candidate_pipelines
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT
  EXECUTE FUNCTION candidate_pipelines_rollups_added();--> statement-breakpoint
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
END $function$;--> statement-breakpoint
DROP TRIGGER IF EXISTS candidate_pipelines_rollups_changed ON candidate_pipelines;--> statement-breakpoint
CREATE TRIGGER candidate_pipelines_rollups_changed AFTER UPDATE ON candidate_pipelines
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT
  EXECUTE FUNCTION candidate_pipelines_rollups_changed();--> statement-breakpoint
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
END $function$;--> statement-breakpoint
DROP TRIGGER IF EXISTS candidate_pipelines_rollups_removed ON candidate_pipelines;--> statement-breakpoint
CREATE TRIGGER candidate_pipelines_rollups_removed AFTER DELETE ON candidate_pipelines
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT
  EXECUTE FUNCTION candidate_pipelines_rollups_removed();
--> statement-breakpoint
-- Written by hand: a referral's funnel level is set by the services (referralFunnelLevel in
-- packages/shared/src/rules/funnel.ts), so its SQL twin from migration 0025 goes.
DROP FUNCTION IF EXISTS referral_funnel_level(referral_consent, smallint, timestamptz);
