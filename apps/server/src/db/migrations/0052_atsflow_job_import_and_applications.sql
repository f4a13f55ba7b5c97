CREATE TABLE "ats_applications" (
	"connection_id" uuid NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"ats_candidate_id" text NOT NULL,
	"ats_application_id" text NOT NULL,
	"linked_existing" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ats_applications_connection_id_pipeline_id_pk" PRIMARY KEY("connection_id","pipeline_id")
);
--> statement-breakpoint
ALTER TABLE "ats_connections" ADD COLUMN "imports_jobs" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ats_job_links" ADD COLUMN "imported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ats_applications" ADD CONSTRAINT "ats_applications_connection_id_ats_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."ats_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_applications" ADD CONSTRAINT "ats_applications_pipeline_id_candidate_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."candidate_pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ats_applications_application_idx" ON "ats_applications" USING btree ("connection_id","ats_application_id");