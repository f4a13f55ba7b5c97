import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_MESSAGES, REQUEST_CLOSED_FOR_REFERRER } from '@referwell/shared';
import { selectRows } from '../../db/repository';
import {
  createTestApp,
  multipartFile,
  requestsTo,
  signUp,
  withSession,
  type SignedUp,
  type TestApp,
} from '../../test/harness';
import { linkIn } from '../../test/mail';
import { drainQueue } from '../../test/queue';
import { freePort, TestSmtp } from '../../test/smtp';
import { buildExportZip } from '../account/export-contents';
import { deliverHeldNotifications } from './pipeline';

// Referring anyone, the ownership rule and its ledger, requests that close themselves, notes by role, and who is
// told of each stage (issue 32). Mail goes to a real SMTP server on loopback.

let t: TestApp;
let smtp: TestSmtp;
let admin: SignedUp;
let member: SignedUp;
let second: SignedUp;
let otherAdmin: SignedUp;
let companyId: string;

const { call, ok } = requestsTo(() => t);
const RESUME_PDF = readFileSync(path.join(import.meta.dirname, '../talent/resume/fixtures/r01-pdf-engineer.pdf'));
const TEAM_NOTE = 'Internal: strong on HL7, needs coaching on FHIR profiling.';
const CANDIDATE_NOTE = 'Dana, this is the interoperability team I told you about!';

let jobs = 0;
const postJob = (fields: object = {}) =>
  ok<{ id: string; title: string }>('POST', '/api/jobs', admin, {
    title: `Interface Engineer ${++jobs}`,
    company: 'Credit Health',
    location: 'Remote',
    employmentType: 'full-time',
    description: 'Keep the feeds flowing.',
    requirements: 'HL7.',
    skills: ['HL7'],
    referralBonusAmount: 3000,
    referralBonusCurrency: 'USD',
    ...fields,
  });

let people = 0;
const uniqueEmail = (name: string) => `${name}.${++people}.${Date.now()}@example.com`;

interface Referral {
  id: string;
  talentId: string;
  consent: string;
  status: string;
  external: boolean;
  notes: string | null;
  candidateNote: string | null;
  bonus?: { state: string; ineligibleReason?: string | null } | null;
  resume?: { originalName: string } | null;
  declineReason?: string | null;
  declineNote?: string | null;
  credit: { rule: string; entries: { decision: string; reason: string; words: string }[] };
}

const referExternally = (who: SignedUp, jobId: string, person: Record<string, unknown>) =>
  call('POST', '/api/referrals/external', who, {
    jobId,
    relationship: 'worked_together',
    vouch: 'worked_directly',
    ...person,
  });
const check = (who: SignedUp, body: object) =>
  ok<{ counts: boolean; refused: boolean; reason: string | null; words: string; notices: string[]; rule: string }>(
    'POST',
    '/api/referrals/check',
    who,
    body,
  );

/** Every mail the SMTP server accepted for `email`, its quoted-printable text decoded. */
async function mailsFor(email: string): Promise<string[]> {
  await drainQueue(t.database);
  return smtp.received
    .filter((m) => m.to === email)
    .map((m) =>
      m.raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
}

const notificationsOf = async (who: SignedUp) =>
  (
    await ok<{ items: { title: string; message: string; type: string; referenceId: string | null }[] }>(
      'GET',
      '/api/notifications?pageSize=100',
      who,
    )
  ).items;

const pastUndoWindow = () => deliverHeldNotifications(t.app.db, new Date(Date.now() + 60_000));
const track = (jobId: string, talentId: string, status: string, extra: object = {}) =>
  ok('PUT', `/api/jobs/${jobId}/tracking/${talentId}`, admin, { status, ...extra });

beforeAll(async () => {
  smtp = new TestSmtp(await freePort());
  await smtp.start();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMIT_SCALE: '100' } });
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Credit Health' });
  companyId = admin.body.company!.id;
  const { inviteCode } = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
  member = await signUp(t, { role: 'referrer', inviteCode, name: 'Priya Shah' });
  second = await signUp(t, { role: 'referrer', inviteCode, name: 'Sam Ortiz' });
  otherAdmin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Elsewhere Clinic' });
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

