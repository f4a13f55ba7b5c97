import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, withSession, type SignedUp, type TestApp, postJobAs } from '../../test/harness';

let t: TestApp;
let admin: SignedUp;
let member: SignedUp;
let seeker: SignedUp;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
async function ok<T = Record<string, unknown>>(
  method: Method,
  url: string,
  who: SignedUp,
  payload?: object,
): Promise<T> {
  const res = await t.app.inject({ method, url, payload, ...withSession(who.token) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

const postJob = (who: SignedUp, title: string, skills: string[], bonus?: number) =>
  postJobAs(t, who, {
    title,
    company: 'Dashboard Health',
    description: 'Healthcare data work.',
    requirements: 'Relevant experience.',
    skills,
    ...(bonus ? { referralBonusAmount: bonus, referralBonusCurrency: 'USD' } : {}),
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Dashboard Health' });
  const { inviteCode } = await ok<{ inviteCode: string }>(
    'GET',
    `/api/companies/${admin.body.company!.id}/team`,
    admin,
  );
  member = await signUp(t, { role: 'referrer', inviteCode });
  seeker = await signUp(t, { name: 'Dana Data' });
  await ok('PUT', '/api/talent/profile', seeker, {
    name: 'Dana Data',
    titles: ['Data Engineer'],
    skills: ['python', 'SQL'],
    technicalSkills: ['FHIR'],
  });
});
afterAll(() => t.close());

describe('job seeker dashboard', () => {
  it('recommends open jobs scoring at least 30 % (case-insensitive), lists applied and available jobs and requests', async () => {
    const strong = await postJob(admin, 'FHIR Data Engineer', ['Python', 'SQL', 'FHIR']); // 100 %
    const partial = await postJob(admin, 'Analytics Engineer', ['Python', 'dbt', 'Looker']); // 33 %
    await postJob(admin, 'iOS Engineer', ['Swift', 'Objective-C', 'Core Data', 'Python']); // 25 %: below the minimum
    const applied = await postJob(admin, 'Clinical Analyst', ['SQL']);
    await ok('POST', `/api/jobs/${applied.id}/apply`, seeker);
    await ok('POST', '/api/referral-requests', seeker, {
      jobId: strong.id,
      referrerId: member.body.user.id,
      message: 'Please refer me',
    });

    const board = await ok<{
      recommendedJobs: { id: string; matchScore: number }[];
      myJobs: { id: string; state: string; stage: string | null; headline: string | null }[];
      availableJobs: { id: string }[];
      referralRequests: { total: number; items: { jobId: string }[] };
    }>('GET', '/api/dashboard/jobseeker', seeker);
    expect(board.recommendedJobs.map((j) => [j.id, j.matchScore])).toEqual([
      [strong.id, 100],
      [partial.id, 33],
    ]);
    // One list of what they applied to or were referred for (a request alone is not in it), as the job page says it.
    expect(board.myJobs).toEqual([
      expect.objectContaining({ id: applied.id, state: 'applied', stage: 'applied', headline: expect.any(String) }),
    ]);
    // Once the job's team tracks them, the job seeker sees where they stand.
    await ok('PUT', `/api/jobs/${applied.id}/tracking/${seeker.body.user.id}`, admin, { status: 'Interviewed' });
    const tracked = await ok<{ myJobs: { state: string; stage: string }[] }>('GET', '/api/dashboard/jobseeker', seeker);
    expect(tracked.myJobs[0]).toMatchObject({ state: 'in_process', stage: 'interviewed' });
    expect(board.availableJobs.map((j) => j.id)).not.toContain(applied.id);
    expect(board.referralRequests).toMatchObject({ total: 1, items: [{ jobId: strong.id }] });
  });

  it('is refused to company users and visitors', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/dashboard/jobseeker', ...withSession(admin.token) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/jobseeker' })).statusCode).toBe(401);
  });
});

