import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_JOBS_MESSAGES, NOTIFICATION_TYPES_COMPANY, type CompanyJobsResponse } from '@referwell/shared';
import { createTestApp, postJobAs, requestsTo, type SignedUp, signUp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: SignedUp;
let secondAdmin: SignedUp;
let member: SignedUp;
let otherAdmin: SignedUp;
let seekers: SignedUp[];

const { call, ok } = requestsTo(() => t);

const postJob = (who: SignedUp, title: string) =>
  postJobAs(t, who, {
    title,
    company: 'Board Test Health',
    location: 'Boston, MA',
    description: 'Build the clinical data platform.',
    salary: '$120,000 - $150,000 per year',
  });

const board = (who: SignedUp, query = '') => ok<CompanyJobsResponse>('GET', `/api/company/jobs${query}`, who);
const rowOf = (list: CompanyJobsResponse, id: string) => list.items.find((j) => j.id === id);

async function notificationsOf(who: SignedUp) {
  const list = await ok<{ items: { title: string; message: string; type: string; referenceId: string }[] }>(
    'GET',
    '/api/notifications?pageSize=50',
    who,
  );
  return list.items;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Board Test Health' });
  const companyId = admin.body.company!.id;
  const { inviteCode } = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
  member = await signUp(t, { role: 'referrer', inviteCode, name: 'Morgan Member' });
  secondAdmin = await signUp(t, { role: 'referrer', inviteCode, name: 'Avery Admin' });
  await ok('PATCH', `/api/companies/${companyId}/members/${secondAdmin.body.user.id}`, admin, { role: 'Admin' });
  otherAdmin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Elsewhere Clinic' });
  seekers = [
    await signUp(t, { name: 'Jordan Seeker' }),
    await signUp(t, { name: 'Casey Seeker' }),
    await signUp(t, { name: 'Riley Seeker' }),
  ];
});
afterAll(() => t.close());

