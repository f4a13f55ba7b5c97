CREATE TABLE "job_stage_counts" (
	"job_id" uuid NOT NULL,
	"stage" "pipeline_stage" NOT NULL,
	"candidates" integer NOT NULL,
	CONSTRAINT "job_stage_counts_job_id_stage_pk" PRIMARY KEY("job_id","stage")
);
--> statement-breakpoint
CREATE TABLE "referral_bonus_totals" (
	"job_id" uuid NOT NULL,
	"bonus_state" "bonus_state" NOT NULL,
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"referrals" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "referral_bonus_totals_job_id_bonus_state_currency_day_pk" PRIMARY KEY("job_id","bonus_state","currency","day")
);
--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "funnel_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_stage_counts" ADD CONSTRAINT "job_stage_counts_job_id_job_postings_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_postings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_bonus_totals" ADD CONSTRAINT "referral_bonus_totals_job_id_job_postings_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_postings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_pipelines_job_applied_idx" ON "candidate_pipelines" USING btree ("job_id","applied_at") WHERE "candidate_pipelines"."applied_at" is not null;--> statement-breakpoint
CREATE INDEX "referrals_company_status_idx" ON "referrals" USING btree ("company_id","status","job_id");--> statement-breakpoint
CREATE INDEX "referrals_requested_idx" ON "referrals" USING btree ("job_id","talent_id") WHERE "referrals"."request_id" is not null;--> statement-breakpoint
-- The funnel step a referral reached (ADR 0013): 1 referred, 2 the candidate confirmed, 3 applied (or the team took
-- them forward), 4 interviewed, 5 offer, 6 hired; 0 while it has no pipeline. The analytics funnel counts it per
-- referral instead of joining every referral of the period to its pipeline.
CREATE FUNCTION referral_funnel_level(consent referral_consent, reached_rank smallint, applied_at timestamptz)
RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE WHEN reached_rank >= 5 THEN 6 WHEN reached_rank >= 4 THEN 5 WHEN reached_rank >= 3 THEN 4
    WHEN applied_at IS NOT NULL OR reached_rank >= 1 THEN 3 WHEN consent = 'confirmed' THEN 2 ELSE 1 END)::smallint
$$;--> statement-breakpoint
-- Kept by triggers, in the transaction of the write, because its inputs have writers in several features (a referral
-- made or answered, an application, a stage change or its undo through rollups.ts): none can forget it.
CREATE FUNCTION referrals_set_funnel_level() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.funnel_level := coalesce((SELECT referral_funnel_level(NEW.consent, p.reached_rank, p.applied_at)
    FROM candidate_pipelines p WHERE p.job_id = NEW.job_id AND p.talent_id = NEW.talent_id), 0);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER referrals_funnel_level BEFORE INSERT OR UPDATE OF consent, job_id, talent_id ON referrals
  FOR EACH ROW EXECUTE FUNCTION referrals_set_funnel_level();--> statement-breakpoint
CREATE FUNCTION candidate_pipelines_set_referral_level() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE referrals SET funnel_level = 0
    WHERE job_id = OLD.job_id AND talent_id = OLD.talent_id AND funnel_level <> 0;
    RETURN OLD;
  END IF;
  UPDATE referrals rf SET funnel_level = referral_funnel_level(rf.consent, NEW.reached_rank, NEW.applied_at)
  WHERE rf.job_id = NEW.job_id AND rf.talent_id = NEW.talent_id
    AND rf.funnel_level <> referral_funnel_level(rf.consent, NEW.reached_rank, NEW.applied_at);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER candidate_pipelines_referral_level
  AFTER INSERT OR DELETE OR UPDATE OF reached_rank, applied_at ON candidate_pipelines
  FOR EACH ROW EXECUTE FUNCTION candidate_pipelines_set_referral_level();--> statement-breakpoint
UPDATE referrals rf SET funnel_level = referral_funnel_level(rf.consent, p.reached_rank, p.applied_at)
FROM candidate_pipelines p WHERE p.job_id = rf.job_id AND p.talent_id = rf.talent_id;--> statement-breakpoint
-- Covering indexes for the analytics scans, read index-only (drizzle cannot express INCLUDE): the company's referrals
-- of a period, one job's, and the requests of the company's jobs.
DROP INDEX "referrals_company_idx";--> statement-breakpoint
CREATE INDEX "referrals_company_idx" ON "referrals" USING btree ("company_id", "created_at" DESC NULLS FIRST)
  INCLUDE ("job_id", "referrer_id", "status", "funnel_level");--> statement-breakpoint
DROP INDEX "referrals_job_created_idx";--> statement-breakpoint
CREATE INDEX "referrals_job_created_idx" ON "referrals" USING btree ("job_id", "created_at")
  INCLUDE ("referrer_id", "status", "funnel_level");--> statement-breakpoint
DROP INDEX "referral_requests_job_idx";--> statement-breakpoint
CREATE INDEX "referral_requests_job_idx" ON "referral_requests" USING btree ("job_id", "created_at")
  INCLUDE ("referrer_id", "responded_at");
--> statement-breakpoint
DROP INDEX "referrals_company_bonus_idx";--> statement-breakpoint
CREATE INDEX "referrals_company_bonus_idx" ON "referrals" USING btree ("company_id", "bonus_state")
  INCLUDE ("job_id", "bonus_currency", "bonus_amount", "bonus_due_on", "bonus_paid_on");--> statement-breakpoint
