ALTER TABLE "candidate_pipelines" ADD COLUMN "dob" date;--> statement-breakpoint
ALTER TABLE "candidate_pipelines" ADD COLUMN "npi" text;--> statement-breakpoint
ALTER TABLE "leie_lists" ADD COLUMN "error" text;