// Pay transparency on jobs (issue 36): a job a law covers is refused without a range (422 naming the law), kept as a
// draft when imported, publishable once exempt (a company admin, with a reason, audited); its range is structured and
// reaches JSON-LD baseSalary and the XML feed. A US-wide remote job is covered by a state's law where the company's
// profile is or where it employs people (the profile's staff states).
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPANY_MESSAGES,
  JOB_MESSAGES,
  type AuditLogResponse,
  type Company,
  type CompanyJobsResponse,
  type CompanyProfileUpdated,
  type Job,
  type PublicCompanyResponse,
} from '@referwell/shared';
import { createTestApp, requestsTo, signUp, withSession, type SignedUp, type TestApp } from '../../test/harness';
import { fakeWebDist } from '../../test/web-dist';
import { parseXml } from '../../test/xml';

let t: TestApp;
let admin: SignedUp;
let member: SignedUp;
let otherAdmin: SignedUp;
let companyId: string;
const ORIGIN = 'https://referwell.example';

beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST_DIR: fakeWebDist(), PUBLIC_URL: ORIGIN } });
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Front Range Health' });
  companyId = admin.body.company!.id;
  const { inviteCode } = (
    await t.app.inject({ method: 'GET', url: `/api/companies/${companyId}/team`, ...withSession(admin.token) })
  ).json();
  member = await signUp(t, { role: 'referrer', inviteCode });
  otherAdmin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Lone Star Clinic' });
  // A Denver company of 11-50 people: Colorado's law reaches its US-wide remote jobs; California's (15+) may apply.
  await ok('PUT', `/api/companies/${companyId}`, admin, {
    studioName: 'Front Range Health',
    website: 'https://frontrange.example',
    description: 'Care coordination software for Colorado clinics.',
    location: 'Denver, CO',
    employeeCount: '11-50',
    industries: ['EHR'],
  });
});
afterAll(() => t.close());

const { call, ok } = requestsTo(() => t);

const job = (overrides: Record<string, unknown> = {}) => ({
  title: 'Clinical Integration Engineer',
  company: 'Front Range Health',
  location: 'Remote (Colorado)',
  employmentType: 'full-time',
  description: 'Connect clinic EHRs to our platform.',
  requirements: 'HL7 and FHIR.',
  skills: ['FHIR'],
  ...overrides,
});

const CO = 'Colorado Equal Pay for Equal Work Act (US-CO)';

describe('posting a job where a pay transparency law applies', () => {
  it('refuses a Colorado remote job without a range: 422 naming the law, on the salary field', async () => {
    for (const salary of [undefined, 'Competitive', 'DOE']) {
      const res = await call('POST', '/api/jobs', member, job({ salary }));
      expect(res.statusCode).toBe(422);
      const { error } = res.json();
      expect(error.code).toBe('PAY_RANGE_REQUIRED');
      expect(error.message).toContain(CO);
      expect(error.fields.salary).toBe(error.message);
    }
  });

  it('reaches US-wide remote jobs of a Colorado company, not jobs elsewhere or of a company outside', async () => {
    const remote = await call('POST', '/api/jobs', member, job({ location: 'Remote (US)' }));
    expect(remote.statusCode).toBe(422);
    expect(remote.json().error.message).toContain(CO);
    expect((await call('POST', '/api/jobs', member, job({ location: 'Austin, TX' }))).statusCode).toBe(201);
    expect((await call('POST', '/api/jobs', otherAdmin, job({ location: 'Remote (US)' }))).statusCode).toBe(201);
    // New York City: the state's and the city's law, both named; the company (11-50) may be under 15 but not under 4.
    const nyc = await call('POST', '/api/jobs', member, job({ location: 'Brooklyn, NY' }));
    expect(nyc.json().error.message).toContain('(US-NY)');
    expect(nyc.json().error.message).toContain('(US-NY-NYC)');
  });

  it('posts it with a range, stored as min, max, currency and period', async () => {
    const posted = await ok<Job>('POST', '/api/jobs', member, job({ salary: '$55 - $70 per hour' }));
    expect(posted).toMatchObject({ status: 'OPEN', pay: { min: 55, max: 70, currency: 'USD', period: 'HOUR' } });
    expect(posted.payTransparency).toEqual({
      rules: [{ id: 'US-CO', name: 'Colorado Equal Pay for Equal Work Act' }],
      exemptReason: null,
      heldReason: null,
    });
    // Visitors see the pay, not the team's compliance notes.
    const seen = (await call('GET', `/api/jobs/${posted.id}`)).json<Job>();
    expect(seen.pay).toEqual({ min: 55, max: 70, currency: 'USD', period: 'HOUR' });
    expect(seen.payTransparency).toBeNull();
  });

  it('saves a draft without a range, and refuses to publish it until the range is there', async () => {
    const draft = await ok<Job>('POST', '/api/jobs?draft=true', member, job());
    expect(draft.status).toBe('DRAFT');
    const publish = await call('PUT', `/api/jobs/${draft.id}/status`, member, { status: 'OPEN' });
    expect(publish.statusCode).toBe(422);
    expect(publish.json().error.message).toContain(CO);
    await ok('PUT', `/api/jobs/${draft.id}`, member, job({ salary: '$120,000 - $150,000 per year' }));
    expect((await ok<Job>('PUT', `/api/jobs/${draft.id}/status`, member, { status: 'OPEN' })).status).toBe('OPEN');
  });

  it('refuses an edit that takes the range off an open job, leaving the job as it was', async () => {
    const posted = await ok<Job>('POST', '/api/jobs', member, job({ salary: '$120k - $150k' }));
    const edit = await call('PUT', `/api/jobs/${posted.id}`, member, job({ salary: 'Competitive', title: 'Renamed' }));
    expect(edit.statusCode).toBe(422);
    const after = await ok<Job>('GET', `/api/jobs/${posted.id}`, member);
    expect(after).toMatchObject({ title: 'Clinical Integration Engineer', salaryRange: '$120k - $150k' });
  });

  it('keeps an imported job without a range as a draft with the reason; the range clears it', async () => {
    const imported = await ok<Job>('POST', '/api/jobs?imported=true', member, job({ salary: 'Competitive' }));
    expect(imported.status).toBe('DRAFT');
    expect(imported.payTransparency?.heldReason).toBe(JOB_MESSAGES.payHeld(CO));
    const fixed = await ok<Job>('PUT', `/api/jobs/${imported.id}`, member, job({ salary: '$100k-$130k' }));
    expect(fixed.payTransparency?.heldReason).toBeNull();
    // An imported job with its range is posted as usual.
    const withRange = await ok<Job>('POST', '/api/jobs?imported=true', member, job({ salary: '$100k-$130k' }));
    expect(withRange.status).toBe('OPEN');
  });
});

