-- Rule: A talent profile's search document: the person's name (users.name), title and titles weighted A; skills,
--   technical skills and software tools B; through search_normalize(); and the place tokens of place_keys D (made-up
--   words the talent service reads from the location, issue 38).
-- Tables: reads users; writes the inserted or updated talent_profiles row.
-- Class: bookkeeping (a search document).
-- Why in the database: derived columns written by the database so every writer agrees. A change of users.name alone
--   does not refresh it: the profile service renames and rewrites the profile in one transaction.
-- Calls: search_normalize() (migration 0013).

CREATE OR REPLACE FUNCTION public.talent_profiles_derive()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  NEW.search := setweight(to_tsvector('english', search_normalize(
      coalesce((SELECT name FROM users WHERE id = NEW.id), '') || ' ' || coalesce(NEW.title, '') || ' '
      || array_to_string(NEW.titles, ' '))), 'A')
    || setweight(to_tsvector('english', search_normalize(array_to_string(NEW.skills || NEW.technical_skills || NEW.software_tools, ' '))), 'B')
    || setweight(to_tsvector('english', array_to_string(coalesce(NEW.place_keys, '{}'), ' ')), 'D');
  RETURN NEW;
END $function$;

CREATE TRIGGER talent_profiles_derive BEFORE INSERT OR UPDATE ON talent_profiles
  FOR EACH ROW
  EXECUTE FUNCTION talent_profiles_derive();
