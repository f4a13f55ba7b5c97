-- The search window's index carried each open job's whole search document and skills, so a job with a description
-- of a few thousand characters (an ordinary one) or many long skills could not be saved: a btree row holds at most
-- 2,704 bytes. It now carries only fixed-size columns; the window reads text and skills from the table (ADR 0009).
DROP INDEX "job_postings_open_window_idx";--> statement-breakpoint
CREATE INDEX "job_postings_open_window_idx" ON "job_postings" USING btree ("created_at" DESC, "id" DESC)
  INCLUDE ("job_type", "workplace", "company_id", "salary_max") WHERE "status" = 'OPEN';
