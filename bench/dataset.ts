/**
 * A large, deterministic job dataset for the search benchmark, generated inside the database with generate_series
 * (seconds, not minutes): companies, one referrer in every other company, and jobs with varied titles, types,
 * workplaces, skills, salaries and descriptions. Title, skills, type, workplace and salary are drawn independently of
 * one another (bulk-load.ts `pick`): as residues of the job's number, type, skills and salary followed from the title
 * and about three searches in ten of the mix matched nothing. Descriptions are as long as real ones (about
 * 2,500–5,000 characters, hundreds of different words each), because the cost of reading and ranking search
 * documents grows with them.
 *
 * Each job's search document and head are what the database's trigger (job_postings_derive) writes for every other
 * writer, but computed here once per distinct description body rather than once per row (the trigger's text search of
 * a 4 KB description was nine tenths of a 500k-job load); a sample of rows is then written again through the trigger
 * and must come out identical, so the dataset cannot drift from what the product stores. Its annual salary bounds are
 * read from the salary text by the shared parser (annualSalaryBounds), as the jobs service writes them.
 * Secondary indexes are built once after the load (bulk-load.ts).
 */
import { sql } from 'drizzle-orm';
import { annualSalaryBounds } from '@referwell/shared';
import type { Database } from '../apps/server/src/db/client';
import type { Tx } from '../apps/server/src/db/repository';
import { pick, placesOf, rebuildIndexes, rewriteShare, rowsOf, step, withoutIndexes } from './bulk-load';

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

export interface JobDatasetSize {
  companies: number;
  jobs: number;
  /**
   * The jobs' creation times are spread evenly over this many minutes back from now (default: one a minute). The
   * scale row's 10× dataset keeps the 1× span, so ten times the jobs are open over the same weeks, as on a
   * marketplace ten times the size, rather than a history ten times as long.
   */
  spanMinutes?: number;
}

/** Description bodies are drawn from PARAGRAPHS paragraphs by the job's number: this many distinct bodies. */
const PARAGRAPHS = 400;
const BODY_KINDS = PARAGRAPHS * 3; // the body depends on n mod PARAGRAPHS and the paragraph count on n mod 3
/** The salary texts jobs draw from ('$80k - $110k' to '$190k - $220k'; a quarter of jobs state none). */
const SALARY_STEPS = 12;
const SALARIES = Array.from({ length: SALARY_STEPS }, (_, k) => {
  const text = `$${80 + k * 10}k - $${110 + k * 10}k`;
  return { text, ...annualSalaryBounds(text)! };
});
/** Jobs per insert statement: the statement triggers' transition tables stay small. */
const BATCH = 50_000;
const JOB_TABLES = ['job_postings'];

export async function seedJobDataset(database: Database, { companies, jobs, spanMinutes = jobs }: JobDatasetSize) {
  const paragraphs = descriptionParagraphs(PARAGRAPHS);
  await database.db.transaction(async (tx) => {
    await step('companies and referrers', () => seedCompanies(tx, companies));
    const indexes = await withoutIndexes(tx, JOB_TABLES);
    // The distinct description bodies with their search vectors, as job_postings_derive computes a description's.
    await step(`${BODY_KINDS} description bodies`, () =>
      tx.execute(sql`
        create temporary table bench_bodies on commit drop as
        select k, body, to_tsvector('english', search_normalize(body)) as vec
        from (select k, (select string_agg(p.paragraphs[1 + (k * 7 + j * 131) % ${PARAGRAPHS}], E'\n\n')
                         from generate_series(0, 3 + k % 3) j) as body
              from generate_series(0, ${BODY_KINDS - 1}) k,
                   (select ${sql.param(paragraphs)}::text[] as paragraphs) p) b`),
    );
    await tx.execute(sql`alter table job_postings disable trigger job_postings_derive`);
    await tx.execute(sql`alter table job_postings disable trigger job_postings_lexemes_insert`);
    // Oldest first (a job's number counts back from now), as a live marketplace adds them (rewriteShare).
    for (let to = jobs; to >= 1; to -= BATCH) {
      const from = Math.max(1, to - BATCH + 1);
      await step(`jobs ${from}–${to}`, () => insertJobs(tx, { from, to, companies, jobs, spanMinutes }));
    }
    await step('a share of jobs written again', () => rewriteShare(tx, 'job_postings', 'created_at'));
    await step('lexemes of bodies and heads', () => addBodyAndHeadLexemes(tx));
    await tx.execute(sql`alter table job_postings enable trigger job_postings_lexemes_insert`);
    await tx.execute(sql`alter table job_postings enable trigger job_postings_derive`);
    await step('check against the trigger', () => checkAgainstTrigger(tx));
    await step('indexes', () => rebuildIndexes(tx, indexes));
  });
  // As autovacuum would soon after a bulk load: statistics, and the visibility map index-only scans rely on.
  await step('vacuum analyze', () => database.db.execute(sql`vacuum analyze`));
}

