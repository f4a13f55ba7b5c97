import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_MESSAGES, TRACKING_STATUSES, UNDO_WINDOW_MS, type TrackingStatus } from '@referwell/shared';
import { createTestApp, requestsTo, type SignedUp, signUp, type TestApp } from '../../test/harness';
import { deliverHeldNotifications } from './pipeline';

let t: TestApp;
let admin: SignedUp;
let member: SignedUp;
let otherAdmin: SignedUp;
let seekers: SignedUp[] = [];

const { call, ok } = requestsTo(() => t);

interface ReferralView {
  id: string;
  status: string;
  stage: string;
  bonus?: { state: string } | null;
  history?: { from: string | null; to: string }[];
  undoable?: { id: string } | null;
  viewer: { role: string; canAnswerConsent: boolean };
}
interface Entry {
  talentId: string;
  stage: string;
  status: string | null;
  referral: { id: string; status: string; referrerName: string; relationship: string | null } | null;
  undoable?: { id: string; undoUntil: string } | null;
}

let seekerIndex = 0;
/** A job by the member (its creator), a fresh job seeker referred by the member who confirms and applies. */
async function referredApplicant(bonus: number | null = 2500) {
  const job = await ok<{ id: string }>('POST', '/api/jobs', member, {
    title: `Interface Analyst ${seekerIndex}`,
    company: 'Pipeline Health',
    location: 'Remote',
    employmentType: 'full-time',
    description: 'Interfaces.',
    requirements: 'HL7.',
    ...(bonus === null ? {} : { referralBonusAmount: bonus, referralBonusCurrency: 'USD' }),
  });
  const seeker = seekers[seekerIndex++]!;
  const referral = await ok<ReferralView>('POST', '/api/referrals', member, {
    talentId: seeker.body.user.id,
    jobId: job.id,
    notes: 'Great on feeds',
    relationship: 'worked_together',
  });
  await ok('POST', `/api/referrals/${referral.id}/consent`, seeker, { decision: 'confirm' });
  await ok('POST', `/api/jobs/${job.id}/apply`, seeker);
  return { job, seeker, referral };
}

/** A decline always says why (the referrer is told the category). */
const why = (declining: boolean) => (declining ? { reason: 'position_filled' } : {});
const track = (jobId: string, talentId: string, status: TrackingStatus, who = admin) =>
  ok<Entry>('PUT', `/api/jobs/${jobId}/tracking/${talentId}`, who, { status, ...why(status === 'Decline') });
const setStatus = (id: string, status: string, who = admin) =>
  ok<ReferralView>('PATCH', `/api/referrals/${id}/status`, who, { status, ...why(status === 'rejected') });
const readReferral = (id: string, who = admin) => ok<ReferralView>('GET', `/api/referrals/${id}`, who);
const pastWindow = () => deliverHeldNotifications(t.app.db, new Date(Date.now() + UNDO_WINDOW_MS + 1000));
const notificationsOf = async (who: SignedUp) =>
  // One page of the most there can be: a delivery gives many notifications one time, so the newest 20 may not hold it.
  (
    await ok<{ items: { title: string; message: string; referenceId: string }[] }>(
      'GET',
      '/api/notifications?pageSize=100',
      who,
    )
  ).items;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Pipeline Health' });
  const { inviteCode } = await ok<{ inviteCode: string }>(
    'GET',
    `/api/companies/${admin.body.company!.id}/team`,
    admin,
  );
  member = await signUp(t, {
    name: 'Riley Referrer',
    role: 'referrer',
    companyType: 'join',
    companyName: 'Pipeline Health',
    inviteCode,
  });
  otherAdmin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Elsewhere Clinic' });
  seekers = [];
  for (let i = 0; i < 12; i++) seekers.push(await signUp(t, { name: `Seeker ${i}` }));
});
afterAll(() => t.close());

