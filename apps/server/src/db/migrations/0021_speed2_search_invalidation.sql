-- Job search results carry a job's company (its slug) and whether the company has an internal referrer (a member):
-- a statement that writes companies or company_members sends the same jobs notification as one that writes
-- job_postings, so every process drops its cached searches (ADR 0009) and they can be kept longer than a few seconds.
CREATE TRIGGER companies_changed_for_job_search AFTER UPDATE OR DELETE OR TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION job_postings_changed();--> statement-breakpoint
CREATE TRIGGER company_members_changed_for_job_search AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON company_members
  FOR EACH STATEMENT EXECUTE FUNCTION job_postings_changed();
