-- Rule: Every statement that writes talent_profiles tells every server process to drop its kept talent searches:
--   NOTIFY rw_realtime '{"talent":true}' (the talent envelope of platform/events/wire.ts).
-- Tables: talent_profiles (a statement trigger; writes nothing).
-- Class: bookkeeping (cache invalidation).
-- Why in the database: features/talent/search-cache.ts keeps which talents match (ADR 0009); every writer (the API,
--   the seed, imports, a cascade from a deleted user) must clear it. One NOTIFY per statement, merged within a
--   transaction.

CREATE OR REPLACE FUNCTION public.talent_profiles_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('rw_realtime', '{"talent":true}');
  RETURN NULL;
END
$function$;

CREATE TRIGGER talent_profiles_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON talent_profiles
  FOR EACH STATEMENT
  EXECUTE FUNCTION talent_profiles_changed();
