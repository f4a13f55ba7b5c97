ALTER TABLE "candidate_pipelines" ADD COLUMN "reached_rank" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "candidate_pipelines" ADD COLUMN "hired_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "candidate_pipelines_job_stage_idx" ON "candidate_pipelines" USING btree ("job_id","stage","applied_at");--> statement-breakpoint
CREATE INDEX "candidate_pipelines_job_hired_idx" ON "candidate_pipelines" USING btree ("job_id","hired_at") WHERE "candidate_pipelines"."hired_at" is not null;--> statement-breakpoint
CREATE INDEX "referrals_job_created_idx" ON "referrals" USING btree ("job_id","created_at");--> statement-breakpoint
-- Backfill the rollups from the stage history (undone changes excluded), as features/referrals/rollups.ts keeps them.
UPDATE "candidate_pipelines" p SET "reached_rank" = r.rank, "hired_at" = r.hired_at
FROM (
  SELECT h.pipeline_id,
    coalesce(max(CASE h.to_stage WHEN 'contacted' THEN 1 WHEN 'scheduled' THEN 2 WHEN 'interviewed' THEN 3
      WHEN 'offer' THEN 4 WHEN 'hired' THEN 5 ELSE 0 END), 0)::smallint AS rank,
    min(h.created_at) FILTER (WHERE h.to_stage = 'hired') AS hired_at
  FROM "pipeline_stage_changes" h WHERE h.undone_at IS NULL GROUP BY h.pipeline_id
) r
WHERE p.id = r.pipeline_id;

