DROP INDEX "talent_profiles_skills_idx";--> statement-breakpoint
DROP INDEX "talent_profiles_technical_skills_idx";--> statement-breakpoint
DROP INDEX "talent_profiles_software_tools_idx";--> statement-breakpoint
DROP INDEX "talent_profiles_industries_idx";--> statement-breakpoint
DROP INDEX "talent_profiles_titles_idx";--> statement-breakpoint
DROP INDEX "talent_profiles_interests_idx";--> statement-breakpoint
CREATE INDEX "talent_profiles_lists_idx" ON "talent_profiles" USING gin ("skills","technical_skills","software_tools","industries","titles","interests");