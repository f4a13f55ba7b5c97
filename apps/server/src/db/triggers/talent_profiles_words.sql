-- Rule: The words (four letters or more, normalised) of written profiles' names, titles, skills, technical skills
--   and software tools are added to search_words, the vocabulary typo-tolerant search suggests from.
-- Tables: reads the inserted or updated talent_profiles rows and users; writes search_words.
-- Class: bookkeeping (search vocabulary).
-- Why in the database: as job_postings_words.
-- Calls: search_words_of() (migration 0013).

CREATE OR REPLACE FUNCTION public.talent_profiles_words()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows r, search_words_of(
      coalesce((SELECT name FROM users WHERE id = r.id), '') || ' ' || array_to_string(r.titles || r.skills || r.technical_skills || r.software_tools, ' ')) w
    ORDER BY 1 ON CONFLICT DO NOTHING;
  RETURN NULL;
END $function$;

CREATE TRIGGER talent_profiles_words_insert AFTER INSERT ON talent_profiles
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION talent_profiles_words();

CREATE TRIGGER talent_profiles_words_update AFTER UPDATE ON talent_profiles
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION talent_profiles_words();
