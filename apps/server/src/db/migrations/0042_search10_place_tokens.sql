-- Written by `npm run db:triggers` from apps/server/src/db/triggers/ (edit those files, not this one):
--   job_postings_derive.sql
--   talent_profiles_derive.sql
CREATE OR REPLACE FUNCTION public.job_postings_derive()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  NEW.search_head := setweight(to_tsvector('english', search_normalize(NEW.title)), 'A')
    || setweight(to_tsvector('english', search_normalize(NEW.company_name || ' ' || array_to_string(NEW.skills, ' '))), 'B');
  NEW.search := NEW.search_head || setweight(to_tsvector('english', search_normalize(NEW.description)), 'C')
    || setweight(to_tsvector('english', array_to_string(coalesce(NEW.place_keys, '{}'), ' ')), 'D');
  RETURN NEW;
END $function$;--> statement-breakpoint
DROP TRIGGER IF EXISTS job_postings_derive ON job_postings;--> statement-breakpoint
CREATE TRIGGER job_postings_derive BEFORE INSERT OR UPDATE OF title, company_name, skills, description, place_keys ON job_postings
  FOR EACH ROW
  EXECUTE FUNCTION job_postings_derive();--> statement-breakpoint
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
END $function$;--> statement-breakpoint
DROP TRIGGER IF EXISTS talent_profiles_derive ON talent_profiles;--> statement-breakpoint
CREATE TRIGGER talent_profiles_derive BEFORE INSERT OR UPDATE ON talent_profiles
  FOR EACH ROW
  EXECUTE FUNCTION talent_profiles_derive();