async function seedCompanies(db: Tx, companies: number) {
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
}

/**
 * Jobs number `from` to `to`, with what job_postings_derive would write (its trigger is off for the statement):
 * the head (title A; company and skills B, computed once per distinct combination), the document (the head, then the
 * description C: its opening sentence's vector followed by its body's, which is the description's vector as the
 * opening ends in a word; then the location's place tokens D, as the jobs service reads them); the salary bounds are
 * the shared parser's (SALARIES). The lexemes job_postings_lexemes would add (its trigger is off too) are the
 * openings' here, the bodies' and heads' once after the load (addBodyAndHeadLexemes): a document's lexemes are its
 * parts'.
 */
function insertJobs(
  db: Tx,
  { from, to, companies, jobs, spanMinutes }: { from: number; to: number } & Required<JobDatasetSize>,
) {
  const i = sql`g.i`;
  return db.execute(sql`
    with titles(t) as (values ('Senior Backend Engineer'), ('Clinical Data Analyst'), ('Product Manager, Patient Experience'),
      ('Frontend Engineer'), ('Healthcare Integration Engineer'), ('Nurse Informaticist'), ('DevOps Engineer'),
      ('UX Designer'), ('Machine Learning Engineer'), ('Revenue Cycle Analyst'), ('Security Engineer'), ('QA Engineer')),
    skill_sets(s) as (values (array['TypeScript','React']), (array['Python','SQL']), (array['FHIR','HL7']),
      (array['AWS','Kubernetes']), (array['Epic','SQL']), (array['Figma','UX Research'])),
    company_ids as (select id, name, row_number() over (order by slug) as n from companies where slug like 'bench-health-%'),
    rows as (
      select g.i as n,
        (select t from titles offset ${pick(i, 1, 12)} limit 1) as title,
        (select s from skill_sets offset ${pick(i, 2, 6)} limit 1) as skills,
        (array['full-time','part-time','contract'])[1 + ${pick(i, 3, 3)}]::employment_type as job_type,
        (array['remote','onsite','hybrid'])[1 + ${pick(i, 4, 3)}]::workplace as workplace,
        case when ${pick(i, 5, 4)} = 0 then null else 1 + ${pick(i, 6, SALARY_STEPS)} end as salary,
        c.id as company_id, c.name as company_name
      from generate_series(${from}::int, ${to}::int) as g(i)
      join company_ids c on c.n = 1 + g.i % ${companies}::int),
    salaries(k, text, lo, hi) as (select * from unnest(${sql.param(SALARIES.map((_, k) => k + 1))}::int[],
      ${sql.param(SALARIES.map((s) => s.text))}::text[], ${sql.param(SALARIES.map((s) => s.min))}::int[],
      ${sql.param(SALARIES.map((s) => s.max))}::int[])),
    heads as (
      select title, company_name, skills,
        setweight(to_tsvector('english', search_normalize(title)), 'A')
          || setweight(to_tsvector('english', search_normalize(company_name || ' ' || array_to_string(skills, ' '))), 'B')
          as head
      from (select distinct title, company_name, skills from rows) d),
    described as (
      select r.*, b.body, b.vec as body_vec, h.head, o.opening,
        to_tsvector('english', search_normalize(o.opening)) as opening_vec
      from rows r
      join bench_bodies b on b.k = r.n % ${BODY_KINDS}::int
      join heads h on (h.title, h.company_name, h.skills) = (r.title, r.company_name, r.skills)
      cross join lateral (select 'Join our team to improve care for patients. Role number ' || r.n
        || ' works with clinicians on ' || array_to_string(r.skills, ' and ') || '. ' as opening) o),
    inserted as (
      insert into job_postings (title, company_name, description, location, workplace, job_type, requirements, skills,
                               company_id, status, salary_range, created_at, search_head, search, salary_min, salary_max,
                               place_keys, place_label, place_lat, place_lon)
      select d.title, d.company_name, d.opening || d.body, pl.location,
        d.workplace, d.job_type, '3+ years of experience.', d.skills, d.company_id, 'OPEN', s.text,
        now() - make_interval(secs => d.n * 60.0 * ${spanMinutes}::int / ${jobs}::int),
        d.head, d.head || setweight(d.opening_vec || d.body_vec, 'C') || pl.vec, s.lo, s.hi,
        pl.keys, pl.label, pl.lat, pl.lon
      from described d left join salaries s on s.k = d.salary
      join ${placesOf(['Remote', 'Hybrid - Boston, MA', 'Nashville, TN'])}
        on pl.location = case d.workplace when 'remote' then 'Remote' when 'hybrid' then 'Hybrid - Boston, MA'
                                          else 'Nashville, TN' end
      order by d.n desc
      returning 1)
    insert into search_lexemes (lexeme)
    select distinct l from described d, unnest(tsvector_to_array(d.opening_vec)) l
    where exists (select 1 from inserted)
    order by 1 on conflict do nothing`);
}

