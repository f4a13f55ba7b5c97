import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  jobSearchQuerySchema,
  jobSearchResponseSchema,
  normalizeSearchText,
  type JobSearchResponse,
} from '@referwell/shared';
import { preparedRows } from '../../db/prepared';
import { selectRows } from '../../db/repository';
import { openDatabase } from '../../db/client';
import { relayDatabase } from '../../test/db-relay';
import { createTestApp, openTestDatabase, signUp, withSession, type SignedUp, type TestApp } from '../../test/harness';
import { forgetJobSearches, SEARCH_TTL_MS, searchJobs } from './search';
import { SESSION_CACHE_TTL_MS } from '../../platform/sessions/session-cache';
import { hourNumber, slabKey, TIME_LEVELS } from '../../lib/search/time-slabs';

let t: TestApp;
let admin: SignedUp;
let other: SignedUp;
const ids: Record<string, string> = {};

const baseJob = {
  location: 'Remote (US)',
  employmentType: 'full-time',
  description: 'Help clinicians care for patients.',
  requirements: 'Three years of experience.',
};

async function post(who: SignedUp, key: string, job: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/jobs',
    payload: { ...baseJob, ...job },
    ...withSession(who.token),
  });
  if (res.statusCode !== 201) throw new Error(`post failed ${res.statusCode} ${res.body}`);
  ids[key] = (res.json() as { id: string }).id;
}

async function search(query: string, who?: SignedUp): Promise<JobSearchResponse & { keys: string[] }> {
  const res = await t.app.inject({ method: 'GET', url: `/api/jobs?${query}`, ...(who ? withSession(who.token) : {}) });
  expect(res.statusCode, res.body).toBe(200);
  // Sent as kept JSON text, not through the route's serialiser: it must still be the documented shape.
  const body: JobSearchResponse = jobSearchResponseSchema.strict().parse(res.json());
  const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
  return { ...body, keys: body.items.map((i) => byId[i.id] ?? i.id) };
}
/** The jobs that match every word of `q` (those with some of its words come after them, `partial`). */
const found = async (q: string) => {
  const { items, keys } = await search(`q=${encodeURIComponent(q)}`);
  return keys.filter((_, i) => !items[i]!.partial).sort();
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Northwind Health' });
  other = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Zephyr Telehealth' });
  const northwind = { company: 'Northwind Health' };
  await post(admin, 'hl7', {
    ...northwind,
    title: 'Healthcare Integration Engineer (HL7/FHIR)',
    salary: '$150k - $180k',
  });
  await post(admin, 'csharp', {
    ...northwind,
    title: 'Senior C# Developer',
    skills: ['.NET'],
    salary: '$120,000 - $140,000',
  });
  await post(admin, 'node', {
    ...northwind,
    title: 'Node.js Platform Engineer',
    skills: ['TypeScript'],
    salary: '$60/hr',
  });
  await post(admin, 'informatics', { ...northwind, title: 'Clinical Informatics Analyst', skills: ['Epic'] });
  await post(other, 'kubernetes', {
    company: 'Zephyr Telehealth',
    title: 'Kubernetes Reliability Lead',
    employmentType: 'contract',
    description: 'Keep our FHIR servers running.',
  });
});
afterAll(() => t.close());

