import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateSearchResponseSchema } from '@referwell/shared';
import type { Database } from '../../db/client';
import { talentProfiles } from '../../db/schema';
import {
  createTestApp,
  okAs,
  openTestDatabase,
  signUp,
  withSession,
  type SignedUp,
  type TestApp,
} from '../../test/harness';

// Two instances must agree on the cookie secret to accept each other's sessions.
const SHARED = { SESSION_SECRET: 'two-instances-share-this-secret-0123456789' };

let database: Database;
let a: TestApp;
let b: TestApp;
let admin: SignedUp;
let tag: string;

const profile = (name: string, titles: string[], discoverable = true) => ({
  name,
  phone: '+1 (617) 555-0100',
  location: 'Boston, MA',
  linkedin: '',
  portfolio: '',
  bio: '',
  superpower: '',
  myersBriggs: '',
  enneagram: '',
  achievement: '',
  titles,
  industries: ['EHR'],
  yearsOfExperience: 4,
  employmentStatus: 'open',
  involvement: 'full-time',
  skills: ['Epic'],
  technicalSkills: ['SQL'],
  softwareTools: ['Tableau'],
  interests: ['Telehealth'],
  discoverable,
});

async function seeker(on: TestApp, name: string, titles: string[]): Promise<SignedUp> {
  const s = await signUp(on, { name });
  await okAs(on, 'PUT', '/api/talent/profile', s, profile(name, titles));
  return s;
}

interface SearchBody {
  items: {
    id: string;
    title: string | null;
    contact: { email: string } | null;
    matchScore: number | null;
    partial: boolean;
  }[];
  total: number;
}
/** The talents with every word of the search (those with some follow them). */
const complete = (body: SearchBody) => body.items.filter((i) => !i.partial);
const search = (on: TestApp, query: string, who = admin) =>
  okAs<SearchBody>(on, 'GET', `/api/talent/search?${query}`, who);

/** Searches on `on` until `done` holds or a second has passed; the last answer. */
async function searchUntil(on: TestApp, query: string, done: (body: SearchBody) => boolean): Promise<SearchBody> {
  let body = await search(on, query);
  for (const started = Date.now(); !done(body) && Date.now() - started < 1_000; body = await search(on, query))
    await new Promise((r) => setTimeout(r, 20));
  return body;
}

beforeAll(async () => {
  database = await openTestDatabase();
  a = await createTestApp({ database, env: SHARED });
  b = await createTestApp({ database, env: SHARED });
  admin = await signUp(a, { role: 'companyHR', companyType: 'create', companyName: 'Kept Search Health' });
  tag = `Kq${Date.now().toString(36)}`;
});
afterAll(async () => {
  await a.close();
  await b.close();
  await database.close();
});

