-- Written by `npm run db:triggers` from apps/server/src/db/triggers/ (edit those files, not this one):
--   job_postings_added.sql
--   job_postings_changed.sql
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
$function$;--> statement-breakpoint
DROP TRIGGER IF EXISTS job_postings_added ON job_postings;--> statement-breakpoint
CREATE TRIGGER job_postings_added AFTER INSERT ON job_postings
  REFERENCING NEW TABLE AS added_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION job_postings_added();--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.job_postings_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('rw_realtime', '{"jobs":true}');
  RETURN NULL;
END
$function$;--> statement-breakpoint
DROP TRIGGER IF EXISTS companies_changed_for_job_search ON companies;--> statement-breakpoint
CREATE TRIGGER companies_changed_for_job_search AFTER DELETE OR UPDATE OR TRUNCATE ON companies
  FOR EACH STATEMENT
  EXECUTE FUNCTION job_postings_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS company_members_changed_for_job_search ON company_members;--> statement-breakpoint
CREATE TRIGGER company_members_changed_for_job_search AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON company_members
  FOR EACH STATEMENT
  EXECUTE FUNCTION job_postings_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS job_postings_changed ON job_postings;--> statement-breakpoint
CREATE TRIGGER job_postings_changed AFTER DELETE OR UPDATE OR TRUNCATE ON job_postings
  FOR EACH STATEMENT
  EXECUTE FUNCTION job_postings_changed();
