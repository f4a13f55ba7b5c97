CREATE TABLE "ats_candidates" (
	"connection_id" uuid NOT NULL,
	"referral_id" uuid NOT NULL,
	"ats_candidate_id" text NOT NULL,
	"ats_application_id" text NOT NULL,
	"linked_existing" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ats_candidates_connection_id_referral_id_pk" PRIMARY KEY("connection_id","referral_id")
);
--> statement-breakpoint
CREATE TABLE "ats_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"vendor" text NOT NULL,
	"credentials_sealed" text,
	"key_last4" text,
	"on_behalf_of" text,
	"source_id" text,
	"webhook_secret_sealed" text,
	"status" text DEFAULT 'active' NOT NULL,
	"last_error" text,
	"reconciled_at" timestamp with time zone,
	"stage_mapping" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ats_connections_vendor_check" CHECK ("ats_connections"."vendor" in ('greenhouse', 'lever', 'ashby')),
	CONSTRAINT "ats_connections_status_check" CHECK ("ats_connections"."status" in ('active', 'failing', 'revoked'))
);
--> statement-breakpoint
CREATE TABLE "ats_job_links" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"connection_id" uuid NOT NULL,
	"ats_job_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ats_job_links_connection_job_unique" UNIQUE("connection_id","ats_job_id")
);
--> statement-breakpoint
CREATE TABLE "ats_jobs" (
	"connection_id" uuid NOT NULL,
	"ats_job_id" text NOT NULL,
	"title" text NOT NULL,
	"location" text,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ats_jobs_connection_id_ats_job_id_pk" PRIMARY KEY("connection_id","ats_job_id")
);
--> statement-breakpoint
CREATE TABLE "ats_sync_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject" text,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_retry_at" timestamp with time zone,
	"vendor_status" integer,
	"vendor_answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ats_sync_log_subject_unique" UNIQUE("connection_id","kind","subject")
);
--> statement-breakpoint
ALTER TABLE "ats_candidates" ADD CONSTRAINT "ats_candidates_connection_id_ats_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."ats_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_candidates" ADD CONSTRAINT "ats_candidates_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_connections" ADD CONSTRAINT "ats_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_connections" ADD CONSTRAINT "ats_connections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_job_links" ADD CONSTRAINT "ats_job_links_job_id_job_postings_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_postings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_job_links" ADD CONSTRAINT "ats_job_links_connection_id_ats_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."ats_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_jobs" ADD CONSTRAINT "ats_jobs_connection_id_ats_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."ats_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_sync_log" ADD CONSTRAINT "ats_sync_log_connection_id_ats_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."ats_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ats_candidates_application_idx" ON "ats_candidates" USING btree ("connection_id","ats_application_id");--> statement-breakpoint
CREATE INDEX "ats_connections_company_idx" ON "ats_connections" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "ats_sync_log_connection_idx" ON "ats_sync_log" USING btree ("connection_id","created_at");