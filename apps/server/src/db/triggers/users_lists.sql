-- Rule: A person whose name, photo or type changes raises the conversation-list version of everyone in their
--   conversations (the lists show each participant's name and photo).
-- Tables: reads conversation_participants; writes conversation_list_versions.
-- Class: bookkeeping (cache invalidation).
-- Why in the database: as companies_lists.
-- Calls: raise_conversation_lists_of() (migration 0028).

CREATE OR REPLACE FUNCTION public.users_lists()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM raise_conversation_lists_of(ARRAY[NEW.id]);
  RETURN NULL;
END
$function$;

CREATE TRIGGER users_lists AFTER UPDATE ON users
  FOR EACH ROW
  WHEN (old.name IS DISTINCT FROM new.name OR old.avatar_url IS DISTINCT FROM new.avatar_url OR old.type IS DISTINCT FROM new.type)
  EXECUTE FUNCTION users_lists();
