CREATE TABLE "referral_month_jobs" (
	"job_id" uuid NOT NULL,
	"month" date NOT NULL,
	"referrals" integer NOT NULL,
	CONSTRAINT "referral_month_jobs_job_id_month_pk" PRIMARY KEY("job_id","month")
);
--> statement-breakpoint
CREATE TABLE "referral_month_levels" (
	"company_id" uuid NOT NULL,
	"month" date NOT NULL,
	"funnel_level" smallint NOT NULL,
	"referrals" integer NOT NULL,
	CONSTRAINT "referral_month_levels_company_id_month_funnel_level_pk" PRIMARY KEY("company_id","month","funnel_level")
);
--> statement-breakpoint
CREATE TABLE "referral_month_referrers" (
	"company_id" uuid NOT NULL,
	"month" date NOT NULL,
	"referrer_id" uuid NOT NULL,
	"referrals" integer NOT NULL,
	"hires" integer NOT NULL,
	CONSTRAINT "referral_month_referrers_company_id_month_referrer_id_pk" PRIMARY KEY("company_id","month","referrer_id")
);
--> statement-breakpoint
ALTER TABLE "referral_month_jobs" ADD CONSTRAINT "referral_month_jobs_job_id_job_postings_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_postings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_month_levels" ADD CONSTRAINT "referral_month_levels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_month_referrers" ADD CONSTRAINT "referral_month_referrers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE FUNCTION referral_month(created_at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('month', created_at AT TIME ZONE 'UTC')::date
$$;--> statement-breakpoint
CREATE FUNCTION referrals_count_month() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE referral_month_jobs SET referrals = referrals - 1
    WHERE job_id = OLD.job_id AND month = referral_month(OLD.created_at);
    UPDATE referral_month_levels SET referrals = referrals - 1
    WHERE company_id = OLD.company_id AND month = referral_month(OLD.created_at) AND funnel_level = OLD.funnel_level;
    IF OLD.referrer_id IS NOT NULL THEN
      UPDATE referral_month_referrers
      SET referrals = referrals - 1, hires = hires - (OLD.status = 'completed')::int
      WHERE company_id = OLD.company_id AND month = referral_month(OLD.created_at) AND referrer_id = OLD.referrer_id;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO referral_month_jobs (job_id, month, referrals) VALUES (NEW.job_id, referral_month(NEW.created_at), 1)
    ON CONFLICT (job_id, month) DO UPDATE SET referrals = referral_month_jobs.referrals + 1;
    INSERT INTO referral_month_levels (company_id, month, funnel_level, referrals)
    VALUES (NEW.company_id, referral_month(NEW.created_at), NEW.funnel_level, 1)
    ON CONFLICT (company_id, month, funnel_level) DO UPDATE SET referrals = referral_month_levels.referrals + 1;
    IF NEW.referrer_id IS NOT NULL THEN
      INSERT INTO referral_month_referrers (company_id, month, referrer_id, referrals, hires)
      VALUES (NEW.company_id, referral_month(NEW.created_at), NEW.referrer_id, 1, (NEW.status = 'completed')::int)
      ON CONFLICT (company_id, month, referrer_id) DO UPDATE
      SET referrals = referral_month_referrers.referrals + 1, hires = referral_month_referrers.hires + excluded.hires;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Inserts and deletes are counted once per statement from its transition table: a statement writing many referrals
-- of one month would otherwise update the same rollup row once per referral, each update a new version of that row
-- that its own transaction cannot prune (100,000 referrals took minutes instead of seconds).
CREATE FUNCTION referrals_count_month_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO referral_month_jobs (job_id, month, referrals)
  SELECT job_id, referral_month(created_at), count(*)::int FROM added GROUP BY 1, 2
  ON CONFLICT (job_id, month) DO UPDATE SET referrals = referral_month_jobs.referrals + excluded.referrals;
  INSERT INTO referral_month_levels (company_id, month, funnel_level, referrals)
  SELECT company_id, referral_month(created_at), funnel_level, count(*)::int FROM added GROUP BY 1, 2, 3
  ON CONFLICT (company_id, month, funnel_level) DO UPDATE
  SET referrals = referral_month_levels.referrals + excluded.referrals;
  INSERT INTO referral_month_referrers (company_id, month, referrer_id, referrals, hires)
  SELECT company_id, referral_month(created_at), referrer_id, count(*)::int,
         (count(*) FILTER (WHERE status = 'completed'))::int
  FROM added WHERE referrer_id IS NOT NULL GROUP BY 1, 2, 3
  ON CONFLICT (company_id, month, referrer_id) DO UPDATE
  SET referrals = referral_month_referrers.referrals + excluded.referrals,
      hires = referral_month_referrers.hires + excluded.hires;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION referrals_count_month_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE referral_month_jobs r SET referrals = r.referrals - d.n
  FROM (SELECT job_id, referral_month(created_at) AS month, count(*)::int AS n FROM removed GROUP BY 1, 2) d
  WHERE r.job_id = d.job_id AND r.month = d.month;
  UPDATE referral_month_levels r SET referrals = r.referrals - d.n
  FROM (SELECT company_id, referral_month(created_at) AS month, funnel_level, count(*)::int AS n
        FROM removed GROUP BY 1, 2, 3) d
  WHERE r.company_id = d.company_id AND r.month = d.month AND r.funnel_level = d.funnel_level;
  UPDATE referral_month_referrers r SET referrals = r.referrals - d.n, hires = r.hires - d.hires
  FROM (SELECT company_id, referral_month(created_at) AS month, referrer_id, count(*)::int AS n,
               (count(*) FILTER (WHERE status = 'completed'))::int AS hires
        FROM removed WHERE referrer_id IS NOT NULL GROUP BY 1, 2, 3) d
  WHERE r.company_id = d.company_id AND r.month = d.month AND r.referrer_id = d.referrer_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER referrals_month_count_added AFTER INSERT ON referrals
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION referrals_count_month_added();--> statement-breakpoint
CREATE TRIGGER referrals_month_count_removed AFTER DELETE ON referrals
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION referrals_count_month_removed();--> statement-breakpoint
-- consent and talent_id are listed because the BEFORE trigger referrals_funnel_level changes funnel_level when
-- they change, and a column list only sees the columns the UPDATE statement sets.
CREATE TRIGGER referrals_month_change_count
  AFTER UPDATE OF company_id, job_id, talent_id, referrer_id, status, consent, created_at, funnel_level ON referrals
  FOR EACH ROW WHEN ((OLD.company_id, OLD.job_id, OLD.referrer_id, OLD.created_at, OLD.status = 'completed',
    OLD.funnel_level) IS DISTINCT FROM (NEW.company_id, NEW.job_id, NEW.referrer_id, NEW.created_at,
    NEW.status = 'completed', NEW.funnel_level))
  EXECUTE FUNCTION referrals_count_month();--> statement-breakpoint
INSERT INTO referral_month_jobs (job_id, month, referrals)
SELECT job_id, referral_month(created_at), count(*)::int FROM referrals GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO referral_month_levels (company_id, month, funnel_level, referrals)
SELECT company_id, referral_month(created_at), funnel_level, count(*)::int FROM referrals GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO referral_month_referrers (company_id, month, referrer_id, referrals, hires)
SELECT company_id, referral_month(created_at), referrer_id, count(*)::int, (count(*) FILTER (WHERE status = 'completed'))::int
FROM referrals WHERE referrer_id IS NOT NULL GROUP BY 1, 2, 3;