describe('job search text', () => {
  it('finds words written with punctuation: HL7/FHIR, C#, .NET, Node.js', async () => {
    expect(await found('FHIR')).toEqual(['hl7', 'kubernetes']);
    expect(await found('HL7')).toEqual(['hl7']);
    expect(await found('hl7/fhir')).toEqual(['hl7']);
    expect(await found('C#')).toEqual(['csharp']);
    expect(await found('.NET')).toEqual(['csharp']);
    expect(await found('node.js')).toEqual(['node']);
    expect(await found('NodeJS')).toEqual(['node']);
  });

  it('matches partial words, skills and company names', async () => {
    expect(await found('informat')).toEqual(['informatics']);
    expect(await found('integr engin')).toEqual(['hl7']);
    expect(await found('epic')).toEqual(['informatics']);
    expect(await found('typescript')).toEqual(['node']);
    expect(await found('zephyr')).toEqual(['kubernetes']);
    expect(await found('northw')).toEqual(['csharp', 'hl7', 'informatics', 'node']);
  });

  it('forgives typos in longer words, not in short ones', async () => {
    expect(await found('informatcs')).toEqual(['informatics']);
    expect(await found('kubernets')).toEqual(['kubernetes']);
    expect(await found('Helthcare')).toEqual(['hl7']);
    expect(await found('qz')).toEqual([]);
  });

  it('matches with exact lexemes exactly what the prefixes match', async () => {
    const queries = ['informat:*', '(integr:* | integration) & engin:*', 'northw:*', 'c:*', 'zzzq:*', 'hl7 & fhir:*'];
    const rows = await selectRows<{ q: string; prefixes: number; exact: number }>(
      t.database.db,
      sql`select q, count(*) filter (where j.search @@ to_tsquery('english', q)) as prefixes,
            count(*) filter (where j.search @@ job_search_query(q)) as exact
          from unnest(${sql.param(queries)}::text[]) q, job_postings j group by q`,
    );
    expect(rows).toHaveLength(queries.length);
    for (const row of rows) expect(Number(row.exact), row.q).toBe(Number(row.prefixes));
  });

  it('ranks title matches above description matches', async () => {
    expect((await search('q=fhir')).keys).toEqual(['hl7', 'kubernetes']);
  });

  it('cuts documents into words exactly as queries are cut (database and TypeScript agree)', async () => {
    const samples = [
      'Engineer (HL7/FHIR)',
      'C#, C++ & .NET',
      'ASP.NET / Node.js',
      'José Müller-Lüdenscheidt',
      ' e.g. 3.5 ',
    ];
    const rows = await selectRows<{ input: string; output: string }>(
      t.database.db,
      sql`select x as input, search_normalize(x) as output from unnest(${sql.param(samples)}::text[]) x`,
    );
    for (const row of rows) expect(row.output, row.input).toBe(normalizeSearchText(row.input));
  });
});

describe('job search statements', () => {
  it("leave the pool's connections with the planner settings they had", async () => {
    // Text statements run with sequential scans off and generic plans on a pooled connection (db/prepared.ts).
    const searches = ['q=fhir&type=full-time', 'q=northw&sort=newest', 'q=integration&workplace=remote'];
    await Promise.all(searches.map((query) => search(query)));
    await new Promise((resolve) => setTimeout(resolve, 50)); // the reset is not awaited by the request
    const settings = await Promise.all(
      Array.from({ length: 6 }, () =>
        selectRows<{ seqscan: string; plans: string }>(
          t.database.db,
          sql`select current_setting('enable_seqscan') as seqscan, current_setting('plan_cache_mode') as plans,
                pg_sleep(0.05)::text`,
        ),
      ),
    );
    expect(new Set(settings.map(([row]) => `${row!.seqscan} ${row!.plans}`))).toEqual(new Set(['on auto']));
  });

  it('run on connections set for them, in a transaction or not', async () => {
    const settingsOf = (db: typeof t.database.db) =>
      preparedRows<{ seqscan: string; plans: string }>(
        db,
        sql`select current_setting('enable_seqscan') as seqscan, current_setting('plan_cache_mode') as plans`,
        { textThroughIndex: true },
      );
    const expected = [{ seqscan: 'off', plans: 'force_generic_plan' }];
    expect(await settingsOf(t.database.db)).toEqual(expected);
    await t.database.db.transaction(async (tx) => {
      expect(await settingsOf(tx as unknown as typeof t.database.db)).toEqual(expected);
      const [after] = await selectRows<{ seqscan: string }>(
        tx,
        sql`select current_setting('enable_seqscan') as seqscan`,
      );
      expect(after!.seqscan).toBe('on');
    });
  });
});

