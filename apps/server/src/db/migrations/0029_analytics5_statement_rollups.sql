CREATE TABLE "application_month_jobs" (
	"job_id" uuid NOT NULL,
	"month" date NOT NULL,
	"applications" integer NOT NULL,
	CONSTRAINT "application_month_jobs_job_id_month_pk" PRIMARY KEY("job_id","month")
);
--> statement-breakpoint
ALTER TABLE "application_month_jobs" ADD CONSTRAINT "application_month_jobs_job_id_job_postings_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_postings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- analytics5 (ADR 0013): the rollups analytics3 kept with row triggers (job stage counts, bonus totals, referral
-- funnel levels) and analytics4's per-row update of the monthly counts are now kept once per statement from its
-- transition tables. A row trigger adds one to the same rollup row once per written row, each a new version of that
-- row its own transaction cannot prune, so a statement writing n rows of one job did O(n²) work. An UPDATE trigger
-- with transition tables cannot name columns: it fires on every update, first finds which rollups the changed columns
-- feed (one query), and for those applies the difference between the old rows (-1) and the new ones (+1). A positive
-- difference may create its rollup row (upsert); a negative one only updates it (a job being deleted drops its rows
-- by cascade: an insert would fail its foreign key).
DROP TRIGGER candidate_pipelines_stage_count ON candidate_pipelines;--> statement-breakpoint
DROP TRIGGER candidate_pipelines_stage_change_count ON candidate_pipelines;--> statement-breakpoint
DROP FUNCTION candidate_pipelines_count_stage();--> statement-breakpoint
DROP TRIGGER candidate_pipelines_referral_level ON candidate_pipelines;--> statement-breakpoint
DROP FUNCTION candidate_pipelines_set_referral_level();--> statement-breakpoint
DROP TRIGGER referrals_bonus_count ON referrals;--> statement-breakpoint
DROP TRIGGER referrals_bonus_change_count ON referrals;--> statement-breakpoint
DROP FUNCTION referrals_count_bonus();--> statement-breakpoint
DROP TRIGGER referrals_month_change_count ON referrals;--> statement-breakpoint
DROP FUNCTION referrals_count_month();--> statement-breakpoint
CREATE FUNCTION candidate_pipelines_rollups_added() RETURNS trigger LANGUAGE plpgsql
  SET enable_hashjoin = off SET enable_mergejoin = off AS $$
BEGIN
  INSERT INTO job_stage_counts (job_id, stage, candidates)
  SELECT job_id, stage, count(*)::int FROM added GROUP BY 1, 2
  ON CONFLICT (job_id, stage) DO UPDATE SET candidates = job_stage_counts.candidates + excluded.candidates;
  INSERT INTO application_month_jobs (job_id, month, applications)
  SELECT job_id, referral_month(applied_at), count(*)::int FROM added WHERE applied_at IS NOT NULL GROUP BY 1, 2
  ON CONFLICT (job_id, month) DO UPDATE
  SET applications = application_month_jobs.applications + excluded.applications;
  UPDATE referrals rf SET funnel_level = referral_funnel_level(rf.consent, p.reached_rank, p.applied_at)
  FROM added p WHERE rf.job_id = p.job_id AND rf.talent_id = p.talent_id
    AND rf.funnel_level <> referral_funnel_level(rf.consent, p.reached_rank, p.applied_at);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION candidate_pipelines_rollups_removed() RETURNS trigger LANGUAGE plpgsql
  SET enable_hashjoin = off SET enable_mergejoin = off AS $$
BEGIN
  UPDATE job_stage_counts c SET candidates = c.candidates - d.n
  FROM (SELECT job_id, stage, count(*)::int AS n FROM removed GROUP BY 1, 2) d
  WHERE c.job_id = d.job_id AND c.stage = d.stage;
  UPDATE application_month_jobs m SET applications = m.applications - d.n
  FROM (SELECT job_id, referral_month(applied_at) AS month, count(*)::int AS n
        FROM removed WHERE applied_at IS NOT NULL GROUP BY 1, 2) d
  WHERE m.job_id = d.job_id AND m.month = d.month;
  UPDATE referrals rf SET funnel_level = 0
  FROM removed p WHERE rf.job_id = p.job_id AND rf.talent_id = p.talent_id AND rf.funnel_level <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION candidate_pipelines_rollups_changed() RETURNS trigger LANGUAGE plpgsql
  SET enable_hashjoin = off SET enable_mergejoin = off AS $$
