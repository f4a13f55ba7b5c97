CREATE TYPE "public"."referral_bonus_state" AS ENUM('none', 'pending', 'due', 'paid');--> statement-breakpoint
CREATE TYPE "public"."referral_consent" AS ENUM('pending', 'confirmed', 'declined');--> statement-breakpoint
CREATE TYPE "public"."referral_status" AS ENUM('pending', 'accepted', 'rejected', 'completed');--> statement-breakpoint
CREATE TYPE "public"."tracking_status" AS ENUM('Contacted', 'Scheduled', 'Interviewed', 'Offer', 'Hired', 'Decline');--> statement-breakpoint
CREATE TYPE "public"."employment_status" AS ENUM('full-time', 'part-time', 'freelance', 'looking', 'open');--> statement-breakpoint
CREATE TYPE "public"."involvement" AS ENUM('full-time', 'part-time', 'contract', 'freelance');--> statement-breakpoint
CREATE TYPE "public"."resume_kind" AS ENUM('pdf', 'docx', 'doc');--> statement-breakpoint
CREATE TABLE "conversation_participants" (
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_read_at" timestamp with time zone,
	"viewing_at" timestamp with time zone,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_participants_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text,
	"referral_id" uuid,
	"project_id" uuid,
	"application_id" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"type" text DEFAULT 'direct' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender_id" uuid,
	"content" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"type" text NOT NULL,
	"reference_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_candidate_tracking" (
	"job_id" uuid NOT NULL,
	"talent_id" uuid NOT NULL,
	"status" "tracking_status" NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_candidate_tracking_job_id_talent_id_pk" PRIMARY KEY("job_id","talent_id")
);
--> statement-breakpoint
CREATE TABLE "job_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"talent_id" uuid NOT NULL,
	"referrer_id" uuid NOT NULL,
	"message" text NOT NULL,
	"status" "referral_status" DEFAULT 'pending' NOT NULL,
	"decline_reason" text,
	"referral_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"from_status" "referral_status",
	"to_status" "referral_status" NOT NULL,
	"changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"referrer_id" uuid,
	"talent_id" uuid NOT NULL,
	"talent_profile" jsonb NOT NULL,
	"notes" text,
	"status" "referral_status" DEFAULT 'pending' NOT NULL,
	"consent" "referral_consent" DEFAULT 'pending' NOT NULL,
	"request_id" uuid,
	"bonus_amount" integer,
	"bonus_currency" text,
	"bonus_state" "referral_bonus_state" DEFAULT 'none' NOT NULL,
	"bonus_paid_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrer_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"accepts_requests" boolean DEFAULT true NOT NULL,
	"bio" text,
	"phone" text,
	"location" text,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"started_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "endorsements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"talent_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"endorsed_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kudos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"talent_id" uuid NOT NULL,
	"request_id" uuid,
	"author" text NOT NULL,
	"title" text,
	"company" text,
	"superpower" text,
	"rating" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kudos_rating_range" CHECK ("kudos"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "kudos_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"talent_id" uuid NOT NULL,
	"recommender_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "kudos_requests_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "resume_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"stored_name" text NOT NULL,
	"original_name" text NOT NULL,
	"kind" "resume_kind" NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resume_files_storedName_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
CREATE TABLE "talent_profiles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"phone" text,
	"location" text,
	"linkedin" text,
	"portfolio" text,
	"bio" text,
	"title" text,
	"years_of_experience" integer DEFAULT 4 NOT NULL,
	"employment_status" "employment_status",
	"involvement" "involvement",
	"myers_briggs" text,
	"enneagram" text,
	"superpower" text,
	"achievement" text,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"technical_skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"software_tools" text[] DEFAULT '{}'::text[] NOT NULL,
	"industries" text[] DEFAULT '{}'::text[] NOT NULL,
	"titles" text[] DEFAULT '{}'::text[] NOT NULL,
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"skill_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"discoverable" boolean DEFAULT true NOT NULL,
	"rating" real,
	"json_resume_pdf" jsonb,
	"resume_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "talent_profiles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "skill_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_project_id_job_postings_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."job_postings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_candidate_tracking" ADD CONSTRAINT "job_candidate_tracking_job_id_job_postings_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_postings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_candidate_tracking" ADD CONSTRAINT "job_candidate_tracking_talent_id_users_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_candidate_tracking" ADD CONSTRAINT "job_candidate_tracking_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_comments" ADD CONSTRAINT "job_comments_job_id_job_postings_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_postings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_comments" ADD CONSTRAINT "job_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD CONSTRAINT "referral_requests_job_id_job_postings_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_postings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD CONSTRAINT "referral_requests_talent_id_users_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD CONSTRAINT "referral_requests_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_status_changes" ADD CONSTRAINT "referral_status_changes_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_status_changes" ADD CONSTRAINT "referral_status_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_job_id_job_postings_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_postings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_talent_id_users_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrer_profiles" ADD CONSTRAINT "referrer_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endorsements" ADD CONSTRAINT "endorsements_talent_id_users_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endorsements" ADD CONSTRAINT "endorsements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endorsements" ADD CONSTRAINT "endorsements_endorsed_by_user_id_users_id_fk" FOREIGN KEY ("endorsed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kudos" ADD CONSTRAINT "kudos_talent_id_users_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kudos" ADD CONSTRAINT "kudos_request_id_kudos_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."kudos_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kudos_requests" ADD CONSTRAINT "kudos_requests_talent_id_users_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_files" ADD CONSTRAINT "resume_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_profiles" ADD CONSTRAINT "talent_profiles_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_profiles" ADD CONSTRAINT "talent_profiles_resume_file_id_resume_files_id_fk" FOREIGN KEY ("resume_file_id") REFERENCES "public"."resume_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_participants_user_idx" ON "conversation_participants" USING btree ("user_id","conversation_id");--> statement-breakpoint
CREATE INDEX "conversation_participants_unread_idx" ON "conversation_participants" USING btree ("user_id") WHERE "conversation_participants"."unread_count" > 0;--> statement-breakpoint
CREATE INDEX "conversations_updated_idx" ON "conversations" USING btree ("updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "messages_conversation_created_idx" ON "messages" USING btree ("conversation_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id","type","reference_id") WHERE "notifications"."is_read" = false;--> statement-breakpoint
CREATE INDEX "job_comments_job_idx" ON "job_comments" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_requests_open_key" ON "referral_requests" USING btree ("talent_id","job_id","referrer_id") WHERE "referral_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "referral_requests_referrer_idx" ON "referral_requests" USING btree ("referrer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referral_requests_talent_idx" ON "referral_requests" USING btree ("talent_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referral_status_changes_referral_idx" ON "referral_status_changes" USING btree ("referral_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_job_talent_key" ON "referrals" USING btree ("job_id","talent_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referrals_company_idx" ON "referrals" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referrals_talent_idx" ON "referrals" USING btree ("talent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "endorsements_talent_company_key" ON "endorsements" USING btree ("talent_id","company_id");--> statement-breakpoint
CREATE INDEX "kudos_talent_idx" ON "kudos" USING btree ("talent_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "kudos_requests_talent_idx" ON "kudos_requests" USING btree ("talent_id");--> statement-breakpoint
CREATE INDEX "resume_files_owner_idx" ON "resume_files" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "talent_profiles_recent_idx" ON "talent_profiles" USING btree ("discoverable","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "talent_profiles_location_idx" ON "talent_profiles" USING btree ("location");--> statement-breakpoint
CREATE INDEX "talent_profiles_skills_idx" ON "talent_profiles" USING gin ("skills");--> statement-breakpoint
CREATE INDEX "talent_profiles_technical_skills_idx" ON "talent_profiles" USING gin ("technical_skills");--> statement-breakpoint
CREATE INDEX "talent_profiles_software_tools_idx" ON "talent_profiles" USING gin ("software_tools");--> statement-breakpoint
CREATE INDEX "talent_profiles_industries_idx" ON "talent_profiles" USING gin ("industries");--> statement-breakpoint
CREATE INDEX "talent_profiles_titles_idx" ON "talent_profiles" USING gin ("titles");--> statement-breakpoint
CREATE INDEX "talent_profiles_interests_idx" ON "talent_profiles" USING gin ("interests");--> statement-breakpoint
CREATE INDEX "talent_profiles_skill_keys_idx" ON "talent_profiles" USING gin ("skill_keys");--> statement-breakpoint
CREATE INDEX "job_postings_skill_keys_idx" ON "job_postings" USING gin ("skill_keys");--> statement-breakpoint
-- Backfill (hand-written): jobs posted before skill keys existed get them, lowercased and distinct.
UPDATE "job_postings" SET "skill_keys" = ARRAY(
  SELECT DISTINCT lower(btrim(s)) FROM unnest("skills") AS s WHERE btrim(s) <> ''
);--> statement-breakpoint
-- Backfill (hand-written): every existing job seeker gets an empty talent profile, so company users can open it.
-- New profiles get 'first-last' slugs from the app; these carry the id's first 8 characters to stay unique.
INSERT INTO "talent_profiles" ("id", "slug", "search_text")
SELECT u."id",
       trim(both '-' from regexp_replace(lower(u."name"), '[^a-z0-9]+', '-', 'g')) || '-' || left(u."id"::text, 8),
       lower(u."name" || ' ')
FROM "users" u
WHERE u."type" = 'jobseeker' AND NOT EXISTS (SELECT 1 FROM "talent_profiles" p WHERE p."id" = u."id");
