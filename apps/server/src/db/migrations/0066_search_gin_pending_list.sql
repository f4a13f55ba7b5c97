-- Hand-edited (drizzle-kit wrote DROP and CREATE INDEX): the same storage parameter set in place, without building
-- the indexes again. New entries of a GIN index with fastupdate (PostgreSQL's default) go to a pending list that
-- every scan reads whole until it is merged, once it passes gin_pending_list_limit (4 MB by default) or at vacuum.
-- A job or talent search scans its index once per time slab, so after an import of a thousand jobs each never-seen
-- job search read 3,967 shared buffers instead of 1,216 and its database CPU doubled (ADR 0056). 64 kB is
-- PostgreSQL's smallest limit: the list is merged every few inserts and a scan reads at most 8 pending pages.
ALTER INDEX "job_postings_search_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "talent_profiles_search_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
SELECT gin_clean_pending_list('job_postings_search_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('talent_profiles_search_idx'::regclass);
