-- Rule: When a conversation's updated_at moves, each of its participant rows takes the new time as activity_at.
-- Tables: writes conversation_participants.activity_at.
-- Class: bookkeeping (a denormalised copy).
-- Why in the database: keeps the copy conversation_participants_activity.sql makes, for every writer of
--   conversations (ADR 0009).

CREATE OR REPLACE FUNCTION public.conversations_activity()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE conversation_participants SET activity_at = NEW.updated_at
    WHERE conversation_id = NEW.id AND activity_at IS DISTINCT FROM NEW.updated_at;
  RETURN NULL;
END
$function$;

CREATE TRIGGER conversations_activity AFTER UPDATE OF updated_at ON conversations
  FOR EACH ROW
  WHEN (old.updated_at IS DISTINCT FROM new.updated_at)
  EXECUTE FUNCTION conversations_activity();