DECLARE
  moved boolean; staged boolean; applied boolean; leveled boolean;
BEGIN
  -- Which rollups the statement can change, by set difference (linear whatever the plan: no join of the two
  -- transition tables). A stage move and its rank refresh are two statements: each pays for its own rollup only.
  staged := EXISTS (SELECT id, job_id, stage FROM added EXCEPT SELECT id, job_id, stage FROM removed);
  applied := EXISTS (SELECT id, job_id, applied_at FROM added EXCEPT SELECT id, job_id, applied_at FROM removed);
  leveled := EXISTS (SELECT id, job_id, talent_id, reached_rank, applied_at FROM added
    EXCEPT SELECT id, job_id, talent_id, reached_rank, applied_at FROM removed);
  moved := leveled AND EXISTS (SELECT id, job_id, talent_id FROM added EXCEPT SELECT id, job_id, talent_id FROM removed);
  IF staged THEN
  WITH d AS (
    SELECT job_id, stage, sum(n)::int AS n FROM (
      SELECT job_id, stage, -1 AS n FROM removed UNION ALL SELECT job_id, stage, 1 FROM added) x
    GROUP BY 1, 2 HAVING sum(n) <> 0),
  grown AS (
    INSERT INTO job_stage_counts (job_id, stage, candidates) SELECT job_id, stage, n FROM d WHERE n > 0
    ON CONFLICT (job_id, stage) DO UPDATE SET candidates = job_stage_counts.candidates + excluded.candidates)
  UPDATE job_stage_counts c SET candidates = c.candidates + d.n
  FROM d WHERE d.n < 0 AND c.job_id = d.job_id AND c.stage = d.stage;
  END IF;
  IF applied THEN
  WITH d AS (
    SELECT job_id, month, sum(n)::int AS n FROM (
      SELECT job_id, referral_month(applied_at) AS month, -1 AS n FROM removed WHERE applied_at IS NOT NULL
      UNION ALL
      SELECT job_id, referral_month(applied_at), 1 FROM added WHERE applied_at IS NOT NULL) x
    GROUP BY 1, 2 HAVING sum(n) <> 0),
  grown AS (
    INSERT INTO application_month_jobs (job_id, month, applications) SELECT job_id, month, n FROM d WHERE n > 0
    ON CONFLICT (job_id, month) DO UPDATE
    SET applications = application_month_jobs.applications + excluded.applications)
  UPDATE application_month_jobs m SET applications = m.applications + d.n
  FROM d WHERE d.n < 0 AND m.job_id = d.job_id AND m.month = d.month;
  END IF;
  IF leveled THEN
    UPDATE referrals rf SET funnel_level = referral_funnel_level(rf.consent, p.reached_rank, p.applied_at)
    FROM added p WHERE rf.job_id = p.job_id AND rf.talent_id = p.talent_id
      AND rf.funnel_level <> referral_funnel_level(rf.consent, p.reached_rank, p.applied_at);
  END IF;
  IF moved THEN
    -- A pipeline moved to another job or candidate leaves its former referral without a pipeline.
    UPDATE referrals rf SET funnel_level = 0
    FROM (SELECT job_id, talent_id FROM removed EXCEPT SELECT job_id, talent_id FROM added) o
    WHERE rf.job_id = o.job_id AND rf.talent_id = o.talent_id AND rf.funnel_level <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- PL/pgSQL keeps each statement's plan for the session, planned for the transition table of its first call: a plan
