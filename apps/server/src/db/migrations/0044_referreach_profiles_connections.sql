CREATE TYPE "public"."connection_match_kind" AS ENUM('role', 'referrer');--> statement-breakpoint
CREATE TABLE "connection_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "connection_match_kind" NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"profile_url" text,
	"email" text,
	"company" text,
	"position" text,
	"connected_on" date,
	"person_key" text NOT NULL,
	"job_id" uuid,
	"fit_score" integer,
	"referrer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connection_matches_target" CHECK (("connection_matches"."kind" = 'role' and "connection_matches"."job_id" is not null and "connection_matches"."referrer_id" is null)
        or ("connection_matches"."kind" = 'referrer' and "connection_matches"."referrer_id" is not null and "connection_matches"."job_id" is null))
);
--> statement-breakpoint
ALTER TABLE "company_members" ADD COLUMN "team" text;--> statement-breakpoint
ALTER TABLE "referrer_profiles" ADD COLUMN "details_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connection_matches" ADD CONSTRAINT "connection_matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_matches" ADD CONSTRAINT "connection_matches_job_id_job_postings_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_postings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_matches" ADD CONSTRAINT "connection_matches_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connection_matches_user_idx" ON "connection_matches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "connection_matches_job_idx" ON "connection_matches" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "connection_matches_referrer_idx" ON "connection_matches" USING btree ("referrer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "connection_matches_role_key" ON "connection_matches" USING btree ("user_id","person_key","job_id") WHERE "connection_matches"."kind" = 'role';--> statement-breakpoint
CREATE UNIQUE INDEX "connection_matches_referrer_key" ON "connection_matches" USING btree ("user_id","referrer_id") WHERE "connection_matches"."kind" = 'referrer';