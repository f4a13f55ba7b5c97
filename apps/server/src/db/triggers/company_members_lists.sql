-- Rule: A member added to, removed from or moved between companies raises their conversation-list version (the
--   lists show each participant's company).
-- Tables: reads conversation_participants; writes conversation_list_versions.
-- Class: bookkeeping (cache invalidation).
-- Why in the database: as companies_lists: every writer of company_members (invitations, SCIM, erasure, cascades)
--   must invalidate the kept lists.
-- Calls: raise_conversation_lists_of() (migration 0028).

CREATE OR REPLACE FUNCTION public.company_members_lists()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM raise_conversation_lists_of(ARRAY[NEW.user_id]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM raise_conversation_lists_of(ARRAY[OLD.user_id]);
  ELSE
    PERFORM raise_conversation_lists_of(ARRAY[OLD.user_id, NEW.user_id]);
  END IF;
  RETURN NULL;
END
$function$;

CREATE TRIGGER company_members_lists AFTER INSERT OR DELETE ON company_members
  FOR EACH ROW
  EXECUTE FUNCTION company_members_lists();

CREATE TRIGGER company_members_lists_update AFTER UPDATE ON company_members
  FOR EACH ROW
  WHEN (old.company_id IS DISTINCT FROM new.company_id OR old.user_id IS DISTINCT FROM new.user_id)
  EXECUTE FUNCTION company_members_lists();
