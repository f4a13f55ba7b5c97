CREATE TYPE "public"."employment_type" AS ENUM('full-time', 'part-time', 'contract', 'internship', 'freelance');--> statement-breakpoint
CREATE TYPE "public"."job_status" AS ENUM('OPEN', 'CLOSED');--> statement-breakpoint
CREATE TYPE "public"."workplace" AS ENUM('remote', 'onsite', 'hybrid');--> statement-breakpoint
CREATE TABLE "job_applications" (
	"job_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'applied' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_applications_job_id_user_id_pk" PRIMARY KEY("job_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "job_postings" ALTER COLUMN "job_type" SET DATA TYPE "public"."employment_type" USING "job_type"::"public"."employment_type";--> statement-breakpoint
ALTER TABLE "job_postings" ALTER COLUMN "status" SET DEFAULT 'OPEN'::"public"."job_status";--> statement-breakpoint
ALTER TABLE "job_postings" ALTER COLUMN "status" SET DATA TYPE "public"."job_status" USING "status"::"public"."job_status";--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "company_name" text;--> statement-breakpoint
UPDATE "job_postings" AS j SET "company_name" = c."name" FROM "companies" AS c WHERE c."id" = j."company_id";--> statement-breakpoint
ALTER TABLE "job_postings" ALTER COLUMN "company_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "workplace" "workplace" DEFAULT 'onsite' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "skills" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "deadline" date;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "application_url" text;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "referral_bonus_amount" integer;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "referral_bonus_currency" text;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "search" "tsvector";--> statement-breakpoint
UPDATE "job_postings" SET
  "workplace" = CASE WHEN lower("location") LIKE '%hybrid%' THEN 'hybrid'::"workplace" WHEN lower("location") LIKE '%remote%' THEN 'remote'::"workplace" ELSE 'onsite'::"workplace" END,
  "search" = setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "company_name"), 'B') || setweight(to_tsvector('english', coalesce("description", '')), 'C');--> statement-breakpoint
ALTER TABLE "job_postings" ALTER COLUMN "search" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_job_id_job_postings_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_postings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_applications_user_idx" ON "job_applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "job_postings_open_recent_idx" ON "job_postings" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_postings_search_idx" ON "job_postings" USING gin ("search");--> statement-breakpoint
CREATE INDEX "job_postings_skills_idx" ON "job_postings" USING gin ("skills");