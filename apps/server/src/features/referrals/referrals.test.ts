import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_MESSAGES, UNDO_WINDOW_MS } from '@referwell/shared';
import { createTestApp, postJobAs, requestsTo, type SignedUp, signUp, type TestApp } from '../../test/harness';
import { deliverHeldNotifications } from './pipeline';

let t: TestApp;
let admin: SignedUp;
let member: SignedUp;
let secondMember: SignedUp;
let otherAdmin: SignedUp;
let seeker: SignedUp;
let otherSeeker: SignedUp;
let companySlug: string;

const { call, ok } = requestsTo(() => t);

let jobCounter = 0;
async function postJob(who: SignedUp, overrides: object = {}) {
  jobCounter += 1;
  return postJobAs(t, who, {
    title: `Clinical Integration Engineer ${jobCounter}`,
    company: 'Referral Test Health',
    skills: ['FHIR', 'HL7'],
    referralBonusAmount: 2000,
    referralBonusCurrency: 'USD',
    ...overrides,
  });
}

const notificationsOf = async (who: SignedUp) =>
  (
    await ok<{ items: { title: string; message: string; type: string; referenceId: string | null }[] }>(
      'GET',
      '/api/notifications?pageSize=50',
      who,
    )
  ).items;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Referral Test Health' });
  companySlug = admin.body.company!.slug;
  const { inviteCode } = await ok<{ inviteCode: string }>(
    'GET',
    `/api/companies/${admin.body.company!.id}/team`,
    admin,
  );
  member = await signUp(t, { role: 'referrer', inviteCode, name: 'Riley Referrer' });
  secondMember = await signUp(t, { role: 'referrer', inviteCode, name: 'Sam Second' });
  otherAdmin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Elsewhere Clinic' });
  seeker = await signUp(t, { name: 'Jordan Seeker' });
  otherSeeker = await signUp(t, { name: 'Casey Other' });
});
afterAll(() => t.close());

describe('referrers of a company', () => {
  it('lists the members who take requests with their referral counts, by slug or name, for a job at that company', async () => {
    const job = await postJob(member);
    const list = await ok<{ job: { title: string }; referrers: { id: string; referralCount: number }[] }>(
      'GET',
      `/api/companies/${companySlug}/referrers?jobId=${job.id}`,
      seeker,
    );
    expect(list.job.title).toBe(job.title);
    expect(list.referrers.map((r) => r.id)).toEqual(expect.arrayContaining([admin.body.user.id, member.body.user.id]));
    const byName = await call('GET', `/api/companies/${encodeURIComponent('Referral Test Health')}/referrers`, seeker);
    expect(byName.statusCode).toBe(200);
  });

  it('hides members who opted out, and a referrer edits their own profile', async () => {
    const profile = await ok<{ title: string; skills: string[]; acceptsRequests: boolean }>(
      'PUT',
      '/api/referrers/me',
      secondMember,
      { title: 'Staff Engineer', department: 'Platform', skills: ['FHIR', ' FHIR ', ''], acceptsRequests: false },
    );
    expect(profile).toMatchObject({ title: 'Staff Engineer', skills: ['FHIR'], acceptsRequests: false });
    const list = await ok<{ referrers: { id: string }[] }>('GET', `/api/companies/${companySlug}/referrers`, seeker);
    expect(list.referrers.map((r) => r.id)).not.toContain(secondMember.body.user.id);
    expect((await call('PUT', '/api/referrers/me', seeker, {})).statusCode).toBe(403);
  });

  it("answers 'Referrer profile not found.' for someone who is not a company member", async () => {
    const res = await call('GET', `/api/referrers/${seeker.body.user.id}`, seeker);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(REFERRAL_MESSAGES.referrerNotFound);
  });

  it('needs a session for the list and the profile (finding 1: both screens are signed-in only)', async () => {
    expect((await call('GET', `/api/companies/${companySlug}/referrers`)).statusCode).toBe(401);
    expect((await call('GET', `/api/referrers/${member.body.user.id}`)).statusCode).toBe(401);
  });

  it("shows a referrer's e-mail, phone and location to themselves only, colleagues included, until they choose to show them (issue 40, finding 13)", async () => {
    await ok('PUT', '/api/referrers/me', member, { phone: '+1 555 0100', location: 'Boston, MA' });
    const url = `/api/referrers/${member.body.user.id}`;
    const contact = { email: member.body.user.email, phone: '+1 555 0100', location: 'Boston, MA' };
    for (const other of [seeker, otherAdmin, admin]) {
      const seen = await ok<Record<string, unknown>>('GET', url, other);
      expect(seen).toMatchObject({ email: null, phone: null, location: null, name: 'Riley Referrer' });
    }
    expect(await ok<Record<string, unknown>>('GET', url, member)).toMatchObject(contact);

    const shown = { phone: '+1 555 0100', location: 'Boston, MA', showContactDetails: true };
    await ok('PUT', '/api/referrers/me', member, shown);
    for (const anyone of [seeker, otherAdmin, admin, member])
      expect(await ok<Record<string, unknown>>('GET', url, anyone)).toMatchObject(contact);
    await ok('PUT', '/api/referrers/me', member, { phone: '+1 555 0100', location: 'Boston, MA' });
  });

  it('answers 404 for an unknown company', async () => {
    expect((await call('GET', '/api/companies/no-such-company/referrers', seeker)).statusCode).toBe(404);
  });
});

