ALTER TABLE "referral_policies" ADD COLUMN "retention_check_days" integer;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "bonus_paid_early_reason" text;