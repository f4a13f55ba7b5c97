-- Rule: A message written, edited, marked read or deleted raises the conversation-list version of everyone in its
--   conversation (the lists show each conversation's last message and unread state).
-- Tables: reads messages (transition tables) and conversation_participants; writes conversation_list_versions.
-- Class: bookkeeping (cache invalidation).
-- Why in the database: as companies_lists. A row trigger for the send path (one message), statement triggers for
--   read marks and deletions (many at once).
-- Calls: raise_conversation(), raise_conversation_lists() (migration 0028).

CREATE OR REPLACE FUNCTION public.messages_lists()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM raise_conversation(NEW.conversation_id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM raise_conversation_lists(array(SELECT DISTINCT conversation_id FROM old_rows), '{}');
  ELSE
    PERFORM raise_conversation_lists(
      array(SELECT n.conversation_id FROM new_rows n JOIN old_rows o USING (id)
             WHERE (o.conversation_id, o.sender_id, o.content, o.read, o.created_at)
                   IS DISTINCT FROM (n.conversation_id, n.sender_id, n.content, n.read, n.created_at)
            UNION SELECT o.conversation_id FROM new_rows n JOIN old_rows o USING (id)
             WHERE o.conversation_id <> n.conversation_id),
      '{}');
  END IF;
  RETURN NULL;
END
$function$;

CREATE TRIGGER messages_lists_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION messages_lists();

CREATE TRIGGER messages_lists_insert AFTER INSERT ON messages
  FOR EACH ROW
  EXECUTE FUNCTION messages_lists();

CREATE TRIGGER messages_lists_update AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION messages_lists();
