import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../../test/soft-authenticator';
import { relyingPartyOf } from '../auth/passkeys';
import { sql } from 'drizzle-orm';
import { ACCOUNT_DATA_MESSAGES, type AuditLogResponse, type DataExportStatus } from '@referwell/shared';
import {
  createTestApp,
  multipartFile,
  requestsTo,
  type SignedUp,
  signUp,
  type TestApp,
  withSession,
} from '../../test/harness';
import { linkIn, mailsTo } from '../../test/mail';
import { drainQueue } from '../../test/queue';
import { unzip } from '../../test/zip';
import { expireDataExports } from '../../platform/exports/prepared';

let t: TestApp;
let admin: SignedUp;
let member: SignedUp;
let seeker: SignedUp;
let stranger: SignedUp;
let resumeBytes: Buffer;

const { call, ok } = requestsTo(() => t);

async function exportFor(who: SignedUp): Promise<{ status: DataExportStatus; zip: Map<string, Buffer> }> {
  const asked = await call('POST', '/api/account/data-export', who);
  expect(asked.statusCode).toBe(202);
  expect(asked.json()).toMatchObject({ state: 'preparing', downloadUrl: null });
  await drainQueue(t.database);
  const status = await ok<DataExportStatus>('GET', '/api/account/data-export', who);
  expect(status.state).toBe('ready');
  const res = await call('GET', status.downloadUrl!, who);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  return { status, zip: await unzip(res.rawPayload) };
}

const json = (zip: Map<string, Buffer>, name: string) => JSON.parse(zip.get(name)!.toString('utf8'));

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Export Health' });
  const { inviteCode } = await ok<{ inviteCode: string }>(
    'GET',
    `/api/companies/${admin.body.company!.id}/team`,
    admin,
  );
  member = await signUp(t, { role: 'referrer', inviteCode, name: 'Riley Referrer' });
  seeker = await signUp(t, { name: 'Sam Seeker' });
  stranger = await signUp(t);

  resumeBytes = await readFile(path.join(import.meta.dirname, '../talent/resume/fixtures/h01-pdf-mexico-pm.pdf'));
  const file = multipartFile(resumeBytes, 'Sam Seeker CV.pdf');
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/talent/resume',
    payload: file.payload,
    headers: file.headers,
    ...withSession(seeker.token),
  });
  expect(uploaded.statusCode).toBe(200);
  const job = await ok<{ id: string }>('POST', '/api/jobs', admin, {
    title: 'Integration Engineer',
    company: 'Export Health',
    location: 'Remote',
    employmentType: 'full-time',
    description: 'Interfaces.',
    requirements: 'HL7.',
  });
  await ok('POST', '/api/referral-requests', seeker, {
    jobId: job.id,
    referrerId: member.body.user.id,
    message: 'Would you refer me?',
  });
  await ok('POST', `/api/jobs/${job.id}/apply`, seeker, {
    note: 'I built HL7 feeds for six years.',
    dob: '1988-04-12',
    npi: '1234567893',
  });
  const { conversation } = await ok<{ conversation: { id: string } }>('POST', '/api/conversations', seeker, {
    recipientId: member.body.user.id,
    message: 'Hello from Sam',
  });
  await ok('POST', `/api/conversations/${conversation.id}/messages`, member, { text: 'Hi Sam, happy to help' });
  await t.app.db.execute(
    sql`insert into kudos (talent_id, author, rating, text) values (${seeker.body.user.id}, 'Dana Mentor', 5, 'Sam ships.')`,
  );
  await ok('PUT', '/api/account/email-preferences', seeker, { preferences: { messages: 'daily' } });
});
afterAll(() => t.close());

