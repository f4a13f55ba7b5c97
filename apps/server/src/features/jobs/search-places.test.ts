import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobSearchResponseSchema, type JobSearchResponse } from '@referwell/shared';
import { readUnreadPlaces } from '../../db/read-places';
import { selectRows } from '../../db/repository';
import { createTestApp, signUp, withSession, type SignedUp, type TestApp } from '../../test/harness';

// Issue 38: places in job search (city, region, remote with country, distance, ambiguous and unknown places, location
// facets), relevance over strictness (every word ranks, partial matches after complete ones) and field synonyms.

let t: TestApp;
let admin: SignedUp;
const ids: Record<string, string> = {};

async function post(key: string, job: { title: string; location: string; description?: string; skills?: string[] }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/jobs',
    payload: {
      company: 'Harbor Health',
      employmentType: 'full-time',
      description: 'Help clinicians care for patients.',
      requirements: 'Three years of experience.',
      // Massachusetts and Illinois require a pay range in postings (issue 36).
      salary: '$90,000 - $110,000 per year',
      ...job,
    },
    ...withSession(admin.token),
  });
  if (res.statusCode !== 201) throw new Error(`post failed ${res.statusCode} ${res.body}`);
  ids[key] = (res.json() as { id: string }).id;
}

type Result = JobSearchResponse & { all: string[]; partial: string[] };

