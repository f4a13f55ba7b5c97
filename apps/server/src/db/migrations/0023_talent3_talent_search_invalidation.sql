-- Talent searches keep which talents match (features/talent/search-cache.ts): a statement that writes talent_profiles
-- (the API, the seed, imports, a cascade from a deleted user) sends the talent notification on the realtime channel,
-- so every process drops them (ADR 0009). One NOTIFY per statement, merged by PostgreSQL within a transaction.
CREATE FUNCTION talent_profiles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rw_realtime', '{"talent":true}');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER talent_profiles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON talent_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION talent_profiles_changed();