describe('job search count, sort and filters', () => {
  it('counts the matches on the first page and names the sort used', async () => {
    const first = await search('q=northwind&limit=2');
    expect(first).toMatchObject({ total: 4, totalIsLowerBound: false, sort: 'relevance' });
    expect(first.items).toHaveLength(2);
    const second = await search(`q=northwind&limit=2&cursor=${first.nextCursor}`);
    expect(second.total).toBeNull();
    expect((await search('')).sort).toBe('newest');
    expect((await search('sort=match')).sort).toBe('newest'); // no skills to match for a visitor
  });

  it('sorts by newest and by salary (annual; hourly rates count 2,080 hours)', async () => {
    expect((await search('sort=newest')).keys).toEqual(['kubernetes', 'informatics', 'node', 'csharp', 'hl7']);
    expect((await search('q=northwind&sort=salary')).keys).toEqual(['hl7', 'csharp', 'node', 'informatics']);
  });

  it('filters by minimum salary, company and posting date', async () => {
    expect((await search('minSalary=125000')).keys.sort()).toEqual(['csharp', 'hl7']);
    expect((await search('company=zephyr-telehealth')).keys).toEqual(['kubernetes']);
    await t.database.db.execute(
      sql`update job_postings set created_at = now() - interval '10 days' where id = ${ids.informatics}::uuid`,
    );
    expect((await search('postedWithin=7d&q=northwind')).keys.sort()).toEqual(['csharp', 'hl7', 'node']);
    expect((await search('postedWithin=30d&q=northwind')).total).toBe(4);
    expect((await search('postedWithin=24h&type=contract')).keys).toEqual(['kubernetes']);
  });

  it('sorts by best match for a job seeker, relevance breaking ties', async () => {
    const seeker = await signUp(t, { name: 'Sam Seeker' });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/talent/profile',
      payload: { name: 'Sam Seeker', skills: ['Epic', 'TypeScript'] },
      ...withSession(seeker.token),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const result = await search('q=northwind&sort=match', seeker);
    expect(result.sort).toBe('match');
    expect(result.keys.slice(0, 2).sort()).toEqual(['informatics', 'node']);
    expect(result.items.slice(0, 2).every((i) => i.matchScore === 100)).toBe(true);
  });

  it('shows a new job at once to its company and to everyone once any process wrote it', async () => {
    const word = `cached${Date.now().toString(36)}`;
    expect((await search(`q=${word}`, admin)).total).toBe(0);
    expect((await search(`q=${word}`)).total).toBe(0);
    // Through the API: the posting process drops its searches before it answers.
    await post(admin, 'cachedApi', { company: 'Northwind Health', title: `${word} Coordinator` });
    expect((await search(`q=${word}`, admin)).keys).toEqual(['cachedApi']);
    expect((await search(`q=${word}`)).keys).toEqual(['cachedApi']);
    // Written by anyone else (an import, another process): the trigger's notification drops them well within the
    // searches' few seconds in memory.
    const written = Date.now();
    await t.database.db.execute(sql`insert into job_postings
        (title, description, location, job_type, requirements, company_id, company_name)
      select ${`${word} Analyst`}, 'Written elsewhere.', 'Remote', 'full-time', 'None.', company_id, 'Northwind Health'
      from job_postings where id = ${ids.cachedApi}`);
    let total = 0;
    while (total < 2 && Date.now() - written < 4_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      total = (await search(`q=${word}`)).total ?? 0;
    }
    expect(total).toBe(2);
    expect(Date.now() - written).toBeLessThan(1_000);
  });

  it('revises only the kept searches a new job matches, in the posting process and in every other', async () => {
    const word = `scoped${Date.now().toString(36)}`;
    const northwind = { company: 'Northwind Health' };
    await post(admin, 'scopedNurse', { ...northwind, title: `${word} Nurse` });
    await post(admin, 'scopedPharmacist', {
      ...northwind,
      title: `${word} Pharmacist`,
      employmentType: 'contract',
      skills: ['Epic'],
      salary: '$100k - $120k',
    });
    const every = async () => (await search(`q=${word}&sort=newest`)).keys;
    // Every kind of filter, so the test of a new job against kept searches runs each of them (a failed test would
    // drop everything and fail the checks below).
    const contract = async () =>
      (
        await search(
          `q=${word}&type=contract&skills=Epic&minSalary=90000&postedWithin=7d&company=northwind-health&location=Remote&workplace=remote`,
        )
      ).keys;
    // Two words: a part with both and a part with either (listed after), each tested.
    const twoWords = async () => (await search(`q=${word}+pharmacist&type=contract`)).keys;
    expect(await every()).toEqual(['scopedPharmacist', 'scopedNurse']);
    expect(await contract()).toEqual(['scopedPharmacist']);
    expect(await twoWords()).toEqual(['scopedPharmacist']);
    // Closed without telling anyone (triggers off): only a search read again can see it.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update job_postings set status = 'CLOSED' where id = ${ids.scopedPharmacist}`);
    });
    // A full-time job: the kept search of every job with the word takes it in, and is not read again (the closed
    // job is still in it); the contract search, which it does not match, is answered from memory unchanged.
    await post(admin, 'scopedManager', { ...northwind, title: `${word} Nurse Manager` });
    expect(await every()).toEqual(['scopedManager', 'scopedPharmacist', 'scopedNurse']);
    expect(await contract()).toEqual(['scopedPharmacist']);
    expect(await twoWords()).toEqual(['scopedPharmacist']);
    // Written by another process (an import): its notification names the job, with the same effect.
    await t.database.db.execute(sql`insert into job_postings
        (title, description, location, job_type, requirements, company_id, company_name)
      select ${`${word} Nurse Aide`}, 'Written elsewhere.', 'Remote', 'full-time', 'None.', company_id, company_name
      from job_postings where id = ${ids.scopedNurse}`);
    const written = Date.now();
    let keys = await every();
    while (keys.length < 4 && Date.now() - written < 4_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      keys = await every();
    }
    expect(keys).toHaveLength(4);
    expect(await contract()).toEqual(['scopedPharmacist']);
    // Any other change to jobs drops every kept search.
    await t.database.db.execute(sql`update job_postings set updated_at = now() where id = ${ids.scopedNurse}`);
    const updated = Date.now();
    let left = await contract();
    while (left.length > 0 && Date.now() - updated < 4_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      left = await contract();
    }
    expect(left).toEqual([]);
  });

  it('answers a kept search a new job matches as a fresh read would: its pages, count, facets and sorts', async () => {
    const word = `revised${Date.now().toString(36)}`;
    const clinic = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: `Revised Clinic ${word}` });
    const company = { company: `Revised Clinic ${word}` };
    await post(clinic, 'revisedBoston', { ...company, title: `${word} Nurse`, location: 'Boston, MA', salary: '$90k' });
    await post(clinic, 'revisedAustin', { ...company, title: `${word} Nurse`, location: 'Austin, TX', salary: '$80k' });
    await post(clinic, 'revisedDenver', {
      ...company,
      title: `${word} Pharmacist`,
      location: 'Denver, CO',
      employmentType: 'contract',
      salary: '$120k',
    });
    const slug = (await search(`q=${word}`)).items[0]!.companySlug;
    // Text (relevance, newest, salary; two words, so a part with some of them), a second page, and filters alone
    // (browse pages newest first, counted on their own; a window by salary).
    const first = await search(`q=${word}&limit=2`);
    const queries = [
      `q=${word}&limit=2`,
      `q=${word}&limit=2&cursor=${first.nextCursor}`,
      `q=${word}&sort=newest`,
      `q=${word}&sort=salary`,
      `q=${word}+nurse&limit=5`,
      `q=${word}&type=full-time`,
      `company=${slug}&sort=newest&limit=2`,
      `company=${slug}&sort=salary`,
    ];
    const answers = async () => Promise.all(queries.map((query) => search(query)));
    const before = await answers();
    expect(before[0]!.locationFacets?.length).toBe(3);
    await post(clinic, 'revisedLead', {
      ...company,
      title: `${word} Nurse Lead`,
      location: 'Austin, TX',
      salary: '$150k',
    });
    const revised = await answers();
    forgetJobSearches(t.database.db);
    const fresh = await answers();
    expect(revised).toEqual(fresh);
    // The new job is in every search it matches, counted and placed (two in Austin now, listed first).
    expect(revised.map((answer) => answer.keys.includes('revisedLead'))).toEqual([
      true, // relevance: its title has the word as the others do, and it is the newest among equals
      false, // the second page, after the first page as it was read before the job was posted
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(revised[0]).toMatchObject({ total: 4 });
    expect(revised[0]!.locationFacets?.[0]).toMatchObject({ value: expect.stringContaining('Austin'), count: 2 });
    // The second page was read from the window kept before: the same jobs, after the page it followed then.
    expect(revised[1]!.keys).toEqual(before[1]!.keys);
  });

  it('drops a kept search for a new job whose word only begins with the searched one (a word nobody had yet)', async () => {
    const word = `prefixed${Date.now().toString(36)}`;
    await post(admin, 'prefixedNurse', { company: 'Northwind Health', title: `${word} Nurse` });
    const kept = async () => (await search(`q=${word}&sort=newest`)).keys;
    expect(await kept()).toEqual(['prefixedNurse']);
    expect(await kept()).toEqual(['prefixedNurse']);
    // The kept search's word is a prefix of the new job's: the test of kept searches reads the words as written,
    // so it matches as the search does with the new word in its vocabulary.
    await post(admin, 'prefixedLead', { company: 'Northwind Health', title: `${word}ology Lead` });
    expect(await kept()).toEqual(['prefixedLead', 'prefixedNurse']);
  });

  it("drops kept searches when a company's members change, so its first referrer shows at once", async () => {
    const word = `referred${Date.now().toString(36)}`;
    await post(other, 'referred', { company: 'Zephyr Telehealth', title: `${word} Nurse` });
    const withReferrer = async () => (await search(`q=${word}&hasReferrer=true`)).total;
    expect(await withReferrer()).toBe(0);
    expect((await search(`q=${word}`)).items[0]?.hasInternalReferrer).toBe(false);
    const joined = Date.now();
    await t.database.db.execute(sql`with u as (
        insert into users (email, name, password_hash, type)
        values (${`${word}@example.com`}, 'First Referrer', 'not-a-real-hash', 'referrer') returning id)
      insert into company_members (company_id, user_id, role)
      select j.company_id, u.id, 'member' from u, job_postings j where j.id = ${ids.referred}`);
    let total = 0;
    while (total < 1 && Date.now() - joined < 4_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      total = (await withReferrer()) ?? 0;
    }
    expect(total).toBe(1);
    expect(Date.now() - joined).toBeLessThan(1_000);
    expect((await search(`q=${word}`)).items[0]?.hasInternalReferrer).toBe(true);
  });

  it('sends a kept answer compressed for clients that accept it, the same JSON underneath', async () => {
    const url = '/api/jobs?limit=50';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const [accept, encoding, inflate] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const)
      for (let i = 0; i < 2; i++) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toContain('accept-encoding');
        expect(inflate(res.rawPayload).toString('utf8')).toBe(plain.body);
      }
  });

  it('refuses unknown sorts and date ranges with 400', async () => {
    for (const query of ['sort=cheapest', 'postedWithin=2d', 'minSalary=-1', 'minSalary=lots'])
      expect((await t.app.inject({ method: 'GET', url: `/api/jobs?${query}` })).statusCode, query).toBe(400);
  });
});

