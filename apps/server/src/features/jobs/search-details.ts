import { sql } from 'drizzle-orm';
import type { JobSummary } from '@referwell/shared';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';

/** A search result's own columns, read for the page's rows only (after the narrow window rows were ranked). */
export interface JobDetail {
  id: string;
  title: string;
  company_name: string;
  company_slug: string;
  location: string;
  workplace: JobSummary['workplace'];
  job_type: JobSummary['employmentType'];
  salary_range: string | null;
  skills: string[];
  created_at: string;
  status: JobSummary['status'];
  referral_bonus_amount: number | null;
  referral_bonus_currency: string | null;
  excerpt: string;
  has_internal_referrer: boolean;
  not_on_referwell: boolean;
}

/** Jobs kept in memory per database; past this many, the cache starts afresh. */
const MAX_JOBS = 5_000;

interface Store {
  jobs: Map<string, JobDetail>;
  generation: number;
}
const stores = new WeakMap<Db, Store>();
function storeOf(db: Db): Store {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = { jobs: new Map(), generation: 0 }));
  return store;
}

/**
 * Jobs, their company or its members changed (the jobs notification, see search.ts forgetJobSearches): every kept
 * job is read again, and reads under way are not kept.
 */
export function forgetJobDetails(db: Db): void {
  const store = stores.get(db);
  if (!store) return;
  store.generation++;
  store.jobs.clear();
}

/** How much of a job's description its search result shows, in characters (code points), and how much is read. */
const EXCERPT_CHARACTERS = 220;
const EXCERPT_READ = 2 * EXCERPT_CHARACTERS;

/**
 * White space as PostgreSQL's `\s` matched it under the embedded engine's C.UTF-8 locale (glibc's iswspace: Unicode's
 * white space without the no-break spaces), so excerpts read as they did when the statement made them.
 */
const WHITE_SPACE = /[\t\n\v\f\r \u1680\u2000-\u2006\u2008-\u200a\u2028\u2029\u205f\u3000]+/g;

/**
 * A search result's excerpt from the start of its description (`left(description, EXCERPT_READ)`): runs of white space
 * as one space, then the first EXCERPT_CHARACTERS characters, cut where they end (unlike lib/html.ts `summary`, a
 * meta description cut at a word with an ellipsis: a result card's excerpt reads as it always has). Made here, not in
 * the statement: PostgreSQL's regexp_replace cost about 35 µs a row, most of the statement's time for a page of
 * results (docs/benchmarks.md).
 */
export function excerptOf(head: string): string {
  const text = head.replace(WHITE_SPACE, ' ');
  let end = 0;
  for (let characters = 0; end < text.length && characters < EXCERPT_CHARACTERS; characters++)
    end += text.codePointAt(end)! > 0xffff ? 2 : 1;
  return text.slice(0, end);
}

// An internal referrer is an employee on Referwell who is not one of the company's HR admins.
const referrerExists = sql`exists(select 1 from company_members m where m.company_id = j.company_id and m.role = 'member')`;

/**
 * The jobs of `ids` in that order, from memory where read before (until the next jobs notification), the rest in
 * one prepared query. A job gone since its window was read is left out.
 */
export async function jobDetails(db: Db, ids: string[]): Promise<JobDetail[]> {
  const store = storeOf(db);
  const missing = ids.filter((id) => !store.jobs.has(id));
  if (missing.length) {
    const generation = store.generation;
    const rows = await preparedRows<JobDetail>(
      db,
      sql`select j.id, j.title, j.company_name, c.slug as company_slug, j.location, j.workplace, j.job_type,
            j.salary_range, j.skills, j.created_at, j.status, j.referral_bonus_amount, j.referral_bonus_currency,
            left(j.description, ${EXCERPT_READ}) as excerpt,
            ${referrerExists} as has_internal_referrer, c.not_on_referwell
          from job_postings j join companies c on c.id = j.company_id
          where j.id = any(${sql.param(missing)}::uuid[])`,
    );
    for (const row of rows) row.excerpt = excerptOf(row.excerpt);
    const read = new Map(rows.map((row) => [row.id, row]));
    if (generation === store.generation) {
      if (store.jobs.size + rows.length > MAX_JOBS) store.jobs.clear();
      for (const row of rows) store.jobs.set(row.id, row);
    }
    return ids.flatMap((id) => store.jobs.get(id) ?? read.get(id) ?? []);
  }
  return ids.map((id) => store.jobs.get(id)!);
}
