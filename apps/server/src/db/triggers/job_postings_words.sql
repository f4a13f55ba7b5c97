-- Rule: The words (four letters or more, normalised) of written jobs' titles, company names and skills are added
--   to search_words, the vocabulary typo-tolerant search suggests from (pg_trgm).
-- Tables: reads the inserted or updated job_postings rows; writes search_words.
-- Class: bookkeeping (search vocabulary).
-- Why in the database: every writer of jobs must feed the vocabulary; once per statement, insert-only.
-- Calls: search_words_of() (migration 0013).

CREATE OR REPLACE FUNCTION public.job_postings_words()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows r, search_words_of(r.title || ' ' || r.company_name || ' ' || array_to_string(r.skills, ' ')) w
    ORDER BY 1 ON CONFLICT DO NOTHING;
  RETURN NULL;
END $function$;

CREATE TRIGGER job_postings_words_insert AFTER INSERT ON job_postings
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION job_postings_words();

CREATE TRIGGER job_postings_words_update AFTER UPDATE ON job_postings
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION job_postings_words();