-- made for a 10,000-row statement (a hash join reading every referral) would then serve each single-row stage move.
-- These functions join only to indexed tables, so they are planned as nested loops of index probes (linear for any
-- size); the analytics4 month functions alike.
ALTER FUNCTION referrals_count_month_added() SET enable_hashjoin = off SET enable_mergejoin = off;--> statement-breakpoint
ALTER FUNCTION referrals_count_month_removed() SET enable_hashjoin = off SET enable_mergejoin = off;--> statement-breakpoint
CREATE TRIGGER candidate_pipelines_rollups_added AFTER INSERT ON candidate_pipelines
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION candidate_pipelines_rollups_added();--> statement-breakpoint
CREATE TRIGGER candidate_pipelines_rollups_removed AFTER DELETE ON candidate_pipelines
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION candidate_pipelines_rollups_removed();--> statement-breakpoint
CREATE TRIGGER candidate_pipelines_rollups_changed AFTER UPDATE ON candidate_pipelines
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION candidate_pipelines_rollups_changed();--> statement-breakpoint
CREATE FUNCTION referrals_bonus_added() RETURNS trigger LANGUAGE plpgsql
  SET enable_hashjoin = off SET enable_mergejoin = off AS $$
BEGIN
  INSERT INTO referral_bonus_totals (job_id, bonus_state, currency, day, referrals, amount)
  SELECT job_id, bonus_state, coalesce(bonus_currency, 'USD'),
    referral_bonus_day(bonus_state, bonus_due_on, bonus_paid_on), count(*)::int, sum(bonus_amount)
  FROM added WHERE bonus_amount IS NOT NULL GROUP BY 1, 2, 3, 4
  ON CONFLICT (job_id, bonus_state, currency, day) DO UPDATE
  SET referrals = referral_bonus_totals.referrals + excluded.referrals,
      amount = referral_bonus_totals.amount + excluded.amount;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION referrals_bonus_removed() RETURNS trigger LANGUAGE plpgsql
  SET enable_hashjoin = off SET enable_mergejoin = off AS $$
BEGIN
  UPDATE referral_bonus_totals t SET referrals = t.referrals - d.n, amount = t.amount - d.amount
  FROM (SELECT job_id, bonus_state, coalesce(bonus_currency, 'USD') AS currency,
          referral_bonus_day(bonus_state, bonus_due_on, bonus_paid_on) AS day, count(*)::int AS n,
          sum(bonus_amount) AS amount
        FROM removed WHERE bonus_amount IS NOT NULL GROUP BY 1, 2, 3, 4) d
  WHERE t.job_id = d.job_id AND t.bonus_state = d.bonus_state AND t.currency = d.currency AND t.day = d.day;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION referrals_rollups_changed() RETURNS trigger LANGUAGE plpgsql
  SET enable_hashjoin = off SET enable_mergejoin = off AS $$
DECLARE
  bonuses boolean; months boolean;
