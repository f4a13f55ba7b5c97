-- Rule: A new participant row copies its conversation's latest activity time (conversations.updated_at) into
--   conversation_participants.activity_at.
-- Tables: reads conversations; writes the inserted conversation_participants row.
-- Class: bookkeeping (a denormalised copy).
-- Why in the database: a person's conversations are listed newest first from conversation_participants_activity_idx
--   without a join; the copy must be right for every writer. conversations_activity.sql keeps it afterwards.

CREATE OR REPLACE FUNCTION public.conversation_participants_activity()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  SELECT c.updated_at INTO NEW.activity_at FROM conversations c WHERE c.id = NEW.conversation_id;
  RETURN NEW;
END
$function$;

CREATE TRIGGER conversation_participants_activity BEFORE INSERT ON conversation_participants
  FOR EACH ROW
  EXECUTE FUNCTION conversation_participants_activity();
