import { parse as parseCsv } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYEE_MESSAGES, type PayeeList } from '@referwell/shared';
import { payees } from '../../db/schema';
import { createTestApp, requestsTo, type SignedUp, signUp, type TestApp, withSession } from '../../test/harness';
import { drainQueue } from '../../test/queue';
import { sealedContext } from '../../lib/sealed-columns';

let t: TestApp;
let admin: SignedUp;
let employee: SignedUp;
let external: SignedUp;
let otherAdmin: SignedUp;
let companyId: string;
const year = new Date().getUTCFullYear();
const today = new Date().toISOString().slice(0, 10);

const { call, ok } = requestsTo(() => t);
const payeesUrl = () => `/api/companies/${companyId}/payees`;
const list = async (query = '') => ok<PayeeList>('GET', `${payeesUrl()}${query}`, admin);
const payeeOf = async (who: SignedUp) => (await list()).payees.find((p) => p.userId === who.body.user.id)!;

/** A hire referred by `referrer` whose bonus of `amount` USD is paid today. */
async function paidBonus(referrer: SignedUp, amount: number) {
  const job = await ok<{ id: string }>('POST', '/api/jobs', admin, {
    title: `Payee Engineer ${amount}`,
    company: 'Payee Health',
    location: 'Remote',
    employmentType: 'full-time',
    description: 'Connect hospital EHRs.',
    requirements: 'HL7 and FHIR.',
    skills: ['FHIR'],
    referralBonusAmount: amount,
    referralBonusCurrency: 'USD',
  });
  const seeker = await signUp(t, { name: `Candidate ${amount}` });
  const referral = await ok<{ id: string }>('POST', '/api/referrals', referrer, {
    jobId: job.id,
    talentId: seeker.body.user.id,
  });
  await ok('POST', `/api/referrals/${referral.id}/consent`, seeker, { decision: 'confirm' });
  await ok('PUT', `/api/jobs/${job.id}/tracking/${seeker.body.user.id}`, admin, {
    status: 'Hired',
    startDate: new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10), // past the payout delay
  });
  await ok('POST', `/api/referrals/${referral.id}/bonus-paid`, admin, { paidOn: today });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Payee Health' });
  companyId = admin.body.company!.id;
  const { inviteCode } = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
  employee = await signUp(t, { role: 'referrer', inviteCode, name: 'Emery Employee' });
  external = await signUp(t, { role: 'referrer', inviteCode, name: 'Ellis External' });
  otherAdmin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Elsewhere Clinic' });
  await paidBonus(employee, 1500);
  await paidBonus(external, 1500);
  await paidBonus(external, 700);
});
afterAll(() => t.close());

