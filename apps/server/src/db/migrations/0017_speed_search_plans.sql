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
