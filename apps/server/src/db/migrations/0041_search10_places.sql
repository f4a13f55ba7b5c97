ALTER TABLE "job_postings" ADD COLUMN "place_keys" text[];--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "place_label" text;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "place_lat" real;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "place_lon" real;--> statement-breakpoint
ALTER TABLE "talent_profiles" ADD COLUMN "place_keys" text[];--> statement-breakpoint
ALTER TABLE "talent_profiles" ADD COLUMN "place_label" text;--> statement-breakpoint
ALTER TABLE "talent_profiles" ADD COLUMN "place_lat" real;--> statement-breakpoint
ALTER TABLE "talent_profiles" ADD COLUMN "place_lon" real;--> statement-breakpoint
CREATE INDEX "job_postings_places_unread_idx" ON "job_postings" USING btree ("id") WHERE "job_postings"."place_keys" is null;--> statement-breakpoint
CREATE INDEX "talent_profiles_place_label_idx" ON "talent_profiles" USING btree ("place_label");--> statement-breakpoint
CREATE INDEX "talent_profiles_places_unread_idx" ON "talent_profiles" USING btree ("id") WHERE "talent_profiles"."place_keys" is null;