describe('referring a person who is not on Referwell', () => {
  it('résumé, consent by e-mail, claim, pipeline, hire: the referrer’s bonus falls due', async () => {
    const job = await postJob();
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/referrals/resume',
      ...multipartFile(RESUME_PDF, 'dana-resume.pdf'),
      ...withSession(member.token),
    });
    expect(upload.statusCode).toBe(201);
    const { uploadId, fields } = upload.json() as { uploadId: string; fields: { name: string | null } };
    expect(fields.name).toBeTruthy();

    const email = uniqueEmail('Dana.Reyes');
    expect(await check(member, { jobId: job.id, email, name: 'Dana Reyes' })).toMatchObject({
      counts: true,
      refused: false,
      reason: null,
    });
    const made = await referExternally(member, job.id, {
      name: 'Dana Reyes',
      email: email.toUpperCase(),
      phone: '(617) 555-0142',
      linkedinUrl: 'https://www.linkedin.com/in/Dana-Reyes-Test/',
      resumeUploadId: uploadId,
      notes: TEAM_NOTE,
      candidateNote: CANDIDATE_NOTE,
    });
    expect(made.statusCode, made.body).toBe(201);
    const referral = made.json() as Referral;
    expect(referral).toMatchObject({
      external: true,
      consent: 'pending',
      notes: TEAM_NOTE,
      candidateNote: CANDIDATE_NOTE,
      resume: { originalName: 'dana-resume.pdf' },
      credit: { entries: [{ decision: 'pending', reason: 'awaiting_consent' }] },
    });
    // The upload is spent.
    expect(
      (await referExternally(member, job.id, { name: 'X', email: uniqueEmail('x'), resumeUploadId: uploadId }))
        .statusCode,
    ).toBe(404);

    // Nothing reaches the company before consent.
    expect((await call('GET', `/api/referrals/${referral.id}`, admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/referrals/${referral.id}/resume`, admin)).statusCode).toBe(404);
    expect(
      (await ok<{ talentId: string }[]>('GET', `/api/jobs/${job.id}/tracking`, admin)).map((e) => e.talentId),
    ).not.toContain(referral.talentId);
    expect((await ok<{ id: string }[]>('GET', '/api/referrals?scope=company', admin)).map((r) => r.id)).not.toContain(
      referral.id,
    );
    expect((await notificationsOf(admin)).some((n) => n.referenceId === referral.id)).toBe(false);
    // The referrer downloads what they sent.
    expect((await call('GET', `/api/referrals/${referral.id}/resume`, member)).statusCode).toBe(200);

    // The person is asked by e-mail, with the note meant for them and never the hiring team's.
    const [invitation] = (await mailsFor(email.toLowerCase())).filter((m) =>
      m.includes('Subject: You have been referred'),
    );
    expect(invitation).toBeDefined();
    expect(invitation).toContain(CANDIDATE_NOTE);
    expect(invitation).not.toContain('needs coaching');
    expect(invitation).toMatch(/List-Unsubscribe:/);
    const link = linkIn(invitation!, '/referral-invitation/');
    const token = decodeURIComponent(link.split('/').pop()!);

    // Until they claim it, the account cannot sign in.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'any password at all' },
        })
      ).statusCode,
    ).toBe(401);
    const page = await t.app.inject({ method: 'GET', url: `/api/referral-invitations/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      claimed: false,
      name: 'Dana Reyes',
      referrals: [{ id: referral.id, candidateNote: CANDIDATE_NOTE, consent: 'pending', referrerName: 'Priya Shah' }],
    });
    expect(page.body).not.toContain('needs coaching');

    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/referral-invitations/${token}/consent`,
      payload: { referralId: referral.id, decision: 'confirm' },
    });
    expect(confirmed.json().referrals[0].consent).toBe('confirmed');

    // Now it reaches the company, and its referrer hears it counts.
    const seen = await ok<Referral>('GET', `/api/referrals/${referral.id}`, admin);
    expect(seen).toMatchObject({ consent: 'confirmed', notes: TEAM_NOTE });
    expect(seen.credit.entries.map((e) => [e.decision, e.reason])).toEqual([
      ['pending', 'awaiting_consent'],
      ['credited', 'first_confirmed'],
    ]);
    expect((await call('GET', `/api/referrals/${referral.id}/resume`, admin)).statusCode).toBe(200);
    expect(await notificationsOf(admin)).toContainEqual(
      expect.objectContaining({ title: 'New Referral', referenceId: referral.id }),
    );
    expect(await notificationsOf(member)).toContainEqual(
      expect.objectContaining({ title: 'Referral confirmed by candidate', referenceId: referral.id }),
    );

    // The person claims the profile: a weak password is refused, a good one signs them in.
    const claimUrl = `/api/referral-invitations/${token}/claim`;
    expect((await t.app.inject({ method: 'POST', url: claimUrl, payload: { password: 'password' } })).statusCode).toBe(
      400,
    );
    const claim = await t.app.inject({
      method: 'POST',
      url: claimUrl,
      payload: { password: 'dana chooses a long passphrase' },
    });
    expect(claim.statusCode, claim.body).toBe(200);
    const cookie = claim.cookies.find((c) => c.name === 'rw_session')!.value;
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', cookies: { rw_session: cookie } });
    expect(session.json().user).toMatchObject({ name: 'Dana Reyes', type: 'jobseeker' });
    expect(session.json().user.referralCode).toMatch(/^TALENT/);
    const profile = await t.app.inject({ method: 'GET', url: '/api/talent/profile', cookies: { rw_session: cookie } });
    expect(profile.json()).toMatchObject({ discoverable: false, resume: { originalName: 'dana-resume.pdf' } });
    // Claimed: the link only says to log in, and cannot claim again.
    expect((await t.app.inject({ method: 'GET', url: `/api/referral-invitations/${token}` })).json()).toMatchObject({
      claimed: true,
      referrals: [],
    });
    const again = await t.app.inject({
      method: 'POST',
      url: claimUrl,
      payload: { password: 'another long passphrase' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(REFERRAL_MESSAGES.invitationClaimed);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'dana chooses a long passphrase' },
    });
    expect(login.statusCode).toBe(200);

    // Into the pipeline and hired: the referrer's bonus is due.
    for (const status of ['Contacted', 'Scheduled', 'Interviewed', 'Offer'])
      await track(job.id, referral.talentId, status);
    await track(job.id, referral.talentId, 'Hired', { startDate: '2026-12-01' });
    const hired = await ok<Referral>('GET', `/api/referrals/${referral.id}`, member);
    expect(hired).toMatchObject({ status: 'completed', bonus: { state: 'due' } });
  });

  it('refuses bad input with a clear 4xx and leaves nothing behind', async () => {
    const job = await postJob();
    const before = await selectRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from users`);
    for (const [person, field] of [
      [{ name: 'No Mail' }, 'email'],
      [{ name: 'Bad Mail', email: 'not-an-address' }, 'email'],
      [{ name: 'Bad Link', email: uniqueEmail('link'), linkedinUrl: 'https://example.com/in/someone' }, 'linkedinUrl'],
      [{ name: 'Bad Phone', email: uniqueEmail('phone'), phone: '12' }, 'phone'],
      [{ email: uniqueEmail('noname') }, 'name'],
    ] as const) {
      const res = await referExternally(member, job.id, person);
      expect(res.statusCode, JSON.stringify(person)).toBe(400);
      expect(res.json().error.fields).toHaveProperty(field);
    }
    expect(
      (await referExternally(member, job.id, { name: 'Phone', email: uniqueEmail('p'), phone: '+1 555 01' }))
        .statusCode,
    ).toBe(400);
    const noVouch = await call('POST', '/api/referrals/external', member, {
      jobId: job.id,
      name: 'No Vouch',
      email: uniqueEmail('vouch'),
      relationship: 'worked_together',
    });
    expect(noVouch.json().error.fields).toHaveProperty('vouch');
    // Someone else's upload, another company's job, a job seeker.
    expect(
      (await referExternally(member, job.id, { name: 'U', email: uniqueEmail('u'), resumeUploadId: randomUUID() }))
        .statusCode,
    ).toBe(404);
    expect((await referExternally(otherAdmin, job.id, { name: 'O', email: uniqueEmail('o') })).statusCode).toBe(404);
    const seeker = await signUp(t, { name: 'Not A Referrer' });
    expect((await referExternally(seeker, job.id, { name: 'S', email: uniqueEmail('s') })).statusCode).toBe(403);
    const after = await selectRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from users`);
    expect(after[0]!.n).toBe(before[0]!.n + 1);
    // A company member cannot be referred.
    const colleague = await referExternally(member, job.id, { name: 'Sam', email: second.body.user.email });
    expect(colleague.statusCode).toBe(409);
    expect(colleague.json().error.message).toBe(REFERRAL_MESSAGES.notReferable);
    // An upload that is no document.
    const notPdf = await t.app.inject({
      method: 'POST',
      url: '/api/referrals/resume',
      ...multipartFile(Buffer.from('just text'), 'resume.pdf'),
      ...withSession(member.token),
    });
    expect(notPdf.statusCode).toBe(415);
  });
});

describe('one person, one candidate', () => {
  it('matches an account by e-mail in any case, by LinkedIn address and by phone; an earlier referral is reused', async () => {
    const seeker = await signUp(t, { name: 'Jordan Existing' });
    await ok('PUT', '/api/talent/profile', seeker, {
      name: 'Jordan Existing',
      phone: '+1 617-555-0199',
      linkedin: 'https://uk.linkedin.com/in/jordan-existing-42?trk=x',
      titles: ['Interface Analyst'],
      skills: [],
      softwareTools: [],
      technicalSkills: [],
      industries: [],
      interests: [],
      discoverable: false,
    });
    const count = async () =>
      (await selectRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from users`))[0]!.n;
    const users = await count();
    const byEmail = (
      await referExternally(member, (await postJob()).id, { name: 'J', email: seeker.body.user.email.toUpperCase() })
    ).json() as Referral;
    const byLinkedin = (
      await referExternally(member, (await postJob()).id, {
        name: 'Jordan E.',
        email: uniqueEmail('jordan.other'),
        linkedinUrl: 'linkedin.com/in/JORDAN-EXISTING-42/',
      })
    ).json() as Referral;
    const byPhone = (
      await referExternally(member, (await postJob()).id, {
        name: 'Jordan',
        email: uniqueEmail('jordan.third'),
        phone: '(617) 555 0199',
      })
    ).json() as Referral;
    for (const r of [byEmail, byLinkedin, byPhone]) expect(r.talentId).toBe(seeker.body.user.id);
    expect(await count()).toBe(users);
    // An existing profile stays its owner's: nothing the referrer typed changed it.
    const profile = await ok<{ phone: string; discoverable: boolean }>('GET', '/api/talent/profile', seeker);
    expect(profile).toMatchObject({ phone: '+1 617-555-0199', discoverable: false });

    // A person referred by e-mail twice, by two referrers: one candidate, and the second referrer hears of the first.
    const email = uniqueEmail('twice');
    const first = (
      await referExternally(member, (await postJob()).id, { name: 'Twice Referred', email })
    ).json() as Referral;
    const job = await postJob();
    expect(await check(second, { jobId: job.id, email: email.toUpperCase(), name: 'Twice' })).toMatchObject({
      counts: true,
      notices: [expect.stringContaining('has also referred Twice')],
    });
    const again = (
      await referExternally(second, job.id, { name: 'Twice R.', email: ` ${email.toUpperCase()} ` })
    ).json() as Referral;
    expect(again.talentId).toBe(first.talentId);
    expect(await count()).toBe(users + 1);
  });
});

