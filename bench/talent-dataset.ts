/**
 * The talent dataset (issue #6): `count` job seekers with talent profiles, generated inside the database with
 * generate_series. Each person's title, skills, tools, industries, interests, location and involvement are drawn
 * independently of one another (a hash of the person's number per attribute, `pick`), so a search combining filters
 * finds what it would among real people rather than nothing: with every attribute a residue of the same number
 * (n mod 4, n mod 8, ...) involvement followed from location and half the combinations of filters matched nobody.
 *
 * The search document and the search words are what the database's triggers (talent_profiles_derive,
 * talent_profiles_words) write for every other writer, computed here in the insert statement and once over the
 * whole load rather than row by row (the triggers were three quarters of a million-profile load); a sample of rows is
 * then written again through the triggers and must come out identical, so the dataset cannot drift from what the
 * product stores. The profiles' secondary indexes are built once after the load (bulk-load.ts).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import type { Tx } from '../apps/server/src/db/repository';
import { pick, placesOf, rebuildIndexes, rewriteShare, rowsOf, step, withoutIndexes } from './bulk-load';

const LOCATIONS = [
  'Boston, MA',
  'Remote',
  'Chicago, IL',
  'Austin, TX',
  'Nashville, TN',
  'Denver, CO',
  'New York, NY',
  'Seattle, WA',
];

export async function seedTalentDataset(database: Database, count: number) {
  await database.db.transaction(async (tx) => {
    const indexes = await withoutIndexes(tx, ['talent_profiles']);
    await step(`${count} job seekers`, () =>
      tx.execute(sql`
    insert into users (email, name, password_hash, type)
    select 'bench.talent.' || n || '@example.com', 'Talent ' || n || ' Person', 'not-a-real-hash', 'jobseeker'
    from generate_series(1, ${count}::int) as n`),
    );
    await tx.execute(sql`alter table talent_profiles disable trigger talent_profiles_derive`);
    await tx.execute(sql`alter table talent_profiles disable trigger talent_profiles_words_insert`);
    const n = sql`v.n`;
    // Oldest first (updated_at counts back from now), as a live table receives them (rewriteShare).
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
                                 interests, involvement, skill_keys, updated_at, search, place_keys, place_label,
                                 place_lat, place_lon)
    select v.id, 'talent-' || v.n, pl.location,
      t.titles[1], t.titles, s.skills, ts.tech, sw.tools, ind.industries, it.interests,
      (array['full-time','part-time','contract','freelance'])[1 + ${pick(n, 8, 4)}]::involvement,
      array(select lower(x) from unnest(s.skills || ts.tech || sw.tools) x),
      now() - (v.n || ' minutes')::interval,
      -- talent_profiles_derive's document, with the person's name from v rather than looked up per row
      setweight(to_tsvector('english', search_normalize(
          coalesce(v.name, '') || ' ' || coalesce(t.titles[1], '') || ' ' || array_to_string(t.titles, ' '))), 'A')
        || setweight(to_tsvector('english', search_normalize(array_to_string(s.skills || ts.tech || sw.tools, ' '))), 'B')
        || pl.vec,
      pl.keys, pl.label, pl.lat, pl.lon
    from v
    join ${placesOf(LOCATIONS)} on pl.location = (${sql.param(LOCATIONS)}::text[])[1 + ${pick(n, 7, LOCATIONS.length)}]
    cross join lateral (select titles from t offset ${pick(n, 1, 7)} limit 1) t
    cross join lateral (select skills from s offset ${pick(n, 2, 5)} limit 1) s
    cross join lateral (select tech from ts offset ${pick(n, 3, 6)} limit 1) ts
    cross join lateral (select tools from sw offset ${pick(n, 4, 5)} limit 1) sw
    cross join lateral (select industries from ind offset ${pick(n, 5, 5)} limit 1) ind
    cross join lateral (select interests from it offset ${pick(n, 6, 4)} limit 1) it
    order by v.n desc`),
    );
    await step('a share of profiles written again', () => rewriteShare(tx, 'talent_profiles', 'updated_at'));
    await step('search words', () => addSearchWords(tx));
    await tx.execute(sql`alter table talent_profiles enable trigger talent_profiles_words_insert`);
    await tx.execute(sql`alter table talent_profiles enable trigger talent_profiles_derive`);
    await step('check against the triggers', () => checkAgainstTriggers(tx));
    await step('indexes', () => rebuildIndexes(tx, indexes));
  });
  // As autovacuum would soon after a bulk load: statistics, and the visibility map index-only scans rely on. Every
  // table, those the triggers wrote among them (talent_search_lexemes: a million rows at 10×), or autovacuum does it
  // during the measurements.
  await step('vacuum analyze', () => database.db.execute(sql`vacuum analyze`));
}

/**
 * What talent_profiles_words adds for the load: the words of each profile's name and lists. The words of a text
 * joined with a space are the words of its parts, so the names' are taken per person and the lists' once per
 * distinct combination.
 */
function addSearchWords(db: Tx) {
  return db.execute(sql`
    insert into search_words (word)
    select distinct w from (
      select w from users u, search_words_of(u.name) w where u.email like 'bench.talent.%'
      union all
      select w from (select distinct titles || skills || technical_skills || software_tools as lists
                     from talent_profiles p join users u on u.id = p.id where u.email like 'bench.talent.%') d,
                    search_words_of(array_to_string(d.lists, ' ')) w
    ) as words(w)
    order by 1 on conflict do nothing`);
}

/**
 * Sampled profiles written again through talent_profiles_derive keep their document, and talent_profiles_words
 * finds no word of theirs missing from search_words.
 */
async function checkAgainstTriggers(db: Tx) {
  const sample = sql`(select p.id from talent_profiles p join users u on u.id = p.id
                      where u.email like 'bench.talent.%' order by p.id limit 200)`;
  const snapshot = () =>
    rowsOf<{ id: string; search: string }>(
      db,
      sql`select id, search::text as search from talent_profiles where id in ${sample} order by id`,
    );
  const words = async () => (await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from search_words`))[0]!.n;
  const [before, wordsBefore] = [await snapshot(), await words()];
  await db.execute(sql`update talent_profiles set titles = titles where id in ${sample}`);
  const [after, wordsAfter] = [await snapshot(), await words()];
  const differ = before.filter((row, i) => JSON.stringify(row) !== JSON.stringify(after[i]));
  if (before.length === 0 || differ.length || wordsAfter !== wordsBefore)
    throw new Error(
      `bench/talent-dataset.ts: ${differ.length} of ${before.length} sampled profiles differ from what ` +
        `talent_profiles_derive writes (first: ${differ[0]?.id}), ${wordsAfter - wordsBefore} of their words were ` +
        `missing from search_words; the generator no longer matches the triggers`,
    );
}
