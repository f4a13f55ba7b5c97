/**
 * A large, deterministic job dataset for the search benchmark, generated inside the database
 * with generate_series (seconds, not minutes): companies, one referrer in every other company,
 * and jobs with varied titles, types, workplaces, skills, salaries and descriptions (the database's triggers write
 * each job's search document and salary bounds, as for every other writer).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';

export async function seedJobDataset(database: Database, { companies, jobs }: { companies: number; jobs: number }) {
  const db = database.db;
  await db.execute(sql`
    insert into companies (name, slug, invite_code, description, location, employee_count)
    select 'Bench Health ' || n, 'bench-health-' || n, 'BENC-' || lpad(n::text, 8, '0'),
           'A healthcare technology company used for benchmarks.', 'Boston, MA', '51-200'
    from generate_series(1, ${companies}) as n`);
  await db.execute(sql`
    insert into users (email, name, password_hash, type)
    select 'bench.referrer.' || n || '@example.com', 'Bench Referrer ' || n, 'not-a-real-hash', 'referrer'
    from generate_series(1, ${Math.floor(companies / 2)}) as n`);
  await db.execute(sql`
    insert into company_members (company_id, user_id, role)
    select c.id, u.id, 'member'
    from (select id, row_number() over (order by slug) as n from companies where slug like 'bench-health-%') c
    join (select id, row_number() over (order by email) as n from users where email like 'bench.referrer.%') u
      on u.n = c.n`);
  await db.execute(sql`
    with titles(t) as (values ('Senior Backend Engineer'), ('Clinical Data Analyst'), ('Product Manager, Patient Experience'),
      ('Frontend Engineer'), ('Healthcare Integration Engineer'), ('Nurse Informaticist'), ('DevOps Engineer'),
      ('UX Designer'), ('Machine Learning Engineer'), ('Revenue Cycle Analyst'), ('Security Engineer'), ('QA Engineer')),
    skill_sets(s) as (values (array['TypeScript','React']), (array['Python','SQL']), (array['FHIR','HL7']),
      (array['AWS','Kubernetes']), (array['Epic','SQL']), (array['Figma','UX Research'])),
    company_ids as (select id, name, row_number() over (order by slug) as n from companies where slug like 'bench-health-%'),
    rows as (
      select g.i as n,
        (select t from titles offset (g.i % 12) limit 1) as title,
        (select s from skill_sets offset (g.i % 6) limit 1) as skills,
        (array['full-time','part-time','contract'])[1 + g.i % 3]::employment_type as job_type,
        (array['remote','onsite','hybrid'])[1 + (g.i / 3) % 3]::workplace as workplace,
        c.id as company_id, c.name as company_name
      from generate_series(1, ${jobs}) as g(i)
      join company_ids c on c.n = 1 + g.i % ${companies})
    insert into job_postings (title, company_name, description, location, workplace, job_type, requirements, skills,
                              company_id, status, salary_range, created_at)
    select title, company_name,
      'Join our team to improve care for patients. Role number ' || n || ' works with clinicians on ' || array_to_string(skills, ' and ') || '.',
      case workplace when 'remote' then 'Remote' when 'hybrid' then 'Hybrid - Boston, MA' else 'Nashville, TN' end,
      workplace, job_type, '3+ years of experience.', skills, company_id, 'OPEN',
      case when n % 4 = 0 then null else '$' || (80 + n % 12 * 10) || 'k - $' || (110 + n % 12 * 10) || 'k' end,
      now() - (n || ' minutes')::interval
    from rows`);
  // As autovacuum would soon after a bulk load: statistics, and the visibility map index-only scans rely on.
  await db.execute(sql`vacuum analyze`);
}
