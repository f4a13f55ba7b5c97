import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_DATA_MESSAGES,
  COMPANY_EXPORT_MESSAGES,
  type CompanyExportList,
  type CompanyExportStatus,
  type NotificationListResponse,
} from '@referwell/shared';
import { selectRows } from '../../db/repository';
import { createTestApp, requestsTo, type SignedUp, signUp, type TestApp } from '../../test/harness';
import { mailsTo } from '../../test/mail';
import { drainQueue } from '../../test/queue';
import { expireDataExports } from '../../platform/exports/prepared';

/** Queued CSV exports: asked for by an admin, built by the queue, downloaded by that admin alone until expiry. */
let t: TestApp;
let admin: SignedUp;
let secondAdmin: SignedUp;
let member: SignedUp;
let otherAdmin: SignedUp;
let companyId: string;
let jobId: string;

const { call, ok } = requestsTo(() => t);

async function ask(kind: string, body: object, who: SignedUp = admin): Promise<CompanyExportStatus> {
  const res = await call('POST', `/api/companies/${companyId}/exports/${kind}`, who, body);
  expect(res.statusCode, res.body).toBe(202);
  return res.json();
}
async function mine(who: SignedUp = admin): Promise<CompanyExportStatus[]> {
  return (await ok<CompanyExportList>('GET', `/api/companies/${companyId}/exports`, who)).exports;
}
async function ready(id: string, who: SignedUp = admin): Promise<CompanyExportStatus> {
  await drainQueue(t.database, 300_000);
  const found = (await mine(who)).find((e) => e.id === id)!;
  expect(found.state).toBe('ready');
  return found;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Export Queue Health' });
  companyId = admin.body.company!.id;
  const { inviteCode } = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
  member = await signUp(t, { role: 'referrer', inviteCode, name: 'Morgan Member' });
  secondAdmin = await signUp(t, { role: 'referrer', inviteCode, name: 'Avery Admin' });
  await ok('PATCH', `/api/companies/${companyId}/members/${secondAdmin.body.user.id}`, admin, { role: 'Admin' });
  otherAdmin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Elsewhere Clinic' });
  ({ id: jobId } = await ok<{ id: string }>('POST', '/api/jobs', admin, {
    title: 'Clinical Data Engineer',
    company: 'Export Queue Health',
    location: 'Remote',
    employmentType: 'full-time',
    description: 'Pipelines for clinical data.',
    requirements: 'SQL.',
  }));
});
afterAll(() => t.close());

