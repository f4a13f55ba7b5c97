CREATE TYPE "public"."data_export_status" AS ENUM('preparing', 'ready', 'failed');--> statement-breakpoint
CREATE TABLE "company_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"company_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid,
	"subject_user_id" uuid,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" "data_export_status" DEFAULT 'preparing' NOT NULL,
	"file_key" text,
	"size_bytes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deletion_scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_audit_log" ADD CONSTRAINT "company_audit_log_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_audit_log_company_time_idx" ON "company_audit_log" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "company_audit_log_company_actor_idx" ON "company_audit_log" USING btree ("company_id","actor_id");--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- The audit log is append-only: no UPDATE ever, and no DELETE while its company exists (a company's deletion
-- cascades to its log after the company row is gone).
CREATE FUNCTION company_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM companies WHERE id = OLD.company_id) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'company_audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER company_audit_log_append_only BEFORE UPDATE OR DELETE ON company_audit_log
  FOR EACH ROW EXECUTE FUNCTION company_audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER company_audit_log_no_truncate BEFORE TRUNCATE ON company_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION company_audit_log_append_only();
--> statement-breakpoint
CREATE INDEX users_deletion_due_idx ON users (deletion_scheduled_for) WHERE deletion_scheduled_for IS NOT NULL AND deleted_at IS NULL;
