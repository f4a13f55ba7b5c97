ALTER TABLE "companies" ADD COLUMN "not_on_referwell" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "job_sources" ADD COLUMN "etag" text;--> statement-breakpoint
ALTER TABLE "job_sources" ADD COLUMN "last_modified" text;