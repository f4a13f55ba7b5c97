-- Rule: A job's search documents, derived on every write: search_head (title A; company name and skills B) and
--   search (that and the description C), through search_normalize().
-- Tables: writes the inserted or updated job_postings row.
-- Class: bookkeeping. The annual pay bounds (salary_min, salary_max) are not derived here: the jobs service writes
--   them from the salary text (annualSalaryBounds, packages/shared/src/rules/salary.ts).
-- Why in the database: derived columns written by the database so every writer (the API, imports, the seed, the
--   benchmark's dataset) agrees.
-- Calls: search_normalize() (the steps of normalizeSearchText in packages/shared/src/rules/search.ts), migration
--   0013.

CREATE OR REPLACE FUNCTION public.job_postings_derive()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  NEW.search_head := setweight(to_tsvector('english', search_normalize(NEW.title)), 'A')
    || setweight(to_tsvector('english', search_normalize(NEW.company_name || ' ' || array_to_string(NEW.skills, ' '))), 'B');
  NEW.search := NEW.search_head || setweight(to_tsvector('english', search_normalize(NEW.description)), 'C');
  RETURN NEW;
END $function$;

CREATE TRIGGER job_postings_derive BEFORE INSERT OR UPDATE OF title, company_name, skills, description ON job_postings
  FOR EACH ROW
  EXECUTE FUNCTION job_postings_derive();
