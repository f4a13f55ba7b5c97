-- Rule: The lexemes of written profiles' search documents are added to talent_search_lexemes (insert-only: a lexeme
--   no profile holds any more stays and costs an empty look-up).
-- Tables: reads the inserted or updated talent_profiles rows; writes talent_search_lexemes.
-- Class: bookkeeping (search vocabulary).
-- Why in the database: talent_search_query() writes a prefix as the exact lexemes talent documents have held
--   (ADR 0045), so the list must see every writer of talent_profiles.search, which is itself written by
--   talent_profiles_derive.

CREATE OR REPLACE FUNCTION public.talent_profiles_lexemes()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO talent_search_lexemes (lexeme)
    SELECT DISTINCT l FROM new_rows r, unnest(tsvector_to_array(r.search)) l
    ORDER BY 1 ON CONFLICT DO NOTHING;
  RETURN NULL;
END $function$;

CREATE TRIGGER talent_profiles_lexemes_insert AFTER INSERT ON talent_profiles
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION talent_profiles_lexemes();

CREATE TRIGGER talent_profiles_lexemes_update AFTER UPDATE ON talent_profiles
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION talent_profiles_lexemes();
