CREATE TYPE "public"."credit_decision" AS ENUM('pending', 'credited', 'not_credited', 'refused');--> statement-breakpoint
CREATE TYPE "public"."referral_request_status" AS ENUM('pending', 'accepted', 'rejected', 'completed', 'closed');--> statement-breakpoint
CREATE TYPE "public"."referral_vouch" AS ENUM('worked_directly', 'know_professionally', 'know_of');--> statement-breakpoint
CREATE TABLE "referral_credit_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"talent_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"referral_id" uuid,
	"referrer_id" uuid,
	"decision" "credit_decision" NOT NULL,
	"reason" text NOT NULL,
	"words" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_invitations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"talent_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"stored_name" text NOT NULL,
	"original_name" text NOT NULL,
	"kind" "resume_kind" NOT NULL,
	"size_bytes" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_uploads_storedName_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
-- By hand: the one-open-request index compares the status with the old type, so it goes before the change and comes
-- back after it.
DROP INDEX "referral_requests_open_key";--> statement-breakpoint
ALTER TABLE "referral_requests" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "referral_requests" ALTER COLUMN "status" SET DATA TYPE "public"."referral_request_status" USING "status"::text::"public"."referral_request_status";--> statement-breakpoint
ALTER TABLE "referral_requests" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "referral_requests_open_key" ON "referral_requests" USING btree ("talent_id","job_id","referrer_id") WHERE "referral_requests"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unclaimed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "candidate_pipelines" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "candidate_pipelines" ADD COLUMN "decline_note" text;--> statement-breakpoint
ALTER TABLE "pipeline_stage_changes" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "pipeline_stage_changes" ADD COLUMN "reason_note" text;--> statement-breakpoint
ALTER TABLE "referral_policies" ADD COLUMN "ownership_months" smallint DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD COLUMN "closed_reason" text;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "candidate_note" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "vouch" "referral_vouch";--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "external" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "resume_file_id" uuid;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "talent_profiles" ADD COLUMN "phone_key" text;--> statement-breakpoint
ALTER TABLE "talent_profiles" ADD COLUMN "linkedin_key" text;--> statement-breakpoint
ALTER TABLE "referral_credit_ledger" ADD CONSTRAINT "referral_credit_ledger_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_credit_ledger" ADD CONSTRAINT "referral_credit_ledger_talent_id_users_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_credit_ledger" ADD CONSTRAINT "referral_credit_ledger_job_id_job_postings_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_postings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_credit_ledger" ADD CONSTRAINT "referral_credit_ledger_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_credit_ledger" ADD CONSTRAINT "referral_credit_ledger_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_invitations" ADD CONSTRAINT "referral_invitations_talent_id_users_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_uploads" ADD CONSTRAINT "referral_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_credit_ledger_company_idx" ON "referral_credit_ledger" USING btree ("company_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referral_credit_ledger_referrer_idx" ON "referral_credit_ledger" USING btree ("referrer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referral_credit_ledger_talent_idx" ON "referral_credit_ledger" USING btree ("talent_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referral_credit_ledger_referral_idx" ON "referral_credit_ledger" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "referral_invitations_talent_idx" ON "referral_invitations" USING btree ("talent_id");--> statement-breakpoint
CREATE INDEX "referral_uploads_created_idx" ON "referral_uploads" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_resume_file_id_resume_files_id_fk" FOREIGN KEY ("resume_file_id") REFERENCES "public"."resume_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referrals_owner_idx" ON "referrals" USING btree ("company_id","talent_id","consented_at") WHERE "referrals"."consented_at" is not null;--> statement-breakpoint
CREATE INDEX "talent_profiles_phone_key_idx" ON "talent_profiles" USING btree ("phone_key") WHERE "talent_profiles"."phone_key" is not null;--> statement-breakpoint
CREATE INDEX "talent_profiles_linkedin_key_idx" ON "talent_profiles" USING btree ("linkedin_key") WHERE "talent_profiles"."linkedin_key" is not null;--> statement-breakpoint
-- By hand: the first-touch window in days becomes the ownership rule's months (at least one).
UPDATE "referral_policies" SET "ownership_months" = least(24, greatest(1, round("direct_application_window_days" / 30.0)));--> statement-breakpoint
ALTER TABLE "referral_policies" DROP COLUMN "direct_application_window_days";--> statement-breakpoint
-- By hand: a referral confirmed before this migration was confirmed no later than its last change.
UPDATE "referrals" SET "consented_at" = "updated_at" WHERE "consent" = 'confirmed';--> statement-breakpoint
-- By hand: the match keys of the profiles there are. LinkedIn's canonical form as rules/identity.ts writes it; phone
-- numbers as E.164 the way lib/phone.ts reads them for the common forms (a leading + keeps its digits; ten digits are
-- a US number), others stay unmatched until the profile is saved again.
UPDATE "talent_profiles" SET "linkedin_key" = 'https://www.linkedin.com/in/' || lower(substring("linkedin" from '(?i)linkedin\.com/(?:in|pub)/([^/?#[:space:]]+)'))
  WHERE "linkedin" ~* 'linkedin\.com/(in|pub)/[^/?#[:space:]]+';--> statement-breakpoint
UPDATE "talent_profiles" SET "phone_key" = CASE
    WHEN btrim("phone") LIKE '+%' THEN '+' || regexp_replace("phone", '\D', '', 'g')
    WHEN length(regexp_replace("phone", '\D', '', 'g')) = 10 THEN '+1' || regexp_replace("phone", '\D', '', 'g')
    WHEN length(regexp_replace("phone", '\D', '', 'g')) = 11 AND regexp_replace("phone", '\D', '', 'g') LIKE '1%'
      THEN '+' || regexp_replace("phone", '\D', '', 'g')
  END
  WHERE "phone" IS NOT NULL;