describe('export my data', () => {
  it('prepares a ZIP of JSON files and the original résumé in the background, and mails a signed link', async () => {
    const { status, zip } = await exportFor(seeker);
    expect([...zip.keys()].sort()).toEqual([
      'README.txt',
      'applications.json',
      'connections.json',
      'kudos.json',
      'messages.json',
      'notifications.json',
      'profile.json',
      'referral-requests.json',
      'referrals.json',
      'resume/Sam Seeker CV.pdf',
      'screening-identifiers.json',
      'self-identification.json',
      'settings.json',
    ]);
    expect(zip.get('resume/Sam Seeker CV.pdf')!.equals(resumeBytes)).toBe(true);
    expect(json(zip, 'profile.json').account).toMatchObject({ name: 'Sam Seeker', email: seeker.body.user.email });
    expect(json(zip, 'profile.json').talentProfile).toMatchObject({ discoverable: true });
    expect(json(zip, 'applications.json')).toEqual([
      expect.objectContaining({ jobTitle: 'Integration Engineer', note: 'I built HL7 feeds for six years.' }),
    ]);
    expect(json(zip, 'screening-identifiers.json')).toEqual([
      { jobTitle: 'Integration Engineer', companyName: 'Export Health', dateOfBirth: '1988-04-12', npi: '1234567893' },
    ]);
    expect(json(zip, 'referral-requests.json')).toEqual([
      expect.objectContaining({ direction: 'sent', otherPerson: 'Riley Referrer', message: 'Would you refer me?' }),
    ]);
    const [conversation] = json(zip, 'messages.json');
    expect(conversation.with).toEqual(['Riley Referrer']);
    expect(conversation.messages.map((m: { from: string; text: string }) => [m.from, m.text])).toEqual([
      ['me', 'Hello from Sam'],
      ['Riley Referrer', 'Hi Sam, happy to help'],
    ]);
    expect(json(zip, 'notifications.json').length).toBeGreaterThan(0);
    expect(json(zip, 'kudos.json').received).toEqual([expect.objectContaining({ author: 'Dana Mentor' })]);
    expect(json(zip, 'settings.json').emailPreferences).toContainEqual({ category: 'messages', frequency: 'daily' });
    expect(zip.get('README.txt')!.toString()).toContain('messages.json');

    const [mail] = (await mailsTo(t, seeker.body.user.email)).filter((m) => m.includes('data is ready'));
    expect(linkIn(mail!, '/api/exports/')).toBe(status.downloadUrl);
    const days = (Date.parse(status.expiresAt!) - Date.parse(status.readyAt!)) / 86_400_000;
    expect(days).toBe(7);
  });

  it('lists the passkeys by name and dates, never their keys', async () => {
    const who = await signUp(t);
    const options = await ok<{ challenge: string; rp: { id?: string }; user: { id: string } }>(
      'POST',
      '/api/account/passkeys/options',
      who,
      {},
    );
    const origin = relyingPartyOf(t.app.config.publicUrl).origin;
    await ok('POST', '/api/account/passkeys', who, {
      name: 'Home laptop',
      response: register(options, { origin }).response,
    });
    const { zip } = await exportFor(who);
    expect(json(zip, 'settings.json').passkeys).toEqual([
      { name: 'Home laptop', createdAt: expect.any(String), lastUsedAt: null },
    ]);
  });

  it("holds the referrer's side: requests received and messages, and records the export in the company log", async () => {
    const { zip } = await exportFor(member);
    expect(json(zip, 'referral-requests.json')).toEqual([
      expect.objectContaining({ direction: 'received', otherPerson: 'Sam Seeker' }),
    ]);
    expect(json(zip, 'profile.json').account).toMatchObject({ companyName: 'Export Health', companyRole: 'member' });
    expect([...zip.keys()].some((name) => name.startsWith('resume/'))).toBe(false);
    const log = await ok<AuditLogResponse>(
      'GET',
      `/api/companies/${admin.body.company!.id}/audit-log?action=data.exported`,
      admin,
    );
    expect(log.items).toEqual([
      expect.objectContaining({ actor: { id: member.body.user.id, name: 'Riley Referrer' }, action: 'data.exported' }),
    ]);
  });

  it('asking again while one is prepared returns that one', async () => {
    const first = await ok<DataExportStatus>('POST', '/api/account/data-export', stranger);
    const second = await ok<DataExportStatus>('POST', '/api/account/data-export', stranger);
    expect(second.id).toBe(first.id);
    await drainQueue(t.database);
  });

  it('refuses the download to anyone else, to visitors, with a wrong token and after expiry', async () => {
    const status = await ok<DataExportStatus>('GET', '/api/account/data-export', seeker);
    const url = status.downloadUrl!;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, stranger)).statusCode).toBe(404);
    expect((await call('GET', url, admin)).statusCode).toBe(404);
    expect((await call('GET', url.replace(/token=.*/, 'token=forged'), seeker)).statusCode).toBe(403);

    await t.app.db.execute(
      sql`update data_exports set expires_at = now() - interval '1 minute', ready_at = now() - interval '7 days' where id = ${status.id}`,
    );
    expect((await ok<DataExportStatus>('GET', '/api/account/data-export', seeker)).state).toBe('expired');
    const late = await call('GET', url, seeker);
    expect(late.statusCode).toBe(410);
    expect(late.json().error.message).toBe(ACCOUNT_DATA_MESSAGES.exportExpired);
    expect(await expireDataExports(t.app.db, t.app.storage)).toBeGreaterThanOrEqual(1);
    expect(await t.app.storage.exists(`exports/${status.id}.zip`)).toBe(false);
    const signed = await ok<DataExportStatus>('GET', '/api/account/data-export', seeker);
    expect(signed).toMatchObject({ state: 'expired', downloadUrl: null });
  });
});
