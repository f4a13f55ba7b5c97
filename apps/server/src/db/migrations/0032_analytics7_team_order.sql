-- analytics7 (ADR 0013): the team figures read each member's requests of a period in (department, person) order from
-- one index-only range per member, so their exact medians need no sort of the period's rows.
CREATE INDEX "referral_request_facts_referrer_idx" ON "referral_request_facts" USING btree ("company_id","referrer_id","created_at")
  INCLUDE ("job_id", "response_hours");