/** `count` distinct made-up words ("bavoxel", …): long prose has hundreds of different words. */
function distinctWords(count: number): string[] {
  const letters = 'bcdfghklmnprstvz';
  const vowels = 'aeiou';
  return Array.from({ length: count }, (_, n) => {
    let word = '';
    for (let k = n + 1; k > 0; k = Math.floor(k / 80)) word += letters[k % 16]! + vowels[Math.floor(k / 16) % 5]!;
    return `${word}xel`;
  });
}

// Last: the jobs it posts would change the counts above.
describe('job search on jobs as long as the form allows', () => {
  it('posts and finds a job with a 20,000-character description and 50 long skills', async () => {
    const words = distinctWords(2_400);
    const description = words.join(' ').slice(0, 20_000);
    const lastWord = description.split(' ').at(-2)!;
    const skills = Array.from({ length: 50 }, (_, n) => `${words[n]!} ${'platform '.repeat(6)}${n}`.slice(0, 60));
    await post(admin, 'long', {
      company: 'Northwind Health',
      title: 'Clinical Systems Architect',
      description,
      requirements: description,
      skills,
    });
    expect((await search(`q=${lastWord}`)).keys).toEqual(['long']);
    expect(await found(skills[49]!)).toEqual(['long']);
  });
});

// Last: it writes 1,200 jobs at once (as an import or the seed would, straight into the table).
describe('job search over more matches than it counts', () => {
  it('says "1,000+" for a word in more than 1,000 of the newest jobs, and counts a narrower search exactly', async () => {
    await t.database.db.execute(sql`
      insert into job_postings (title, company_name, description, location, job_type, workplace, requirements,
                                company_id, created_at)
      select 'Quokka Care Coordinator ' || n, 'Northwind Health', 'Coordinate care for patients.', 'Boston, MA',
             'full-time', case when n % 2 = 0 then 'remote' else 'onsite' end::workplace, 'Two years.', c.id,
             now() - n * interval '1 minute'
      from generate_series(1, 1200) as n, companies c where c.name = 'Northwind Health'`);
    const all = await search('q=quokka&limit=20');
    expect(all).toMatchObject({ total: 1_000, totalIsLowerBound: true });
    expect(all.items).toHaveLength(20);
    expect(all.items[0]!.title).toBe('Quokka Care Coordinator 1'); // title matches alike: newest first
    const remote = await search('q=quokka&workplace=remote&limit=20');
    expect(remote).toMatchObject({ total: 600, totalIsLowerBound: false });
    expect(remote.items.every((item) => item.workplace === 'remote')).toBe(true);
    expect((await search('q=quokka&type=contract')).total).toBe(0);
  });

  it('counts with the window, reading time slabs on past the window until the count is reached', async () => {
    // Windows of 20 (search-window.ts): the window's statement reads matches a time slab at a time, newest first, on
    // past its 20 until it has 1,001 (or every match), and counts them instead of a count of its own.
    const counted = async (query: Record<string, string>) => {
      const { total, totalIsLowerBound, items } = await searchJobs(
        t.database.db,
        null,
        jobSearchQuerySchema.parse({ ...query, limit: 5, sort: 'newest' }),
        20,
      );
      return { total, totalIsLowerBound, first: items[0]?.title };
    };
    expect(await counted({ q: 'quokka' })).toEqual({
      total: 1_000,
      totalIsLowerBound: true,
      first: 'Quokka Care Coordinator 1',
    });
    expect(await counted({ q: 'quokka', workplace: 'remote' })).toEqual({
      total: 600,
      totalIsLowerBound: false,
      first: 'Quokka Care Coordinator 2',
    });
    // Matches two days old only: the newest slabs hold none, older ones all of them.
    await t.database.db.execute(sql`
      insert into job_postings (title, company_name, description, location, job_type, workplace, requirements,
                                company_id, created_at)
      select 'Quokka Contract Coordinator ' || n, 'Northwind Health', 'Coordinate care.', 'Boston, MA', 'contract',
             'remote', 'Two years.', c.id, now() - interval '2 days' - n * interval '1 minute'
      from generate_series(1, 30) as n, companies c where c.name = 'Northwind Health'`);
    expect(await counted({ q: 'quokka', type: 'contract' })).toEqual({
      total: 30,
      totalIsLowerBound: false,
      first: 'Quokka Contract Coordinator 1',
    });
  });

  it('fills a window from matches across time slabs, in order, and counts them exactly', async () => {
    // Windows of 20 (search-window.ts). Numbats every 20 minutes for 20 hours: today's and yesterday's slabs (UTC),
    // read newest first, each in time order; paged on through the windows after it.
    await t.database.db.execute(sql`
      insert into job_postings (title, company_name, description, location, job_type, workplace, requirements,
                                company_id, created_at)
      select 'Numbat Care Navigator ' || n, 'Northwind Health', 'Navigate care.', 'Boston, MA', 'part-time',
             'remote', 'Two years.', c.id, now() - n * interval '20 minutes' - interval '30 seconds'
      from generate_series(1, 60) as n, companies c where c.name = 'Northwind Health'`);
    const page = await searchJobs(
      t.database.db,
      null,
      jobSearchQuerySchema.parse({ q: 'numbat', limit: 20, sort: 'newest' }),
      20,
    );
    expect(page).toMatchObject({ total: 60, totalIsLowerBound: false });
    expect(page.items.map((item) => item.title)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Numbat Care Navigator ${i + 1}`),
    );
    const titles = page.items.map((item) => item.title);
    for (let cursor = page.nextCursor; cursor;) {
      const next = await searchJobs(
        t.database.db,
        null,
        jobSearchQuerySchema.parse({ q: 'numbat', limit: 20, sort: 'newest', cursor }),
        20,
      );
      titles.push(...next.items.map((item) => item.title));
      cursor = next.nextCursor;
    }
    expect(titles).toEqual(Array.from({ length: 60 }, (_, i) => `Numbat Care Navigator ${i + 1}`));
  });
});

describe('job search a time slab at a time', () => {
  it('keys a job by the slabs the search reads (job_time_keys agrees with time-slabs.ts)', async () => {
    const times = [
      '1970-01-01T00:00:00Z',
      '2024-02-29T23:59:59.999Z',
      '2026-11-26T00:00:00Z',
      '2026-11-25T23:59:59Z',
      '2026-11-25T13:00:00.5Z',
    ];
    for (const time of times) {
      const [row] = await preparedRows<{ keys: number[] }>(
        t.database.db,
        sql`select job_time_keys(${time}::timestamptz) as keys`,
      );
      const hour = hourNumber(new Date(time));
      expect(row!.keys, time).toEqual(Array.from({ length: TIME_LEVELS }, (_, level) => slabKey(level, hour)));
    }
  });

  it('pages through matches posted over two years, newest first, and counts them exactly', async () => {
    // One wombat a week for two years, and one posted in the future by a clock ahead of ours: every slab read once.
    await t.database.db.execute(sql`
      insert into job_postings (title, company_name, description, location, job_type, workplace, requirements,
                                company_id, created_at)
      select 'Wombat Care Planner ' || n, 'Northwind Health', 'Plan care.', 'Boston, MA', 'part-time', 'hybrid',
             'Two years.', c.id, now() + interval '1 day' - n * interval '7 days'
      from generate_series(0, 104) as n, companies c where c.name = 'Northwind Health'`);
    const titles: string[] = [];
    let total: number | null = null;
    for (let cursor: string | undefined; ;) {
      const page = await searchJobs(
        t.database.db,
        null,
        jobSearchQuerySchema.parse({ q: 'wombat', limit: 7, sort: 'newest', ...(cursor ? { cursor } : {}) }),
        10,
      );
      total ??= page.total;
      titles.push(...page.items.map((item) => item.title));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(total).toBe(105);
    expect(titles).toEqual(Array.from({ length: 105 }, (_, n) => `Wombat Care Planner ${n}`));
    // Posted within 30 days: the slabs stop at the cut-off; the count is the five weeks' wombats.
    expect(await search('q=wombat&postedWithin=30d')).toMatchObject({ total: 5, totalIsLowerBound: false });
    expect((await search('q=wombat&postedWithin=30d&sort=newest')).items.map((i) => i.title)).toEqual(
      [0, 1, 2, 3, 4].map((n) => `Wombat Care Planner ${n}`),
    );
  });
});

describe('job search prefixes as exact lexemes', () => {
  // A prefix is searched as the lexemes documents held when the search ran: a word that begins the same and is new
  // (posted, or edited in) must be among them at once. Each search adds a filter no earlier one had (nothing kept).
  it('finds by a prefix the words jobs were given a moment ago, posted or edited in', async () => {
    const stem = `lexeme${Date.now().toString(36)}`;
    const northwind = { company: 'Northwind Health', title: 'Care Coordinator' };
    await post(admin, 'lexemeFirst', { ...northwind, description: `Runs the ${stem}ology programme.` });
    expect((await search(`q=${stem}`)).keys).toEqual(['lexemeFirst']);
    await post(admin, 'lexemeSecond', { ...northwind, description: `Leads ${stem}graphy.` });
    expect((await search(`q=${stem}&type=full-time`)).keys).toEqual(['lexemeSecond', 'lexemeFirst']);
    await t.database.db.execute(
      sql`update job_postings set description = ${`Now ${stem}metrics.`} where id = ${ids.lexemeFirst}`,
    );
    expect((await search(`q=${stem}metric&workplace=onsite,remote,hybrid`)).keys).toEqual(['lexemeFirst']);
    expect((await search(`q=${stem}&workplace=onsite,remote,hybrid`)).keys).toEqual(['lexemeSecond', 'lexemeFirst']);
  });
});

describe('job search during a database outage (issue 40, finding 13)', () => {
  it('serves a visitor a search kept in memory until it is SEARCH_TTL_MS old; every other API answer is 503', async () => {
    const migrated = await openTestDatabase();
    const relay = await relayDatabase(migrated.url);
    const database = await openDatabase({ databaseUrl: relay.url });
    const down = await createTestApp({ database });
    try {
      const poster = await signUp(down, { role: 'companyHR', companyType: 'create', companyName: 'Outage Health' });
      const posted = await down.app.inject({
        method: 'POST',
        url: '/api/jobs',
        payload: { ...baseJob, title: 'Night Nurse Coordinator', company: 'Outage Health' },
        ...withSession(poster.token),
      });
      expect(posted.statusCode).toBe(201);
      const kept = await down.app.inject({ method: 'GET', url: '/api/jobs?q=nurse' });
      expect(kept.json().total).toBe(1);

      relay.cut();
      const again = await down.app.inject({ method: 'GET', url: '/api/jobs?q=nurse' });
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(kept.body);
      const fresh = await down.app.inject({ method: 'GET', url: '/api/jobs?q=coordinator' });
      expect(fresh.statusCode).toBe(503);
      expect(fresh.headers['retry-after']).toBe('5');
      const job = await down.app.inject({ method: 'GET', url: `/api/jobs/${posted.json().id}` });
      expect(job.statusCode).toBe(503);

      // The clock moved on (Date.now is what both caches read): a signed-in caller's session is read again once its
      // SESSION_CACHE_TTL_MS in memory end, which answers 503; past SEARCH_TTL_MS the kept answer is gone for everyone.
      const start = Date.now();
      const clock = vi.spyOn(Date, 'now');
      try {
        clock.mockReturnValue(start + SESSION_CACHE_TTL_MS + 1_000);
        const signedIn = await down.app.inject({
          method: 'GET',
          url: '/api/jobs?q=nurse',
          ...withSession(poster.token),
        });
        expect(signedIn.statusCode).toBe(503);
        expect((await down.app.inject({ method: 'GET', url: '/api/jobs?q=nurse' })).statusCode).toBe(200);
        clock.mockReturnValue(start + SEARCH_TTL_MS + 1_000);
        const expired = await down.app.inject({ method: 'GET', url: '/api/jobs?q=nurse' });
        expect(expired.statusCode).toBe(503);
        expect(expired.headers['retry-after']).toBe('5');
      } finally {
        clock.mockRestore();
      }
    } finally {
      relay.restore();
      await down.close();
      await database.close();
      await relay.close();
      await migrated.close();
    }
  });
});
