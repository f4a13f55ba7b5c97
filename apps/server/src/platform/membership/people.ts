import { sql } from 'drizzle-orm';

/**
 * users ⟕ company_members ⟕ companies, written once: every person with the company they work at, if any (a
 * person belongs to at most one company). Use it as a table, `from ${peopleWithCompany} p where p.id = …`; the
 * planner folds it into the outer query, so it costs what the joins written out would.
 */
export const peopleWithCompany = sql`(
  select u.id, u.name, u.email, u.type, u.avatar_url, u.referral_code, u.email_confirmed_at, u.created_at,
         co.id as company_id, co.name as company_name, co.slug as company_slug,
         cm.role as company_role, cm.compliance as company_compliance, cm.title, cm.department, cm.joined_at as joined_company_at
    from users u
    left join company_members cm on cm.user_id = u.id
    left join companies co on co.id = cm.company_id)`;