describe('stage → referral → bonus (Talent Tracking moves the referral)', () => {
  it('walks every tracking status and shows the referral and bonus each one means', async () => {
    const { job, seeker, referral } = await referredApplicant();
    const expected: Record<TrackingStatus, [string, string]> = {
      Contacted: ['accepted', 'awaiting_hire'],
      Scheduled: ['accepted', 'awaiting_hire'],
      Interviewed: ['accepted', 'awaiting_hire'],
      Offer: ['accepted', 'awaiting_hire'],
      Hired: ['completed', 'due'],
      Decline: ['rejected', 'void'],
    };
    for (const status of TRACKING_STATUSES) {
      const entry = await track(job.id, seeker.body.user.id, status);
      expect(entry).toMatchObject({ status, referral: { id: referral.id, status: expected[status][0] } });
      const view = await readReferral(referral.id);
      expect([view.status, view.bonus?.state]).toEqual(expected[status]);
    }
    // Back from Decline to Hired: the void bonus is due again.
    await track(job.id, seeker.body.user.id, 'Hired');
    expect((await readReferral(referral.id)).bonus?.state).toBe('due');
    const history = (await readReferral(referral.id)).history!.map((h) => h.to);
    expect(history).toEqual([
      'referred',
      'contacted',
      'scheduled',
      'interviewed',
      'offer',
      'hired',
      'declined',
      'hired',
    ]);
  });

  it('marks a referred applicant "Referred by" in Applications and Talent Tracking', async () => {
    const { job, seeker } = await referredApplicant();
    const applications = await ok<{ userId: string; referredBy: { name: string } | null; status: string }[]>(
      'GET',
      `/api/jobs/${job.id}/applications`,
      member,
    );
    expect(applications).toEqual([
      expect.objectContaining({
        userId: seeker.body.user.id,
        status: 'referred',
        referredBy: expect.objectContaining({ name: 'Riley Referrer' }),
      }),
    ]);
    const tracking = await ok<Entry[]>('GET', `/api/jobs/${job.id}/tracking`, member);
    expect(tracking[0]!.referral).toMatchObject({ referrerName: 'Riley Referrer', relationship: 'worked_together' });
  });

  it('keeps a job without a bonus not eligible whatever the stage', async () => {
    const { job, seeker, referral } = await referredApplicant(null);
    await track(job.id, seeker.body.user.id, 'Hired');
    expect(await readReferral(referral.id)).toMatchObject({ status: 'completed', bonus: null });
  });
});

describe('referral status → stage (admins only)', () => {
  it('moves the stage for every status and the bonus with it; a paid bonus stays paid', async () => {
    const { job, referral } = await referredApplicant();
    const steps: [string, string, string][] = [
      ['accepted', 'contacted', 'awaiting_hire'],
      ['completed', 'hired', 'due'],
      ['rejected', 'declined', 'void'],
      ['pending', 'referred', 'awaiting_hire'],
      ['completed', 'hired', 'due'],
    ];
    for (const [status, stage, bonus] of steps) {
      const view = await setStatus(referral.id, status);
      expect([view.status, view.stage, view.bonus?.state]).toEqual([status, stage, bonus]);
    }
    const tracking = await ok<Entry[]>('GET', `/api/jobs/${job.id}/tracking`, admin);
    expect(tracking[0]).toMatchObject({ stage: 'hired', status: 'Hired' });
    // Hired without a start date: due the payout delay after today; the start date given later makes it due now.
    await ok('PUT', `/api/referrals/${referral.id}/start-date`, admin, { startDate: '2026-01-05' });
    await ok('POST', `/api/referrals/${referral.id}/bonus-paid`, admin, {});
    const reopened = await setStatus(referral.id, 'accepted');
    expect([reopened.stage, reopened.bonus?.state]).toEqual(['contacted', 'paid']);
  });

  it('keeps a later stage when the status already says it (accepting at Interviewed)', async () => {
    const { job, seeker, referral } = await referredApplicant();
    await track(job.id, seeker.body.user.id, 'Interviewed');
    expect((await setStatus(referral.id, 'accepted')).stage).toBe('interviewed');
  });

  it('refuses members, other companies and job seekers, in both directions', async () => {
    const { job, seeker, referral } = await referredApplicant();
    const asMember = await call('PATCH', `/api/referrals/${referral.id}/status`, member, { status: 'completed' });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().error.message).toBe(REFERRAL_MESSAGES.onlyAdminsUpdate);
    expect(
      (await call('PATCH', `/api/referrals/${referral.id}/status`, otherAdmin, { status: 'completed' })).statusCode,
    ).toBe(404);
    expect(
      (await call('PATCH', `/api/referrals/${referral.id}/status`, seeker, { status: 'completed' })).statusCode,
    ).toBe(403);
    // The job's creator tracks candidates, but a move that changes a referral is for admins.
    const creatorHire = await call('PUT', `/api/jobs/${job.id}/tracking/${seeker.body.user.id}`, member, {
      status: 'Hired',
    });
    expect(creatorHire.statusCode).toBe(403);
    expect(creatorHire.json().error.message).toBe(REFERRAL_MESSAGES.stageNeedsAdmin);
    for (const outsider of [otherAdmin, seeker])
      expect(
        (await call('PUT', `/api/jobs/${job.id}/tracking/${seeker.body.user.id}`, outsider, { status: 'Hired' }))
          .statusCode,
      ).toBe(403);
    expect(await readReferral(referral.id)).toMatchObject({ status: 'pending', stage: 'referred' });
  });
});

