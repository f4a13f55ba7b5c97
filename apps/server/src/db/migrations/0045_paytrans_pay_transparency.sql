ALTER TABLE "job_postings" ADD COLUMN "pay_min" double precision;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "pay_max" double precision;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "pay_currency" text;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "pay_period" text;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "pay_exempt_reason" text;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "pay_exempt_by" uuid;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "pay_exempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "pay_held_by" text;--> statement-breakpoint
ALTER TABLE "job_postings" ADD CONSTRAINT "job_postings_pay_exempt_by_users_id_fk" FOREIGN KEY ("pay_exempt_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;