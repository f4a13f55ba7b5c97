CREATE TABLE "referral_policies" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"default_bonus_amount" integer,
	"default_bonus_currency" text,
	"payout_delay_days" integer DEFAULT 90 NOT NULL,
	"direct_application_window_days" integer DEFAULT 180 NOT NULL,
	"leaderboard_visible" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidate_pipelines" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "bonus_ineligible_reason" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "bonus_due_on" date;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "bonus_payment_reference" text;--> statement-breakpoint
ALTER TABLE "referrer_profiles" ADD COLUMN "hide_from_leaderboard" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_policies" ADD CONSTRAINT "referral_policies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_requests_job_idx" ON "referral_requests" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_company_bonus_idx" ON "referrals" USING btree ("company_id","bonus_state");
--> statement-breakpoint
-- Requests answered before responded_at existed: their last update was the answer.
UPDATE "referral_requests" SET "responded_at" = "updated_at" WHERE "status" <> 'pending';
--> statement-breakpoint
UPDATE "referrals" SET "bonus_ineligible_reason" = 'no_bonus' WHERE "bonus_state" = 'not_eligible';
