CREATE TABLE "referral_request_facts" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"referrer_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"response_hours" double precision
);
--> statement-breakpoint
ALTER TABLE "referral_request_facts" ADD CONSTRAINT "referral_request_facts_request_id_referral_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."referral_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_request_facts_company_idx" ON "referral_request_facts" USING btree ("company_id","created_at");--> statement-breakpoint
-- analytics6 (ADR 0013): the team figures' medians read a period's requests from one covering range of narrow rows.
DROP INDEX "referral_request_facts_company_idx";--> statement-breakpoint
CREATE INDEX "referral_request_facts_company_idx" ON "referral_request_facts" USING btree ("company_id","created_at")
  INCLUDE ("job_id", "referrer_id", "response_hours");--> statement-breakpoint
CREATE FUNCTION referral_response_hours(created timestamptz, responded timestamptz) RETURNS double precision
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT date_part('epoch', responded - created) / 3600 $$;--> statement-breakpoint
-- Kept per statement from its transition table, as analytics5's rollups are (linear for bulk writes), with hash and
-- merge joins off so the cached plans stay index probes whatever the size of the first statement. A deleted request
-- takes its fact with it (foreign key, cascade).
CREATE FUNCTION referral_requests_facts_added() RETURNS trigger LANGUAGE plpgsql
  SET enable_hashjoin = off SET enable_mergejoin = off AS $$
BEGIN
  INSERT INTO referral_request_facts (request_id, company_id, job_id, referrer_id, created_at, response_hours)
  SELECT a.id, j.company_id, a.job_id, a.referrer_id, a.created_at, referral_response_hours(a.created_at, a.responded_at)
  FROM added a JOIN job_postings j ON j.id = a.job_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION referral_requests_facts_changed() RETURNS trigger LANGUAGE plpgsql
  SET enable_hashjoin = off SET enable_mergejoin = off AS $$
BEGIN
  -- The changed requests by set difference (no join of the two transition tables: see migration 0029).
  UPDATE referral_request_facts f
  SET company_id = j.company_id, job_id = c.job_id, referrer_id = c.referrer_id, created_at = c.created_at,
    response_hours = referral_response_hours(c.created_at, c.responded_at)
  FROM (SELECT id, job_id, referrer_id, created_at, responded_at FROM added
        EXCEPT SELECT id, job_id, referrer_id, created_at, responded_at FROM removed) c
  JOIN job_postings j ON j.id = c.job_id
  WHERE f.request_id = c.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER referral_requests_facts_added AFTER INSERT ON referral_requests
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION referral_requests_facts_added();--> statement-breakpoint
CREATE TRIGGER referral_requests_facts_changed AFTER UPDATE ON referral_requests
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION referral_requests_facts_changed();--> statement-breakpoint
INSERT INTO referral_request_facts (request_id, company_id, job_id, referrer_id, created_at, response_hours)
SELECT q.id, j.company_id, q.job_id, q.referrer_id, q.created_at, referral_response_hours(q.created_at, q.responded_at)
FROM referral_requests q JOIN job_postings j ON j.id = q.job_id;
