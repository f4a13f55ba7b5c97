-- A text search must not read search documents (about 5 KB each, compressed out of line, on realistic descriptions)
-- to test or rank its candidates (ADR 0009). btree_gin (trusted: a database owner may create it) lets the text's GIN
-- index carry the search filters' columns (UTC day, job type, workplace, skills), so a search's words and filters
-- are tested in the index alone; ranking reads only the short head of the document (title, company, skills),
-- kept inline in the row. The job type, workplace and skills indexes go (this one serves them): reached through them,
-- rows would be tested on their documents.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "search_head" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "job_postings" ALTER COLUMN "search_head" SET STORAGE MAIN;--> statement-breakpoint
CREATE OR REPLACE FUNCTION job_postings_derive() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE bounds int[] := salary_bounds(NEW.salary_range);
BEGIN
  NEW.search_head := setweight(to_tsvector('english', search_normalize(NEW.title)), 'A')
    || setweight(to_tsvector('english', search_normalize(NEW.company_name || ' ' || array_to_string(NEW.skills, ' '))), 'B');
  NEW.search := NEW.search_head || setweight(to_tsvector('english', search_normalize(NEW.description)), 'C');
  NEW.salary_min := bounds[1];
  NEW.salary_max := bounds[2];
  RETURN NEW;
END $$;--> statement-breakpoint
UPDATE "job_postings" SET "search_head" = setweight(to_tsvector('english', search_normalize("title")), 'A')
  || setweight(to_tsvector('english', search_normalize("company_name" || ' ' || array_to_string("skills", ' '))), 'B');--> statement-breakpoint
DROP INDEX "job_postings_job_type_idx";--> statement-breakpoint
DROP INDEX "job_postings_workplace_idx";--> statement-breakpoint
DROP INDEX "job_postings_skills_idx";--> statement-breakpoint
DROP INDEX "job_postings_search_idx";--> statement-breakpoint
CREATE INDEX "job_postings_search_idx" ON "job_postings" USING gin ("search",((created_at at time zone 'UTC')::date),"job_type","workplace","skills");
