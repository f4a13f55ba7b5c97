-- Rule: Every statement that updates or deletes job_postings, or writes companies or company_members, tells every
--   server process to drop its cached job searches: NOTIFY rw_realtime '{"jobs":true}' (inserts: job_postings_added).
-- Tables: job_postings, companies, company_members (statement triggers; writes nothing).
-- Class: bookkeeping (cache invalidation).
-- Why in the database: search answers carry a job's company and whether it has a referrer, and are kept in every
--   process (ADR 0009); every writer (the API, imports, the seed, cascades, the benchmark's dataset) must clear them.
--   NOTIFY is delivered when the transaction commits, once per transaction for the same payload.

CREATE OR REPLACE FUNCTION public.job_postings_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('rw_realtime', '{"jobs":true}');
  RETURN NULL;
END
$function$;

CREATE TRIGGER companies_changed_for_job_search AFTER DELETE OR UPDATE OR TRUNCATE ON companies
  FOR EACH STATEMENT
  EXECUTE FUNCTION job_postings_changed();

CREATE TRIGGER company_members_changed_for_job_search AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON company_members
  FOR EACH STATEMENT
  EXECUTE FUNCTION job_postings_changed();

CREATE TRIGGER job_postings_changed AFTER DELETE OR UPDATE OR TRUNCATE ON job_postings
  FOR EACH STATEMENT
  EXECUTE FUNCTION job_postings_changed();
