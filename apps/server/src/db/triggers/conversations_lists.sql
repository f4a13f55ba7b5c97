-- Rule: A change to a conversation's own columns (subject, status, type, its links, its times) raises the
--   conversation-list version of everyone in it.
-- Tables: reads conversation_participants; writes conversation_list_versions.
-- Class: bookkeeping (cache invalidation).
-- Why in the database: as companies_lists. Deleting a conversation deletes its participant rows, whose own trigger
--   raises the lists.
-- Calls: raise_conversation() (migration 0028).

CREATE OR REPLACE FUNCTION public.conversations_lists()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM raise_conversation(NEW.id);
  RETURN NULL;
END
$function$;

CREATE TRIGGER conversations_lists AFTER UPDATE ON conversations
  FOR EACH ROW
  WHEN (old.subject IS DISTINCT FROM new.subject OR old.referral_id IS DISTINCT FROM new.referral_id OR old.project_id IS DISTINCT FROM new.project_id OR old.application_id IS DISTINCT FROM new.application_id OR old.status IS DISTINCT FROM new.status OR old.type IS DISTINCT FROM new.type OR old.created_at IS DISTINCT FROM new.created_at OR old.updated_at IS DISTINCT FROM new.updated_at)
  EXECUTE FUNCTION conversations_lists();
