CREATE TABLE "payees" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payroll_id" text,
	"legal_name" text,
	"tax_classification" text,
	"tin_type" text,
	"tin_sealed" text,
	"tin_last4" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payees_company_id_user_id_pk" PRIMARY KEY("company_id","user_id"),
	CONSTRAINT "payees_kind_check" CHECK ("payees"."kind" in ('employee', 'external'))
);
--> statement-breakpoint
ALTER TABLE "referral_policies" ADD COLUMN "retention_check_days" integer;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "bonus_paid_early_reason" text;--> statement-breakpoint
ALTER TABLE "payees" ADD CONSTRAINT "payees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payees" ADD CONSTRAINT "payees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payees" ADD CONSTRAINT "payees_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;