describe('undo before notifications go out', () => {
  it('holds the referrer notification for the undo window, then sends it', async () => {
    const { job, seeker, referral } = await referredApplicant();
    await track(job.id, seeker.body.user.id, 'Hired');
    const held = (await notificationsOf(member)).filter((n) => n.referenceId === referral.id);
    expect(held.filter((n) => n.title === REFERRAL_MESSAGES.notificationTitle)).toHaveLength(0);
    // Delivering what is due (earlier tests' changes may be, on a slow machine) leaves this one held: still inside
    // its window.
    await deliverHeldNotifications(t.app.db);
    expect(
      (await notificationsOf(member)).filter(
        (n) => n.referenceId === referral.id && n.title === REFERRAL_MESSAGES.notificationTitle,
      ),
    ).toHaveLength(0);
    await pastWindow();
    expect(await notificationsOf(member)).toContainEqual(
      expect.objectContaining({
        referenceId: referral.id,
        message: REFERRAL_MESSAGES.notification(seeker.body.user.name, 'completed'),
      }),
    );
  });

  it('undo restores stage, referral and bonus and cancels the notification; only its author, only once', async () => {
    const { job, seeker, referral } = await referredApplicant();
    const entry = await track(job.id, seeker.body.user.id, 'Hired');
    expect(entry.undoable).toBeTruthy();
    expect((await readReferral(referral.id)).undoable?.id).toBe(entry.undoable!.id);
    const url = `/api/pipeline-changes/${entry.undoable!.id}/undo`;
    expect((await call('POST', url, otherAdmin)).statusCode).toBe(404);
    expect((await call('POST', url, member)).statusCode).toBe(404);
    expect((await call('POST', url, admin)).statusCode).toBe(204);
    expect(await readReferral(referral.id)).toMatchObject({
      status: 'pending',
      stage: 'referred',
      bonus: { state: 'awaiting_hire' },
    });
    expect((await readReferral(referral.id)).history!.map((h) => h.to)).toEqual(['referred']);
    const again = await call('POST', url, admin);
    expect(again.statusCode).toBe(409);
    await pastWindow();
    expect((await notificationsOf(member)).filter((n) => n.referenceId === referral.id)).toEqual([
      expect.objectContaining({ title: 'Referral confirmed by candidate' }),
    ]);
  });

  it('cannot undo once the notification went out', async () => {
    const { referral } = await referredApplicant();
    const changed = await setStatus(referral.id, 'accepted');
    await pastWindow();
    const late = await call('POST', `/api/pipeline-changes/${changed.undoable!.id}/undo`, admin);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(REFERRAL_MESSAGES.undoExpired);
    expect((await readReferral(referral.id)).status).toBe('accepted');
  });
});