describe('queued company exports', () => {
  it('are prepared in the background; the requester is told in the app and by mail, and downloads the CSV', async () => {
    const asked = await ask('bonuses', { period: '30d' });
    expect(asked).toMatchObject({ kind: 'bonuses', label: 'Bonuses', state: 'preparing', downloadUrl: null });
    expect(asked.to).toBe(new Date().toISOString().slice(0, 10));
    // Asking again returns the export being prepared; the app's own queue may have built it already, and then a
    // new one is prepared.
    const again = await ask('bonuses', { period: '30d' });
    if (again.id !== asked.id) expect((await mine()).find((e) => e.id === asked.id)?.state).toBe('ready');

    const done = await ready(asked.id);
    expect(done.fileName).toBe(`referwell-bonuses-${done.from}-to-${done.to}.csv`);
    const res = await call('GET', done.downloadUrl!, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${done.fileName}"`);
    expect(res.body).toBe(
      '\uFEFFReferrer,Referrer e-mail,Candidate,Job,Amount,Currency,Bonus,Start date,Due on,Paid on,Payment reference,Paid early,Payroll ID,Referral ID\r\n',
    );

    // Found by its export: when the queue built the first one before it was asked again, the second is newer.
    const { items } = await ok<NotificationListResponse>('GET', '/api/notifications', admin);
    expect(items.find((n) => n.referenceId === asked.id)).toMatchObject({
      title: COMPANY_EXPORT_MESSAGES.readyTitle,
      message: COMPANY_EXPORT_MESSAGES.ready('Bonuses'),
      type: 'company_export_ready',
      referenceId: asked.id,
    });
    const mails = await mailsTo(t, admin.body.user.email);
    expect(
      mails.some(
        (m) => m.includes(COMPANY_EXPORT_MESSAGES.ready('Bonuses')) && m.includes('/company-dashboard/analytics'),
      ),
    ).toBe(true);
  });

  it('lets no one else download it: another admin, another company, a referrer, a visitor, a forged link', async () => {
    const done = await ready((await ask('referrals', { period: '90d' })).id);
    const url = done.downloadUrl!;
    expect((await call('GET', url)).statusCode).toBe(401);
    for (const who of [secondAdmin, otherAdmin, member]) expect((await call('GET', url, who)).statusCode).toBe(404);
    expect((await call('GET', url.replace(/token=.*/, 'token=forged'), admin)).statusCode).toBe(403);
    expect((await mine(secondAdmin)).map((e) => e.id)).not.toContain(done.id);
    expect((await call('GET', `/api/companies/${companyId}/exports`, otherAdmin)).statusCode).toBe(403);
    expect((await call('POST', `/api/companies/${companyId}/exports/referrals`, member, {})).statusCode).toBe(403);
  });

  it('refuses the link once the requester is no longer an admin of the company', async () => {
    const done = await ready((await ask('funnel', { period: '30d' }, secondAdmin)).id, secondAdmin);
    expect((await call('GET', done.downloadUrl!, secondAdmin)).statusCode).toBe(200);
    const membership = `/api/companies/${companyId}/members/${secondAdmin.body.user.id}`;
    await ok('PATCH', membership, admin, { role: 'Member' });
    try {
      expect((await call('GET', done.downloadUrl!, secondAdmin)).statusCode).toBe(404);
    } finally {
      // The other tests, in whatever order they run, count on a second admin.
      await ok('PATCH', membership, admin, { role: 'Admin' });
    }
  });

  it('expires: the link answers 410, the list says expired and the hourly task deletes the file', async () => {
    const done = await ready((await ask('sources', { period: '365d' })).id);
    await t.app.db.execute(sql`update data_exports set expires_at = now() - interval '1 minute' where id = ${done.id}`);
    const late = await call('GET', done.downloadUrl!, admin);
    expect(late.statusCode).toBe(410);
    expect(late.json().error.message).toBe(ACCOUNT_DATA_MESSAGES.exportExpired);
    expect((await mine()).find((e) => e.id === done.id)).toMatchObject({ state: 'expired', downloadUrl: null });
    // The app's own hourly run (at :47) may have deleted it first; either way the file is gone.
    await expireDataExports(t.app.db, t.app.storage);
    expect(await t.app.storage.exists(`exports/${done.id}.csv`)).toBe(false);
    const [row] = await selectRows<{ file_key: string | null }>(
      t.app.db,
      sql`select file_key from data_exports where id = ${done.id}`,
    );
    expect(row).toEqual({ file_key: null });
  });

  it('refuses a pipeline export without a job and a backwards custom range', async () => {
    expect((await call('POST', `/api/companies/${companyId}/exports/pipeline`, admin, {})).statusCode).toBe(400);
    const backwards = { period: 'custom', from: '2026-05-01', to: '2026-04-01' };
    expect((await call('POST', `/api/companies/${companyId}/exports/bonuses`, admin, backwards)).statusCode).toBe(400);
  });

  it('streams 100,000 referrals into storage and back with bounded memory', async () => {
    const referrer = member.body.user.id;
    await t.app.db.execute(sql`
      with candidates as (
        insert into users (email, name, password_hash, type)
        select 'bulk-' || g || '@example.com', case when g % 1000 = 0 then '=cmd|'' /C calc''!A0' else 'Candidate ' || g end,
               'x', 'jobseeker'
          from generate_series(1, 100000) g
        returning id, name, email)
      insert into referrals (job_id, company_id, referrer_id, talent_id, talent_profile, created_at)
      select ${jobId}::uuid, ${companyId}::uuid, ${referrer}::uuid, c.id,
             jsonb_build_object('name', c.name, 'email', c.email),
             now() - interval '2 days' - random() * interval '20 days'
        from candidates c`);
    const asked = await ask('referrals', { period: '30d' });
    // Live memory, sampled after a full collection: garbage the export leaves behind is not memory it holds.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const live = () => {
      gc();
      const { heapUsed, arrayBuffers } = process.memoryUsage();
      return heapUsed + arrayBuffers;
    };
    const before = live();
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, live() - before)), 1_000);
    const started = Date.now();
    let done: CompanyExportStatus;
    try {
      done = await ready(asked.id);
    } finally {
      clearInterval(sampler);
    }
    const took = `${done.sizeBytes} bytes in ${Date.now() - started} ms, at most ${peak} bytes held`;
    expect(done.sizeBytes!, took).toBeGreaterThan(10_000_000);
    // The file never sits in memory whole: pages of 1,000 rows and 1 MB storage chunks.
    expect(peak, took).toBeLessThan(done.sizeBytes! / 2);

    const res = await call('GET', done.downloadUrl!, admin);
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n');
    expect(lines.length).toBe(100_000 + 2);
    expect(
      lines.filter((line) => line.includes(`"'=cmd|' /C calc'!A0"`) || line.includes(`'=cmd|' /C calc'!A0`)),
    ).toHaveLength(100);
  }, 480_000);
});
