-- Rule: A referral request whose job, referrer, time or response changes rewrites its fact row.
-- Tables: reads the old and new referral_requests rows and job_postings; writes referral_request_facts.
-- Class: bookkeeping (an analytics fact table).
-- Why in the database: as referral_requests_facts_added; the changed requests are found by set difference (no join
--   of the two transition tables).
-- Calls: referral_response_hours() (migration 0030).

CREATE OR REPLACE FUNCTION public.referral_requests_facts_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SET enable_hashjoin TO 'off'
 SET enable_mergejoin TO 'off'
AS $function$
BEGIN
  -- The changed requests by set difference (no join of the two transition tables: see migration 0029).
  UPDATE referral_request_facts f
  SET company_id = j.company_id, job_id = c.job_id, referrer_id = c.referrer_id, created_at = c.created_at,
    response_hours = referral_response_hours(c.created_at, c.responded_at)
  FROM (SELECT id, job_id, referrer_id, created_at, responded_at FROM added
        EXCEPT SELECT id, job_id, referrer_id, created_at, responded_at FROM removed) c
  JOIN job_postings j ON j.id = c.job_id
  WHERE f.request_id = c.id;
  RETURN NULL;
END $function$;

CREATE TRIGGER referral_requests_facts_changed AFTER UPDATE ON referral_requests
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT
  EXECUTE FUNCTION referral_requests_facts_changed();
