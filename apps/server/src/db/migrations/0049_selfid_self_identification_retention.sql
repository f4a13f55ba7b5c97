CREATE TABLE "self_id_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"answers_sealed" text NOT NULL,
	"versions" text[] NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "self_id_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"forms" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_subject_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"requester_name" text NOT NULL,
	"requester_email" text NOT NULL,
	"jurisdiction" text NOT NULL,
	"received_on" timestamp with time zone NOT NULL,
	"due_on" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_subject_requests_kind_check" CHECK ("data_subject_requests"."kind" in ('access', 'deletion', 'correction'))
);
--> statement-breakpoint
CREATE TABLE "retention_expiries" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"expired_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retention_expiries_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "retention_policies" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"default_months" integer DEFAULT 24 NOT NULL,
	"country_months" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retention_policies_months_check" CHECK ("retention_policies"."default_months" between 1 and 120)
);
--> statement-breakpoint
CREATE TABLE "talent_pool_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid,
	"scope" text NOT NULL,
	"text_version" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"renewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "talent_pool_consents_user_company_key" UNIQUE NULLS NOT DISTINCT("user_id","company_id")
);
--> statement-breakpoint
ALTER TABLE "company_members" ADD COLUMN "compliance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "self_id_answers" ADD CONSTRAINT "self_id_answers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_id_answers" ADD CONSTRAINT "self_id_answers_job_id_job_postings_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_postings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_id_answers" ADD CONSTRAINT "self_id_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_id_settings" ADD CONSTRAINT "self_id_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_id_settings" ADD CONSTRAINT "self_id_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_subject_requests" ADD CONSTRAINT "data_subject_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_subject_requests" ADD CONSTRAINT "data_subject_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_expiries" ADD CONSTRAINT "retention_expiries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_expiries" ADD CONSTRAINT "retention_expiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_policies" ADD CONSTRAINT "retention_policies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_policies" ADD CONSTRAINT "retention_policies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_pool_consents" ADD CONSTRAINT "talent_pool_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_pool_consents" ADD CONSTRAINT "talent_pool_consents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "self_id_answers_job_user_key" ON "self_id_answers" USING btree ("job_id","user_id");--> statement-breakpoint
CREATE INDEX "self_id_answers_company_idx" ON "self_id_answers" USING btree ("company_id","submitted_at");--> statement-breakpoint
CREATE INDEX "self_id_answers_user_idx" ON "self_id_answers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "data_subject_requests_company_idx" ON "data_subject_requests" USING btree ("company_id","due_on");--> statement-breakpoint
CREATE INDEX "talent_pool_consents_company_idx" ON "talent_pool_consents" USING btree ("company_id");