CREATE TABLE "exclusion_screenings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"talent_id" uuid NOT NULL,
	"list_id" uuid,
	"trigger" text NOT NULL,
	"result" text NOT NULL,
	"matches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decision" text,
	"decision_note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leie_entries" (
	"list_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"mid_name" text NOT NULL,
	"bus_name" text NOT NULL,
	"general" text NOT NULL,
	"specialty" text NOT NULL,
	"upin" text NOT NULL,
	"npi" text NOT NULL,
	"dob" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"excl_type" text NOT NULL,
	"excl_date" text NOT NULL,
	"rein_date" text NOT NULL,
	"waiver_date" text NOT NULL,
	"waiver_state" text NOT NULL,
	"name_key" text NOT NULL,
	"last_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leie_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"row_count" integer NOT NULL,
	"loaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "pay_min" double precision;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "pay_max" double precision;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "pay_currency" text;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "pay_period" text;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "pay_exempt_reason" text;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "pay_exempt_by" uuid;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "pay_exempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "pay_held_by" text;--> statement-breakpoint
ALTER TABLE "exclusion_screenings" ADD CONSTRAINT "exclusion_screenings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusion_screenings" ADD CONSTRAINT "exclusion_screenings_pipeline_id_candidate_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."candidate_pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusion_screenings" ADD CONSTRAINT "exclusion_screenings_talent_id_users_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusion_screenings" ADD CONSTRAINT "exclusion_screenings_list_id_leie_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."leie_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusion_screenings" ADD CONSTRAINT "exclusion_screenings_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leie_entries" ADD CONSTRAINT "leie_entries_list_id_leie_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."leie_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leie_lists" ADD CONSTRAINT "leie_lists_loaded_by_users_id_fk" FOREIGN KEY ("loaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exclusion_screenings_pipeline_idx" ON "exclusion_screenings" USING btree ("pipeline_id","created_at");--> statement-breakpoint
CREATE INDEX "exclusion_screenings_company_idx" ON "exclusion_screenings" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "leie_entries_list_last_idx" ON "leie_entries" USING btree ("list_id","last_key");--> statement-breakpoint
CREATE INDEX "leie_entries_list_npi_idx" ON "leie_entries" USING btree ("list_id","npi");--> statement-breakpoint
CREATE INDEX "leie_entries_name_trgm_idx" ON "leie_entries" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "job_postings" ADD CONSTRAINT "job_postings_pay_exempt_by_users_id_fk" FOREIGN KEY ("pay_exempt_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;