async function search(query: Record<string, string>, who?: SignedUp): Promise<Result> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/jobs?${new URLSearchParams(query)}`,
    ...(who ? withSession(who.token) : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = jobSearchResponseSchema.strict().parse(res.json());
  const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
  const keys = (partial: boolean) => body.items.filter((i) => i.partial === partial).map((i) => byId[i.id] ?? i.id);
  return { ...body, all: keys(false), partial: keys(true) };
}

const sorted = (keys: string[]) => [...keys].sort();

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Harbor Health' });
  await post('bostonFhir', { title: 'FHIR Integration Engineer', location: 'Hybrid — Boston, MA', skills: ['FHIR'] });
  await post('cambridge', { title: 'Clinical Data Analyst', location: 'Cambridge, MA' });
  await post('worcester', { title: 'Registered Nurse Informaticist', location: 'Worcester, Massachusetts' });
  await post('rpm', {
    title: 'Product Manager',
    location: 'Nashville, TN',
    description: 'Own our remote patient monitoring product.',
  });
  await post('remoteUs', { title: 'Senior Software Engineer', location: 'Remote (US)', skills: ['FHIR'] });
  await post('remoteUk', { title: 'Data Engineer', location: 'Remote - United Kingdom' });
  await post('portlandOr', { title: 'EMR Analyst', location: 'Portland, OR' });
  await post('portlandMe', { title: 'Nurse Practitioner', location: 'Portland, ME' });
  await post('descFhir', {
    title: 'Platform Lead',
    location: 'Chicago, IL',
    description: 'Build FHIR APIs for care teams.',
  });
  await post('specialist', { title: 'Clinical Informatics Specialist', location: 'Austin, TX' });
});
afterAll(() => t.close());

describe('job search places', () => {
  it('finds a city typed in the search box, alone or with other words', async () => {
    expect((await search({ q: 'boston' })).all).toEqual(['bostonFhir']);
    const both = await search({ q: 'fhir boston' });
    expect(both.all).toEqual(['bostonFhir']);
    expect(both.total).toBe(1);
    expect(both.place).toMatchObject({ source: 'query', kind: 'city', text: 'boston', rest: 'fhir' });
    // Every place called Boston is searched, and the searcher may pick one.
    expect(both.place?.choices.map((c) => c.label)).toContain('Boston, MA');
  });

  it('finds every job of a region by its name or its abbreviation', async () => {
    const ma = ['bostonFhir', 'cambridge', 'worcester'];
    expect(sorted((await search({ location: 'MA' })).all)).toEqual(ma);
    expect(sorted((await search({ location: 'Massachusetts' })).all)).toEqual(ma);
    expect(sorted((await search({ q: 'nurse', location: 'ma' })).all)).toEqual(['worcester']);
  });

  it('finds remote jobs for "remote", not descriptions that mention the word, and remote jobs open to a country', async () => {
    expect(sorted((await search({ q: 'remote' })).all)).toEqual(['remoteUk', 'remoteUs']);
    expect((await search({ q: 'remote US' })).all).toEqual(['remoteUs']);
    const field = await search({ location: 'Remote (US)' });
    expect(field.all).toEqual(['remoteUs']);
    expect(field.place).toMatchObject({ kind: 'remote', label: 'Remote (United States)' });
    expect((await search({ q: 'engineer', location: 'remote UK' })).all).toEqual(['remoteUk']);
  });

  it('filters by distance from a place, in miles or kilometres', async () => {
    const near = await search({ location: 'Boston, MA', distance: '25' });
    expect(sorted(near.all)).toEqual(['bostonFhir', 'cambridge']);
    expect(near.place?.near).toEqual({ label: 'Boston, MA', distance: 25, unit: 'mi' });
    // Worcester is about 40 miles (64 km) from Boston.
    expect(sorted((await search({ location: 'Boston, MA', distance: '50' })).all)).toEqual([
      'bostonFhir',
      'cambridge',
      'worcester',
    ]);
    expect(sorted((await search({ location: 'Boston, MA', distance: '50', unit: 'km' })).all)).toEqual([
      'bostonFhir',
      'cambridge',
    ]);
    // A place named in the words is the distance's center when no location is given.
    expect(sorted((await search({ q: 'analyst boston', distance: '25' })).all)).toEqual(['cambridge']);
    // A region has no center: the distance is not applied, and the answer says so.
    const region = await search({ location: 'Massachusetts', distance: '25' });
    expect(region.place).toMatchObject({ distanceIgnored: true, near: null });
    expect(region.total).toBe(3);
  });

  it('searches every place an ambiguous name may mean and offers them as a choice', async () => {
    const portland = await search({ location: 'Portland' });
    expect(sorted(portland.all)).toEqual(['portlandMe', 'portlandOr']);
    expect(portland.place?.kind).toBe('city');
    const choices = portland.place?.choices.map((c) => c.value) ?? [];
    expect(choices).toEqual(expect.arrayContaining(['Portland, OR', 'Portland, ME']));
    expect((await search({ location: 'Portland, ME' })).all).toEqual(['portlandMe']);
  });

  it('says when a place is not known, with known places like it, never a silent zero', async () => {
    const unknown = await search({ location: 'Bostn' });
    expect(unknown.total).toBe(0);
    expect(unknown.place).toMatchObject({ kind: 'unknown', text: 'Bostn' });
    expect(unknown.place?.suggestions).toContain('Boston, MA');
  });

  it('answers odd places and long queries with an answer or a 400, never a 500', async () => {
    const words = 'developer engineer rn ehr emr informaticist fhir hl7 boston remote portland ma nurse analyst';
    const long = `${words} ${words}`.slice(0, 200);
    const answered: Record<string, string>[] = [
      { q: long },
      { q: long, location: 'Portland', distance: '100', unit: 'km' },
      { location: '%%%' },
      { location: 'Remote (ZZ)' },
      { location: ', , ,' },
      { q: 'remote remote remote', location: 'remote' },
    ];
    for (const query of answered) {
      const res = await t.app.inject({ method: 'GET', url: `/api/jobs?${new URLSearchParams(query)}` });
      expect(res.statusCode, `${JSON.stringify(query)}: ${res.body}`).toBe(200);
    }
    const refused: Record<string, string>[] = [
      { location: 'x'.repeat(121) },
      { location: 'Boston', distance: '30' },
      { unit: 'ft' },
    ];
    for (const query of refused) {
      const res = await t.app.inject({ method: 'GET', url: `/api/jobs?${new URLSearchParams(query)}` });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('counts the matches of each place on the first page', async () => {
    const ma = await search({ location: 'MA' });
    expect(ma.locationFacets).toEqual([
      { value: 'Boston, MA', count: 1 },
      { value: 'Cambridge, MA', count: 1 },
      { value: 'Worcester, MA', count: 1 },
    ]);
    const every = await search({});
    expect(every.locationFacets).toEqual(
      expect.arrayContaining([
        { value: 'Remote', count: 2 },
        { value: 'Portland, OR', count: 1 },
      ]),
    );
    expect(every.locationFacets?.reduce((sum, f) => sum + f.count, 0)).toBe(10);
    // Choosing a facet is a location filter.
    expect((await search({ location: 'Cambridge, MA' })).all).toEqual(['cambridge']);
  });

  it('reads the places of jobs written before places were read (the read-places task)', async () => {
    await t.database.db.execute(sql`insert into job_postings (title, company_name, description, location, job_type,
      requirements, company_id)
      select 'Legacy Coordinator', company_name, 'Old job.', 'Springfield, MA', job_type, requirements, company_id
      from job_postings where id = ${ids.cambridge!}::uuid`);
    const unread = sql`select count(*)::int as n from job_postings where place_keys is null`;
    expect((await selectRows<{ n: number }>(t.database.db, unread))[0]?.n).toBe(1);
    expect(await readUnreadPlaces(t.database.db)).toBeGreaterThan(0);
    // The update's notification drops every process's kept searches.
    const read = Date.now();
    let total = 0;
    while (total < 1 && Date.now() - read < 4_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      total = (await search({ q: 'legacy', location: 'MA' })).total ?? 0;
    }
    expect(total).toBe(1);
    expect((await selectRows<{ n: number }>(t.database.db, unread))[0]?.n).toBe(0);
    await t.database.db.execute(sql`delete from job_postings where title = 'Legacy Coordinator'`);
  });
});

describe('job search relevance', () => {
  it('lists jobs with every word first, then those with some, counting each honestly', async () => {
    const result = await search({ q: 'FHIR developer' });
    // "developer" finds Engineer titles (a field synonym).
    expect(sorted(result.all)).toEqual(['bostonFhir', 'remoteUs']);
    expect(result.total).toBe(2);
    expect(result.partial).toEqual(expect.arrayContaining(['descFhir', 'remoteUk']));
    expect(result.partialTotal).toBe(result.partial.length);
    // Complete matches come before every partial one.
    const flags = result.items.map((i) => i.partial);
    expect(flags).toEqual([...flags].sort((a, b) => Number(a) - Number(b)));
  });

  it('ranks a word in the title above the same word in the skills, and that above the description', async () => {
    const result = await search({ q: 'fhir' });
    // bostonFhir has FHIR in its title (and skills), remoteUs in its skills only, descFhir in its description only;
    // descFhir is the newest of the three, so the order is the rank's, not the date's.
    expect(result.all.filter((key) => ['bostonFhir', 'remoteUs', 'descFhir'].includes(key))).toEqual([
      'bostonFhir',
      'remoteUs',
      'descFhir',
    ]);
    expect(result.partialTotal).toBeNull();
  });

  it('pages from the complete matches into the partial ones without repeating any', async () => {
    const first = await search({ q: 'FHIR developer', limit: '1' });
    const seen = [...first.all, ...first.partial];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await search({ q: 'FHIR developer', limit: '1', cursor });
      seen.push(...next.all, ...next.partial);
      cursor = next.nextCursor;
    }
    const whole = await search({ q: 'FHIR developer', limit: '50' });
    expect(seen).toEqual([...whole.all, ...whole.partial]);
  });

  it('finds field synonyms: RN and registered nurse, EHR and EMR, informaticist and informatics specialist', async () => {
    expect((await search({ q: 'RN' })).all).toEqual(['worcester']);
    expect((await search({ q: 'EHR' })).all).toEqual(['portlandOr']);
    expect(sorted((await search({ q: 'informaticist' })).all)).toEqual(['specialist', 'worcester']);
  });

  it('says which typed words it searched as other words', async () => {
    const result = await search({ q: 'integraton' });
    expect(result.corrections).toEqual([{ word: 'integraton', suggestions: expect.arrayContaining(['integration']) }]);
    expect(result.all).toEqual(['bostonFhir']);
  });

  it('shows a job seeker match scores only once their profile has skills', async () => {
    const seeker = await signUp(t, { name: 'Noor Newcomer' });
    expect((await search({ q: 'fhir' }, seeker)).items.every((i) => i.matchScore === null)).toBe(true);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/talent/profile',
      payload: { name: 'Noor Newcomer', skills: ['FHIR'] },
      ...withSession(seeker.token),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const scored = await search({ q: 'fhir' }, seeker);
    expect(scored.items.find((i) => i.id === ids.bostonFhir)?.matchScore).toBe(100);
  });
});
