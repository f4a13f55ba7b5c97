CREATE TABLE "conversation_list_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"written_by" bigint NOT NULL
);
--> statement-breakpoint
-- A person's conversation list is kept per version (features/messaging/kept-list.ts, ADR 0009): every statement that
-- changes what a list shows raises the version of each person whose list it changes, once per transaction, in the
-- order of their ids (so two transactions never wait on each other's rows the other way round). Statement triggers
-- with transition tables, so the seed, imports, cascades and erasure count like the API. What a list shows: the
-- person's participant rows (which conversations, activity, unread count), the conversations' own columns, every
-- participant of them (who, in which order) with their name, photo, type and company name, and the last message.
CREATE FUNCTION raise_conversation_lists(conversation_ids uuid[], people uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(conversation_ids) = 0 AND cardinality(people) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO conversation_list_versions AS v (user_id, written_by)
  SELECT u.user_id, txid_current() FROM (
      SELECT cp.user_id FROM conversation_participants cp WHERE cp.conversation_id = ANY (conversation_ids)
      UNION SELECT unnest(people)) u
   WHERE u.user_id IS NOT NULL
   ORDER BY u.user_id
  ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1, written_by = excluded.written_by
   WHERE v.written_by <> excluded.written_by;
END
$$;--> statement-breakpoint
-- New or removed participants change every list of the conversation (and the removed person's); a new activity time
-- or join time every list of it; an unread count only its owner's; a tab's heartbeat (viewing_at) or read time none.
CREATE FUNCTION conversation_participants_lists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM raise_conversation_lists(array(SELECT DISTINCT conversation_id FROM new_rows), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM raise_conversation_lists(array(SELECT DISTINCT conversation_id FROM old_rows),
                                     array(SELECT DISTINCT user_id FROM old_rows));
  ELSE
    PERFORM raise_conversation_lists(
      array(SELECT n.conversation_id FROM new_rows n LEFT JOIN old_rows o USING (conversation_id, user_id)
             WHERE o.user_id IS NULL OR (o.activity_at, o.joined_at) IS DISTINCT FROM (n.activity_at, n.joined_at)
            UNION SELECT o.conversation_id FROM old_rows o LEFT JOIN new_rows n USING (conversation_id, user_id)
             WHERE n.user_id IS NULL),
      array(SELECT n.user_id FROM new_rows n JOIN old_rows o USING (conversation_id, user_id)
             WHERE o.unread_count <> n.unread_count
            UNION SELECT o.user_id FROM old_rows o LEFT JOIN new_rows n USING (conversation_id, user_id)
             WHERE n.user_id IS NULL));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER conversation_participants_lists_insert AFTER INSERT ON conversation_participants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conversation_participants_lists();--> statement-breakpoint
CREATE TRIGGER conversation_participants_lists_update AFTER UPDATE ON conversation_participants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION conversation_participants_lists();--> statement-breakpoint
CREATE TRIGGER conversation_participants_lists_delete AFTER DELETE ON conversation_participants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION conversation_participants_lists();--> statement-breakpoint
-- A conversation's last message (any message written, edited, marked read or deleted) shows in every list of it.
CREATE FUNCTION messages_lists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM raise_conversation_lists(array(SELECT DISTINCT conversation_id FROM new_rows), '{}');
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
$$;--> statement-breakpoint
CREATE TRIGGER messages_lists_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION messages_lists();--> statement-breakpoint
CREATE TRIGGER messages_lists_update AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION messages_lists();--> statement-breakpoint
CREATE TRIGGER messages_lists_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION messages_lists();--> statement-breakpoint
-- A conversation's own columns (subject, status, its activity time...). Deleting one deletes its participant rows.
CREATE FUNCTION conversations_lists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_conversation_lists(
    array(SELECT n.id FROM new_rows n JOIN old_rows o USING (id)
           WHERE (o.subject, o.referral_id, o.project_id, o.application_id, o.status, o.type, o.created_at, o.updated_at)
                 IS DISTINCT FROM
                 (n.subject, n.referral_id, n.project_id, n.application_id, n.status, n.type, n.created_at, n.updated_at)),
    '{}');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER conversations_lists AFTER UPDATE ON conversations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conversations_lists();--> statement-breakpoint
-- People as lists show them: name, photo, type and company name, in every conversation they are in.
CREATE FUNCTION raise_conversation_lists_of(people uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(people) > 0 THEN
    PERFORM raise_conversation_lists(
      array(SELECT DISTINCT cp.conversation_id FROM conversation_participants cp WHERE cp.user_id = ANY (people)), '{}');
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION users_lists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_conversation_lists_of(array(
    SELECT n.id FROM new_rows n JOIN old_rows o USING (id)
     WHERE (o.name, o.avatar_url, o.type) IS DISTINCT FROM (n.name, n.avatar_url, n.type)));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_lists AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION users_lists();--> statement-breakpoint
CREATE FUNCTION company_members_lists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM raise_conversation_lists_of(array(SELECT user_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM raise_conversation_lists_of(array(SELECT user_id FROM old_rows));
  ELSE
    PERFORM raise_conversation_lists_of(array(
      SELECT n.user_id FROM new_rows n JOIN old_rows o USING (user_id) WHERE o.company_id <> n.company_id
      UNION SELECT o.user_id FROM old_rows o LEFT JOIN new_rows n USING (user_id) WHERE n.user_id IS NULL
      UNION SELECT n.user_id FROM new_rows n LEFT JOIN old_rows o USING (user_id) WHERE o.user_id IS NULL));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER company_members_lists_insert AFTER INSERT ON company_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION company_members_lists();--> statement-breakpoint
CREATE TRIGGER company_members_lists_update AFTER UPDATE ON company_members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION company_members_lists();--> statement-breakpoint
CREATE TRIGGER company_members_lists_delete AFTER DELETE ON company_members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION company_members_lists();--> statement-breakpoint
CREATE FUNCTION companies_lists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_conversation_lists_of(array(
    SELECT cm.user_id FROM new_rows n JOIN old_rows o USING (id) JOIN company_members cm ON cm.company_id = n.id
     WHERE o.name IS DISTINCT FROM n.name));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER companies_lists AFTER UPDATE ON companies
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION companies_lists();
