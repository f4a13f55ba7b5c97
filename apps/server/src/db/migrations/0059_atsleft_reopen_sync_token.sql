ALTER TABLE "job_postings" ADD COLUMN "closed_by_import" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ats_connections" ADD COLUMN "sync_token" text;