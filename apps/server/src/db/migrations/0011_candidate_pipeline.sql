CREATE TYPE "public"."bonus_state" AS ENUM('not_eligible', 'awaiting_hire', 'due', 'paid', 'void');--> statement-breakpoint
CREATE TYPE "public"."pipeline_stage" AS ENUM('applied', 'referred', 'contacted', 'scheduled', 'interviewed', 'offer', 'hired', 'declined', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."referrer_relationship" AS ENUM('worked_together', 'know_personally', 'met_through_network');--> statement-breakpoint
CREATE TABLE "candidate_pipelines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"talent_id" uuid NOT NULL,
	"stage" "pipeline_stage" NOT NULL,
	"entry" "pipeline_stage" NOT NULL,
	"applied_at" timestamp with time zone,
	"application_note" text,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pipeline_stage_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"from_stage" "pipeline_stage",
	"to_stage" "pipeline_stage" NOT NULL,
	"referral_id" uuid,
	"from_referral_status" "referral_status",
	"from_bonus_state" "bonus_state",
	"changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notify_after" timestamp with time zone,
	"held_notifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notified_at" timestamp with time zone,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "referrals" ALTER COLUMN "bonus_state" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "referrals" ALTER COLUMN "bonus_state" SET DATA TYPE "public"."bonus_state" USING (CASE "bonus_state"::text WHEN 'none' THEN 'not_eligible' WHEN 'pending' THEN 'awaiting_hire' ELSE "bonus_state"::text END)::"public"."bonus_state";--> statement-breakpoint
ALTER TABLE "referrals" ALTER COLUMN "bonus_state" SET DEFAULT 'not_eligible';--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "relationship" "referrer_relationship";--> statement-breakpoint
ALTER TABLE "candidate_pipelines" ADD CONSTRAINT "candidate_pipelines_job_id_job_postings_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_postings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_pipelines" ADD CONSTRAINT "candidate_pipelines_talent_id_users_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_pipelines" ADD CONSTRAINT "candidate_pipelines_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_stage_changes" ADD CONSTRAINT "pipeline_stage_changes_pipeline_id_candidate_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."candidate_pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_stage_changes" ADD CONSTRAINT "pipeline_stage_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "candidate_pipelines_job_talent_key" ON "candidate_pipelines" USING btree ("job_id","talent_id");--> statement-breakpoint
CREATE INDEX "candidate_pipelines_talent_idx" ON "candidate_pipelines" USING btree ("talent_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "pipeline_stage_changes_pipeline_idx" ON "pipeline_stage_changes" USING btree ("pipeline_id","created_at");
--> statement-breakpoint
-- Backfill: every application, referral and Talent Tracking row becomes one pipeline per job and candidate.
INSERT INTO "candidate_pipelines" ("job_id", "talent_id", "stage", "entry", "applied_at", "application_note", "updated_by", "created_at", "updated_at")
SELECT k.job_id, k.talent_id,
  COALESCE(
    CASE t.status::text WHEN 'Contacted' THEN 'contacted' WHEN 'Scheduled' THEN 'scheduled' WHEN 'Interviewed' THEN 'interviewed'
      WHEN 'Offer' THEN 'offer' WHEN 'Hired' THEN 'hired' WHEN 'Decline' THEN 'declined' END,
    CASE r.status::text WHEN 'accepted' THEN 'contacted' WHEN 'completed' THEN 'hired' WHEN 'rejected' THEN 'declined' END,
    CASE WHEN r.id IS NOT NULL AND (a.created_at IS NULL OR r.created_at <= a.created_at) THEN 'referred' ELSE 'applied' END
  )::"pipeline_stage",
  (CASE WHEN r.id IS NOT NULL AND (a.created_at IS NULL OR r.created_at <= a.created_at) THEN 'referred' ELSE 'applied' END)::"pipeline_stage",
  a.created_at, a.note, t.updated_by,
  LEAST(a.created_at, r.created_at, t.updated_at), GREATEST(a.created_at, r.updated_at, t.updated_at)
FROM (
  SELECT job_id, user_id AS talent_id FROM "job_applications"
  UNION SELECT job_id, talent_id FROM "referrals"
  UNION SELECT job_id, talent_id FROM "job_candidate_tracking"
) k
LEFT JOIN "job_applications" a ON a.job_id = k.job_id AND a.user_id = k.talent_id
LEFT JOIN "referrals" r ON r.job_id = k.job_id AND r.talent_id = k.talent_id
LEFT JOIN "job_candidate_tracking" t ON t.job_id = k.job_id AND t.talent_id = k.talent_id;
--> statement-breakpoint
-- The stage history: how each candidate came in, the referral's status changes, then the tracking status.
INSERT INTO "pipeline_stage_changes" ("pipeline_id", "from_stage", "to_stage", "changed_by", "created_at", "notified_at")
SELECT p.id, NULL, p.entry, r.referrer_id, p.created_at, p.created_at
FROM "candidate_pipelines" p LEFT JOIN "referrals" r ON r.job_id = p.job_id AND r.talent_id = p.talent_id;
--> statement-breakpoint
INSERT INTO "pipeline_stage_changes" ("pipeline_id", "from_stage", "to_stage", "referral_id", "changed_by", "created_at", "notified_at")
SELECT p.id,
  COALESCE((CASE c.from_status::text WHEN 'pending' THEN NULL WHEN 'accepted' THEN 'contacted' WHEN 'completed' THEN 'hired' WHEN 'rejected' THEN 'declined' END)::"pipeline_stage", p.entry),
  COALESCE((CASE c.to_status::text WHEN 'pending' THEN NULL WHEN 'accepted' THEN 'contacted' WHEN 'completed' THEN 'hired' WHEN 'rejected' THEN 'declined' END)::"pipeline_stage", p.entry),
  r.id, c.changed_by, c.created_at, c.created_at
FROM "referral_status_changes" c
JOIN "referrals" r ON r.id = c.referral_id
JOIN "candidate_pipelines" p ON p.job_id = r.job_id AND p.talent_id = r.talent_id
WHERE c.from_status IS NOT NULL;
--> statement-breakpoint
INSERT INTO "pipeline_stage_changes" ("pipeline_id", "from_stage", "to_stage", "changed_by", "created_at", "notified_at")
SELECT p.id, p.entry, p.stage, t.updated_by, t.updated_at, t.updated_at
FROM "job_candidate_tracking" t JOIN "candidate_pipelines" p ON p.job_id = t.job_id AND p.talent_id = t.talent_id
WHERE p.stage <> p.entry;
--> statement-breakpoint
-- The referral follows its pipeline's stage (a candidate tracked as Hired completes the referral), and the bonus follows the referral.
UPDATE "referrals" r SET "status" = (CASE p.stage WHEN 'applied' THEN 'pending' WHEN 'referred' THEN 'pending' WHEN 'hired' THEN 'completed'
  WHEN 'declined' THEN 'rejected' WHEN 'withdrawn' THEN 'rejected' ELSE 'accepted' END)::"referral_status"
FROM "candidate_pipelines" p WHERE p.job_id = r.job_id AND p.talent_id = r.talent_id AND r.consent <> 'declined';
--> statement-breakpoint
UPDATE "referrals" SET "bonus_state" = (CASE WHEN "bonus_state" IN ('not_eligible', 'paid') THEN "bonus_state"::text
  WHEN "status" = 'completed' THEN 'due' WHEN "status" = 'rejected' THEN 'void' ELSE 'awaiting_hire' END)::"bonus_state";
--> statement-breakpoint
-- A referral's notes are the referrer's own: the candidate's request message stays on the request.
UPDATE "referrals" r SET "notes" = NULL FROM "referral_requests" q WHERE r.request_id = q.id AND r.notes = q.message;
--> statement-breakpoint
DROP TABLE "job_applications" CASCADE;--> statement-breakpoint
DROP TABLE "job_candidate_tracking" CASCADE;--> statement-breakpoint
DROP TABLE "referral_status_changes" CASCADE;--> statement-breakpoint
DROP TYPE "public"."referral_bonus_state";--> statement-breakpoint
DROP TYPE "public"."tracking_status";