describe('the company jobs board', () => {
  it('counts applicants, referrals and what is new since the member last opened the job', async () => {
    const job = await postJob(admin, 'Interface Analyst');
    const quiet = await postJob(member, 'Quiet Role');
    await ok('POST', `/api/jobs/${job.id}/apply`, seekers[0]);
    await ok('POST', `/api/jobs/${job.id}/apply`, seekers[1], { note: 'I built HL7 feeds at two hospitals.' });
    await ok('POST', '/api/referrals', member, { jobId: job.id, talentId: seekers[2]!.body.user.id });

    const first = await board(admin);
    expect(rowOf(first, job.id)).toMatchObject({
      title: 'Interface Analyst',
      status: 'OPEN',
      applicantCount: 2,
      referralCount: 1,
      newApplicants: 2,
      newReferrals: 1,
      lastVisitedAt: null,
      canManage: true,
      postedBy: { id: admin.body.user.id },
    });
    expect(rowOf(first, quiet.id)).toMatchObject({ applicantCount: 0, referralCount: 0, newApplicants: 0 });

    await ok('POST', `/api/jobs/${job.id}/visit`, admin);
    const afterVisit = rowOf(await board(admin), job.id)!;
    expect(afterVisit).toMatchObject({ applicantCount: 2, newApplicants: 0, newReferrals: 0 });
    expect(afterVisit.lastVisitedAt).not.toBeNull();

    await ok('POST', `/api/jobs/${quiet.id}/apply`, seekers[0]);
    // (seekers[0] applied to this job directly, so a referral of them would not count: a new candidate instead)
    const late = await signUp(t, { name: 'Taylor Seeker' });
    await ok('POST', `/api/referrals`, admin, { jobId: job.id, talentId: late.body.user.id });
    expect(rowOf(await board(admin), job.id)).toMatchObject({ referralCount: 2, newApplicants: 0, newReferrals: 1 });
    // Visits are per member: the member has not opened this job, so everything is still new to them.
    expect(rowOf(await board(member), job.id)).toMatchObject({ newApplicants: 2, newReferrals: 2, canManage: false });
    expect(rowOf(await board(member), quiet.id)).toMatchObject({ newApplicants: 1, canManage: true });
  });

  it('filters by status and title, pages, and counts jobs per status over the whole company', async () => {
    const closed = await postJob(admin, 'Closed Pharmacist Role');
    await ok('PUT', `/api/jobs/${closed.id}/status`, admin, { status: 'CLOSED' });
    const open = await board(admin, '?status=OPEN');
    expect(open.items.every((j) => j.status === 'OPEN')).toBe(true);
    expect(open.items.map((j) => j.id)).not.toContain(closed.id);
    const closedOnly = await board(admin, '?status=CLOSED');
    expect(closedOnly.items.map((j) => j.title)).toEqual(['Closed Pharmacist Role']);
    expect(closedOnly.statusCounts).toMatchObject({ CLOSED: 1, OPEN: open.total, DRAFT: 0, FILLED: 0 });

    const search = await board(admin, `?q=${encodeURIComponent('pharm')}`);
    expect(search.items.map((j) => j.title)).toEqual(['Closed Pharmacist Role']);
    expect((await board(admin, `?q=${encodeURIComponent('100%_')}`)).items).toEqual([]);

    const page1 = await board(admin, '?pageSize=1');
    const page2 = await board(admin, '?pageSize=1&page=2');
    expect(page1.total).toBeGreaterThanOrEqual(3);
    expect(page1.totalPages).toBe(page1.total);
    expect(page1.items[0]!.id).not.toBe(page2.items[0]!.id);
    expect((await call('GET', '/api/company/jobs?status=ARCHIVED', admin)).statusCode).toBe(400);
  });

  it('lets the job creator and admins close and reopen; other members and other companies are refused', async () => {
    const job = await postJob(member, 'Care Coordinator');
    expect((await call('PUT', `/api/jobs/${job.id}/status`, seekers[0], { status: 'CLOSED' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/jobs/${job.id}/status`, otherAdmin, { status: 'CLOSED' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/jobs/${job.id}/status`, undefined, { status: 'CLOSED' })).statusCode).toBe(401);
    expect((await call('PUT', `/api/jobs/${job.id}/status`, admin, { status: 'DRAFT' })).statusCode).toBe(400);

    const closed = await ok<{ status: string }>('PUT', `/api/jobs/${job.id}/status`, admin, { status: 'CLOSED' });
    expect(closed.status).toBe('CLOSED');
    expect((await call('POST', `/api/jobs/${job.id}/apply`, seekers[1])).statusCode).toBe(409);
    const reopened = await ok<{ status: string }>('PUT', `/api/jobs/${job.id}/status`, member, { status: 'OPEN' });
    expect(reopened.status).toBe('OPEN');
    await ok('PUT', `/api/jobs/${job.id}/status`, secondAdmin, { status: 'FILLED' });
    expect(rowOf(await board(admin, '?status=FILLED'), job.id)?.status).toBe('FILLED');

    const adminJob = await postJob(admin, 'Admin Only Role');
    expect((await call('PUT', `/api/jobs/${adminJob.id}/status`, member, { status: 'CLOSED' })).statusCode).toBe(403);
  });

  it('keeps a draft to the company team until it is published', async () => {
    const res = await call('POST', '/api/jobs?draft=true', member, {
      title: 'Draft Scribe Role',
      company: 'Board Test Health',
      location: 'Remote',
      employmentType: 'contract',
      description: 'Not ready yet.',
      requirements: 'Typing.',
    });
    expect(res.statusCode).toBe(201);
    const draft = res.json();
    expect(draft.status).toBe('DRAFT');
    expect((await call('GET', `/api/jobs/${draft.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/jobs/${draft.id}`, seekers[0])).statusCode).toBe(404);
    expect((await call('GET', `/api/jobs/${draft.id}`, otherAdmin)).statusCode).toBe(404);
    expect((await call('GET', `/api/jobs/${draft.id}`, admin)).statusCode).toBe(200);
    expect((await call('POST', `/api/jobs/${draft.id}/apply`, seekers[0])).statusCode).toBe(404);
    expect(rowOf(await board(admin, '?status=DRAFT'), draft.id)).toMatchObject({ status: 'DRAFT' });

    await ok('PUT', `/api/jobs/${draft.id}/status`, member, { status: 'OPEN' });
    expect((await call('GET', `/api/jobs/${draft.id}`, seekers[0])).statusCode).toBe(200);
  });

  it('is for company members only: job seekers and visitors are refused, other companies see only their own', async () => {
    const seekerRes = await call('GET', '/api/company/jobs', seekers[0]);
    expect(seekerRes.statusCode).toBe(403);
    expect(seekerRes.json().error.message).toBe(COMPANY_JOBS_MESSAGES.notAllowed);
    expect((await call('GET', '/api/company/jobs')).statusCode).toBe(401);

    const own = await postJob(otherAdmin, 'Elsewhere Nurse');
    const other = await board(otherAdmin);
    expect(other.items.map((j) => j.id)).toEqual([own.id]);
    const ours = await board(admin);
    expect(ours.items.map((j) => j.id)).not.toContain(own.id);

    expect((await call('POST', `/api/jobs/${own.id}/visit`, admin)).statusCode).toBe(403);
    expect((await call('POST', `/api/jobs/${own.id}/visit`, seekers[0])).statusCode).toBe(403);
    expect((await call('POST', `/api/jobs/00000000-0000-4000-8000-000000000000/visit`, admin)).statusCode).toBe(404);
  });
});

describe("the hiring team's notifications", () => {
  it("a new application notifies the job's creator and every admin, with the applicant's note kept for them", async () => {
    const job = await postJob(member, 'Telehealth Nurse');
    await ok('POST', `/api/jobs/${job.id}/apply`, seekers[0], { note: '  Night shifts suit me.  ' });

    for (const who of [member, admin, secondAdmin]) {
      const mine = (await notificationsOf(who)).filter((n) => n.referenceId === job.id);
      expect(mine).toEqual([
        expect.objectContaining({
          type: NOTIFICATION_TYPES_COMPANY.application,
          title: 'New Application',
          message: 'Jordan Seeker applied for Telehealth Nurse.',
        }),
      ]);
    }
    expect((await notificationsOf(otherAdmin)).some((n) => n.referenceId === job.id)).toBe(false);

    const applications = await ok<{ userId: string; note: string | null }[]>(
      'GET',
      `/api/jobs/${job.id}/applications`,
      member,
    );
    expect(applications).toEqual([
      expect.objectContaining({ userId: seekers[0]!.body.user.id, note: 'Night shifts suit me.' }),
    ]);
  });

  it('refuses an over-long note without storing the application', async () => {
    const job = await postJob(admin, 'Note Length Role');
    const res = await call('POST', `/api/jobs/${job.id}/apply`, seekers[1], { note: 'x'.repeat(1001) });
    expect(res.statusCode).toBe(400);
    expect(await ok<unknown[]>('GET', `/api/jobs/${job.id}/applications`, admin)).toEqual([]);
  });

  it('a new referral notifies the creator and admins but never the referrer themself', async () => {
    const job = await postJob(member, 'Revenue Cycle Analyst');
    const referral = await ok<{ id: string }>('POST', '/api/referrals', member, {
      jobId: job.id,
      talentId: seekers[1]!.body.user.id,
    });
    // The team hears of a referral once its candidate confirmed it.
    const about = async (who: SignedUp) =>
      (await notificationsOf(who)).filter(
        (n) => n.referenceId === referral.id && n.type === NOTIFICATION_TYPES_COMPANY.referral,
      );
    expect(await about(admin)).toEqual([]);
    await ok('POST', `/api/referrals/${referral.id}/consent`, seekers[1]!, { decision: 'confirm' });
    expect(await about(member)).toEqual([]);
    for (const who of [admin, secondAdmin]) {
      expect(await about(who)).toEqual([
        expect.objectContaining({
          title: 'New Referral',
          message: 'Morgan Member referred Casey Seeker for Revenue Cycle Analyst.',
        }),
      ]);
    }

    const byAdmin = await ok<{ id: string }>('POST', '/api/referrals', admin, {
      jobId: job.id,
      talentId: seekers[2]!.body.user.id,
    });
    await ok('POST', `/api/referrals/${byAdmin.id}/consent`, seekers[2]!, { decision: 'confirm' });
    const teamNotes = async (who: SignedUp) =>
      (await notificationsOf(who)).filter(
        (n) => n.referenceId === byAdmin.id && n.type === NOTIFICATION_TYPES_COMPANY.referral,
      );
    expect(await teamNotes(admin)).toEqual([]);
    expect(await teamNotes(member)).toHaveLength(1);
    expect(await teamNotes(secondAdmin)).toHaveLength(1);
  });
});

describe('referrer contact details', () => {
  it('are hidden from job seekers unless the referrer opts in; the referrer always sees their own', async () => {
    await ok('PUT', '/api/referrers/me', member, { title: 'Nurse Lead', phone: '+1 555 0100' });
    const hidden = await ok<{ email: string | null; phone: string | null; showContactDetails: boolean }>(
      'GET',
      `/api/referrers/${member.body.user.id}`,
      seekers[0],
    );
    expect(hidden).toMatchObject({ email: null, phone: null, showContactDetails: false });
    const own = await ok<{ email: string | null; phone: string | null }>(
      'GET',
      `/api/referrers/${member.body.user.id}`,
      member,
    );
    expect(own).toMatchObject({ email: member.body.user.email, phone: '+1 555 0100' });

    await ok('PUT', '/api/referrers/me', member, {
      title: 'Nurse Lead',
      phone: '+1 555 0100',
      showContactDetails: true,
    });
    const shown = await ok<{ email: string | null; phone: string | null }>(
      'GET',
      `/api/referrers/${member.body.user.id}`,
      seekers[0],
    );
    expect(shown).toMatchObject({ email: member.body.user.email, phone: '+1 555 0100' });
  });

  it('are hidden for a referrer who never saved a profile', async () => {
    const profile = await ok<{ email: string | null }>('GET', `/api/referrers/${secondAdmin.body.user.id}`, seekers[0]);
    expect(profile.email).toBeNull();
  });
});
