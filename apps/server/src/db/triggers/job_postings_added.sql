-- Rule: Every statement that inserts open jobs tells every server process their ids, so each changes only the kept job
--   searches they match: NOTIFY rw_realtime '{"jobs":{"added":[ids]}}' (over 100 jobs: '{"jobs":true}').
-- Tables: job_postings (statement trigger on inserts; reads the inserted rows, writes nothing).
-- Class: bookkeeping (cache invalidation).
-- Why in the database: as job_postings_changed: every writer (the API, ATS imports, job sources, the seed) must tell
--   every process, and a posted job must appear in searches at once. NOTIFY is delivered when the transaction commits.
--   The payload is the jobs envelope of platform/events/wire.ts, read by features/jobs/search.ts forgetAddedJobs.
--   Drafts are in no search: nothing is sent for them.

CREATE OR REPLACE FUNCTION public.job_postings_added()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  ids text[] := ARRAY(SELECT r.id::text FROM added_rows r WHERE r.status = 'OPEN' LIMIT 101);
BEGIN
  IF cardinality(ids) > 100 THEN
    PERFORM pg_notify('rw_realtime', '{"jobs":true}');
  ELSIF cardinality(ids) > 0 THEN
    PERFORM pg_notify('rw_realtime', json_build_object('jobs', json_build_object('added', ids))::text);
  END IF;
  RETURN NULL;
END
$function$;

CREATE TRIGGER job_postings_added AFTER INSERT ON job_postings
  REFERENCING NEW TABLE AS added_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION job_postings_added();
