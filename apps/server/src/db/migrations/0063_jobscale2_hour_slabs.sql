-- Hand-written: a job's time slabs in hours instead of days (ADR 0009; docs/benchmarks.md, run H). One key per level
-- l = 0..20, the 2^l-hour span of its UTC hour aligned to 1970-01-01T00:00Z, written l × 10,000,000 + ⌊hour ÷ 2^l⌋
-- (hours since 1970-01-01T00:00Z, none before). A text search reads its matches a slab at a time, newest first, each
-- slab read whole (features/jobs/time-slabs.ts, search-window.ts): a day's slab of a marketplace posting 14,000 jobs a
-- day made a common word read 10,000 rows for the 1,001 a window needs; an hour's holds a twenty-fourth of that. The
-- text's GIN index is built again on the new keys.
CREATE OR REPLACE FUNCTION job_time_keys(t timestamptz) RETURNS int[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array(SELECT l * 10000000 + (greatest(0, floor(extract(epoch FROM t AT TIME ZONE 'UTC') / 3600)::int) >> l)
               FROM generate_series(0, 20) AS l ORDER BY l)
$$;--> statement-breakpoint
DROP INDEX "job_postings_search_idx";--> statement-breakpoint
CREATE INDEX "job_postings_search_idx" ON "job_postings" USING gin ("search",job_time_keys("created_at"),"job_type","workplace","skills");
