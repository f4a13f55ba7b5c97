import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AuditEntry, AuditLogResponse } from '@referwell/shared';
import { selectRows } from '../../db/repository';
import { createTestApp, requestsTo, type SignedUp, signUp, type TestApp } from '../../test/harness';
import { lockLiveReferral, moveStage, openPipeline } from '../referrals/pipeline';
import type { AuthContext } from '../../platform/sessions/sessions';

let t: TestApp;
let admin: SignedUp;
let member: SignedUp;
let otherAdmin: SignedUp;
let companyId: string;

const { call, ok } = requestsTo(() => t);

const log = (query = '', who = admin) =>
  ok<AuditLogResponse>('GET', `/api/companies/${companyId}/audit-log${query}`, who);
const latest = async (action: string) => (await log(`?action=${action}`)).items[0];
const auditCount = async () =>
  (await selectRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from company_audit_log`))[0]!.n;

let n = 0;
/** A job by the admin with a bonus, and a job seeker the member referred, who confirmed. */
async function referral() {
  const job = await ok<{ id: string }>('POST', '/api/jobs', admin, {
    title: `Audit Analyst ${++n}`,
    company: 'Audit Health',
    location: 'Remote',
    employmentType: 'full-time',
    description: 'Interfaces.',
    requirements: 'HL7.',
    referralBonusAmount: 1000,
    referralBonusCurrency: 'USD',
  });
  const seeker = await signUp(t, { name: `Candidate ${n}` });
  const created = await ok<{ id: string }>('POST', '/api/referrals', member, {
    talentId: seeker.body.user.id,
    jobId: job.id,
    notes: 'Strong on feeds',
    relationship: 'worked_together',
  });
  await ok('POST', `/api/referrals/${created.id}/consent`, seeker, { decision: 'confirm' });
  return { job, seeker, referralId: created.id };
}

async function teammate() {
  const { inviteCode } = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
  return signUp(t, { role: 'referrer', inviteCode, name: `Teammate ${++n}` });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Audit Health', name: 'Ada Admin' });
  companyId = admin.body.company!.id;
  member = await teammate();
  otherAdmin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Other Clinic' });
});
afterAll(() => t.close());

describe('a row for every audited action', () => {
  it('member role changed and member removed, with actor, subject and before/after', async () => {
    const person = await teammate();
    await ok('PATCH', `/api/companies/${companyId}/members/${person.body.user.id}`, admin, { role: 'Admin' });
    expect(await latest('member.role_changed')).toMatchObject({
      actor: { id: admin.body.user.id, name: 'Ada Admin' },
      subject: { type: 'member', id: person.body.user.id, name: person.body.user.name },
      before: { role: 'Member' },
      after: { role: 'Admin' },
    });
    await ok('DELETE', `/api/companies/${companyId}/members/${person.body.user.id}`, admin);
    expect(await latest('member.removed')).toMatchObject({
      subject: { id: person.body.user.id },
      before: { role: 'Admin' },
      after: null,
    });
  });

  it('invite code regenerated, without handing the codes out', async () => {
    const { inviteCode: old } = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
    const { inviteCode } = await ok<{ inviteCode: string }>('POST', `/api/companies/${companyId}/invite-code`, admin);
    const row = (await latest('company.invite_code_regenerated'))!;
    expect(row.subject).toEqual({ type: 'company', id: companyId, name: null });
    expect(JSON.stringify(row)).not.toContain(old);
    expect(JSON.stringify(row)).not.toContain(inviteCode);
    expect(row.after!.inviteCode).toBe(`${inviteCode.slice(0, 5)}…${inviteCode.slice(-2)}`);
  });

  it('referral status changed (with the stage it moves), stage changed, undone, bonus paid', async () => {
    const { job, seeker, referralId } = await referral();
    await ok('PATCH', `/api/referrals/${referralId}/status`, admin, { status: 'accepted' });
    expect(await latest('referral.status_changed')).toMatchObject({
      subject: { type: 'referral', id: referralId, name: seeker.body.user.name },
      before: { status: 'pending' },
      after: { status: 'accepted' },
    });
    expect(await latest('pipeline.stage_changed')).toMatchObject({
      before: { stage: 'referred' },
      after: { stage: 'contacted' },
    });

    const entry = await ok<{ undoable: { id: string } }>(
      'PUT',
      `/api/jobs/${job.id}/tracking/${seeker.body.user.id}`,
      admin,
      {
        status: 'Interviewed',
      },
    );
    expect(await latest('pipeline.stage_changed')).toMatchObject({
      before: { stage: 'contacted' },
      after: { stage: 'interviewed' },
    });
    await ok('POST', `/api/pipeline-changes/${entry.undoable.id}/undo`, admin);
    expect(await latest('pipeline.stage_change_undone')).toMatchObject({
      before: { stage: 'interviewed' },
      after: { stage: 'contacted', status: 'accepted' },
    });

    await ok('PATCH', `/api/referrals/${referralId}/status`, admin, { status: 'completed', startDate: '2026-06-01' });
    await ok('POST', `/api/referrals/${referralId}/bonus-paid`, admin, { paidOn: '2026-11-20' });
    expect(await latest('referral.bonus_paid')).toMatchObject({
      actor: { id: admin.body.user.id },
      before: { bonusState: 'due' },
      after: { bonusState: 'paid', paidOn: '2026-11-20', amount: 1000, currency: 'USD' },
    });
  });

  it('a candidate declining a referral is a status change by the candidate', async () => {
    const job = await ok<{ id: string }>('POST', '/api/jobs', admin, {
      title: 'Decline Analyst',
      company: 'Audit Health',
      location: 'Remote',
      employmentType: 'full-time',
      description: 'Interfaces.',
      requirements: 'HL7.',
    });
    const seeker = await signUp(t);
    const created = await ok<{ id: string }>('POST', '/api/referrals', member, {
      talentId: seeker.body.user.id,
      jobId: job.id,
      notes: 'Good',
      relationship: 'worked_together',
    });
    await ok('POST', `/api/referrals/${created.id}/consent`, seeker, { decision: 'decline' });
    expect(await latest('referral.status_changed')).toMatchObject({
      actor: { id: seeker.body.user.id },
      subject: { id: created.id },
      after: { status: 'rejected', consent: 'declined' },
    });
  });

  it('filters by action, actor and day, and pages', async () => {
    const all = await log('?pageSize=100');
    expect(all.total).toBeGreaterThan(5);
    expect(all.actors.map((a) => a.id)).toContain(admin.body.user.id);
    const byActor = await log(`?actorId=${admin.body.user.id}&pageSize=100`);
    expect(byActor.items.every((i: AuditEntry) => i.actor?.id === admin.body.user.id)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await log(`?from=${today}&to=${today}`)).total).toBe(all.total);
    expect((await log('?to=2020-01-01')).items).toEqual([]);
    const first = await log('?pageSize=2');
    const second = await log('?pageSize=2&page=2');
    expect(first.items).toHaveLength(2);
    expect(second.items[0]!.id).not.toBe(first.items[1]!.id);
    expect(first.items[0]!.at >= first.items[1]!.at).toBe(true);
    expect((await call('GET', `/api/companies/${companyId}/audit-log?from=2025-02-30`, admin)).statusCode).toBe(400);
  });
});

describe('same transaction', () => {
  it('a rolled-back stage move leaves no audit row', async () => {
    const { job, seeker } = await referral();
    const before = await auditCount();
    const me = { user: { id: admin.body.user.id }, company: { id: companyId, role: 'companyAdmin' } } as AuthContext;
    await expect(
      t.app.db.transaction(async (tx) => {
        const { pipeline } = await openPipeline(tx, job.id, seeker.body.user.id, 'referred', null);
        const live = await lockLiveReferral(tx, job.id, seeker.body.user.id);
        await moveStage(tx, me, { pipeline, referral: live, stage: 'hired' });
        expect((await selectRows(tx, sql`select 1 from company_audit_log`)).length).toBe(before + 2);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await auditCount()).toBe(before);
  });

  it('when the audit row cannot be written, the action does not happen either', async () => {
    const person = await teammate();
    await t.app.db.execute(sql`create function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit refused'; end $$`);
    await t.app.db.execute(
      sql`create trigger refuse_audit after insert on company_audit_log for each row execute function refuse_audit()`,
    );
    try {
      const before = await auditCount();
      const { inviteCode } = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
      const { referralId } = await referral();
      const attempts = [
        call('PATCH', `/api/companies/${companyId}/members/${person.body.user.id}`, admin, { role: 'Admin' }),
        call('POST', `/api/companies/${companyId}/invite-code`, admin),
        call('PATCH', `/api/referrals/${referralId}/status`, admin, { status: 'completed' }),
      ];
      for (const res of await Promise.all(attempts)) expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(
        (await call('DELETE', `/api/companies/${companyId}/members/${person.body.user.id}`, admin)).statusCode,
      ).toBe(500);
      const team = await ok<{ inviteCode: string; members: { userId: string; role: string }[] }>(
        'GET',
        `/api/companies/${companyId}/team`,
        admin,
      );
      expect(team.inviteCode).toBe(inviteCode);
      expect(team.members.find((m) => m.userId === person.body.user.id)?.role).toBe('Member');
      expect((await ok<{ status: string }>('GET', `/api/referrals/${referralId}`, admin)).status).toBe('pending');
      expect(await auditCount()).toBe(before);
    } finally {
      await t.app.db.execute(sql`drop trigger refuse_audit on company_audit_log`);
    }
  });
});