describe('payees', () => {
  it('lists the people with a bonus, with the year’s total, for admins only', async () => {
    const { payees: all, thresholdUsd } = await list();
    expect(thresholdUsd).toBe(year <= 2025 ? 600 : 2000);
    expect(all.map((p) => p.name)).toEqual(['Ellis External', 'Emery Employee']);
    expect(await payeeOf(external)).toMatchObject({ kind: null, paidInYear: [{ currency: 'USD', amount: 2200 }] });
    expect((await list(`?year=${year - 1}`)).payees.every((p) => p.paidInYear.length === 0)).toBe(true);
    expect((await call('GET', payeesUrl(), employee)).statusCode).toBe(403);
    expect((await call('GET', payeesUrl(), otherAdmin)).statusCode).toBe(403);
  });

  it("records an employee's payroll id, and the payroll CSV is keyed by it", async () => {
    const url = `${payeesUrl()}/${employee.body.user.id}`;
    expect((await call('PUT', url, admin, { kind: 'employee', payrollId: ' ' })).statusCode).toBe(400);
    expect((await call('PUT', url, employee, { kind: 'employee', payrollId: 'EMP-7' })).statusCode).toBe(403);
    expect((await call('PUT', url, admin, { kind: 'employee', payrollId: 'EMP-7' })).statusCode).toBe(204);
    expect(await payeeOf(employee)).toMatchObject({
      kind: 'employee',
      payrollId: 'EMP-7',
      w9: null,
      reaches1099Threshold: false,
    });
    // The bonuses CSV for payroll carries it.
    const asked = await call('POST', `/api/companies/${companyId}/exports/bonuses`, admin, { period: '30d' });
    expect(asked.statusCode, asked.body).toBe(202);
    await drainQueue(t.database);
    const { exports } = await ok<{ exports: { id: string; downloadUrl: string }[] }>(
      'GET',
      `/api/companies/${companyId}/exports`,
      admin,
    );
    const ready = exports.find((e) => e.id === asked.json().id)!;
    const csv = await t.app.inject({ method: 'GET', url: ready.downloadUrl, ...withSession(admin.token) });
    const [header, ...rows] = parseCsv(csv.body.slice(1)) as string[][];
    const column = header!.indexOf('Payroll ID');
    expect(rows.filter((r) => r[0] === 'Emery Employee').map((r) => r[column])).toEqual(['EMP-7']);
    expect(rows.filter((r) => r[0] === 'Ellis External').map((r) => r[column])).toEqual(['', '']);
  });

  it("keeps an external referrer's W-9 with the TIN encrypted at rest, shown masked, never returned", async () => {
    const url = `${payeesUrl()}/${external.body.user.id}`;
    const w9 = { kind: 'external', legalName: 'Ellis External LLC', taxClassification: 'llc', tinType: 'ein' };
    // The first W-9 needs its TIN, in the shape of its type.
    const missing = await call('PUT', url, admin, w9);
    expect([missing.statusCode, missing.json().error.fields]).toEqual([400, { tin: PAYEE_MESSAGES.tinRequired }]);
    for (const tin of ['12-345678', '123-45-6789', '00-1234567', 'abcdefghi']) {
      const bad = await call('PUT', url, admin, { ...w9, tin });
      expect(bad.statusCode, tin).toBe(400);
      expect(JSON.stringify(bad.json().error)).toContain(PAYEE_MESSAGES.tinShape);
    }
    expect((await call('PUT', url, admin, { ...w9, tinType: 'ssn', tin: '666-12-3456' })).statusCode).toBe(400);
    expect(await payeeOf(external)).toMatchObject({ kind: null });

    expect((await call('PUT', url, admin, { ...w9, tin: '12-3456789' })).statusCode).toBe(204);
    const shown = await payeeOf(external);
    expect(shown).toMatchObject({
      kind: 'external',
      w9: { legalName: 'Ellis External LLC', taxClassification: 'llc', tinType: 'ein', tinMasked: '**-***6789' },
    });
    const listed = JSON.stringify(await list());
    expect(listed).not.toContain('3456789');

    // At rest: sealed, bound to this company and person, opening to the digits.
    const [row] = await t.database.db.select().from(payees).where(eq(payees.userId, external.body.user.id));
    expect(row!.tinSealed).not.toContain('123456789');
    expect(t.app.secrets.open(row!.tinSealed!, sealedContext.payeeTin(companyId, external.body.user.id))).toBe(
      '123456789',
    );

    // Saved again without a TIN: the one on file stays.
    expect((await call('PUT', url, admin, { ...w9, legalName: 'Ellis External' })).statusCode).toBe(204);
    expect((await payeeOf(external)).w9).toMatchObject({ legalName: 'Ellis External', tinMasked: '**-***6789' });

    // The audit log says what changed, never the TIN.
    const { items } = await ok<{ items: { action: string; after: Record<string, unknown> }[] }>(
      'GET',
      `/api/companies/${companyId}/audit-log?action=payee.changed`,
      admin,
    );
    expect(items[0]!.after).toMatchObject({ kind: 'external', legalName: 'Ellis External', tinChanged: false });
    expect(items[1]!.after).toMatchObject({ tinChanged: true });
    expect(JSON.stringify(items)).not.toContain('3456789');
  });

  it('flags an external referrer whose yearly total reaches the 1099-NEC threshold', async () => {
    const shown = await payeeOf(external);
    expect(shown.paidInYear).toEqual([{ currency: 'USD', amount: 2200 }]);
    expect(shown.reaches1099Threshold).toBe(2200 >= (year <= 2025 ? 600 : 2000));
    expect((await payeeOf(employee)).reaches1099Threshold).toBe(false);
  });

  it('refuses a person without a bonus at the company', async () => {
    const res = await call('PUT', `${payeesUrl()}/${otherAdmin.body.user.id}`, admin, {
      kind: 'employee',
      payrollId: 'X',
    });
    expect([res.statusCode, res.json().error.message]).toEqual([404, PAYEE_MESSAGES.notAPayee]);
  });
});
