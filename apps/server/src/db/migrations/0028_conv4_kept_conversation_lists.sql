CREATE TABLE "conversation_list_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"written_by" bigint NOT NULL
);
--> statement-breakpoint
-- A person's conversation list is kept per version (features/messaging/kept-list.ts, ADR 0009): every statement that
-- changes what a list shows raises the version of each person whose list it changes, once per transaction, in the
-- order of their ids (so two transactions never wait on each other's rows the other way round). Triggers, so the seed,
-- imports, cascades and erasure count like the API. Row triggers with WHEN clauses where one row changes at a time
-- (a message sent: the participants' rows, the message, the conversation; each raises only what is not raised yet in
-- this transaction), statement triggers where one statement changes many (read marks, deletions).
-- What a list shows: the person's participant rows (which conversations, activity, unread count), the conversations'
-- own columns, every participant of them (who, in which order) with their name, photo, type and company name, and
-- each conversation's last message.
CREATE FUNCTION raise_conversation_lists(conversation_ids uuid[], people uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Participants by the primary key (conversation_id, user_id), one conversation at a time.
  IF cardinality(conversation_ids) > 0 THEN
    people := people || array(SELECT cp.user_id FROM unnest(conversation_ids) c(id)
                                JOIN conversation_participants cp ON cp.conversation_id = c.id);
  END IF;
  INSERT INTO conversation_list_versions AS v (user_id, written_by)
  SELECT DISTINCT p.user_id, txid_current() FROM unnest(people) p(user_id)
   WHERE p.user_id IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM conversation_list_versions r
                      WHERE r.user_id = p.user_id AND r.written_by = txid_current())
   ORDER BY p.user_id
  ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1, written_by = excluded.written_by;
END
$$;--> statement-breakpoint
-- Everyone in one conversation, at most once per transaction: the send path writes the participants' rows, the
-- message and the conversation, three triggers that would each read the participants again. A transaction-local
-- setting remembers the last conversation raised (rolled back with a savepoint like the rows); participants added
-- later in the transaction are raised by their own insert.
CREATE FUNCTION raise_conversation(conversation_id uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('referwell.conversation_lists_raised', true) IS DISTINCT FROM conversation_id::text THEN
    PERFORM raise_conversation_lists(ARRAY[conversation_id], '{}');
    PERFORM set_config('referwell.conversation_lists_raised', conversation_id::text, true);
  END IF;
END
$$;--> statement-breakpoint
-- A participant added or removed changes every list of the conversation (and the person's own); a new join time every
-- list of it (the order of participants); an activity time or unread count its owner's list (raised with the rest of
-- the conversation: a message changes them all). A tab's heartbeat (viewing_at) or a read time (last_read_at) none.
CREATE FUNCTION conversation_participants_lists() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;--> statement-breakpoint
CREATE TRIGGER conversation_participants_lists AFTER INSERT OR DELETE ON conversation_participants
  FOR EACH ROW EXECUTE FUNCTION conversation_participants_lists();--> statement-breakpoint
CREATE TRIGGER conversation_participants_lists_update AFTER UPDATE ON conversation_participants
  FOR EACH ROW WHEN ((OLD.unread_count, OLD.activity_at, OLD.joined_at, OLD.conversation_id, OLD.user_id)
                     IS DISTINCT FROM (NEW.unread_count, NEW.activity_at, NEW.joined_at, NEW.conversation_id, NEW.user_id))
  EXECUTE FUNCTION conversation_participants_lists();--> statement-breakpoint
-- A conversation's last message (a message written, edited, marked read or deleted) shows in every list of it.
CREATE FUNCTION messages_lists() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;--> statement-breakpoint
CREATE TRIGGER messages_lists_insert AFTER INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION messages_lists();--> statement-breakpoint
CREATE TRIGGER messages_lists_update AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION messages_lists();--> statement-breakpoint
CREATE TRIGGER messages_lists_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION messages_lists();--> statement-breakpoint
-- A conversation's own columns (subject, status, links, its activity time). Deleting one deletes its participant rows.
CREATE FUNCTION conversations_lists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_conversation(NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER conversations_lists AFTER UPDATE ON conversations
  FOR EACH ROW WHEN ((OLD.subject, OLD.referral_id, OLD.project_id, OLD.application_id, OLD.status, OLD.type,
                      OLD.created_at, OLD.updated_at)
                     IS DISTINCT FROM (NEW.subject, NEW.referral_id, NEW.project_id, NEW.application_id, NEW.status,
                                       NEW.type, NEW.created_at, NEW.updated_at))
  EXECUTE FUNCTION conversations_lists();--> statement-breakpoint
-- People as lists show them (name, photo, type, company name), in every conversation they are in.
CREATE FUNCTION raise_conversation_lists_of(people uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_conversation_lists(
    array(SELECT DISTINCT cp.conversation_id FROM conversation_participants cp WHERE cp.user_id = ANY (people)), '{}');
END
$$;--> statement-breakpoint
CREATE FUNCTION users_lists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_conversation_lists_of(ARRAY[NEW.id]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_lists AFTER UPDATE ON users
  FOR EACH ROW WHEN ((OLD.name, OLD.avatar_url, OLD.type) IS DISTINCT FROM (NEW.name, NEW.avatar_url, NEW.type))
  EXECUTE FUNCTION users_lists();--> statement-breakpoint
CREATE FUNCTION company_members_lists() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;--> statement-breakpoint
CREATE TRIGGER company_members_lists AFTER INSERT OR DELETE ON company_members
  FOR EACH ROW EXECUTE FUNCTION company_members_lists();--> statement-breakpoint
CREATE TRIGGER company_members_lists_update AFTER UPDATE ON company_members
  FOR EACH ROW WHEN ((OLD.company_id, OLD.user_id) IS DISTINCT FROM (NEW.company_id, NEW.user_id))
  EXECUTE FUNCTION company_members_lists();--> statement-breakpoint
CREATE FUNCTION companies_lists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_conversation_lists_of(array(SELECT cm.user_id FROM company_members cm WHERE cm.company_id = NEW.id));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER companies_lists AFTER UPDATE ON companies
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION companies_lists();
