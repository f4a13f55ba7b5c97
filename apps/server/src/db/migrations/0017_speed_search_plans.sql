-- Text searches are planned for their words (ADR 0009): the planner estimates a prefix word (clinical:*) from the
-- most common lexemes only when it has at least 100 of them, else it guesses 2% for a word in every job. A larger
-- sample keeps enough of them on small vocabularies.
ALTER TABLE "job_postings" ALTER COLUMN "search" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "talent_profiles" ALTER COLUMN "search" SET STATISTICS 1000;--> statement-breakpoint
-- The search window reads the newest open jobs from this index alone: it now also carries skills (the skills filter).
DROP INDEX "job_postings_open_window_idx";--> statement-breakpoint
CREATE INDEX "job_postings_open_window_idx" ON "job_postings" USING btree ("created_at" DESC, "id" DESC)
  INCLUDE ("search", "job_type", "workplace", "company_id", "skill_keys", "salary_max", "skills") WHERE "status" = 'OPEN';--> statement-breakpoint
ANALYZE "job_postings";--> statement-breakpoint
ANALYZE "talent_profiles";
--> statement-breakpoint
-- Every statement that writes job_postings, whoever runs it (API, imports, seed), tells every server process to drop
-- its cached job searches (features/realtime/publish.ts, the jobs envelope; NOTIFY is sent when the transaction commits, once per
-- transaction for the same payload).
CREATE FUNCTION job_postings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rw_realtime', '{"jobs":true}');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER job_postings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON job_postings
  FOR EACH STATEMENT EXECUTE FUNCTION job_postings_changed();