describe('exemption', () => {
  it('a company admin marks a job exempt with a reason (audited); it can then be published without a range', async () => {
    const draft = await ok<Job>('POST', '/api/jobs?draft=true', member, job({ title: 'Volunteer Coordinator' }));
    const url = `/api/jobs/${draft.id}/pay-exemption`;
    const reason = 'Unpaid volunteer role: no wage is offered.';
    // Not the job's creator, not another company's admin; a short reason is refused.
    expect((await call('PUT', url, member, { reason })).statusCode).toBe(403);
    expect((await call('PUT', url, member, { reason })).json().error.message).toBe(JOB_MESSAGES.payExemptOnlyAdmins);
    expect((await call('PUT', url, otherAdmin, { reason })).statusCode).toBe(404);
    const short = await call('PUT', url, admin, { reason: 'no' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.reason).toBe(JOB_MESSAGES.payExemptReasonRequired);

    const exempt = await ok<Job>('PUT', url, admin, { reason });
    expect(exempt.payTransparency?.exemptReason).toBe(reason);
    expect((await ok<Job>('PUT', `/api/jobs/${draft.id}/status`, member, { status: 'OPEN' })).status).toBe('OPEN');
    // Edits keep the exemption.
    expect((await call('PUT', `/api/jobs/${draft.id}`, member, job({ title: 'Volunteer Lead' }))).statusCode).toBe(200);

    const cleared = await ok<Job>('DELETE', url, admin);
    expect(cleared.payTransparency?.exemptReason).toBeNull();

    const log = await ok<AuditLogResponse>('GET', `/api/companies/${companyId}/audit-log`, admin);
    const entries = log.items.filter((entry) => entry.subject.id === draft.id);
    expect(entries.map((entry) => [entry.action, entry.after])).toEqual([
      ['job.pay_exemption_cleared', { exemptReason: null }],
      ['job.pay_exemption_set', { exemptReason: reason }],
    ]);
    expect(entries[1]).toMatchObject({ actor: { id: admin.body.user.id }, subject: { type: 'job' } });
  });
});

describe('the range in public', () => {
  it('the job page shows the range and carries it as JSON-LD baseSalary; the XML feed states it', async () => {
    const posted = await ok<Job>('POST', '/api/jobs', member, job({ salary: '$120,000 - $150,000 per year' }));
    const $ = load((await call('GET', `/job/${posted.id}`)).body);
    expect($('#root').text()).toContain('$120,000 - $150,000 per year');
    const posting = JSON.parse($('script[type="application/ld+json"]').text());
    expect(posting.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: { '@type': 'QuantitativeValue', minValue: 120_000, maxValue: 150_000, unitText: 'YEAR' },
    });

    const feed = parseXml((await call('GET', '/jobs.xml')).body);
    const entry = feed('job')
      .toArray()
      .map((node) => feed(node))
      .find((node) => node.children('referencenumber').text() === posted.id)!;
    const field = (name: string) => entry.children(name).text();
    expect([field('salarymin'), field('salarymax'), field('salarycurrency'), field('salaryperiod')]).toEqual([
      '120000',
      '150000',
      'USD',
      'YEAR',
    ]);
  });
});

