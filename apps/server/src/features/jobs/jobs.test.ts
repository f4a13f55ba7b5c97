import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_MESSAGES, jobSearchQuerySchema } from '@referwell/shared';
import { createTestApp, requestsTo, type SignedUp, signUp, type TestApp, withSession } from '../../test/harness';
import { searchJobs } from './search';

let t: TestApp;
let admin: SignedUp;
let member: SignedUp;
let otherAdmin: SignedUp;
let seeker: SignedUp;
let companyId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Jobs Test Health' });
  companyId = admin.body.company!.id;
  const { inviteCode } = (
    await t.app.inject({ method: 'GET', url: `/api/companies/${companyId}/team`, ...withSession(admin.token) })
  ).json();
  member = await signUp(t, { role: 'referrer', inviteCode });
  otherAdmin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Elsewhere Clinic' });
  seeker = await signUp(t);
});
afterAll(() => t.close());

const { call } = requestsTo(() => t);

const validJob = (overrides: object = {}) => ({
  title: 'Senior FHIR Integration Engineer',
  company: 'Jobs Test Health',
  location: 'Remote (US)',
  employmentType: 'full-time',
  description: 'Connect hospital EHRs to our care coordination platform.',
  requirements: '5+ years building integrations; HL7 v2 and FHIR R4.',
  responsibilities: 'Own interfaces\nMentor engineers',
  skills: [' FHIR ', 'HL7', 'FHIR', '', 'TypeScript'],
  salary: '$160k - $190k',
  deadline: '2027-01-31',
  applicationUrl: 'https://careers.example/fhir',
  contactEmail: 'talent@example.com',
  referralBonusAmount: 2500,
  referralBonusCurrency: 'usd',
  ...overrides,
});

async function post(who: SignedUp, overrides: object = {}) {
  const res = await call('POST', '/api/jobs', who, validJob(overrides));
  if (res.statusCode !== 201) throw new Error(`post failed ${res.statusCode} ${res.body}`);
  return res.json();
}