describe('referrer dashboard', () => {
  it('computes totals, earned and pending bonuses, recent referrals, talent matches and the admin figures', async () => {
    const job = await postJob(member, 'Interoperability Engineer', ['FHIR', 'Python'], 2400);
    const before = await ok<{ talentMatches: { talent: { id: string }; matchScore: number }[] }>(
      'GET',
      '/api/dashboard/referrer',
      member,
    );
    expect(before.talentMatches[0]).toMatchObject({ talent: { id: seeker.body.user.id }, matchScore: 100 });
    expect(before.talentMatches.length).toBeLessThanOrEqual(3);
    const referral = await ok<{ id: string }>('POST', '/api/referrals', member, {
      talentId: seeker.body.user.id,
      jobId: job.id,
    });
    await ok('POST', `/api/referrals/${referral.id}/consent`, seeker, { decision: 'confirm' });
    await ok('PATCH', `/api/referrals/${referral.id}/status`, admin, {
      status: 'completed',
      startDate: new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10), // past the payout delay
    });

    const mine = await ok<{
      totals: { total: number; completed: number; bonuses: unknown };
      recentReferrals: { id: string }[];
      talentMatches: { talent: { id: string }; job: { id: string }; matchScore: number }[];
      pendingRequests: number;
      company: unknown;
    }>('GET', '/api/dashboard/referrer', member);
    expect(mine.totals).toMatchObject({
      total: 1,
      completed: 1,
      bonuses: { awaitingHire: [], due: [{ currency: 'USD', amount: 2400 }], paid: [] },
    });
    expect(mine.recentReferrals.map((r) => r.id)).toEqual([referral.id]);
    expect(mine.pendingRequests).toBe(1);
    expect(mine.company).toBeNull();
    // Hired by the company now: no longer suggested for any of its jobs.
    expect(mine.talentMatches.map((m) => m.talent.id)).not.toContain(seeker.body.user.id);

    await ok('POST', `/api/referrals/${referral.id}/bonus-paid`, admin, {});
    const after = await ok<{ totals: { bonuses: unknown } }>('GET', '/api/dashboard/referrer', member);
    expect(after.totals.bonuses).toEqual({ awaitingHire: [], due: [], paid: [{ currency: 'USD', amount: 2400 }] });

    const adminBoard = await ok<{
      company: { teamMemberCount: number; openPositions: number; pendingApprovals: number };
    }>('GET', '/api/dashboard/referrer', admin);
    expect(adminBoard.company).toEqual({ teamMemberCount: 2, openPositions: 5, pendingApprovals: 0 });
  });

  it('suggests nobody the job already has: in process, rejected or referred there, or hired at the company', async () => {
    // A company of its own, so only its jobs and these people are in play.
    const clinicAdmin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Matchless Clinic' });
    const jobA = await postJobAs(t, clinicAdmin, { title: 'Cogito Analyst', skills: ['Cogito', 'Clarity'] });
    const jobB = await postJobAs(t, clinicAdmin, {
      title: 'Caboodle Developer',
      skills: ['Cogito', 'Clarity', 'Caboodle'],
    });
    const person = async (name: string, skills: string[]) => {
      const who = await signUp(t, { name });
      await ok('PUT', '/api/talent/profile', who, { name, skills });
      return who;
    };
    const ana = await person('Ana Applied', ['Cogito', 'Clarity', 'Caboodle']);
    const ben = await person('Ben Declined', ['Cogito', 'Clarity']);
    const cal = await person('Cal Hired', ['Cogito', 'Clarity', 'Caboodle']);
    await person('Dee Next', ['Cogito']);
    const matches = async () =>
      (
        await ok<{ talentMatches: { talent: { name: string }; job: { title: string } }[] }>(
          'GET',
          '/api/dashboard/referrer',
          clinicAdmin,
        )
      ).talentMatches.map((m) => `${m.talent.name} for ${m.job.title}`);
    expect(await matches()).not.toContain('Dee Next for Cogito Analyst');

    // Ana applies to both jobs (in process), Ben is referred for one and turned down for the other, Cal is hired.
    await ok('POST', `/api/jobs/${jobA.id}/apply`, ana, {});
    await ok('POST', `/api/jobs/${jobB.id}/apply`, ana, {});
    await ok('POST', '/api/referrals', clinicAdmin, { jobId: jobA.id, talentId: ben.body.user.id });
    await ok('POST', `/api/jobs/${jobB.id}/apply`, ben, {});
    await ok('PUT', `/api/jobs/${jobB.id}/tracking/${ben.body.user.id}`, clinicAdmin, {
      status: 'Decline',
      reason: 'position_filled',
    });
    await ok('POST', `/api/jobs/${jobA.id}/apply`, cal, {});
    await ok('PUT', `/api/jobs/${jobA.id}/tracking/${cal.body.user.id}`, clinicAdmin, { status: 'Hired' });

    const after = await matches();
    for (const name of ['Ana Applied', 'Ben Declined', 'Cal Hired'])
      expect(after.filter((m) => m.startsWith(name))).toEqual([]);
    // The job's next-best candidate takes the place (50 % of Cogito Analyst's skills).
    expect(after).toContain('Dee Next for Cogito Analyst');
  });

  it('is refused to job seekers', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/dashboard/referrer', ...withSession(seeker.token) })).statusCode,
    ).toBe(403);
  });
});
