-- Hand-written: a job's time slabs, one key per level l = 0..15, the 2^l-day span of its UTC day aligned to
-- 1970-01-01, written l × 1,000,000 + ⌊day ÷ 2^l⌋ (days since 1970-01-01, none before). A text search reads its
-- matches a slab at a time, newest first, each slab one entry of the text's GIN index (features/jobs/time-slabs.ts,
-- search-window.ts; ADR 0009). It replaces the UTC day in that index.
CREATE FUNCTION job_time_keys(t timestamptz) RETURNS int[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array(SELECT l * 1000000 + (greatest(0, (t AT TIME ZONE 'UTC')::date - date '1970-01-01') >> l)
               FROM generate_series(0, 15) AS l ORDER BY l)
$$;--> statement-breakpoint
DROP INDEX "job_postings_search_idx";--> statement-breakpoint
CREATE INDEX "job_postings_search_idx" ON "job_postings" USING gin ("search",job_time_keys("created_at"),"job_type","workplace","skills");
