CREATE TABLE "slack_connections" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"team_id" text,
	"team_name" text,
	"bot_user_id" text,
	"token_sealed" text,
	"channel_id" text,
	"channel_name" text,
	"channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_error" text,
	"installed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slack_connections_status_check" CHECK ("slack_connections"."status" in ('pending', 'connected', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "slack_user_links" (
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"slack_user_id" text,
	"looked_up_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slack_user_links_user_id_company_id_pk" PRIMARY KEY("user_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "teams_connections" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"webhook_sealed" text NOT NULL,
	"webhook_host" text NOT NULL,
	"connected_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "slack_connections" ADD CONSTRAINT "slack_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_connections" ADD CONSTRAINT "slack_connections_installed_by_users_id_fk" FOREIGN KEY ("installed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_user_links" ADD CONSTRAINT "slack_user_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_user_links" ADD CONSTRAINT "slack_user_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams_connections" ADD CONSTRAINT "teams_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams_connections" ADD CONSTRAINT "teams_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slack_connections_team_idx" ON "slack_connections" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "slack_user_links_slack_idx" ON "slack_user_links" USING btree ("company_id","slack_user_id");