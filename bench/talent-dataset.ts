/**
 * The talent dataset (issue #6): `count` job seekers with talent profiles, generated inside the database with
 * generate_series (names, titles, skills, tools, industries, interests, locations and involvement varied by the
 * person's number), every row written through the database's triggers as the product writes it (the search document,
 * the search words); the profiles' secondary indexes are built once after the load (bulk-load.ts).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { rebuildIndexes, step, withoutIndexes } from './bulk-load';

export async function seedTalentDataset(database: Database, count: number) {
  await database.db.transaction(async (tx) => {
    const indexes = await withoutIndexes(tx, ['talent_profiles']);
    await step(`${count} job seekers`, () =>
      tx.execute(sql`
    insert into users (email, name, password_hash, type)
    select 'bench.talent.' || n || '@example.com', 'Talent ' || n || ' Person', 'not-a-real-hash', 'jobseeker'
    from generate_series(1, ${count}::int) as n`),
    );
    await step(`${count} talent profiles`, () =>
      tx.execute(sql`
    with v as (
      select u.id, u.name, row_number() over (order by u.email) as n from users u where u.email like 'bench.talent.%'),
    t(titles) as (values (array['Clinical Data Analyst']), (array['Senior Backend Engineer']), (array['Nurse Informaticist']),
      (array['Product Manager']), (array['Healthcare Integration Engineer']), (array['UX Designer']), (array['DevOps Engineer'])),
    s(skills) as (values (array['Data Analysis','Training']), (array['Clinical Workflows','Patient Safety']),
      (array['Agile','Stakeholder Management']), (array['Process Improvement']), (array['User Research','Agile'])),
    ts(tech) as (values (array['SQL','Python']), (array['FHIR','HL7']), (array['TypeScript','React']), (array['AWS','Kubernetes']),
      (array['Machine Learning','Python']), (array['Java'])),
    sw(tools) as (values (array['Epic']), (array['Cerner','Tableau']), (array['Looker']), (array['Figma','Jira']), (array['Power BI'])),
    ind(industries) as (values (array['EHR']), (array['Telehealth','Digital Health']), (array['Pharmacy']), (array['Hospitals']),
      (array['Health Insurance'])),
    it(interests) as (values (array['Telehealth']), (array['AI in Healthcare','Interoperability']), (array['Mental Health']),
      (array['Value-Based Care']))
    insert into talent_profiles (id, slug, location, title, titles, skills, technical_skills, software_tools, industries,
                                 interests, involvement, skill_keys, updated_at)
    select v.id, 'talent-' || v.n,
      (array['Boston, MA','Remote','Chicago, IL','Austin, TX','Nashville, TN','Denver, CO','New York, NY','Seattle, WA'])[1 + v.n % 8],
      t.titles[1], t.titles, s.skills, ts.tech, sw.tools, ind.industries, it.interests,
      (array['full-time','part-time','contract','freelance'])[1 + v.n % 4]::involvement,
      array(select lower(x) from unnest(s.skills || ts.tech || sw.tools) x),
      now() - (v.n || ' minutes')::interval
    from v
    cross join lateral (select titles from t offset (v.n % 7) limit 1) t
    cross join lateral (select skills from s offset (v.n % 5) limit 1) s
    cross join lateral (select tech from ts offset ((v.n / 5) % 6) limit 1) ts
    cross join lateral (select tools from sw offset ((v.n / 3) % 5) limit 1) sw
    cross join lateral (select industries from ind offset ((v.n / 7) % 5) limit 1) ind
    cross join lateral (select interests from it offset ((v.n / 11) % 4) limit 1) it`),
    );
    await step('indexes', () => rebuildIndexes(tx, indexes));
  });
  // As autovacuum would soon after a bulk load: statistics, and the visibility map index-only scans rely on.
  await step('vacuum analyze', () => database.db.execute(sql`vacuum analyze`));
}
