CREATE TYPE "public"."pipeline_source" AS ENUM('direct', 'referral', 'shared_link');--> statement-breakpoint
ALTER TABLE "candidate_pipelines" ADD COLUMN "source" "pipeline_source" DEFAULT 'direct' NOT NULL;--> statement-breakpoint
-- Candidates already referred came in through their referral.
UPDATE "candidate_pipelines" p SET "source" = 'referral'
  WHERE EXISTS (SELECT 1 FROM "referrals" r WHERE r."job_id" = p."job_id" AND r."talent_id" = p."talent_id");
