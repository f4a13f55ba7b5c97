import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobApplication, JobShareLink } from '@referwell/shared';
import { candidatePipelines, referrals } from '../../db/schema';
import { createTestApp, signUp, withSession, type SignedUp, type TestApp, postJobAs } from '../../test/harness';
import { fakeWebDist } from '../../test/web-dist';
import { SHARED_LINK_COOKIE } from './shared-links';

let t: TestApp;
let admin: SignedUp;
let member: SignedUp;
let otherAdmin: SignedUp;
const ORIGIN = 'https://referwell.example';

async function postJob(who: SignedUp, title = 'Shared Link Engineer') {
  const job = await postJobAs(t, who, {
    title,
    location: 'Boston, MA',
    description: 'Build the clinical data platform.',
    salary: '$120,000 - $150,000 per year',
    referralBonusAmount: 2000,
  });
  return job.id;
}

const shareLink = async (who: SignedUp, jobId: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/share-link`, ...withSession(who.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<JobShareLink>();
};

/** A visitor opens the link: the signed cookie the page sets, as the browser would send it back. */
async function arrive(url: string): Promise<string | null> {
  const { pathname, search } = new URL(url);
  const res = await t.app.inject({ method: 'GET', url: `${pathname}${search}` });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === SHARED_LINK_COOKIE);
  return cookie?.value ?? null;
}

async function apply(seeker: SignedUp, jobId: string, sharedCookie: string | null) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/jobs/${jobId}/apply`,
    cookies: { rw_session: seeker.token, ...(sharedCookie ? { [SHARED_LINK_COOKIE]: sharedCookie } : {}) },
    payload: {},
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function pipelineOf(jobId: string, talentId: string) {
  const [pipeline] = await t.app.db
    .select({ source: candidatePipelines.source, stage: candidatePipelines.stage })
    .from(candidatePipelines)
    .where(and(eq(candidatePipelines.jobId, jobId), eq(candidatePipelines.talentId, talentId)));
  const [referral] = await t.app.db
    .select()
    .from(referrals)
    .where(and(eq(referrals.jobId, jobId), eq(referrals.talentId, talentId)));
  return { pipeline, referral };
}

const applications = async (jobId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/applications`, ...withSession(admin.token) })).json<
    JobApplication[]
  >();

beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST_DIR: fakeWebDist(), PUBLIC_URL: ORIGIN } });
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Shared Link Health' });
  const team = await t.app.inject({
    method: 'GET',
    url: `/api/companies/${admin.body.company!.id}/team`,
    ...withSession(admin.token),
  });
  member = await signUp(t, {
    role: 'referrer',
    inviteCode: team.json<{ inviteCode: string }>().inviteCode,
    name: 'Riley Referrer',
  });
  otherAdmin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Elsewhere Clinic' });
});
afterAll(() => t.close());

describe('share a job', () => {
  it("gives a member of the job's company the link with their referral code, kept; others the plain link", async () => {
    const jobId = await postJob(admin);
    const first = await shareLink(member, jobId);
    expect(first.referralCode).toMatch(/^REF[A-Z0-9]{8}$/);
    expect(first.url).toBe(`${ORIGIN}/job/${jobId}?ref=${first.referralCode}`);
    expect((await shareLink(member, jobId)).referralCode).toBe(first.referralCode);
    expect((await shareLink(admin, jobId)).referralCode).not.toBe(first.referralCode);
    const seeker = await signUp(t);
    expect(await shareLink(seeker, jobId)).toEqual({ url: `${ORIGIN}/job/${jobId}`, referralCode: null });
    expect(await shareLink(otherAdmin, jobId)).toEqual({ url: `${ORIGIN}/job/${jobId}`, referralCode: null });
    expect((await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/share-link` })).statusCode).toBe(401);
  });

  it('refers a job seeker who arrives through the link, signs up and applies; the source is the shared link', async () => {
    const jobId = await postJob(admin);
    const { url } = await shareLink(member, jobId);
    const cookie = await arrive(url);
    expect(cookie).toBeTruthy();
    const seeker = await signUp(t, { name: 'Sam Seeker' });
    await apply(seeker, jobId, cookie);

    const { pipeline, referral } = await pipelineOf(jobId, seeker.body.user.id);
    expect(pipeline?.source).toBe('shared_link');
    expect(referral).toMatchObject({ referrerId: member.body.user.id, consent: 'confirmed', bonusAmount: 2000 });
    const [application] = await applications(jobId);
    expect(application).toMatchObject({ name: 'Sam Seeker', referredBy: { name: 'Riley Referrer' } });
  });

  it('attributes nothing without the link, for another job, a forged cookie or a code from another company', async () => {
    const jobId = await postJob(admin);
    const otherJob = await postJob(admin, 'Another Role');
    const cookie = await arrive((await shareLink(member, otherJob)).url);
    const outsider = await shareLink(otherAdmin, await postJob(otherAdmin));
    expect(outsider.referralCode).toBeTruthy();
    const cases: (string | null)[] = [null, cookie, `${jobId}.${(await shareLink(member, jobId)).referralCode}`];
    for (const sharedCookie of cases) {
      const seeker = await signUp(t);
      await apply(seeker, jobId, sharedCookie);
      const { pipeline, referral } = await pipelineOf(jobId, seeker.body.user.id);
      expect(pipeline?.source).toBe('direct');
      expect(referral).toBeUndefined();
    }
    // A code of another company's admin arrives on this company's job: a plain application.
    const outsiderCookie = await arrive(`${ORIGIN}/job/${jobId}?ref=${outsider.referralCode}`);
    const seeker = await signUp(t);
    await apply(seeker, jobId, outsiderCookie);
    expect((await pipelineOf(jobId, seeker.body.user.id)).pipeline?.source).toBe('direct');
  });

  it('keeps the first referrer when the applicant was already referred', async () => {
    const jobId = await postJob(admin);
    const seeker = await signUp(t);
    const referred = await t.app.inject({
      method: 'POST',
      url: '/api/referrals',
      ...withSession(admin.token),
      payload: { jobId, talentId: seeker.body.user.id },
    });
    expect(referred.statusCode, referred.body).toBe(201);
    await apply(seeker, jobId, await arrive((await shareLink(member, jobId)).url));
    const { pipeline, referral } = await pipelineOf(jobId, seeker.body.user.id);
    expect(pipeline?.source).toBe('referral');
    expect(referral?.referrerId).toBe(admin.body.user.id);
  });
});
