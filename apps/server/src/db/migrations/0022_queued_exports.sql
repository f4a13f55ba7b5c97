ALTER TABLE "data_exports" ADD COLUMN "kind" text DEFAULT 'account-data' NOT NULL;--> statement-breakpoint
ALTER TABLE "data_exports" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "data_exports" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "data_exports" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_company_user_idx" ON "data_exports" USING btree ("company_id","user_id","created_at" DESC NULLS LAST);