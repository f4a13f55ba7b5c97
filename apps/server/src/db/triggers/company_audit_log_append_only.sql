-- Rule: The company audit log is append-only: no UPDATE, no TRUNCATE, and no DELETE while its company exists (a
--   company's deletion cascades to its log once the company row is gone). Refused with insufficient_privilege.
-- Tables: company_audit_log (refuses the write); reads companies.
-- Class: integrity.
-- Why in the database: an audit log must hold against every writer, including a statement typed by hand or a bug
--   in a service (ADR 0010).

CREATE OR REPLACE FUNCTION public.company_audit_log_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM companies WHERE id = OLD.company_id) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'company_audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$function$;

CREATE TRIGGER company_audit_log_append_only BEFORE DELETE OR UPDATE ON company_audit_log
  FOR EACH ROW
  EXECUTE FUNCTION company_audit_log_append_only();

CREATE TRIGGER company_audit_log_no_truncate BEFORE TRUNCATE ON company_audit_log
  FOR EACH STATEMENT
  EXECUTE FUNCTION company_audit_log_append_only();
