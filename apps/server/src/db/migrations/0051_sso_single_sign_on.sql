CREATE TABLE "sso_connections" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"protocol" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"require_sso" boolean DEFAULT false NOT NULL,
	"admin_groups" text[] DEFAULT '{}'::text[] NOT NULL,
	"oidc_issuer" text,
	"oidc_client_id" text,
	"oidc_client_secret_sealed" text,
	"saml_entry_point" text,
	"saml_idp_issuer" text,
	"saml_certificate" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_connections_protocol_check" CHECK ("sso_connections"."protocol" in ('oidc', 'saml'))
);
--> statement-breakpoint
CREATE TABLE "sso_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"verification_token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" text,
	"mail_token_hash" text,
	"mail_token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_domains_verified_by_check" CHECK ("sso_domains"."verified_by" is null or "sso_domains"."verified_by" in ('dns', 'mail'))
);
--> statement-breakpoint
CREATE TABLE "sso_login_attempts" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"code_verifier" text,
	"nonce" text,
	"return_to" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_used_assertions" (
	"company_id" uuid NOT NULL,
	"assertion_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_used_assertions_company_id_assertion_id_pk" PRIMARY KEY("company_id","assertion_id")
);
--> statement-breakpoint
ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_login_attempts" ADD CONSTRAINT "sso_login_attempts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_used_assertions" ADD CONSTRAINT "sso_used_assertions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_company_domain_key" ON "sso_domains" USING btree ("company_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_verified_key" ON "sso_domains" USING btree ("domain") WHERE "sso_domains"."verified_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_mail_token_key" ON "sso_domains" USING btree ("mail_token_hash");--> statement-breakpoint
CREATE INDEX "sso_login_attempts_expires_idx" ON "sso_login_attempts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sso_used_assertions_expires_idx" ON "sso_used_assertions" USING btree ("expires_at");