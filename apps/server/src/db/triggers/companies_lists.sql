-- Rule: A company renamed raises the conversation-list version of each of its members, so every kept conversation
--   list that shows a member's company name is read again.
-- Tables: reads company_members and conversation_participants; writes conversation_list_versions.
-- Class: bookkeeping (cache invalidation).
-- Why in the database: a person's conversation list is kept per version (features/messaging/kept-list.ts,
--   ADR 0009) and must never be served stale, whoever writes: the API, the seed, imports, cascades, erasure.
-- Calls: raise_conversation_lists_of() (migration 0028).

CREATE OR REPLACE FUNCTION public.companies_lists()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM raise_conversation_lists_of(array(SELECT cm.user_id FROM company_members cm WHERE cm.company_id = NEW.id));
  RETURN NULL;
END
$function$;

CREATE TRIGGER companies_lists AFTER UPDATE ON companies
  FOR EACH ROW
  WHEN (old.name IS DISTINCT FROM new.name)
  EXECUTE FUNCTION companies_lists();