BEGIN
  bonuses := EXISTS (SELECT id, job_id, bonus_state, bonus_amount, bonus_currency, bonus_due_on, bonus_paid_on
    FROM added EXCEPT
    SELECT id, job_id, bonus_state, bonus_amount, bonus_currency, bonus_due_on, bonus_paid_on FROM removed);
  months := EXISTS (SELECT id, company_id, job_id, referrer_id, created_at, status = 'completed', funnel_level
    FROM added EXCEPT
    SELECT id, company_id, job_id, referrer_id, created_at, status = 'completed', funnel_level FROM removed);
  IF bonuses THEN
  WITH d AS (
    SELECT job_id, bonus_state, currency, day, sum(n)::int AS n, sum(amount) AS amount FROM (
      SELECT job_id, bonus_state, coalesce(bonus_currency, 'USD') AS currency,
        referral_bonus_day(bonus_state, bonus_due_on, bonus_paid_on) AS day, -1 AS n, -bonus_amount AS amount
      FROM removed WHERE bonus_amount IS NOT NULL
      UNION ALL
      SELECT job_id, bonus_state, coalesce(bonus_currency, 'USD'),
        referral_bonus_day(bonus_state, bonus_due_on, bonus_paid_on), 1, bonus_amount
      FROM added WHERE bonus_amount IS NOT NULL) x
    GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(amount) <> 0),
  grown AS (
    INSERT INTO referral_bonus_totals (job_id, bonus_state, currency, day, referrals, amount)
    SELECT job_id, bonus_state, currency, day, n, amount FROM d WHERE n > 0
    ON CONFLICT (job_id, bonus_state, currency, day) DO UPDATE
    SET referrals = referral_bonus_totals.referrals + excluded.referrals,
        amount = referral_bonus_totals.amount + excluded.amount)
  UPDATE referral_bonus_totals t SET referrals = t.referrals + d.n, amount = t.amount + d.amount
  FROM d WHERE d.n <= 0 AND t.job_id = d.job_id AND t.bonus_state = d.bonus_state AND t.currency = d.currency
    AND t.day = d.day;
  END IF;
  IF NOT months THEN
    RETURN NULL;
  END IF;
  WITH d AS (
    SELECT job_id, month, sum(n)::int AS n FROM (
      SELECT job_id, referral_month(created_at) AS month, -1 AS n FROM removed
      UNION ALL SELECT job_id, referral_month(created_at), 1 FROM added) x
    GROUP BY 1, 2 HAVING sum(n) <> 0),
  grown AS (
    INSERT INTO referral_month_jobs (job_id, month, referrals) SELECT job_id, month, n FROM d WHERE n > 0
    ON CONFLICT (job_id, month) DO UPDATE SET referrals = referral_month_jobs.referrals + excluded.referrals)
  UPDATE referral_month_jobs m SET referrals = m.referrals + d.n
  FROM d WHERE d.n < 0 AND m.job_id = d.job_id AND m.month = d.month;
  WITH d AS (
    SELECT company_id, month, funnel_level, sum(n)::int AS n FROM (
      SELECT company_id, referral_month(created_at) AS month, funnel_level, -1 AS n FROM removed
      UNION ALL SELECT company_id, referral_month(created_at), funnel_level, 1 FROM added) x
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0),
  grown AS (
    INSERT INTO referral_month_levels (company_id, month, funnel_level, referrals)
    SELECT company_id, month, funnel_level, n FROM d WHERE n > 0
    ON CONFLICT (company_id, month, funnel_level) DO UPDATE
    SET referrals = referral_month_levels.referrals + excluded.referrals)
  UPDATE referral_month_levels m SET referrals = m.referrals + d.n
  FROM d WHERE d.n < 0 AND m.company_id = d.company_id AND m.month = d.month AND m.funnel_level = d.funnel_level;
  WITH d AS (
    SELECT company_id, month, referrer_id, sum(n)::int AS n, sum(hires)::int AS hires FROM (
      SELECT company_id, referral_month(created_at) AS month, referrer_id, -1 AS n,
        -((status = 'completed')::int) AS hires
      FROM removed WHERE referrer_id IS NOT NULL
      UNION ALL
      SELECT company_id, referral_month(created_at), referrer_id, 1, (status = 'completed')::int
      FROM added WHERE referrer_id IS NOT NULL) x
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(hires) <> 0),
  grown AS (
    INSERT INTO referral_month_referrers (company_id, month, referrer_id, referrals, hires)
    SELECT company_id, month, referrer_id, n, hires FROM d WHERE n > 0
    ON CONFLICT (company_id, month, referrer_id) DO UPDATE
    SET referrals = referral_month_referrers.referrals + excluded.referrals,
        hires = referral_month_referrers.hires + excluded.hires)
  UPDATE referral_month_referrers m SET referrals = m.referrals + d.n, hires = m.hires + d.hires
  FROM d WHERE d.n <= 0 AND m.company_id = d.company_id AND m.month = d.month AND m.referrer_id = d.referrer_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER referrals_bonus_added AFTER INSERT ON referrals
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION referrals_bonus_added();--> statement-breakpoint
CREATE TRIGGER referrals_bonus_removed AFTER DELETE ON referrals
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION referrals_bonus_removed();--> statement-breakpoint
CREATE TRIGGER referrals_rollups_changed AFTER UPDATE ON referrals
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION referrals_rollups_changed();--> statement-breakpoint
INSERT INTO application_month_jobs (job_id, month, applications)
SELECT job_id, referral_month(applied_at), count(*)::int FROM candidate_pipelines WHERE applied_at IS NOT NULL
GROUP BY 1, 2;
