import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SELF_ID_FORM_TEXTS,
  SELF_ID_MESSAGES,
  type SelfIdInvitation,
  type SelfIdReport,
  type SelfIdSettings,
} from '@referwell/shared';
import { selfIdAnswers, users } from '../../db/schema';
import { createTestApp, postJobAs, requestsTo, type SignedUp, signUp, type TestApp } from '../../test/harness';
import { unzip } from '../../test/zip';
import { buildExportZip } from '../account/export-contents';
import { eraseDueAccounts } from '../account/deletion';
import { suppressSmallCells } from './service';

let t: TestApp;
let admin: SignedUp;
let member: SignedUp;
let otherAdmin: SignedUp;
let companyId: string;
let jobId: string;
const { call, ok } = requestsTo(() => t);

const settingsUrl = () => `/api/companies/${companyId}/self-id/settings`;
const reportUrl = (query = '') => `/api/companies/${companyId}/self-id/report${query}`;
const selfIdUrl = (job = jobId) => `/api/jobs/${job}/self-id`;

/** A new job seeker who applied to the job. */
async function applicant(name: string): Promise<SignedUp> {
  const seeker = await signUp(t, { name });
  await ok('POST', `/api/jobs/${jobId}/apply`, seeker, {});
  return seeker;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Self Id Health' });
  companyId = admin.body.company!.id;
  const { inviteCode } = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
  member = await signUp(t, { role: 'referrer', inviteCode, name: 'Casey Compliance' });
  otherAdmin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Other Self Id Clinic' });
  jobId = (await postJobAs(t, admin, { title: 'Nurse Informaticist' })).id;
});
afterAll(() => t.close());

describe('self-identification settings', () => {
  it('is off by default; an admin turns it on with the forms they pick, audited', async () => {
    expect(await ok<SelfIdSettings>('GET', settingsUrl(), admin)).toEqual({ enabled: false, forms: [] });
    expect((await call('GET', settingsUrl(), member)).statusCode).toBe(403);
    expect((await call('PUT', settingsUrl(), otherAdmin, { enabled: true, forms: ['eeo1'] })).statusCode).toBe(403);
    const none = await call('PUT', settingsUrl(), admin, { enabled: true, forms: [] });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain(SELF_ID_MESSAGES.noForms);
    expect((await call('PUT', settingsUrl(), admin, { enabled: true, forms: ['w4'] })).statusCode).toBe(400);
    expect(
      await ok<SelfIdSettings>('PUT', settingsUrl(), admin, { enabled: true, forms: ['disability', 'eeo1'] }),
    ).toEqual({ enabled: true, forms: ['eeo1', 'disability'] });
    const log = await ok<{ items: { action: string }[] }>(
      'GET',
      `/api/companies/${companyId}/audit-log?action=self_id.settings_changed`,
      admin,
    );
    expect(log.items).toHaveLength(1);
  });
});

describe('answering', () => {
  let seeker: SignedUp;
  beforeAll(async () => {
    seeker = await signUp(t, { name: 'Avery Applicant' });
  });

  it('is offered only once the person applied, as a separate, voluntary step', async () => {
    const before = await ok<SelfIdInvitation>('GET', selfIdUrl(), seeker);
    expect(before).toMatchObject({ offered: false, forms: [], answered: false });
    expect((await call('PUT', selfIdUrl(), seeker, { answers: { sex: 'female' } })).statusCode).toBe(409);
    await ok('POST', `/api/jobs/${jobId}/apply`, seeker, {});
    expect(await ok<SelfIdInvitation>('GET', selfIdUrl(), seeker)).toEqual({
      offered: true,
      companyName: 'Self Id Health',
      forms: ['eeo1', 'disability'],
      answered: false,
    });
    // Company users never answer; an unknown job is a 404.
    expect((await call('GET', selfIdUrl(), admin)).statusCode).toBe(403);
    expect((await call('GET', selfIdUrl('00000000-0000-4000-8000-000000000000'), seeker)).statusCode).toBe(404);
  });

  it('refuses an answer outside the form’s choices with 422 and keeps nothing', async () => {
    for (const answers of [
      { sex: 'unicorn' },
      { race: 'Hispanic or Latino' }, // the label, not a choice
      { veteran: 'protected' }, // a form the company did not pick
      { religion: 'none' },
    ]) {
      const res = await call('PUT', selfIdUrl(), seeker, { answers });
      expect(res.statusCode, JSON.stringify(answers)).toBe(422);
      expect(res.json().error).toMatchObject({
        code: 'SELF_ID_INVALID_ANSWER',
        message: SELF_ID_MESSAGES.invalidAnswer,
      });
      expect(Object.keys(res.json().error.fields)).toEqual(Object.keys(answers));
    }
    expect(await t.database.db.select().from(selfIdAnswers)).toHaveLength(0);
  });

  it('keeps valid answers sealed, "I do not wish to answer" for a question left out', async () => {
    await ok('PUT', selfIdUrl(), seeker, { answers: { sex: 'female', disability: 'decline' } });
    expect((await ok<SelfIdInvitation>('GET', selfIdUrl(), seeker)).answered).toBe(true);
    const [row] = await t.database.db.select().from(selfIdAnswers);
    expect(row!.answersSealed).not.toContain('female');
    expect(row!.versions).toEqual([SELF_ID_FORM_TEXTS.eeo1.version, SELF_ID_FORM_TEXTS.disability.version]);
    // Answering again replaces the answers.
    await ok('PUT', selfIdUrl(), seeker, { answers: { sex: 'female', race: 'asian', disability: 'no' } });
    expect(await t.database.db.select().from(selfIdAnswers)).toHaveLength(1);
  });

  it('never reaches the hiring team: the applications list carries no answer', async () => {
    const applications = await call('GET', `/api/jobs/${jobId}/applications`, admin);
    expect(applications.statusCode).toBe(200);
    expect(applications.body).not.toMatch(/female|asian|disability|selfId|self-id/i);
  });

  it("is in the person's own data export, in the form's words", async () => {
    const zip = await unzip(await buildExportZip(t.app.db, t.app.storage, t.app.secrets, seeker.body.user.id));
    const mine = JSON.parse(zip.get('self-identification.json')!.toString()) as {
      jobTitle: string;
      answers: Record<string, string>;
    }[];
    expect(mine).toEqual([
      expect.objectContaining({
        jobTitle: 'Nurse Informaticist',
        companyName: 'Self Id Health',
        answers: {
          sex: 'Female',
          race: 'Asian (Not Hispanic or Latino)',
          disability: 'No, I do not have a disability and have not had one in the past',
        },
      }),
    ]);
    // Nobody else's export holds it.
    const theirs = await unzip(await buildExportZip(t.app.db, t.app.storage, t.app.secrets, admin.body.user.id));
    expect(JSON.parse(theirs.get('self-identification.json')!.toString())).toEqual([]);
  });

  it('goes when the account is erased', async () => {
    await t.database.db
      .update(users)
      .set({ deletionScheduledFor: new Date(Date.now() - 1000) })
      .where(eq(users.id, seeker.body.user.id));
    expect(await eraseDueAccounts(t.app.db, t.app.storage)).toBe(1);
    expect(
      await t.database.db.select().from(selfIdAnswers).where(eq(selfIdAnswers.userId, seeker.body.user.id)),
    ).toHaveLength(0);
  });
});