describe('append-only', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE of audit rows', async () => {
    expect(await auditCount()).toBeGreaterThan(0);
    await expect(t.app.db.execute(sql`update company_audit_log set action = 'member.removed'`)).rejects.toThrow();
    await expect(t.app.db.execute(sql`delete from company_audit_log`)).rejects.toThrow();
    await expect(t.app.db.execute(sql`truncate company_audit_log`)).rejects.toThrow();
    expect(await auditCount()).toBeGreaterThan(0);
  });

  it("a deleted company's log goes with it", async () => {
    const gone = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Gone Health' });
    const goneId = gone.body.company!.id;
    await ok('POST', `/api/companies/${goneId}/invite-code`, gone);
    await t.app.db.execute(sql`delete from companies where id = ${goneId}`);
    const left = await selectRows(t.app.db, sql`select 1 from company_audit_log where company_id = ${goneId}`);
    expect(left).toEqual([]);
  });
});

describe('who reads it', () => {
  it("only the company's admins", async () => {
    const url = `/api/companies/${companyId}/audit-log`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, member)).statusCode).toBe(403);
    expect((await call('GET', url, otherAdmin)).statusCode).toBe(403);
    expect((await call('GET', url, await signUp(t))).statusCode).toBe(403);
    expect((await call('GET', url, admin)).statusCode).toBe(200);
    const theirs = await ok<AuditLogResponse>(
      'GET',
      `/api/companies/${otherAdmin.body.company!.id}/audit-log`,
      otherAdmin,
    );
    expect(theirs.items).toEqual([]);
  });
});