describe('posting a job', () => {
  it("stores an OPEN job for the poster's company with cleaned skills and the referral bonus", async () => {
    const job = await post(member);
    expect(job).toMatchObject({
      title: 'Senior FHIR Integration Engineer',
      companyId,
      companySlug: admin.body.company!.slug,
      status: 'OPEN',
      workplace: 'remote',
      employmentType: 'full-time',
      skills: ['FHIR', 'HL7', 'TypeScript'],
      deadline: '2027-01-31',
      referralBonus: { amount: 2500, currency: 'USD' },
      postedBy: { id: member.body.user.id },
      viewer: { canEdit: true, canApply: false, hasApplied: false },
    });
    const publicView = (await call('GET', `/api/jobs/${job.id}`)).json();
    expect(publicView.viewer).toEqual({ canEdit: false, canApply: false, hasApplied: false });
  });

  it.each([
    ['title', JOB_MESSAGES.titleRequired],
    ['company', JOB_MESSAGES.companyRequired],
    ['location', JOB_MESSAGES.locationRequired],
    ['employmentType', JOB_MESSAGES.employmentTypeRequired],
    ['description', JOB_MESSAGES.descriptionRequired],
    ['requirements', JOB_MESSAGES.requirementsRequired],
  ])('requires %s with the spec message', async (field, message) => {
    const res = await call('POST', '/api/jobs', admin, validJob({ [field]: '  ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it.each([
    [{ applicationUrl: 'not a url' }, 'applicationUrl', JOB_MESSAGES.applicationUrlInvalid],
    [{ applicationUrl: 'javascript:alert(1)' }, 'applicationUrl', JOB_MESSAGES.applicationUrlInvalid],
    [{ contactEmail: 'nobody' }, 'contactEmail', JOB_MESSAGES.contactEmailInvalid],
    [{ employmentType: 'gig' }, 'employmentType', JOB_MESSAGES.employmentTypeRequired],
    [{ deadline: '31/01/2027' }, 'deadline', JOB_MESSAGES.deadlineInvalid],
    [{ referralBonusAmount: -5 }, 'referralBonusAmount', JOB_MESSAGES.bonusInvalid],
    [{ referralBonusCurrency: 'dollars' }, 'referralBonusCurrency', JOB_MESSAGES.currencyInvalid],
  ])('refuses %j', async (overrides, field, message) => {
    const res = await call('POST', '/api/jobs', admin, validJob(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('accepts empty optional fields', async () => {
    const job = await post(admin, {
      responsibilities: '',
      salary: '',
      deadline: '',
      applicationUrl: '',
      contactEmail: '',
      referralBonusAmount: undefined,
      skills: [],
    });
    expect(job).toMatchObject({
      responsibilities: null,
      salaryRange: null,
      deadline: null,
      applicationUrl: null,
      referralBonus: null,
    });
  });

  it('refuses visitors with the spec message and job seekers with 403', async () => {
    const visitor = await call('POST', '/api/jobs', undefined, validJob());
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.message).toBe(JOB_MESSAGES.notLoggedIn);
    const jobseeker = await call('POST', '/api/jobs', seeker, validJob());
    expect(jobseeker.statusCode).toBe(403);
    expect(jobseeker.json().error.message).toBe(JOB_MESSAGES.notAllowedToPost);
  });
});

describe('editing and closing', () => {
  it("lets the creator and the company's admins edit and close; others get 403", async () => {
    const job = await post(member);
    for (const who of [seeker, otherAdmin]) {
      expect((await call('PUT', `/api/jobs/${job.id}`, who, validJob({ title: 'Hijacked' }))).statusCode).toBe(403);
      expect((await call('POST', `/api/jobs/${job.id}/close`, who)).statusCode).toBe(403);
    }
    expect((await call('PUT', `/api/jobs/${job.id}`, undefined, validJob())).statusCode).toBe(401);

    const edited = await call(
      'PUT',
      `/api/jobs/${job.id}`,
      member,
      validJob({ title: 'Staff FHIR Engineer', location: 'Hybrid - Boston' }),
    );
    expect(edited.json()).toMatchObject({ title: 'Staff FHIR Engineer', workplace: 'hybrid' });
    const closed = await call('POST', `/api/jobs/${job.id}/close`, admin);
    expect(closed.json().status).toBe('CLOSED');
  });

  it("does not let a member edit a colleague's job", async () => {
    const job = await post(admin);
    expect((await call('PUT', `/api/jobs/${job.id}`, member, validJob())).statusCode).toBe(403);
  });

  it('answers an unknown job with 404 "Job not found" and a bad id with 400', async () => {
    const missing = await call('GET', '/api/jobs/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(JOB_MESSAGES.notFound);
    expect((await call('GET', '/api/jobs/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('applying', () => {
  it('records one application per job seeker on an open job, visible to the poster', async () => {
    const job = await post(member);
    expect((await call('GET', `/api/jobs/${job.id}`, seeker)).json().viewer).toEqual({
      canEdit: false,
      canApply: true,
      hasApplied: false,
    });
    expect((await call('POST', `/api/jobs/${job.id}/apply`, seeker)).statusCode).toBe(201);
    expect((await call('GET', `/api/jobs/${job.id}`, seeker)).json().viewer).toMatchObject({
      canApply: false,
      hasApplied: true,
    });
    expect((await call('POST', `/api/jobs/${job.id}/apply`, seeker)).statusCode).toBe(409);

    const applications = await call('GET', `/api/jobs/${job.id}/applications`, member);
    expect(applications.json()).toEqual([
      expect.objectContaining({ userId: seeker.body.user.id, name: seeker.body.user.name, status: 'applied' }),
    ]);
    expect((await call('GET', `/api/jobs/${job.id}`)).json().applicationCount).toBe(1);
    for (const who of [seeker, otherAdmin]) {
      expect((await call('GET', `/api/jobs/${job.id}/applications`, who)).statusCode).toBe(403);
    }
  });

  it('refuses referrers, visitors and closed jobs', async () => {
    const job = await post(admin);
    expect((await call('POST', `/api/jobs/${job.id}/apply`, member)).json().error.message).toBe(
      JOB_MESSAGES.applyOnlyJobseekers,
    );
    expect((await call('POST', `/api/jobs/${job.id}/apply`)).statusCode).toBe(401);
    await call('POST', `/api/jobs/${job.id}/close`, admin);
    const closed = await call('POST', `/api/jobs/${job.id}/apply`, seeker);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe(JOB_MESSAGES.jobClosed);
  });
});

describe('searching', () => {
  const marker = `zephyrine${Date.now().toString(36)}`;
  let ids: Record<string, string>;
  beforeAll(async () => {
    const lone = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Solo Search Co' });
    ids = {
      remoteFull: (
        await post(admin, {
          title: `${marker} Platform Engineer`,
          location: 'Remote',
          employmentType: 'full-time',
          skills: ['Go'],
        })
      ).id,
      hybridContract: (
        await post(admin, {
          title: 'Data Analyst',
          description: `Works on ${marker} dashboards`,
          location: 'Hybrid - Austin',
          employmentType: 'contract',
          skills: ['SQL'],
        })
      ).id,
      onsitePart: (
        await post(admin, {
          title: `${marker} Nurse Informaticist`,
          location: 'Nashville, TN',
          employmentType: 'part-time',
          skills: ['Epic'],
        })
      ).id,
      soloCompany: (
        await post(lone, {
          company: 'Solo Search Co',
          title: `${marker} Solo Role`,
          location: 'Remote',
          skills: ['Go'],
        })
      ).id,
    };
    const closed = await post(admin, { title: `${marker} Closed Role` });
    await call('POST', `/api/jobs/${closed.id}/close`, admin);
  });

  const search = async (query: string) => {
    const res = await call('GET', `/api/jobs?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      items: { id: string; title: string; hasInternalReferrer: boolean; matchScore: number | null }[];
      nextCursor: string | null;
    };
  };

  it("shows a signed-in job seeker the match score of each job (SPEC §9) and nobody else's", async () => {
    const matcher = await signUp(t, { name: 'Morgan Match' });
    const saved = await call('PUT', '/api/talent/profile', matcher, { name: 'Morgan Match', skills: ['go', 'SQL'] });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await call('GET', `/api/jobs?q=${marker}`, matcher);
    const scores = Object.fromEntries(
      (res.json() as { items: { id: string; matchScore: number | null }[] }).items.map((i) => [i.id, i.matchScore]),
    );
    expect(scores[ids.remoteFull!]).toBe(100);
    expect(scores[ids.hybridContract!]).toBe(100);
    expect(scores[ids.onsitePart!]).toBe(0);
    expect((await search(`q=${marker}`)).items.every((i) => i.matchScore === null)).toBe(true);
    const companyView = await call('GET', `/api/jobs?q=${marker}`, admin);
    expect((companyView.json() as { items: { matchScore: null }[] }).items.every((i) => i.matchScore === null)).toBe(
      true,
    );
  });

  it('finds open jobs by words in the title or description, title matches first', async () => {
    const { items } = await search(`q=${marker}`);
    const found = items.map((i) => i.id);
    expect(found).toHaveLength(4);
    expect(found.at(-1)).toBe(ids.hybridContract); // matched in the description only
    expect(items.some((i) => i.title.includes('Closed'))).toBe(false);
  });

  it('applies job type, workplace, skills and internal-referrer filters together', async () => {
    expect((await search(`q=${marker}&type=contract`)).items.map((i) => i.id)).toEqual([ids.hybridContract]);
    expect((await search(`q=${marker}&workplace=onsite`)).items.map((i) => i.id)).toEqual([ids.onsitePart]);
    expect(new Set((await search(`q=${marker}&workplace=remote,hybrid`)).items.map((i) => i.id))).toEqual(
      new Set([ids.remoteFull, ids.hybridContract, ids.soloCompany]),
    );
    expect(new Set((await search(`q=${marker}&skills=Go`)).items.map((i) => i.id))).toEqual(
      new Set([ids.remoteFull, ids.soloCompany]),
    );
    // Solo Search Co has only its HR admin, no referrer.
    const withReferrer = await search(`q=${marker}&hasReferrer=true`);
    expect(withReferrer.items.map((i) => i.id)).not.toContain(ids.soloCompany);
    expect(withReferrer.items).toHaveLength(3);
    expect(withReferrer.items.every((i) => i.hasInternalReferrer)).toBe(true);
  });

  it('pages with a cursor without repeating or skipping jobs', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof search>> = await search(
        `q=${marker}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(4);
  });

  it('ranks a text search within windows of the newest matches and pages across windows without gaps', async () => {
    const word = `windowed${Date.now().toString(36)}`;
    const posted: string[] = [];
    for (let i = 0; i < 9; i++)
      posted.push(
        (await post(member, { title: i % 3 === 0 ? `${word} Lead ${i}` : `Role ${i}`, description: `About ${word}.` }))
          .id,
      );
    const filters = jobSearchQuerySchema.parse({ q: word, limit: 2 });
    const seen: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await searchJobs(t.database.db, null, { ...filters, cursor }, 4);
      seen.push(page.items.map((i) => i.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const all = seen.flat();
    expect(new Set(all)).toEqual(new Set(posted));
    expect(all).toHaveLength(9);
    expect(seen.slice(0, -1).every((page) => page.length === 2)).toBe(true);
    // Newest window first (jobs 8..5), title matches ranked first inside it; then 4..1, then 0.
    const byIndex = (id: string) => posted.indexOf(id);
    expect(all.slice(0, 4).map(byIndex)).toEqual([6, 8, 7, 5]);
    expect(all.slice(4, 8).map(byIndex)).toEqual([3, 4, 2, 1]);
    expect(all.slice(8).map(byIndex)).toEqual([0]);
  });

  it('finds matches among newer jobs that match nothing, in windows of two, by relevance and newest', async () => {
    // Windows of 2 (search-window.ts): `rare` matches none of the 24 newest jobs, `sparse` one of them; each window
    // reads the time slabs on until it holds two matches or has read them all.
    const stamp = Date.now().toString(36);
    const rare = `rare${stamp}`;
    const sparse = `sparse${stamp}`;
    const matching = (word: string) => post(member, { title: `Role ${word}`, description: `About ${word}.` });
    const rareJobs = [await matching(rare), await matching(rare), await matching(rare)];
    const sparseJobs = [await matching(sparse), await matching(sparse)];
    for (let i = 0; i < 24; i++) {
      if (i === 12) sparseJobs.push(await matching(sparse));
      else await post(member, { title: `Filler ${i}`, description: 'Nothing to see.' });
    }
    const newestFirst = (jobs: { id: string }[]) => jobs.map((j) => j.id).reverse();
    for (const [word, jobs] of [
      [rare, rareJobs],
      [sparse, sparseJobs],
    ] as const)
      for (const sort of ['relevance', 'newest'] as const) {
        const filters = jobSearchQuerySchema.parse({ q: word, limit: 1, sort });
        const seen: string[] = [];
        let cursor: string | undefined;
        let total: number | null = null;
        do {
          const page = await searchJobs(t.database.db, null, { ...filters, cursor }, 2);
          total ??= page.total;
          seen.push(...page.items.map((i) => i.id));
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        expect(seen, `${word} by ${sort}`).toEqual(newestFirst(jobs));
        expect(total).toBe(3);
      }
  });

  it('refuses a forged cursor and unknown filter values with 400', async () => {
    expect((await call('GET', '/api/jobs?cursor=not-a-cursor')).statusCode).toBe(400);
    expect((await call('GET', '/api/jobs?type=gig')).statusCode).toBe(400);
    expect((await call('GET', `/api/jobs?q=${'x'.repeat(300)}`)).statusCode).toBe(400);
  });

  it('survives search syntax people type', async () => {
    for (const q of ['"unterminated', 'a & b | !c', "o'neil", '(((', '-']) {
      expect((await call('GET', `/api/jobs?q=${encodeURIComponent(q)}`)).statusCode, q).toBe(200);
    }
  });
});
