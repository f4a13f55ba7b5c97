-- Rule: A participant added or removed raises the conversation-list version of everyone in the conversation (and
--   of the person); a new join time likewise (the order of participants); an unread count or activity time the
--   conversation's lists; a tab's heartbeat or a read time (viewing_at, last_read_at) none.
-- Tables: reads conversation_participants; writes conversation_list_versions.
-- Class: bookkeeping (cache invalidation).
-- Why in the database: as companies_lists. Row triggers with WHEN clauses, each raising only what this transaction
--   has not raised yet (raise_conversation remembers the last conversation in a transaction-local setting).
-- Calls: raise_conversation(), raise_conversation_lists() (migration 0028).

CREATE OR REPLACE FUNCTION public.conversation_participants_lists()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM raise_conversation_lists(ARRAY[NEW.conversation_id], '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM raise_conversation_lists(ARRAY[OLD.conversation_id], ARRAY[OLD.user_id]);
  ELSIF (OLD.conversation_id, OLD.user_id, OLD.joined_at) IS DISTINCT FROM (NEW.conversation_id, NEW.user_id, NEW.joined_at) THEN
    PERFORM raise_conversation_lists(ARRAY[OLD.conversation_id, NEW.conversation_id], ARRAY[OLD.user_id, NEW.user_id]);
  ELSE
    PERFORM raise_conversation(NEW.conversation_id);
  END IF;
  RETURN NULL;
END
$function$;

CREATE TRIGGER conversation_participants_lists AFTER INSERT OR DELETE ON conversation_participants
  FOR EACH ROW
  EXECUTE FUNCTION conversation_participants_lists();

CREATE TRIGGER conversation_participants_lists_update AFTER UPDATE ON conversation_participants
  FOR EACH ROW
  WHEN (old.unread_count IS DISTINCT FROM new.unread_count OR old.activity_at IS DISTINCT FROM new.activity_at OR old.joined_at IS DISTINCT FROM new.joined_at OR old.conversation_id IS DISTINCT FROM new.conversation_id OR old.user_id IS DISTINCT FROM new.user_id)
  EXECUTE FUNCTION conversation_participants_lists();
