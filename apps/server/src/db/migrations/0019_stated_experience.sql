ALTER TABLE "talent_profiles" ALTER COLUMN "years_of_experience" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "talent_profiles" ALTER COLUMN "years_of_experience" DROP NOT NULL;--> statement-breakpoint
-- Hand-written: profiles never saved got the old default of 4 years without anyone stating it; they state nothing.
UPDATE "talent_profiles" SET "years_of_experience" = NULL WHERE "years_of_experience" = 4 AND "updated_at" = "created_at";
