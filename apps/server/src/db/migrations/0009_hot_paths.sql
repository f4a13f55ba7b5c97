CREATE TABLE "talent_facet_counts" (
	"id" text PRIMARY KEY DEFAULT 'pool' NOT NULL,
	"facets" jsonb NOT NULL,
	"signature" text NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "job_postings_open_recent_idx";--> statement-breakpoint
DROP INDEX "conversations_updated_idx";--> statement-breakpoint
DROP INDEX "messages_conversation_created_idx";--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "referral_requests_referrer_idx";--> statement-breakpoint
DROP INDEX "referral_requests_talent_idx";--> statement-breakpoint
DROP INDEX "referrals_referrer_idx";--> statement-breakpoint
DROP INDEX "referrals_company_idx";--> statement-breakpoint
DROP INDEX "kudos_talent_idx";--> statement-breakpoint
DROP INDEX "talent_profiles_recent_idx";--> statement-breakpoint
CREATE INDEX "conversations_updated_idx" ON "conversations" USING btree ("updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "messages_conversation_created_idx" ON "messages" USING btree ("conversation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referral_requests_referrer_idx" ON "referral_requests" USING btree ("referrer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referral_requests_talent_idx" ON "referral_requests" USING btree ("talent_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referrals_company_idx" ON "referrals" USING btree ("company_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "kudos_talent_idx" ON "kudos" USING btree ("talent_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "talent_profiles_recent_idx" ON "talent_profiles" USING btree ("discoverable","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Hand-written (drizzle cannot express INCLUDE): open jobs newest first, carrying what a job search window filters
-- on, so the window (the newest matches of a text search) is read from the index alone.
CREATE INDEX "job_postings_open_window_idx" ON "job_postings" USING btree ("created_at" DESC, "id" DESC) INCLUDE ("search", "job_type", "workplace", "company_id") WHERE "status" = 'OPEN';
