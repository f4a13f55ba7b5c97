-- A hire recorded without a start date used to leave its bonus due with no due day: payable at once. The bonus clock
-- now runs from the hire day while the start date is unknown (features/referrals/pipeline.ts moveStage). Bonuses
-- already in that state get the due day they would have had: the day the candidate was hired (UTC; the referral's
-- last change when no hire day is recorded) plus the company's payableAfterDays (the payout delay, or the retention
-- check's day when later; 90 days without a policy).
UPDATE "referrals" AS r
SET "bonus_due_on" = coalesce(
    cp."start_date",
    (cp."hired_at" AT TIME ZONE 'UTC')::date,
    (r."updated_at" AT TIME ZONE 'UTC')::date
  ) + greatest(coalesce(rp."payout_delay_days", 90), coalesce(rp."retention_check_days", 0))
FROM "referrals" AS src
LEFT JOIN "candidate_pipelines" AS cp ON cp."job_id" = src."job_id" AND cp."talent_id" = src."talent_id"
LEFT JOIN "referral_policies" AS rp ON rp."company_id" = src."company_id"
WHERE r."id" = src."id" AND r."bonus_state" = 'due' AND r."bonus_due_on" IS NULL;