describe('the ownership rule', () => {
  it('first confirmed referral wins for N months; others are refused in its words; its owner may refer again', async () => {
    const seeker = await signUp(t, { name: 'Owned Candidate' });
    const [jobA, jobB, jobC, jobD] = [await postJob(), await postJob(), await postJob(), await postJob()];
    const byMember = await ok<Referral>('POST', '/api/referrals', member, {
      jobId: jobA.id,
      talentId: seeker.body.user.id,
    });
    const bySecond = await ok<Referral>('POST', '/api/referrals', second, {
      jobId: jobB.id,
      talentId: seeker.body.user.id,
    });
    await ok('POST', `/api/referrals/${byMember.id}/consent`, seeker, { decision: 'confirm' });
    // Confirmed second: the candidate goes forward, the referral is not credited.
    await ok('POST', `/api/referrals/${bySecond.id}/consent`, seeker, { decision: 'confirm' });
    const late = await ok<Referral>('GET', `/api/referrals/${bySecond.id}`, second);
    expect(late.bonus).toMatchObject({ state: 'not_eligible', ineligibleReason: 'owned_by_another' });
    expect(late.credit.entries.at(-1)).toMatchObject({ decision: 'not_credited', reason: 'owned_by_another' });
    expect(await notificationsOf(second)).toContainEqual(
      expect.objectContaining({
        title: 'Referral confirmed by candidate',
        message: expect.stringContaining('would not count'),
      }),
    );

    // A new referral by someone else is refused before and at submit, in the same words; nothing is made.
    const answer = await check(second, { jobId: jobC.id, talentId: seeker.body.user.id });
    expect(answer).toMatchObject({ counts: false, refused: true, reason: 'owned_by_another' });
    expect(answer.words).toContain("Under Credit Health's rule");
    const refused = await call('POST', '/api/referrals', second, { jobId: jobC.id, talentId: seeker.body.user.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(answer.words);
    expect((await call('GET', `/api/jobs/${jobC.id}/tracking`, admin)).json()).toEqual([]);
    // The owner may refer them again (and is credited).
    const own = await ok<Referral>('POST', '/api/referrals', member, { jobId: jobD.id, talentId: seeker.body.user.id });
    expect(own.bonus).toMatchObject({ state: 'awaiting_hire' });

    // The refusal is in the ledger: the referrer and the admin see it, the candidate never does.
    const mine = await ok<{ items: { decision: string; reason: string; job: { id: string } }[] }>(
      'GET',
      '/api/referral-credit?scope=mine',
      second,
    );
    expect(mine.items).toContainEqual(
      expect.objectContaining({
        decision: 'refused',
        reason: 'owned_by_another',
        job: expect.objectContaining({ id: jobC.id }),
      }),
    );
    const company = await ok<{ items: { decision: string; candidateName: string; referrerName: string }[] }>(
      'GET',
      '/api/referral-credit?scope=company&pageSize=100',
      admin,
    );
    expect(company.items).toContainEqual(
      expect.objectContaining({ decision: 'refused', candidateName: 'Owned Candidate', referrerName: 'Sam Ortiz' }),
    );
    const theirs = await ok<{ items: { decision: string; candidateName: string | null }[] }>(
      'GET',
      '/api/referral-credit?scope=about-me',
      seeker,
    );
    expect(theirs.items.length).toBeGreaterThan(0);
    expect(theirs.items.every((e) => e.decision !== 'refused' && e.candidateName === null)).toBe(true);
    expect((await call('GET', '/api/referral-credit?scope=company', member)).statusCode).toBe(403);

    // After N months the credit starts fresh.
    await t.app.db.execute(sql`update referrals set consented_at = now() - interval '7 months'
      where talent_id = ${seeker.body.user.id}::uuid and company_id = ${companyId}::uuid`);
    expect(await check(second, { jobId: jobC.id, talentId: seeker.body.user.id })).toMatchObject({ counts: true });
  });

  it('a direct application before any referral means no credit; a re-application after N months starts fresh', async () => {
    const seeker = await signUp(t, { name: 'Direct Applicant' });
    const job = await postJob();
    await ok('POST', `/api/jobs/${job.id}/apply`, seeker, {});
    const answer = await check(member, { jobId: job.id, talentId: seeker.body.user.id });
    expect(answer).toMatchObject({ refused: true, reason: 'applied_directly' });
    const refused = await call('POST', '/api/referrals', member, { jobId: job.id, talentId: seeker.body.user.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(answer.words);

    await t.app.db.execute(sql`update candidate_pipelines set applied_at = now() - interval '7 months'
      where job_id = ${job.id}::uuid and talent_id = ${seeker.body.user.id}::uuid`);
    expect(await check(member, { jobId: job.id, talentId: seeker.body.user.id })).toMatchObject({ counts: true });
    // A longer window the admin sets brings the old application back into it.
    await ok('PUT', `/api/companies/${companyId}/bonus-policy`, admin, {
      defaultBonusAmount: null,
      defaultBonusCurrency: null,
      payoutDelayDays: 90,
      ownershipMonths: 12,
      retentionCheckDays: null,
      applyToScheduled: false,
    });
    expect(await check(member, { jobId: job.id, talentId: seeker.body.user.id })).toMatchObject({ refused: true });
    await ok('PUT', `/api/companies/${companyId}/bonus-policy`, admin, {
      defaultBonusAmount: null,
      defaultBonusCurrency: null,
      payoutDelayDays: 90,
      ownershipMonths: 6,
      retentionCheckDays: null,
      applyToScheduled: false,
    });
    const made = await ok<Referral>('POST', '/api/referrals', member, { jobId: job.id, talentId: seeker.body.user.id });
    expect(made.credit.entries).toEqual([expect.objectContaining({ decision: 'pending' })]);
  });

  it('says the rule on the job page: to visitors (ask first), to the company, and on the referral', async () => {
    const job = await postJob();
    const visitor = (await t.app.inject({ method: 'GET', url: `/api/jobs/${job.id}` })).json();
    expect(visitor.viewerStatus).toMatchObject({ state: 'visitor', askFirst: true });
    expect(visitor.viewerStatus.rule).toContain('Ask a referrer before you apply');
    const colleague = await ok<{ viewerStatus: { state: string; rule: string } }>('GET', `/api/jobs/${job.id}`, member);
    expect(colleague.viewerStatus.state).toBe('colleague');
    expect(colleague.viewerStatus.rule).toContain("Credit Health's referral rule");
    const noBonus = await postJob({ referralBonusAmount: undefined, referralBonusCurrency: undefined });
    expect((await t.app.inject({ method: 'GET', url: `/api/jobs/${noBonus.id}` })).json().viewerStatus.askFirst).toBe(
      false,
    );
  });
});

describe('where a job seeker stands on a job', () => {
  it('referred (confirm, then no need to apply), requesting, applied', async () => {
    const [referredJob, requestedJob, appliedJob] = [await postJob(), await postJob(), await postJob()];
    const seeker = await signUp(t, { name: 'Status Seeker' });
    const status = async (jobId: string) =>
      (
        await ok<{ viewerStatus: { state: string; headline: string; askFirst: boolean } }>(
          'GET',
          `/api/jobs/${jobId}`,
          seeker,
        )
      ).viewerStatus;
    expect(await status(requestedJob.id)).toMatchObject({ state: 'none', askFirst: true });

    const referral = await ok<Referral>('POST', '/api/referrals', member, {
      jobId: referredJob.id,
      talentId: seeker.body.user.id,
    });
    expect(await status(referredJob.id)).toMatchObject({
      state: 'referral_to_confirm',
      headline: expect.stringContaining('Priya Shah referred you'),
    });
    await ok('POST', `/api/referrals/${referral.id}/consent`, seeker, { decision: 'confirm' });
    expect(await status(referredJob.id)).toMatchObject({
      state: 'referred',
      headline: 'Priya Shah referred you. No need to apply.',
    });

    await ok('POST', '/api/referral-requests', seeker, {
      jobId: requestedJob.id,
      referrerId: second.body.user.id,
      message: 'Hi Sam!',
    });
    expect(await status(requestedJob.id)).toMatchObject({
      state: 'requested',
      headline: 'Your request to Sam Ortiz is pending.',
    });

    await ok('POST', `/api/jobs/${appliedJob.id}/apply`, seeker, {});
    expect(await status(appliedJob.id)).toMatchObject({ state: 'applied', askFirst: false });
    await track(appliedJob.id, seeker.body.user.id, 'Scheduled');
    expect(await status(appliedJob.id)).toMatchObject({ state: 'in_process' });
    // Asking after applying or being referred is refused: the request could only close at once.
    expect(
      (
        await call('POST', '/api/referral-requests', seeker, {
          jobId: appliedJob.id,
          referrerId: member.body.user.id,
          message: 'Hi',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await call('POST', '/api/referral-requests', seeker, {
          jobId: referredJob.id,
          referrerId: second.body.user.id,
          message: 'Hi',
        })
      ).statusCode,
    ).toBe(409);

    // A page of search results asks once where the seeker stands on all its jobs: the untouched one is left out,
    // a job they may not see (a draft) too; ids that are not ids are a 400.
    const untouched = await postJob();
    const draft = await ok<{ id: string }>('POST', '/api/jobs?draft=true', admin, {
      title: 'Unpublished Role',
      company: 'Credit Health',
      location: 'Remote',
      employmentType: 'full-time',
      description: 'Not public yet.',
      requirements: 'None yet.',
    });
    const ids = [referredJob.id, requestedJob.id, appliedJob.id, untouched.id, draft.id].join(',');
    const standing = await ok<{ jobs: Record<string, { state: string; headline: string | null }> }>(
      'GET',
      `/api/jobs/where-i-stand?ids=${ids}`,
      seeker,
    );
    expect(standing.jobs).toEqual({
      [referredJob.id]: { state: 'referred', headline: 'Priya Shah referred you. No need to apply.' },
      [requestedJob.id]: { state: 'requested', headline: 'Your request to Sam Ortiz is pending.' },
      [appliedJob.id]: { state: 'in_process', headline: expect.any(String) },
    });
    expect((await call('GET', '/api/jobs/where-i-stand?ids=not-an-id', seeker)).statusCode).toBe(400);
  });
});

describe('requests that no longer matter close themselves', () => {
  const ask = (seeker: SignedUp, jobId: string, referrer: SignedUp) =>
    ok<{ id: string }>('POST', '/api/referral-requests', seeker, {
      jobId,
      referrerId: referrer.body.user.id,
      message: 'Could you refer me?',
    });
  const requestOf = async (who: SignedUp, id: string) =>
    (
      await ok<{ id: string; status: string; closedReason: string | null }[]>(
        'GET',
        '/api/referral-requests?box=received',
        who,
      )
    ).find((r) => r.id === id)!;

  it('when someone else referred the seeker: the other referrer is told, and Accept answers 409', async () => {
    const job = await postJob();
    const seeker = await signUp(t, { name: 'Dana Asker' });
    const toMember = await ask(seeker, job.id, member);
    const toSecond = await ask(seeker, job.id, second);
    await ok('POST', `/api/referral-requests/${toMember.id}/accept`, member, { relationship: 'worked_together' });
    expect(await requestOf(second, toSecond.id)).toMatchObject({
      status: 'closed',
      closedReason: 'referred_elsewhere',
    });
    expect(await notificationsOf(second)).toContainEqual(
      expect.objectContaining({ message: REQUEST_CLOSED_FOR_REFERRER.referred_elsewhere('Dana Asker', job.title) }),
    );
    const dead = await call('POST', `/api/referral-requests/${toSecond.id}/accept`, second, {
      relationship: 'worked_together',
    });
    expect(dead.statusCode).toBe(409);
    expect(dead.json().error.message).toBe(REFERRAL_MESSAGES.requestClosed);
  });

  it('when a direct referral is confirmed, the seeker applies, is hired, or the job closes', async () => {
    const seeker = await signUp(t, { name: 'Riley Asker' });
    // Referred directly by the admin (who was not asked): the requests close once the seeker confirms.
    const referredJob = await postJob();
    const asked = await ask(seeker, referredJob.id, member);
    const direct = await ok<Referral>('POST', '/api/referrals', admin, {
      jobId: referredJob.id,
      talentId: seeker.body.user.id,
    });
    expect((await requestOf(member, asked.id)).status).toBe('pending');
    await ok('POST', `/api/referrals/${direct.id}/consent`, seeker, { decision: 'confirm' });
    expect((await requestOf(member, asked.id)).closedReason).toBe('referred_elsewhere');

    const applyJob = await postJob();
    const beforeApplying = await ask(seeker, applyJob.id, second);
    await ok('POST', `/api/jobs/${applyJob.id}/apply`, seeker, {});
    expect((await requestOf(second, beforeApplying.id)).closedReason).toBe('applied');

    const closingJob = await postJob();
    const other = await signUp(t, { name: 'Casey Asker' });
    const beforeClosing = await ask(other, closingJob.id, member);
    await ok('PUT', `/api/jobs/${closingJob.id}/status`, admin, { status: 'CLOSED' });
    expect((await requestOf(member, beforeClosing.id)).closedReason).toBe('job_closed');
    expect(await notificationsOf(other)).toContainEqual(expect.objectContaining({ title: 'Referral request closed' }));

    // Hired through an application while a request to another referrer waited.
    const hireJob = await postJob();
    const hiree = await signUp(t, { name: 'Hired Asker' });
    await ok('POST', `/api/jobs/${hireJob.id}/apply`, hiree, {});
    await t.app.db.execute(sql`insert into referral_requests (job_id, talent_id, referrer_id, message)
      values (${hireJob.id}::uuid, ${hiree.body.user.id}::uuid, ${member.body.user.id}::uuid, 'Asked after applying')`);
    await track(hireJob.id, hiree.body.user.id, 'Hired');
    const [row] = await selectRows<{ status: string; closed_reason: string }>(
      t.app.db,
      sql`select status, closed_reason from referral_requests where talent_id = ${hiree.body.user.id}::uuid`,
    );
    expect(row).toEqual({ status: 'closed', closed_reason: 'hired' });
  });
});

describe('notes by role', () => {
  it("the hiring team's note never reaches the candidate: not in an answer, a list, a mail or their data export", async () => {
    const job = await postJob();
    const seeker = await signUp(t, { name: 'Note Reader' });
    const request = await ok<{ id: string }>('POST', '/api/referral-requests', seeker, {
      jobId: job.id,
      referrerId: member.body.user.id,
      message: 'Please refer me',
    });
    await ok('POST', `/api/referral-requests/${request.id}/accept`, member, {
      relationship: 'worked_together',
      vouch: 'worked_directly',
      note: TEAM_NOTE,
      candidateNote: CANDIDATE_NOTE,
    });
    const [made] = await ok<{ id: string }[]>('GET', '/api/referrals?scope=about-me', seeker);
    const id = made!.id;
    const forCandidate = await call('GET', `/api/referrals/${id}`, seeker);
    expect(forCandidate.json()).toMatchObject({ notes: null, candidateNote: CANDIDATE_NOTE });
    for (const body of [
      forCandidate.body,
      (await call('GET', '/api/referrals?scope=about-me', seeker)).body,
      (await call('GET', '/api/dashboard/jobseeker', seeker)).body,
      (await call('GET', '/api/notifications', seeker)).body,
      ...(await mailsFor(seeker.body.user.email)),
      (await buildExportZip(t.app.db, t.app.storage, seeker.body.user.id)).toString('latin1'),
    ])
      expect(body).not.toContain('needs coaching');
    // The referrer, the company and the job's tracking see it.
    expect((await ok<Referral>('GET', `/api/referrals/${id}`, member)).notes).toBe(TEAM_NOTE);
    expect((await ok<Referral>('GET', `/api/referrals/${id}`, admin)).notes).toBe(TEAM_NOTE);
    const [entry] = await ok<{ referral: { notes: string; candidateNote: string; vouch: string } }[]>(
      'GET',
      `/api/jobs/${job.id}/tracking`,
      admin,
    );
    expect(entry!.referral).toMatchObject({
      notes: TEAM_NOTE,
      candidateNote: CANDIDATE_NOTE,
      vouch: 'worked_directly',
    });
  });
});

describe('closing the loop', () => {
  it('the referrer hears every stage and a decline with its reason category; the candidate each stage, no reason', async () => {
    const job = await postJob();
    const seeker = await signUp(t, { name: 'Loop Candidate' });
    const referral = await ok<Referral>('POST', '/api/referrals', member, {
      jobId: job.id,
      talentId: seeker.body.user.id,
    });
    await ok('POST', `/api/referrals/${referral.id}/consent`, seeker, { decision: 'confirm' });
    for (const status of ['Contacted', 'Scheduled', 'Interviewed', 'Offer'])
      await track(job.id, seeker.body.user.id, status);
    const missing = await call('PUT', `/api/jobs/${job.id}/tracking/${seeker.body.user.id}`, admin, {
      status: 'Decline',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('reason');
    await track(job.id, seeker.body.user.id, 'Decline', {
      reason: 'position_filled',
      reasonNote: 'Internal transfer got it.',
    });
    await pastUndoWindow();

    const referrerHeard = (await notificationsOf(member))
      .filter((n) => n.referenceId === referral.id)
      .map((n) => n.message);
    for (const stage of ['Scheduled', 'Interviewed', 'Offer'])
      expect(referrerHeard).toContain(`Loop Candidate moved to ${stage} for ${job.title}.`);
    expect(referrerHeard).toContain('The status for Loop Candidate has been updated to rejected: Position filled');
    expect(referrerHeard.join(' ')).not.toContain('Internal transfer');

    const candidateHeard = (await notificationsOf(seeker))
      .filter((n) => n.referenceId === referral.id)
      .map((n) => n.message);
    for (const words of [
      'moving you forward',
      'interview is being scheduled',
      'has your interview',
      'making you an offer',
      'not to move forward',
    ])
      expect(
        candidateHeard.some((m) => m.includes(words)),
        words,
      ).toBe(true);
    expect(candidateHeard.join(' ')).not.toMatch(/Position filled|Internal transfer/);
    // By e-mail too (referral updates are on by default).
    const mails = await mailsFor(seeker.body.user.email);
    expect(mails.some((m) => m.includes('making you an offer'))).toBe(true);

    // The referrer reads the category on the referral; only the company reads its own words.
    expect(await ok<Referral>('GET', `/api/referrals/${referral.id}`, member)).toMatchObject({
      declineReason: 'position_filled',
      declineNote: null,
    });
    expect(await ok<Referral>('GET', `/api/referrals/${referral.id}`, admin)).toMatchObject({
      declineReason: 'position_filled',
      declineNote: 'Internal transfer got it.',
    });
    const candidateView = await call('GET', `/api/referrals/${referral.id}`, seeker);
    expect(candidateView.body).not.toMatch(/position_filled|Internal transfer/);
  });

  it('a candidate who applied without a referral hears their stages too; a person without a password by e-mail', async () => {
    const job = await postJob();
    const applicant = await signUp(t, { name: 'Plain Applicant' });
    await ok('POST', `/api/jobs/${job.id}/apply`, applicant, {});
    await track(job.id, applicant.body.user.id, 'Scheduled');
    await pastUndoWindow();
    expect(await notificationsOf(applicant)).toContainEqual(
      expect.objectContaining({
        type: 'application_update',
        referenceId: job.id,
        message: expect.stringContaining('interview is being scheduled'),
      }),
    );

    // Referred by e-mail, confirmed from the link, never claimed: each stage comes by e-mail with their own link.
    const email = uniqueEmail('unclaimed');
    const made = (await referExternally(member, job.id, { name: 'Morgan Unclaimed', email })).json() as Referral;
    const link = linkIn((await mailsFor(email))[0]!, '/referral-invitation/');
    await t.app.inject({
      method: 'POST',
      url: `/api/referral-invitations/${link.split('/').pop()}/consent`,
      payload: { referralId: made.id, decision: 'confirm' },
    });
    await track(job.id, made.talentId, 'Interviewed');
    await pastUndoWindow();
    const update = (await mailsFor(email)).find((m) => m.includes('has your interview'));
    expect(update).toBeDefined();
    expect(linkIn(update!, '/referral-invitation/')).not.toBe(link);
    // Turned off: no more mail.
    await t.app.db.execute(sql`insert into email_preferences (user_id, category, frequency)
      values (${made.talentId}::uuid, 'referral_updates', 'off')`);
    const sent = (await mailsFor(email)).length;
    await track(job.id, made.talentId, 'Offer');
    await pastUndoWindow();
    expect((await mailsFor(email)).length).toBe(sent);
  });
});
