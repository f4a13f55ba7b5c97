-- Rule: A referral's funnel level is the furthest step it reached: 1 referred, 2 the candidate confirmed, 3 applied
--   or taken forward, 4 interviewed, 5 offer, 6 hired; 0 while it has no pipeline. referral_funnel_level() reads it
--   from the referral's consent and its pipeline's reached_rank and applied_at, on insert and when the referral's
--   consent, job or candidate change; the candidate_pipelines_rollups_* functions keep it as the pipeline moves.
-- Tables: writes the inserted or updated referrals row; reads candidate_pipelines.
-- Class: product rule: should move to code. Which step counts as what is the analytics funnel's definition; it is
--   written in SQL (referral_funnel_level) while the stage ranks it reads are in features/referrals/rollups.ts.
-- Why in the database: its inputs have writers in several features (a referral made or answered, an application, a
--   stage change or its undo), so none could forget it (ADR 0013).
-- Calls: referral_funnel_level() (migration 0025).

CREATE OR REPLACE FUNCTION public.referrals_set_funnel_level()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  NEW.funnel_level := coalesce((SELECT referral_funnel_level(NEW.consent, p.reached_rank, p.applied_at)
    FROM candidate_pipelines p WHERE p.job_id = NEW.job_id AND p.talent_id = NEW.talent_id), 0);
  RETURN NEW;
END $function$;

CREATE TRIGGER referrals_funnel_level BEFORE INSERT OR UPDATE OF consent, job_id, talent_id ON referrals
  FOR EACH ROW
  EXECUTE FUNCTION referrals_set_funnel_level();