describe('referral requests', () => {
  it('a job seeker asks a referrer; the referrer is notified; a duplicate open request is refused', async () => {
    const job = await postJob(admin);
    const sent = await ok<{ id: string; status: string; talent: { id: string } }>(
      'POST',
      '/api/referral-requests',
      seeker,
      {
        jobId: job.id,
        referrerId: member.body.user.id,
        message: 'I would love a referral.',
      },
    );
    expect(sent).toMatchObject({ status: 'pending', talent: { id: seeker.body.user.id } });
    const notes = await notificationsOf(member);
    expect(notes).toContainEqual(expect.objectContaining({ type: 'referral_request', referenceId: sent.id }));

    const again = await call('POST', '/api/referral-requests', seeker, {
      jobId: job.id,
      referrerId: member.body.user.id,
      message: 'Again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(REFERRAL_MESSAGES.duplicateRequest);

    const received = await ok<{ id: string }[]>('GET', '/api/referral-requests?box=received', member);
    expect(received.map((r) => r.id)).toContain(sent.id);
    const mine = await ok<{ id: string }[]>('GET', '/api/referral-requests?box=sent', seeker);
    expect(mine.map((r) => r.id)).toContain(sent.id);
  });

  it('refuses a blank message, missing ids, a non-jobseeker, a referrer of another company and visitors', async () => {
    const job = await postJob(admin);
    const blank = await call('POST', '/api/referral-requests', seeker, {
      jobId: job.id,
      referrerId: member.body.user.id,
      message: '   ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.message).toBe(REFERRAL_MESSAGES.messageRequired);
    const missing = await call('POST', '/api/referral-requests', seeker, { message: 'Hi' });
    expect(missing.statusCode).toBe(400);
    const body = { jobId: job.id, referrerId: member.body.user.id, message: 'Hi' };
    expect((await call('POST', '/api/referral-requests', member, body)).statusCode).toBe(403);
    expect((await call('POST', '/api/referral-requests', undefined, body)).statusCode).toBe(401);
    const wrongCompany = await call('POST', '/api/referral-requests', seeker, {
      ...body,
      referrerId: otherAdmin.body.user.id,
    });
    expect(wrongCompany.statusCode).toBe(404);
    expect(wrongCompany.json().error.message).toBe(REFERRAL_MESSAGES.referrerUnavailable);
  });

  it('accepting creates a confirmed referral and notifies the job seeker; only the addressed referrer may answer', async () => {
    const job = await postJob(admin);
    const sent = await ok<{ id: string }>('POST', '/api/referral-requests', otherSeeker, {
      jobId: job.id,
      referrerId: member.body.user.id,
      message: 'Please refer me',
    });
    const answer = { note: 'Sharp on HL7 feeds.', relationship: 'worked_together' };
    expect((await call('POST', `/api/referral-requests/${sent.id}/accept`, admin, answer)).statusCode).toBe(404);
    expect((await call('POST', `/api/referral-requests/${sent.id}/accept`, otherSeeker, answer)).statusCode).toBe(403);
    const unsaid = await call('POST', `/api/referral-requests/${sent.id}/accept`, member, { note: 'x' });
    expect(unsaid.statusCode).toBe(400);
    const accepted = await ok<{ status: string; referralId: string }>(
      'POST',
      `/api/referral-requests/${sent.id}/accept`,
      member,
      answer,
    );
    expect(accepted.status).toBe('accepted');
    const referral = await ok<{ consent: string; status: string; referrer: { id: string }; notes: string }>(
      'GET',
      `/api/referrals/${accepted.referralId}`,
      otherSeeker,
    );
    expect(referral).toMatchObject({ consent: 'confirmed', status: 'pending', referrer: { id: member.body.user.id } });
    // The referral carries the referrer's own note; the candidate's message is kept apart, as theirs.
    expect(await ok('GET', `/api/referrals/${accepted.referralId}`, admin)).toMatchObject({
      notes: 'Sharp on HL7 feeds.',
      relationship: 'worked_together',
      candidateMessage: 'Please refer me',
      stage: 'referred',
    });
    expect(await notificationsOf(otherSeeker)).toContainEqual(
      expect.objectContaining({ type: 'referral_update', referenceId: accepted.referralId }),
    );
    const twice = await call('POST', `/api/referral-requests/${sent.id}/accept`, member, answer);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(REFERRAL_MESSAGES.requestAlreadyAnswered);
  });

  it('declining keeps the reason for the job seeker and notifies them', async () => {
    const job = await postJob(admin);
    const sent = await ok<{ id: string }>('POST', '/api/referral-requests', seeker, {
      jobId: job.id,
      referrerId: admin.body.user.id,
      message: 'Please refer me',
    });
    const declined = await ok<{ status: string; declineReason: string }>(
      'POST',
      `/api/referral-requests/${sent.id}/decline`,
      admin,
      { reason: 'We filled this role internally.' },
    );
    expect(declined).toMatchObject({ status: 'rejected', declineReason: 'We filled this role internally.' });
    const notes = await notificationsOf(seeker);
    expect(notes).toContainEqual(
      expect.objectContaining({
        type: 'referral_request_update',
        message: expect.stringContaining('filled this role'),
      }),
    );
    // A new request may be sent once the previous one is answered.
    expect(
      (
        await call('POST', '/api/referral-requests', seeker, {
          jobId: job.id,
          referrerId: admin.body.user.id,
          message: 'Trying again',
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe("contact details for the company's team", () => {
  it('show once the talent asked for a referral at the company, or confirmed being referred by it', async () => {
    const asker = await signUp(t, { name: 'Avery Asker' });
    const referred = await signUp(t, { name: 'Remy Referred' });
    const contactOf = async (talent: SignedUp) =>
      (await ok<{ contact: { email: string } | null }>('GET', `/api/talent/${talent.body.user.id}`, admin)).contact;
    expect(await contactOf(asker)).toBeNull();
    expect(await contactOf(referred)).toBeNull();

    const job = await postJob(admin);
    await ok('POST', '/api/referral-requests', asker, {
      jobId: job.id,
      referrerId: member.body.user.id,
      message: 'Hi',
    });
    expect((await contactOf(asker))?.email).toBe(asker.body.user.email);

    const referral = await ok<{ id: string }>('POST', '/api/referrals', member, {
      talentId: referred.body.user.id,
      jobId: job.id,
    });
    expect(await contactOf(referred)).toBeNull(); // not before they agree
    await ok('POST', `/api/referrals/${referral.id}/consent`, referred, { decision: 'confirm' });
    expect((await contactOf(referred))?.email).toBe(referred.body.user.email);
    // Other companies still see nothing.
    expect(
      (await ok<{ contact: unknown }>('GET', `/api/talent/${referred.body.user.id}`, otherAdmin)).contact,
    ).toBeNull();
  });
});

describe('referring a candidate', () => {
  it('creates a pending referral with the job bonus, asks the candidate for consent and refuses a second referral', async () => {
    const job = await postJob(admin, { referralBonusAmount: 3000, referralBonusCurrency: 'EUR' });
    const referral = await ok<{
      id: string;
      status: string;
      consent: string;
      talentName: string;
      bonus: { amount: number; currency: string; state: string };
      talentProfile: { referredBy: { name: string; company: string } };
      history: { to: string }[];
    }>('POST', '/api/referrals', member, { talentId: seeker.body.user.id, jobId: job.id, notes: 'Strong FHIR work' });
    expect(referral).toMatchObject({
      status: 'pending',
      consent: 'pending',
      talentName: 'Jordan Seeker',
      bonus: { amount: 3000, currency: 'EUR', state: 'awaiting_hire' },
      talentProfile: { referredBy: { name: 'Riley Referrer', company: 'Referral Test Health' } },
    });
    expect(referral.history.map((h) => h.to)).toEqual(['referred']);
    expect(await notificationsOf(seeker)).toContainEqual(
      expect.objectContaining({ type: 'referral_consent', referenceId: referral.id }),
    );
    const second = await call('POST', '/api/referrals', admin, { talentId: seeker.body.user.id, jobId: job.id });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(REFERRAL_MESSAGES.alreadyReferred);
  });

  it('refuses job seekers, other companies’ jobs, closed jobs, non-candidates and a missing position', async () => {
    const job = await postJob(admin);
    const body = { talentId: otherSeeker.body.user.id, jobId: job.id };
    expect((await call('POST', '/api/referrals', seeker, body)).statusCode).toBe(403);
    expect((await call('POST', '/api/referrals', otherAdmin, body)).statusCode).toBe(404);
    expect((await call('POST', '/api/referrals', member, { ...body, talentId: admin.body.user.id })).statusCode).toBe(
      404,
    );
    const missing = await call('POST', '/api/referrals', member, { talentId: otherSeeker.body.user.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.jobId).toBe(REFERRAL_MESSAGES.positionRequired);
    await ok('POST', `/api/jobs/${job.id}/close`, admin);
    const closed = await call('POST', '/api/referrals', member, body);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe(REFERRAL_MESSAGES.jobClosed);
  });

  it('only the candidate answers consent, once; declining stops the referral', async () => {
    const job = await postJob(admin);
    const referral = await ok<{ id: string }>('POST', '/api/referrals', member, {
      talentId: otherSeeker.body.user.id,
      jobId: job.id,
    });
    expect(
      (await call('POST', `/api/referrals/${referral.id}/consent`, member, { decision: 'confirm' })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/referrals/${referral.id}/consent`, seeker, { decision: 'confirm' })).statusCode,
    ).toBe(404);
    const declined = await ok<{ consent: string; status: string }>(
      'POST',
      `/api/referrals/${referral.id}/consent`,
      otherSeeker,
      { decision: 'decline' },
    );
    expect(declined).toMatchObject({ consent: 'declined', status: 'rejected' });
    expect(
      (await call('POST', `/api/referrals/${referral.id}/consent`, otherSeeker, { decision: 'confirm' })).statusCode,
    ).toBe(409);
    // A referral its candidate declined never reached the company: for the admin it does not exist.
    expect(
      (await call('PATCH', `/api/referrals/${referral.id}/status`, admin, { status: 'accepted' })).statusCode,
    ).toBe(404);
  });
});

describe('referral status and bonus', () => {
  it('admins change status with history and a notification for the referrer; members are refused; the bonus becomes due then paid', async () => {
    const job = await postJob(member, { referralBonusAmount: 2400 });
    const created = await ok<{ id: string }>('POST', '/api/referrals', member, {
      talentId: otherSeeker.body.user.id,
      jobId: job.id,
    });
    // Before the candidate confirms, the referral is not the company's to see or move.
    expect((await call('PATCH', `/api/referrals/${created.id}/status`, admin, { status: 'accepted' })).statusCode).toBe(
      404,
    );
    await ok('POST', `/api/referrals/${created.id}/consent`, otherSeeker, { decision: 'confirm' });
    const refusal = await call('PATCH', `/api/referrals/${created.id}/status`, member, { status: 'accepted' });
    expect(refusal.statusCode).toBe(403);
    expect(refusal.json().error.message).toBe(REFERRAL_MESSAGES.onlyAdminsUpdate);
    expect(
      (await call('PATCH', `/api/referrals/${created.id}/status`, otherAdmin, { status: 'accepted' })).statusCode,
    ).toBe(404);
    expect((await call('PATCH', `/api/referrals/${created.id}/status`, admin, { status: 'hired' })).statusCode).toBe(
      400,
    );

    const early = await call('POST', `/api/referrals/${created.id}/bonus-paid`, admin, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(REFERRAL_MESSAGES.bonusNotDue);

    const completed = await ok<{
      status: string;
      bonus: { state: string };
      history: { from: string; to: string; by: { id: string } }[];
      viewer: { canMarkBonusPaid: boolean };
    }>('PATCH', `/api/referrals/${created.id}/status`, admin, { status: 'completed', startDate: '2026-01-05' });
    expect(completed).toMatchObject({
      status: 'completed',
      bonus: { state: 'due' },
      viewer: { canMarkBonusPaid: true },
    });
    expect(completed.history.at(-1)).toMatchObject({
      from: 'referred',
      to: 'hired',
      by: { id: admin.body.user.id },
    });
    // The referrer hears of it once the undo window has passed.
    await deliverHeldNotifications(t.app.db, new Date(Date.now() + UNDO_WINDOW_MS + 1000));
    expect(await notificationsOf(member)).toContainEqual(
      expect.objectContaining({
        title: 'Referral Status Updated',
        message: 'The status for Casey Other has been updated to completed',
        type: 'referral_update',
        referenceId: created.id,
      }),
    );

    const memberView = await ok<{ viewer: { canUpdateStatus: boolean } }>(
      'GET',
      `/api/referrals/${created.id}`,
      member,
    );
    expect(memberView.viewer.canUpdateStatus).toBe(false);
    expect((await call('POST', `/api/referrals/${created.id}/bonus-paid`, member, {})).statusCode).toBe(403);

    const totalsBefore = await ok<{ bonuses: { due: unknown[] } }>('GET', '/api/referrals/totals', member);
    expect(totalsBefore.bonuses.due).toContainEqual({ currency: 'USD', amount: 2400 });

    const paid = await ok<{ bonus: { state: string; paidOn: string } }>(
      'POST',
      `/api/referrals/${created.id}/bonus-paid`,
      admin,
      {
        paidOn: '2026-11-20',
      },
    );
    expect(paid.bonus).toMatchObject({ state: 'paid', paidOn: '2026-11-20' });
    const totals = await ok<{ completed: number; bonuses: { paid: unknown[] } }>(
      'GET',
      '/api/referrals/totals',
      member,
    );
    expect(totals.completed).toBeGreaterThanOrEqual(1);
    expect(totals.bonuses.paid).toContainEqual({ currency: 'USD', amount: 2400 });
  });

  it('lists referrals by scope and status; the company scope is for admins', async () => {
    const mine = await ok<{ referrer: { id: string } }[]>('GET', '/api/referrals?scope=mine', member);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.referrer.id === member.body.user.id)).toBe(true);
    const completed = await ok<{ status: string }[]>('GET', '/api/referrals?scope=mine&status=completed', member);
    expect(completed.every((r) => r.status === 'completed')).toBe(true);
    expect((await call('GET', '/api/referrals?scope=company', member)).statusCode).toBe(403);
    expect((await ok<unknown[]>('GET', '/api/referrals?scope=company', admin)).length).toBeGreaterThan(0);
    const aboutMe = await ok<{ talentId: string }[]>('GET', '/api/referrals?scope=about-me', otherSeeker);
    expect(aboutMe.every((r) => r.talentId === otherSeeker.body.user.id)).toBe(true);
  });

  it("answers 'Referral not found' to outsiders and for unknown ids", async () => {
    const [one] = await ok<{ id: string }[]>('GET', '/api/referrals?scope=mine', member);
    const outsider = await call('GET', `/api/referrals/${one!.id}`, otherAdmin);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().error.message).toBe(REFERRAL_MESSAGES.notFound);
    expect((await call('GET', '/api/referrals/00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/referrals/${one!.id}`)).statusCode).toBe(401);
  });
});

describe('applicant tracking and comments', () => {
  it('the creator and admins track candidates and comment; other members, job seekers and other companies are refused', async () => {
    const job = await postJob(member);
    const tracked = await ok<{ status: string }>('PUT', `/api/jobs/${job.id}/tracking/${seeker.body.user.id}`, member, {
      status: 'Contacted',
    });
    expect(tracked.status).toBe('Contacted');
    await ok('PUT', `/api/jobs/${job.id}/tracking/${seeker.body.user.id}`, admin, { status: 'Interviewed' });
    const list = await ok<{ talentId: string; status: string }[]>('GET', `/api/jobs/${job.id}/tracking`, member);
    expect(list).toEqual([expect.objectContaining({ talentId: seeker.body.user.id, status: 'Interviewed' })]);
    expect(
      (await call('PUT', `/api/jobs/${job.id}/tracking/${seeker.body.user.id}`, member, { status: 'Lunch' }))
        .statusCode,
    ).toBe(400);

    const comment = await ok<{ body: string; author: { name: string } }>(
      'POST',
      `/api/jobs/${job.id}/comments`,
      admin,
      {
        body: '  Strong pipeline this week.  ',
      },
    );
    expect(comment).toMatchObject({ body: 'Strong pipeline this week.', author: { name: admin.body.user.name } });
    const blank = await call('POST', `/api/jobs/${job.id}/comments`, member, { body: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.body).toBe(REFERRAL_MESSAGES.commentRequired);
    expect((await ok<unknown[]>('GET', `/api/jobs/${job.id}/comments`, member)).length).toBe(1);

    for (const outsider of [secondMember, seeker, otherAdmin]) {
      expect((await call('GET', `/api/jobs/${job.id}/tracking`, outsider)).statusCode).toBe(403);
      expect((await call('GET', `/api/jobs/${job.id}/comments`, outsider)).statusCode).toBe(403);
      expect((await call('POST', `/api/jobs/${job.id}/comments`, outsider, { body: 'hi' })).statusCode).toBe(403);
    }
    expect((await call('GET', `/api/jobs/${job.id}/comments`)).statusCode).toBe(401);
  });
});