/** The lexemes of the description bodies, of the jobs' heads and of their place tokens (see insertJobs). */
function addBodyAndHeadLexemes(db: Tx) {
  return db.execute(sql`
    insert into search_lexemes (lexeme)
    select distinct l from (
      select unnest(tsvector_to_array(vec)) from bench_bodies
      union all
      select unnest(tsvector_to_array(h.head)) from (select distinct search_head as head from job_postings) h
      union all
      select unnest(tsvector_to_array(to_tsvector('english', array_to_string(p.keys, ' '))))
      from (select distinct place_keys as keys from job_postings) p
    ) as parts(l)
    order by 1 on conflict do nothing`);
}

/**
 * Sampled rows' lexemes are all in search_lexemes, and rows written again through job_postings_derive keep their
 * document and head.
 */
async function checkAgainstTrigger(db: Tx) {
  const sample = sql`(select id from job_postings where company_name like 'Bench Health %' order by id limit 200)`;
  const snapshot = () =>
    rowsOf<{ id: string; search: string; head: string }>(
      db,
      sql`select id, search::text as search, search_head::text as head
          from job_postings where id in ${sample} order by id`,
    );
  const [missing] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from job_postings j, unnest(tsvector_to_array(j.search)) l
        where j.id in ${sample} and not exists (select 1 from search_lexemes s where s.lexeme = l)`,
  );
  if (missing!.n > 0)
    throw new Error(`bench/dataset.ts: ${missing!.n} lexemes of sampled jobs are missing from search_lexemes`);
  const before = await snapshot();
  await db.execute(sql`update job_postings set description = description where id in ${sample}`);
  const after = await snapshot();
  const differ = before.filter((row, i) => JSON.stringify(row) !== JSON.stringify(after[i]));
  if (before.length === 0 || differ.length)
    throw new Error(
      `bench/dataset.ts: ${differ.length} of ${before.length} sampled jobs differ from what job_postings_derive writes ` +
        `(first: ${differ[0]?.id}); the generator no longer matches the trigger`,
    );
}