describe('kept talent searches', () => {
  it('keep which talents match, shared by identical searches, and drop them when a profile is saved', async () => {
    const ana = await seeker(a, `Ana ${tag}`, [`${tag} Nurse`]);
    const first = await search(a, `q=${tag}`);
    expect(first.items.map((i) => i.id)).toEqual([ana.body.user.id]);
    const [again] = await Promise.all([search(a, `q=${tag}`), search(a, `q=${tag}`)]);
    expect(again).toEqual(first);

    const ben = await seeker(a, `Ben ${tag}`, [`${tag} Analyst`]);
    expect((await search(a, `q=${tag}`)).items.map((i) => i.id).sort()).toEqual(
      [ana.body.user.id, ben.body.user.id].sort(),
    );
    await okAs(a, 'PUT', '/api/talent/profile', ben, profile(`Ben ${tag}`, [`${tag} Analyst`], false));
    expect((await search(a, `q=${tag}`)).items.map((i) => i.id)).toEqual([ana.body.user.id]);
  });

  it('drop them on another instance within a second of a write there, and on any write to the table', async () => {
    const cy = await seeker(a, `Cy ${tag}`, [`${tag} Designer`]);
    expect(complete(await search(b, `q=${tag} designer`)).map((i) => i.title)).toEqual([`${tag} Designer`]);

    await okAs(a, 'PUT', '/api/talent/profile', cy, profile(`Cy ${tag}`, [`${tag} Designer Lead`]));
    const moved = await searchUntil(b, `q=${tag} designer`, (body) => body.items[0]?.title === `${tag} Designer Lead`);
    expect(complete(moved).map((i) => i.title)).toEqual([`${tag} Designer Lead`]);

    // A write that no service announces (an import, a script): the table's trigger tells every instance.
    await database.db.update(talentProfiles).set({ discoverable: false }).where(eq(talentProfiles.id, cy.body.user.id));
    const hidden = await searchUntil(b, `q=${tag} designer`, (body) => complete(body).length === 0);
    expect(hidden.items.map((i) => i.id)).not.toContain(cy.body.user.id);
  });

  it('rank for a job by its skills as they are now: editing the job moves the next search', async () => {
    const eve = await seeker(a, `Eve ${tag}`, [`${tag} Integrator`]); // Epic, SQL, Tableau
    const fields = {
      title: 'Integration Lead',
      company: 'Kept Search Health',
      location: 'Remote',
      employmentType: 'full-time',
      description: 'Interfaces.',
      requirements: 'HL7.',
    };
    const job = await okAs<{ id: string }>(a, 'POST', '/api/jobs', admin, { ...fields, skills: ['Epic', 'Figma'] });
    const ranked = async () => complete(await search(a, `q=${tag} integrator&jobId=${job.id}`));
    expect(await ranked()).toMatchObject([{ id: eve.body.user.id, matchScore: 50 }]);
    await okAs(a, 'PUT', `/api/jobs/${job.id}`, admin, { ...fields, skills: ['Epic', 'SQL', 'Tableau'] });
    expect(await ranked()).toMatchObject([{ id: eve.body.user.id, matchScore: 100 }]);
  });

  it('show each viewer the contact details their company may see, on a kept answer too', async () => {
    const dee = await seeker(a, `Dee ${tag}`, [`${tag} Pharmacist`]);
    const before = await search(a, `q=${tag} pharmacist`);
    expect(before.items[0]).toMatchObject({ id: dee.body.user.id, contact: null });
    // Applying to one of its jobs ties the talent to the company; their profile (and the kept search) is unchanged.
    const job = await okAs<{ id: string }>(a, 'POST', '/api/jobs', admin, {
      title: 'Pharmacy Informatics Lead',
      company: 'Kept Search Health',
      location: 'Remote',
      employmentType: 'full-time',
      description: 'Pharmacy systems.',
      requirements: 'Epic.',
      skills: ['Epic'],
    });
    await okAs(a, 'POST', `/api/jobs/${job.id}/apply`, dee);
    const after = await search(a, `q=${tag} pharmacist`);
    expect(after.items[0]?.contact?.email).toBe(dee.body.user.email);
    const stranger = await signUp(a, { role: 'companyHR', companyType: 'create', companyName: 'Stranger Clinic' });
    expect((await search(a, `q=${tag} pharmacist`, stranger)).items[0]).toMatchObject({ contact: null });
  });

  it('answer JSON that is the response schema exactly, kept or not, compressed when the client accepts it', async () => {
    // Characters of two, three and four bytes in UTF-8: the answer is spliced from bytes.
    const fay = await seeker(a, `Zoë 山田 ${tag} 🩺`, [`${tag} Radiologist`]);
    const url = `/api/talent/search?q=${tag}`;
    const plain = async () => {
      const res = await a.app.inject({ method: 'GET', url, ...withSession(admin.token) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      return res.json();
    };
    const first = await plain();
    // Parsing strips keys the schema does not know: equal means none were added and every field is valid.
    expect(candidateSearchResponseSchema.parse(first)).toEqual(first);
    expect(first.items).toContainEqual(
      expect.objectContaining({ id: fay.body.user.id, name: `Zoë 山田 ${tag} 🩺`, contact: null, matchScore: null }),
    );
    // The facets are the pool's stored counts, recounted a second after a save (facets.ts), so on a slow machine a
    // recount may land between two answers: the cards and the count are what a kept answer must repeat.
    const withoutFacets = ({ facets: _facets, ...rest }: Record<string, unknown>) => rest;
    expect(withoutFacets(await plain())).toEqual(withoutFacets(first));
    const zipped = await a.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip' },
      ...withSession(admin.token),
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(withoutFacets(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8')))).toEqual(withoutFacets(first));
  });
});