describe("the candidate's view of a referral", () => {
  it("shows job, referrer, the note meant for them and consent; never the team's note, the bonus or internal fields", async () => {
    const job = await ok<{ id: string }>('POST', '/api/jobs', member, {
      title: 'Consent Analyst',
      company: 'Pipeline Health',
      location: 'Remote',
      employmentType: 'full-time',
      description: 'x',
      requirements: 'y',
      referralBonusAmount: 2500,
      referralBonusCurrency: 'USD',
    });
    const seeker = seekers[seekerIndex++]!;
    const created = await ok<{ id: string }>('POST', '/api/referrals', member, {
      talentId: seeker.body.user.id,
      jobId: job.id,
      notes: 'Strong on interfaces, a bit junior on FHIR.',
      candidateNote: 'You would love this team.',
    });
    const res = await call('GET', `/api/referrals/${created.id}`, seeker);
    const body = res.json() as Record<string, unknown>;
    expect(body).toMatchObject({
      jobTitle: 'Consent Analyst',
      referrer: { name: 'Riley Referrer' },
      notes: null,
      candidateNote: 'You would love this team.',
      viewer: { role: 'candidate', canAnswerConsent: true, canUpdateStatus: false, canMarkBonusPaid: false },
    });
    expect(res.body).not.toContain('a bit junior');
    for (const hidden of ['bonus', 'talentProfile', 'history', 'undoable']) expect(body).not.toHaveProperty(hidden);
    // The amount must not appear as a value anywhere (ids and timestamps may hold the digits 2500).
    expect(res.body).not.toMatch(/(?<![\w.-])2500(?![\w.-])/);

    const forYou = await ok<Record<string, unknown>[]>('GET', '/api/referrals?scope=about-me', seeker);
    expect(forYou[0]).toMatchObject({ id: created.id, consent: 'pending', notes: null });
    expect(forYou[0]).not.toHaveProperty('bonus');
    const dashboard = await ok<{ myJobs: Record<string, unknown>[] }>('GET', '/api/dashboard/jobseeker', seeker);
    expect(dashboard.myJobs[0]).toMatchObject({
      state: 'referral_to_confirm',
      referral: { id: created.id, consent: 'pending' },
    });
    expect(JSON.stringify(dashboard.myJobs)).not.toMatch(/bonus/i);

    const confirmed = await ok<ReferralView>('POST', `/api/referrals/${created.id}/consent`, seeker, {
      decision: 'confirm',
    });
    expect(confirmed.viewer.canAnswerConsent).toBe(false);
    expect(confirmed).not.toHaveProperty('bonus');
    expect((await readReferral(created.id, member)).viewer.role).toBe('referrer');
  });

  it('a candidate who declines a referral they did not apply through is withdrawn', async () => {
    const job = await ok<{ id: string }>('POST', '/api/jobs', member, {
      title: 'Decline Analyst',
      company: 'Pipeline Health',
      location: 'Remote',
      employmentType: 'full-time',
      description: 'x',
      requirements: 'y',
      referralBonusAmount: 1000,
      referralBonusCurrency: 'USD',
    });
    const seeker = seekers[seekerIndex++]!;
    const created = await ok<{ id: string }>('POST', '/api/referrals', member, {
      talentId: seeker.body.user.id,
      jobId: job.id,
    });
    await ok('POST', `/api/referrals/${created.id}/consent`, seeker, { decision: 'decline' });
    // Its referrer sees where it ended; the company never saw it.
    expect((await call('GET', `/api/referrals/${created.id}`, admin)).statusCode).toBe(404);
    expect(await readReferral(created.id, member)).toMatchObject({
      status: 'rejected',
      stage: 'withdrawn',
      bonus: { state: 'void' },
    });
  });
});
