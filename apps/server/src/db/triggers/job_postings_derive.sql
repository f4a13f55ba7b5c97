-- Rule: A job's search documents and annual pay bounds, derived on every write: search_head (title A; company name
--   and skills B) and search (that, the description C and the place tokens of place_keys D: made-up words the jobs
--   service reads from the location, issue 38), through search_normalize(); salary_min and salary_max
--   parsed from the free-text salary_range by salary_bounds() ("$160k - $190k", "120-150k", hourly rates x 2080,
--   figures outside 1,000-10,000,000 dropped).
-- Tables: writes the inserted or updated job_postings row.
-- Class: product rule: should move to code. The salary parsing is a product rule, and a third salary parser beside
--   features/public-pages/salary.ts and features/jobs/import/salary.ts; the search documents are bookkeeping and
--   can stay here.
-- Why in the database: derived columns written by the database so every writer (the API, imports, the seed, the
--   benchmark's dataset) agrees.
-- Calls: search_normalize() (the steps of normalizeSearchText in packages/shared/src/rules/search.ts) and
--   salary_bounds(), both migration 0013.

CREATE OR REPLACE FUNCTION public.job_postings_derive()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE bounds int[] := salary_bounds(NEW.salary_range);
BEGIN
  NEW.search_head := setweight(to_tsvector('english', search_normalize(NEW.title)), 'A')
    || setweight(to_tsvector('english', search_normalize(NEW.company_name || ' ' || array_to_string(NEW.skills, ' '))), 'B');
  NEW.search := NEW.search_head || setweight(to_tsvector('english', search_normalize(NEW.description)), 'C')
    || setweight(to_tsvector('english', array_to_string(coalesce(NEW.place_keys, '{}'), ' ')), 'D');
  NEW.salary_min := bounds[1];
  NEW.salary_max := bounds[2];
  RETURN NEW;
END $function$;

CREATE TRIGGER job_postings_derive BEFORE INSERT OR UPDATE OF title, company_name, skills, description, salary_range, place_keys ON job_postings
  FOR EACH ROW
  EXECUTE FUNCTION job_postings_derive();