describe('the aggregate report', () => {
  it('is read only with the compliance permission, which an admin grants (audited)', async () => {
    expect((await call('GET', reportUrl(), admin)).statusCode).toBe(403);
    expect((await call('GET', reportUrl(), member)).statusCode).toBe(403);
    const grantUrl = `/api/companies/${companyId}/members/${member.body.user.id}/compliance`;
    expect((await call('PUT', grantUrl, member, { compliance: true })).statusCode).toBe(403);
    expect(await ok('PUT', grantUrl, admin, { compliance: true })).toMatchObject({ compliance: true });
    expect((await call('GET', reportUrl(), member)).statusCode).toBe(200);
    expect((await call('GET', `/api/companies/${otherAdmin.body.company!.id}/self-id/report`, member)).statusCode).toBe(
      403,
    );
    const team = await ok<{ members: { userId: string; compliance: boolean }[] }>(
      'GET',
      `/api/companies/${companyId}/team`,
      admin,
    );
    expect(team.members.find((m) => m.userId === member.body.user.id)!.compliance).toBe(true);
  });

  it('suppresses every count below 5, and a count that would reveal one', async () => {
    const sexes = [...Array<string>(6).fill('female'), ...Array<string>(5).fill('male'), 'decline'];
    for (const [i, sex] of sexes.entries()) {
      const seeker = await applicant(`Respondent ${i}`);
      await ok('PUT', selfIdUrl(), seeker, { answers: { sex, disability: i < 2 ? 'yes' : 'no' } });
    }
    const report = await ok<SelfIdReport>('GET', reportUrl('?period=year'), member);
    expect(report.minCell).toBe(5);
    expect(report.rows).toHaveLength(1);
    const [row] = report.rows;
    expect(row).toMatchObject({ jobTitle: 'Nurse Informaticist', period: String(new Date().getUTCFullYear()) });
    expect(row!.respondents).toBe(12);
    const cells = (q: string) =>
      Object.fromEntries(row!.questions.find((x) => x.question === q)!.cells.map((c) => [c.choice, c.count]));
    // One "decline": hidden, and so is the next smallest (male, 5), else 12 − 6 − 5 would give it away.
    expect(cells('sex')).toEqual({ male: null, female: 6, decline: null });
    // Two "yes": hidden, and so is the only other count (10), which with the 12 respondents would give it away.
    expect(cells('disability')).toEqual({ yes: null, no: null, decline: 0 });
    // Nobody chose a race: every count 0 ("I do not wish to answer" for all 12).
    expect(cells('race')).toMatchObject({ asian: 0, decline: 12 });
    // A period with fewer than 5 respondents shows nothing but the suppression.
    const few = await ok<SelfIdReport>('GET', reportUrl('?from=2000-01-01&to=2000-12-31'), member);
    expect(few.rows).toEqual([]);
  });

  it('hides a whole job and period with fewer than 5 respondents', async () => {
    const small = (await postJobAs(t, admin, { title: 'Clinical Analyst' })).id;
    const seeker = await signUp(t, { name: 'Solo Respondent' });
    await ok('POST', `/api/jobs/${small}/apply`, seeker, {});
    await ok('PUT', selfIdUrl(small), seeker, { answers: { sex: 'male' } });
    const report = await ok<SelfIdReport>('GET', reportUrl('?period=month'), member);
    const row = report.rows.find((r) => r.jobTitle === 'Clinical Analyst')!;
    expect(row.respondents).toBeNull();
    expect(row.questions.flatMap((q) => q.cells.map((c) => c.count)).every((c) => c === null)).toBe(true);
    expect(JSON.stringify(report)).not.toContain(seeker.body.user.id);
  });

  it('keeps the suppression rule on its own', () => {
    expect(suppressSmallCells([10, 0, 7])).toEqual([10, 0, 7]);
    expect(suppressSmallCells([10, 3, 7])).toEqual([10, null, null]);
    expect(suppressSmallCells([10, 3, 2])).toEqual([10, null, null]);
    expect(suppressSmallCells([4, 0, 0])).toEqual([null, 0, 0]);
  });
});
