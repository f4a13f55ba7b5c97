-- Written by `npm run db:triggers` from apps/server/src/db/triggers/ (edit those files, not this one):
--   job_postings_derive.sql
CREATE OR REPLACE FUNCTION public.job_postings_derive()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  NEW.search_head := setweight(to_tsvector('english', search_normalize(NEW.title)), 'A')
    || setweight(to_tsvector('english', search_normalize(NEW.company_name || ' ' || array_to_string(NEW.skills, ' '))), 'B');
  NEW.search := NEW.search_head || setweight(to_tsvector('english', search_normalize(NEW.description)), 'C');
  RETURN NEW;
END $function$;--> statement-breakpoint
DROP TRIGGER IF EXISTS job_postings_derive ON job_postings;--> statement-breakpoint
CREATE TRIGGER job_postings_derive BEFORE INSERT OR UPDATE OF title, company_name, skills, description ON job_postings
  FOR EACH ROW
  EXECUTE FUNCTION job_postings_derive();
--> statement-breakpoint
-- Written by hand: a job's annual pay bounds are written by the jobs service (annualSalaryBounds in
-- packages/shared/src/rules/salary.ts), so the SQL parser from migration 0013 goes.
DROP FUNCTION IF EXISTS salary_bounds(text);
