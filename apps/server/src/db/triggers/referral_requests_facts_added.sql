-- Rule: Each new referral request gets a narrow fact row (referral_request_facts: company, job, referrer, time,
--   hours to a response) for the analytics team figures.
-- Tables: reads the inserted referral_requests rows and job_postings; writes referral_request_facts.
-- Class: bookkeeping (an analytics fact table).
-- Why in the database: the team medians read one covering range of narrow rows (ADR 0013); every writer of
--   requests must add the fact, once per statement. A deleted request takes its fact with it (foreign key, cascade).
-- Calls: referral_response_hours() (migration 0030).

CREATE OR REPLACE FUNCTION public.referral_requests_facts_added()
 RETURNS trigger
 LANGUAGE plpgsql
 SET enable_hashjoin TO 'off'
 SET enable_mergejoin TO 'off'
AS $function$
BEGIN
  INSERT INTO referral_request_facts (request_id, company_id, job_id, referrer_id, created_at, response_hours)
  SELECT a.id, j.company_id, a.job_id, a.referrer_id, a.created_at, referral_response_hours(a.created_at, a.responded_at)
  FROM added a JOIN job_postings j ON j.id = a.job_id;
  RETURN NULL;
END $function$;

CREATE TRIGGER referral_requests_facts_added AFTER INSERT ON referral_requests
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT
  EXECUTE FUNCTION referral_requests_facts_added();
