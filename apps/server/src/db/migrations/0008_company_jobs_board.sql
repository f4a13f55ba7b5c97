ALTER TYPE "public"."job_status" ADD VALUE 'DRAFT' BEFORE 'OPEN';--> statement-breakpoint
ALTER TYPE "public"."job_status" ADD VALUE 'FILLED';--> statement-breakpoint
CREATE TABLE "company_job_visits" (
	"user_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_job_visits_user_id_job_id_pk" PRIMARY KEY("user_id","job_id")
);
--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "referrer_profiles" ADD COLUMN "show_contact_details" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_job_visits" ADD CONSTRAINT "company_job_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_job_visits" ADD CONSTRAINT "company_job_visits_job_id_job_postings_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_postings"("id") ON DELETE cascade ON UPDATE no action;