-- Rule: The lexemes of inserted jobs' search documents are added to search_lexemes.
-- Tables: reads the inserted job_postings rows; writes search_lexemes.
-- Class: bookkeeping (search vocabulary).
-- Why in the database: as job_postings_changed_lexemes (insert-only: a lexeme already there costs one index probe
--   and no lock).

CREATE OR REPLACE FUNCTION public.job_postings_lexemes()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO search_lexemes (lexeme)
    SELECT DISTINCT l FROM new_rows r, unnest(tsvector_to_array(r.search)) l
    ORDER BY 1 ON CONFLICT DO NOTHING;
  RETURN NULL;
END $function$;

CREATE TRIGGER job_postings_lexemes_insert AFTER INSERT ON job_postings
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION job_postings_lexemes();
