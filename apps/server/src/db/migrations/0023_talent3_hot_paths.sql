ALTER TABLE "conversation_participants" ADD COLUMN "activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "conversation_participants_activity_idx" ON "conversation_participants" USING btree ("user_id","activity_at" DESC NULLS FIRST,"conversation_id" DESC NULLS FIRST);--> statement-breakpoint
-- Talent searches keep which talents match (features/talent/search-cache.ts): a statement that writes talent_profiles
-- (the API, the seed, imports, a cascade from a deleted user) sends the talent notification on the realtime channel,
-- so every process drops them (ADR 0009). One NOTIFY per statement, merged by PostgreSQL within a transaction.
CREATE FUNCTION talent_profiles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rw_realtime', '{"talent":true}');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER talent_profiles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON talent_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION talent_profiles_changed();
--> statement-breakpoint
-- A participant row carries its conversation's latest activity (conversations.updated_at), so a person's
-- conversations are listed newest first from conversation_participants_activity_idx. Triggers keep the copy, for
-- every writer: a new participant takes the conversation's time; a conversation whose updated_at moves passes it on.
CREATE FUNCTION conversation_participants_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.updated_at INTO NEW.activity_at FROM conversations c WHERE c.id = NEW.conversation_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER conversation_participants_activity BEFORE INSERT ON conversation_participants
  FOR EACH ROW EXECUTE FUNCTION conversation_participants_activity();--> statement-breakpoint
CREATE FUNCTION conversations_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversation_participants SET activity_at = NEW.updated_at
    WHERE conversation_id = NEW.id AND activity_at IS DISTINCT FROM NEW.updated_at;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER conversations_activity AFTER UPDATE OF updated_at ON conversations
  FOR EACH ROW WHEN (OLD.updated_at IS DISTINCT FROM NEW.updated_at) EXECUTE FUNCTION conversations_activity();--> statement-breakpoint
UPDATE conversation_participants cp SET activity_at = c.updated_at FROM conversations c WHERE c.id = cp.conversation_id;
