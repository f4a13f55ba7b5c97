/**
 * A large, deterministic job dataset for the search benchmark, generated inside the database
 * with generate_series (seconds, not minutes): companies, one referrer in every other company,
 * and jobs with varied titles, types, workplaces, skills, salaries and descriptions (the database's triggers write
 * each job's search document and salary bounds, as for every other writer). Descriptions are as long as real ones
 * (about 2,500–5,000 characters, hundreds of different words each), because the cost of reading and ranking search
 * documents grows with them.
 */
import { sql, type SQL } from 'drizzle-orm';
import { placeColumns } from '@referwell/shared/places';
import type { Database } from '../apps/server/src/db/client';

/**
 * The place columns of some locations, as the services write them (placeColumns), to join by location:
 * `(values …) as pl(location, keys, label, lat, lon)`.
 */
export function placesOf(locations: string[]): SQL {
  const rows = locations.map((location) => {
    const c = placeColumns(location);
    return sql`(${location}::text, ${sql.param(c.placeKeys)}::text[], ${c.placeLabel}::text, ${c.placeLat}::real, ${c.placeLon}::real)`;
  });
  return sql`(values ${sql.join(rows, sql`, `)}) as pl(location, keys, label, lat, lon)`;
}

const DOMAIN_WORDS =
  `patients clinicians care clinical data platform integration interoperability hospital health system
  records workflow quality safety outcomes analytics reporting compliance privacy security cloud services team product
  engineering design research nurses physicians pharmacy laboratory imaging billing claims revenue scheduling telehealth
  population registry measures dashboards pipelines interfaces messages standards vendors partners customers support`
    .split(/\s+/)
    .filter(Boolean);

/** A deterministic stream of numbers in [0, 1) (mulberry32: runs must compare). */
function randomStream(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Made-up words of two to four syllables: many distinct lexemes, as in real prose. */
function vocabulary(size: number, next: () => number): string[] {
  const onsets = ['b', 'c', 'd', 'f', 'g', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'pr', 'tr', 'st', 'cl', 'br'];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ea', 'io'];
  const codas = ['', 'n', 'r', 's', 'l', 'nt', 'st', 'ct'];
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const words = new Set<string>();
  while (words.size < size) {
    let word = '';
    for (let k = 1 + Math.floor(next() * 3); k > 0; k--) word += pick(onsets) + pick(vowels);
    words.add(word + pick(codas));
  }
  return [...words];
}

/**
 * Paragraphs of about 100 words: frequent words drawn often (a Zipf-like draw over a 6,000-word vocabulary) and the
 * product's own domain words mixed in, so common search words occur in many descriptions and rare ones in few.
 */
export function descriptionParagraphs(count: number): string[] {
  const next = randomStream(17);
  const words = vocabulary(6_000, next);
  const zipf = () => words[Math.floor(words.length ** next()) - 1]!;
  return Array.from({ length: count }, () => {
    const length = 80 + Math.floor(next() * 40);
    const picked = Array.from({ length }, () =>
      next() < 0.15 ? DOMAIN_WORDS[Math.floor(next() * DOMAIN_WORDS.length)]! : zipf(),
    );
    return `${picked.join(' ')}.`;
  });
}

export async function seedJobDataset(database: Database, { companies, jobs }: { companies: number; jobs: number }) {
  const db = database.db;
  const paragraphs = descriptionParagraphs(400);
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
                              company_id, status, salary_range, created_at, place_keys, place_label, place_lat, place_lon)
    select title, company_name,
      'Join our team to improve care for patients. Role number ' || n || ' works with clinicians on ' || array_to_string(skills, ' and ') || '. '
        || (select string_agg(p.paragraphs[1 + (n * 7 + k * 131) % cardinality(p.paragraphs)], E'\n\n')
            from generate_series(0, 3 + n % 3) k),
      pl.location, workplace, job_type, '3+ years of experience.', skills, company_id, 'OPEN',
      case when n % 4 = 0 then null else '$' || (80 + n % 12 * 10) || 'k - $' || (110 + n % 12 * 10) || 'k' end,
      now() - (n || ' minutes')::interval, pl.keys, pl.label, pl.lat, pl.lon
    from rows, (select ${sql.param(paragraphs)}::text[] as paragraphs) p,
      ${placesOf(['Remote', 'Hybrid - Boston, MA', 'Nashville, TN'])}
    where pl.location = case workplace when 'remote' then 'Remote' when 'hybrid' then 'Hybrid - Boston, MA'
                                       else 'Nashville, TN' end`);
  // As autovacuum would soon after a bulk load: statistics, and the visibility map index-only scans rely on.
  await db.execute(sql`vacuum analyze`);
}
