CREATE INDEX "job_postings_job_type_idx" ON "job_postings" USING btree ("job_type");--> statement-breakpoint
CREATE INDEX "job_postings_workplace_idx" ON "job_postings" USING btree ("workplace");