DROP INDEX "candidate_pipelines_job_hired_idx";--> statement-breakpoint
CREATE INDEX "candidate_pipelines_job_hired_idx" ON "candidate_pipelines" USING btree ("job_id", "hired_at")
  INCLUDE ("stage", "source", "entry", "created_at", "talent_id") WHERE "hired_at" IS NOT NULL;--> statement-breakpoint
-- A job's candidates per stage (job_stage_counts), kept by triggers in the transaction of every pipeline insert,
-- stage change and deletion: the analytics per-job table reads it instead of counting every pipeline.
CREATE FUNCTION candidate_pipelines_count_stage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE job_stage_counts SET candidates = candidates - 1 WHERE job_id = OLD.job_id AND stage = OLD.stage;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO job_stage_counts (job_id, stage, candidates) VALUES (NEW.job_id, NEW.stage, 1)
    ON CONFLICT (job_id, stage) DO UPDATE SET candidates = job_stage_counts.candidates + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER candidate_pipelines_stage_count AFTER INSERT OR DELETE ON candidate_pipelines
  FOR EACH ROW EXECUTE FUNCTION candidate_pipelines_count_stage();--> statement-breakpoint
CREATE TRIGGER candidate_pipelines_stage_change_count AFTER UPDATE OF stage, job_id ON candidate_pipelines
  FOR EACH ROW WHEN (OLD.stage IS DISTINCT FROM NEW.stage OR OLD.job_id IS DISTINCT FROM NEW.job_id)
  EXECUTE FUNCTION candidate_pipelines_count_stage();--> statement-breakpoint
INSERT INTO job_stage_counts (job_id, stage, candidates)
SELECT job_id, stage, count(*)::int FROM candidate_pipelines GROUP BY job_id, stage;
--> statement-breakpoint
-- The bonuses per job, state, currency and day (referral_bonus_totals), kept by triggers in the transaction of every
-- referral write: the liability sums these rows instead of every open referral. The day is the payout day of a due
-- bonus and the payment day of a paid one; -infinity otherwise (and when unset, which the liability treats alike).
CREATE FUNCTION referral_bonus_day(state bonus_state, due_on date, paid_on date) RETURNS date
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE state WHEN 'due' THEN coalesce(due_on, '-infinity') WHEN 'paid' THEN coalesce(paid_on, '-infinity')
    ELSE '-infinity'::date END
$$;--> statement-breakpoint
CREATE FUNCTION referrals_count_bonus() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.bonus_amount IS NOT NULL THEN
    UPDATE referral_bonus_totals SET referrals = referrals - 1, amount = amount - OLD.bonus_amount
    WHERE job_id = OLD.job_id AND bonus_state = OLD.bonus_state AND currency = coalesce(OLD.bonus_currency, 'USD')
      AND day = referral_bonus_day(OLD.bonus_state, OLD.bonus_due_on, OLD.bonus_paid_on);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.bonus_amount IS NOT NULL THEN
    INSERT INTO referral_bonus_totals (job_id, bonus_state, currency, day, referrals, amount)
    VALUES (NEW.job_id, NEW.bonus_state, coalesce(NEW.bonus_currency, 'USD'),
      referral_bonus_day(NEW.bonus_state, NEW.bonus_due_on, NEW.bonus_paid_on), 1, NEW.bonus_amount)
    ON CONFLICT (job_id, bonus_state, currency, day) DO UPDATE
    SET referrals = referral_bonus_totals.referrals + 1, amount = referral_bonus_totals.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER referrals_bonus_count AFTER INSERT OR DELETE ON referrals
  FOR EACH ROW EXECUTE FUNCTION referrals_count_bonus();--> statement-breakpoint
CREATE TRIGGER referrals_bonus_change_count
  AFTER UPDATE OF job_id, bonus_state, bonus_amount, bonus_currency, bonus_due_on, bonus_paid_on ON referrals
  FOR EACH ROW WHEN ((OLD.job_id, OLD.bonus_state, OLD.bonus_amount, OLD.bonus_currency, OLD.bonus_due_on,
    OLD.bonus_paid_on) IS DISTINCT FROM (NEW.job_id, NEW.bonus_state, NEW.bonus_amount, NEW.bonus_currency,
    NEW.bonus_due_on, NEW.bonus_paid_on))
  EXECUTE FUNCTION referrals_count_bonus();--> statement-breakpoint
INSERT INTO referral_bonus_totals (job_id, bonus_state, currency, day, referrals, amount)
SELECT job_id, bonus_state, coalesce(bonus_currency, 'USD'), referral_bonus_day(bonus_state, bonus_due_on, bonus_paid_on),
  count(*)::int, sum(bonus_amount)
FROM referrals WHERE bonus_amount IS NOT NULL GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- The company's requests of a period (requests carry no company): a range of days, read index-only, instead of a scan
-- of every request when the period is short.
CREATE INDEX "referral_requests_created_idx" ON "referral_requests" USING btree ("created_at")
  INCLUDE ("job_id", "referrer_id", "responded_at");
--> statement-breakpoint
-- Applications of a period across the company's jobs (a short period: one range instead of a probe per job).
CREATE INDEX "candidate_pipelines_applied_idx" ON "candidate_pipelines" USING btree ("applied_at") INCLUDE ("job_id")
  WHERE "applied_at" IS NOT NULL;
