-- pg_trgm (trusted: a database owner may create it) for typo-tolerant search words.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."search_alert_frequency" AS ENUM('instant', 'daily', 'weekly', 'off');--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_sent_jobs" (
	"saved_search_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_sent_jobs_saved_search_id_job_id_pk" PRIMARY KEY("saved_search_id","job_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"alert" "search_alert_frequency" DEFAULT 'daily' NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "salary_min" integer;--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "salary_max" integer;--> statement-breakpoint
ALTER TABLE "talent_profiles" ADD COLUMN "search" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_search_sent_jobs" ADD CONSTRAINT "saved_search_sent_jobs_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_sent_jobs" ADD CONSTRAINT "saved_search_sent_jobs_job_id_job_postings_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_postings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_alert_idx" ON "saved_searches" USING btree ("alert");--> statement-breakpoint
CREATE INDEX "talent_profiles_search_idx" ON "talent_profiles" USING gin ("search");--> statement-breakpoint
ALTER TABLE "talent_profiles" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "job_postings" ALTER COLUMN "search" SET DEFAULT ''::tsvector;--> statement-breakpoint
-- Hand-written from here. Search words: the same steps as normalizeSearchText (packages/shared/src/rules/search.ts).
CREATE FUNCTION search_normalize(input text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(lower(coalesce(input, '')),
    '(^|[^[:alnum:]])\.(?=[[:alpha:]])', '\1dot', 'g'),
    '([[:alnum:]])#', '\1sharp', 'g'),
    '([[:alnum:]])\+\+', '\1plusplus', 'g'),
    '([[:alnum:]])\.(?=[[:alnum:]])', '\1', 'g'),
    '[^[:alnum:]]+', ' ', 'g'))
$$;--> statement-breakpoint
CREATE FUNCTION search_words_of(input text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(search_normalize(input), ' ') AS w WHERE length(w) >= 4
$$;--> statement-breakpoint
-- Annual pay in a free-text salary: "$160k - $190k", "120,000–150,000 USD", "$60/hr" (× 2080), "120-150k".
CREATE FUNCTION salary_bounds(input text) RETURNS int[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  s text := lower(coalesce(input, ''));
  m text[];
  n numeric;
  found numeric[] := '{}';
  hourly boolean := s ~ '(/\s*(h|hr|hour)\M|per\s+hour|hourly|an\s+hour)';
BEGIN
  FOR m IN SELECT regexp_matches(s, '(\d[\d,]*(?:\.\d+)?)\s*(k|m)?(?![a-z])', 'g') LOOP
    n := replace(m[1], ',', '')::numeric;
    IF m[2] = 'k' THEN n := n * 1000; ELSIF m[2] = 'm' THEN n := n * 1000000; END IF;
    found := found || n;
  END LOOP;
  IF cardinality(found) = 0 THEN RETURN NULL; END IF;
  -- "120-150k": a bare first figure takes the unit of the last
  IF cardinality(found) > 1 AND found[1] < 1000 AND found[cardinality(found)] >= 1000 THEN found[1] := found[1] * 1000; END IF;
  IF hourly THEN found := ARRAY(SELECT f * 2080 FROM unnest(found) f); END IF;
  found := ARRAY(SELECT f FROM unnest(found) f WHERE f >= 1000 AND f <= 10000000);
  IF cardinality(found) = 0 THEN RETURN NULL; END IF;
  RETURN ARRAY[(SELECT min(f) FROM unnest(found) f)::int, (SELECT max(f) FROM unnest(found) f)::int];
END $$;--> statement-breakpoint
-- Derived columns are written by the database, so every writer (the app, the seed, imports, benchmarks) agrees.
CREATE FUNCTION job_postings_derive() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE bounds int[] := salary_bounds(NEW.salary_range);
BEGIN
  NEW.search := setweight(to_tsvector('english', search_normalize(NEW.title)), 'A')
    || setweight(to_tsvector('english', search_normalize(NEW.company_name || ' ' || array_to_string(NEW.skills, ' '))), 'B')
    || setweight(to_tsvector('english', search_normalize(NEW.description)), 'C');
  NEW.salary_min := bounds[1];
  NEW.salary_max := bounds[2];
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER job_postings_derive BEFORE INSERT OR UPDATE OF title, company_name, skills, description, salary_range
  ON job_postings FOR EACH ROW EXECUTE FUNCTION job_postings_derive();--> statement-breakpoint
CREATE FUNCTION job_postings_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows r, search_words_of(r.title || ' ' || r.company_name || ' ' || array_to_string(r.skills, ' ')) w
    ORDER BY 1 ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER job_postings_words_insert AFTER INSERT ON job_postings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_postings_words();--> statement-breakpoint
CREATE TRIGGER job_postings_words_update AFTER UPDATE ON job_postings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_postings_words();--> statement-breakpoint
CREATE FUNCTION talent_profiles_derive() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search := setweight(to_tsvector('english', search_normalize(
      coalesce((SELECT name FROM users WHERE id = NEW.id), '') || ' ' || coalesce(NEW.title, '') || ' '
      || array_to_string(NEW.titles, ' '))), 'A')
    || setweight(to_tsvector('english', search_normalize(array_to_string(NEW.skills || NEW.technical_skills || NEW.software_tools, ' '))), 'B');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER talent_profiles_derive BEFORE INSERT OR UPDATE ON talent_profiles
  FOR EACH ROW EXECUTE FUNCTION talent_profiles_derive();--> statement-breakpoint
CREATE FUNCTION talent_profiles_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows r, search_words_of(
      coalesce((SELECT name FROM users WHERE id = r.id), '') || ' ' || array_to_string(r.titles || r.skills || r.technical_skills || r.software_tools, ' ')) w
    ORDER BY 1 ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER talent_profiles_words_insert AFTER INSERT ON talent_profiles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION talent_profiles_words();--> statement-breakpoint
CREATE TRIGGER talent_profiles_words_update AFTER UPDATE ON talent_profiles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION talent_profiles_words();--> statement-breakpoint
-- Backfill through the triggers.
UPDATE job_postings SET title = title;--> statement-breakpoint
UPDATE talent_profiles SET titles = titles;--> statement-breakpoint
-- The search window's covering index now also carries the sort keys (skills for best match, salary).
DROP INDEX "job_postings_open_window_idx";--> statement-breakpoint
CREATE INDEX "job_postings_open_window_idx" ON "job_postings" USING btree ("created_at" DESC, "id" DESC)
  INCLUDE ("search", "job_type", "workplace", "company_id", "skill_keys", "salary_max") WHERE "status" = 'OPEN';
