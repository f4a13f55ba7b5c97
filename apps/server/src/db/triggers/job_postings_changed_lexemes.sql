-- Rule: The lexemes of updated jobs' search documents are added to search_lexemes (insert-only: a lexeme no job
--   holds any more stays and costs an empty look-up).
-- Tables: reads the old and new job_postings rows; writes search_lexemes.
-- Class: bookkeeping (search vocabulary).
-- Why in the database: job_search_query() writes a prefix as the exact lexemes job documents have held (ADR 0009),
--   so the list must see every writer of job_postings.search, which is itself written by job_postings_derive.

CREATE OR REPLACE FUNCTION public.job_postings_changed_lexemes()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO search_lexemes (lexeme)
    SELECT DISTINCT l FROM new_rows r JOIN old_rows o ON o.id = r.id, unnest(tsvector_to_array(r.search)) l
    WHERE r.search IS DISTINCT FROM o.search
    ORDER BY 1 ON CONFLICT DO NOTHING;
  RETURN NULL;
END $function$;

CREATE TRIGGER job_postings_lexemes_update AFTER UPDATE ON job_postings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION job_postings_changed_lexemes();