describe('the states a company employs people in (remote jobs open to their residents)', () => {
  let plains: SignedUp;
  let plainsId: string;
  const profile = (staffStates?: string[]) => ({
    studioName: 'Plains Staffing',
    website: 'https://plains.example',
    description: 'Travel nurse staffing across the plains.',
    location: 'Austin, TX',
    employeeCount: '1-10',
    industries: [],
    ...(staffStates ? { staffStates } : {}),
  });
  const remoteJob = job({ company: 'Plains Staffing', location: 'Remote (US)', title: 'Remote Scheduler' });

  beforeAll(async () => {
    plains = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Plains Staffing' });
    plainsId = plains.body.company!.id;
    await ok('PUT', `/api/companies/${plainsId}`, plains, profile());
  });

  it('refuses an unknown state by name, and lets only the company admins set them', async () => {
    const bad = await call('PUT', `/api/companies/${plainsId}`, plains, profile(['CO', 'ZZ', 'Colorado']));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.staffStates).toBe(COMPANY_MESSAGES.staffStatesUnknown('"ZZ", "COLORADO"'));
    expect((await call('PUT', `/api/companies/${plainsId}`, member, profile(['CO']))).statusCode).toBe(403);
    expect((await call('PUT', `/api/companies/${plainsId}`, admin, profile(['CO']))).statusCode).toBe(403);
    expect((await ok<Company>('GET', `/api/companies/${plainsId}`, plains)).staffStates).toEqual([]);
  });

  it('a company with staff in Colorado is held to its law for US-wide remote jobs; its open ones are flagged', async () => {
    // Employing only in Texas: a remote job without a range posts.
    const before = await ok<Job>('POST', '/api/jobs', plains, remoteJob);
    expect(before.status).toBe('OPEN');

    // Adding Colorado (lower case, repeated: stored once, upper case, sorted): the open job now breaks Colorado's law.
    const saved = await ok<CompanyProfileUpdated>(
      'PUT',
      `/api/companies/${plainsId}`,
      plains,
      profile(['tx', 'co', 'CO']),
    );
    expect(saved).toMatchObject({ staffStates: ['CO', 'TX'], openJobsNeedingPayRange: 1 });
    const board = await ok<CompanyJobsResponse>('GET', '/api/company/jobs?status=OPEN', plains);
    expect(board.items.find((row) => row.id === before.id)?.payRangeNeeded).toEqual([
      { id: 'US-CO', name: 'Colorado Equal Pay for Equal Work Act' },
    ]);
    // It stays open (not silently closed) and says why to its team; its next edit must add the range.
    const seen = await ok<Job>('GET', `/api/jobs/${before.id}`, plains);
    expect(seen.status).toBe('OPEN');
    expect(seen.payTransparency?.rules).toEqual([{ id: 'US-CO', name: 'Colorado Equal Pay for Equal Work Act' }]);
    const edit = await call('PUT', `/api/jobs/${before.id}`, plains, { ...remoteJob, title: 'Remote Scheduler II' });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().error.message).toContain(CO);

    // New remote jobs: 422 naming the law; imported ones wait as drafts with the reason; on-site Texas jobs post.
    const refused = await call('POST', '/api/jobs', plains, remoteJob);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toContain(CO);
    const imported = await ok<Job>('POST', '/api/jobs?imported=true', plains, remoteJob);
    expect(imported).toMatchObject({ status: 'DRAFT', payTransparency: { heldReason: JOB_MESSAGES.payHeld(CO) } });
    expect((await call('POST', '/api/jobs', plains, { ...remoteJob, location: 'Dallas, TX' })).statusCode).toBe(201);
    expect(
      (await call('POST', '/api/jobs', plains, { ...remoteJob, location: 'Hybrid — Dallas, TX' })).statusCode,
    ).toBe(201);

    // The range clears the flag.
    await ok('PUT', `/api/jobs/${before.id}`, plains, { ...remoteJob, salary: '$22 - $28 an hour' });
    const after = await ok<CompanyJobsResponse>('GET', '/api/company/jobs?status=OPEN', plains);
    expect(after.items.every((row) => row.payRangeNeeded.length === 0)).toBe(true);

    // The public company page does not show the states.
    const page = await ok<PublicCompanyResponse>('GET', '/api/companies/by-slug/plains-staffing');
    expect(page.company).not.toHaveProperty('staffStates');
  });

  it('audits a change of the states (not a save that keeps them); leaving them out keeps them', async () => {
    await ok('PUT', `/api/companies/${plainsId}`, plains, profile(['MD']));
    await ok('PUT', `/api/companies/${plainsId}`, plains, profile(['MD']));
    expect((await ok<Company>('PUT', `/api/companies/${plainsId}`, plains, profile())).staffStates).toEqual(['MD']);
    const log = await ok<AuditLogResponse>(
      'GET',
      `/api/companies/${plainsId}/audit-log?action=company.staff_states_changed`,
      plains,
    );
    expect(log.items.map((entry) => [entry.before, entry.after])).toEqual([
      [{ staffStates: ['CO', 'TX'] }, { staffStates: ['MD'] }],
      [{ staffStates: [] }, { staffStates: ['CO', 'TX'] }],
    ]);
    expect(log.items[0]).toMatchObject({ actor: { id: plains.body.user.id }, subject: { type: 'company' } });
  });
});
