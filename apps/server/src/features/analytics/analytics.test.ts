import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsSchema, type Analytics, type PipelineStage } from '@referwell/shared';
import {
  candidatePipelines,
  companyMembers,
  jobPostings,
  pipelineStageChanges,
  referralRequests,
  referrals,
  users,
} from '../../db/schema';
import { refreshFunnelLevel, refreshPipelineRollups } from '../referrals/rollups';
import { createTestApp, signUp, withSession, type SignedUp, type TestApp } from '../../test/harness';
import { drainQueue } from '../../test/queue';

/**
 * A small hand-built history with known answers (days are counted back from now):
 *  s1  J1  asked R1 (answered in 2 h) → referred d20 → contacted, interviewed, offer → hired d10   requested, 10 days
 *  s2  J1  referred by R1 d25, applied d24 → interviewed → hired d5 (bonus due in 60 days)        referral, 20 days
 *  s3  J1  referred by R2 d15, not confirmed; a move to contacted was undone                      awaiting hire
 *  s4  J2  asked R2 (answered in 6 h) → referred d14, applied d13 → interviewed → declined d8      void
 *  s5  J2  applied directly d28 → hired d2                                                         direct, 26 days
 *  s6  J2  referred by R1 d100 → hired d95, bonus paid d3 (500 EUR)                               outside 30 days
 *  s7  J1  referred by R2 d9 → hired d1 (no start date: due now)                                  referral, 8 days
 *  and a request to R2 on J2 on d5, still unanswered.
 */
let t: TestApp;
let admin: SignedUp;
let member: SignedUp;
let otherAdmin: SignedUp;
let seeker: SignedUp;
let companyId: string;
const ids = {} as Record<'r1' | 'r2' | 'j1' | 'j2', string>;

const DAY = 86_400_000;
const ago = (days: number, hours = 0) => new Date(Date.now() - days * DAY + hours * 3_600_000);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

const get = (url: string, who?: SignedUp) =>
  t.app.inject({ method: 'GET', url, ...(who ? withSession(who.token) : {}) });
async function analytics(query = ''): Promise<Analytics> {
  const res = await get(`/api/companies/${companyId}/analytics${query}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const answer: Analytics = res.json();
  // The route writes its answer without the schema's parse: it must be exactly what the schema lets through.
  expect(answer).toStrictEqual(analyticsSchema.parse(answer));
  return answer;
}

async function seeker_(name: string): Promise<string> {
  const [row] = await t.database.db
    .insert(users)
    .values({ email: `${randomUUID()}@example.com`, name, passwordHash: 'x', type: 'jobseeker' })
    .returning({ id: users.id });
  return row!.id;
}

interface Story {
  job: string;
  entry: PipelineStage;
  steps: [PipelineStage, Date][];
  appliedAt?: Date;
  undone?: [PipelineStage, Date];
  referral?: {
    referrer: string;
    at: Date;
    consent: 'pending' | 'confirmed';
    status: 'pending' | 'accepted' | 'rejected' | 'completed';
    bonus: {
      amount: number;
      currency: string;
      state: 'awaiting_hire' | 'due' | 'paid' | 'void';
      dueOn?: Date;
      paidOn?: Date;
    };
    request?: { at: Date; answeredAfterHours: number };
  };
}

async function tell(name: string, story: Story) {
  const db = t.database.db;
  const talentId = await seeker_(name);
  const last = story.steps.at(-1)!;
  const [pipeline] = await db
    .insert(candidatePipelines)
    .values({
      jobId: story.job,
      talentId,
      stage: last[0],
      entry: story.entry,
      appliedAt: story.appliedAt ?? null,
      createdAt: story.steps[0]![1],
    })
    .returning({ id: candidatePipelines.id });
  let from: PipelineStage | null = null;
  for (const [stage, at] of story.steps) {
    await db
      .insert(pipelineStageChanges)
      .values({ pipelineId: pipeline!.id, fromStage: from, toStage: stage, createdAt: at });
    from = stage;
  }
  if (story.undone)
    await db.insert(pipelineStageChanges).values({
      pipelineId: pipeline!.id,
      fromStage: from,
      toStage: story.undone[0],
      createdAt: story.undone[1],
      undoneAt: story.undone[1],
    });
  // The history is written by hand here, so its rollups are brought up to date as the pipeline service does.
  await refreshPipelineRollups(db, pipeline!.id);
  const referral = story.referral;
  if (!referral) return;
  const [row] = await db
    .insert(referrals)
    .values({
      jobId: story.job,
      companyId,
      referrerId: referral.referrer,
      talentId,
      talentProfile: { name } as never,
      status: referral.status,
      consent: referral.consent,
      bonusAmount: referral.bonus.amount,
      bonusCurrency: referral.bonus.currency,
      bonusState: referral.bonus.state,
      bonusDueOn: referral.bonus.dueOn ? dayOf(referral.bonus.dueOn) : null,
      bonusPaidOn: referral.bonus.paidOn ? dayOf(referral.bonus.paidOn) : null,
      createdAt: referral.at,
    })
    .returning({ id: referrals.id });
  // Its funnel level, as the referral service sets it when a referral is made.
  await refreshFunnelLevel(db, story.job, talentId);
  if (referral.request) {
    const [request] = await db
      .insert(referralRequests)
      .values({
        jobId: story.job,
        talentId,
        referrerId: referral.referrer,
        message: 'Would you refer me?',
        status: 'accepted',
        referralId: row!.id,
        createdAt: referral.request.at,
        respondedAt: new Date(referral.request.at.getTime() + referral.request.answeredAfterHours * 3_600_000),
      })
      .returning({ id: referralRequests.id });
    await db.update(referrals).set({ requestId: request!.id }).where(eq(referrals.id, row!.id));
  }
}

async function postJob(title: string, department: string, bonus: [number, string], createdAt: Date) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/jobs',
    payload: {
      title,
      company: 'Analytics Health',
      location: 'Remote',
      employmentType: 'full-time',
      description: 'Connect hospital EHRs.',
      requirements: 'HL7 and FHIR.',
      skills: ['FHIR'],
      referralBonusAmount: bonus[0],
      referralBonusCurrency: bonus[1],
    },
    ...withSession(admin.token),
  });
  const id = (res.json() as { id: string }).id;
  await t.database.db.update(jobPostings).set({ department, createdAt }).where(eq(jobPostings.id, id));
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, {
    role: 'companyHR',
    companyType: 'create',
    companyName: 'Analytics Health',
    name: 'Ada Admin',
  });
  companyId = admin.body.company!.id;
  const team = await t.app.inject({
    method: 'GET',
    url: `/api/companies/${companyId}/team`,
    ...withSession(admin.token),
  });
  const { inviteCode } = team.json() as { inviteCode: string };
  member = await signUp(t, { role: 'referrer', inviteCode, name: 'Riley One' });
  const second = await signUp(t, { role: 'referrer', inviteCode, name: 'Sam Two' });
  otherAdmin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Elsewhere Clinic' });
  seeker = await signUp(t, { name: 'Jordan Seeker' });
  ids.r1 = member.body.user.id;
  ids.r2 = second.body.user.id;
  const db = t.database.db;
  await db.update(companyMembers).set({ department: 'Engineering' }).where(eq(companyMembers.userId, ids.r1));
  await db.update(companyMembers).set({ department: 'Sales' }).where(eq(companyMembers.userId, ids.r2));
  ids.j1 = await postJob('Integration Engineer', 'Clinical', [1000, 'USD'], ago(60));
  ids.j2 = await postJob('Platform Engineer', 'Platform', [500, 'EUR'], ago(40));
  const usd = (state: 'awaiting_hire' | 'due' | 'paid' | 'void', extra = {}) => ({
    amount: 1000,
    currency: 'USD',
    state,
    ...extra,
  });

  await tell('s1', {
    job: ids.j1,
    entry: 'referred',
    steps: [
      ['referred', ago(20)],
      ['contacted', ago(18)],
      ['interviewed', ago(15)],
      ['offer', ago(12)],
      ['hired', ago(10)],
    ],
    referral: {
      referrer: ids.r1,
      at: ago(20),
      consent: 'confirmed',
      status: 'completed',
      bonus: usd('due', { dueOn: ago(5) }),
      request: { at: ago(20, -2), answeredAfterHours: 2 },
    },
  });
  await tell('s2', {
    job: ids.j1,
    entry: 'referred',
    appliedAt: ago(24),
    steps: [
      ['referred', ago(25)],
      ['contacted', ago(22)],
      ['interviewed', ago(19)],
      ['hired', ago(5)],
    ],
    referral: {
      referrer: ids.r1,
      at: ago(25),
      consent: 'confirmed',
      status: 'completed',
      bonus: usd('due', { dueOn: ago(-60) }),
    },
  });
  await tell('=HYPERLINK("http://evil.example")', {
    job: ids.j1,
    entry: 'referred',
    steps: [['referred', ago(15)]],
    undone: ['contacted', ago(14)],
    referral: { referrer: ids.r2, at: ago(15), consent: 'pending', status: 'pending', bonus: usd('awaiting_hire') },
  });
  await tell('s4', {
    job: ids.j2,
    entry: 'referred',
    appliedAt: ago(13),
    steps: [
      ['referred', ago(14)],
      ['interviewed', ago(10)],
      ['declined', ago(8)],
    ],
    referral: {
      referrer: ids.r2,
      at: ago(14),
      consent: 'confirmed',
      status: 'rejected',
      bonus: { amount: 500, currency: 'EUR', state: 'void' },
      request: { at: ago(14, -6), answeredAfterHours: 6 },
    },
  });
  await tell('s5', {
    job: ids.j2,
    entry: 'applied',
    appliedAt: ago(28),
    steps: [
      ['applied', ago(28)],
      ['contacted', ago(26)],
      ['hired', ago(2)],
    ],
  });
  await tell('s6', {
    job: ids.j2,
    entry: 'referred',
    steps: [
      ['referred', ago(100)],
      ['hired', ago(95)],
    ],
    referral: {
      referrer: ids.r1,
      at: ago(100),
      consent: 'confirmed',
      status: 'completed',
      bonus: { amount: 500, currency: 'EUR', state: 'paid', paidOn: ago(3) },
    },
  });
  await tell('s7', {
    job: ids.j1,
    entry: 'referred',
    steps: [
      ['referred', ago(9)],
      ['hired', ago(1)],
    ],
    referral: { referrer: ids.r2, at: ago(9), consent: 'confirmed', status: 'completed', bonus: usd('due') },
  });
  const talentId = await seeker_('s8');
  await db
    .insert(referralRequests)
    .values({ jobId: ids.j2, talentId, referrerId: ids.r2, message: 'Please?', createdAt: ago(5) });
});
afterAll(() => t.close());

describe('referral programme analytics', () => {
  it('counts the funnel of the last 30 days with the conversion between each step', async () => {
    const { funnel, period } = await analytics('?period=30d');
    expect(period.to).toBe(dayOf(new Date()));
    expect(funnel.map((s) => [s.step, s.count])).toEqual([
      ['requests', 3],
      ['referrals', 5],
      ['confirmed', 4],
      ['applied', 4],
      ['interviewed', 4],
      ['offer', 3],
      ['hired', 3],
    ]);
    // Each step is a share of its denominator, never over 100 %: referrals come with or without a request.
    expect(funnel.map((s) => [s.of, s.conversion])).toEqual([
      [null, null],
      [null, null],
      ['referrals', 0.8],
      ['confirmed', 1],
      ['applied', 1],
      ['interviewed', 0.75],
      ['offer', 1],
    ]);
  });

  it('splits hires by first touch with median and 75th percentile days to hire', async () => {
    const { sources } = await analytics('?period=30d');
    expect(sources).toEqual([
      { source: 'referral', hires: 2, medianDaysToHire: 14, p75DaysToHire: 17 },
      { source: 'requested', hires: 1, medianDaysToHire: 10, p75DaysToHire: 10 },
      { source: 'shared_link', hires: 0, medianDaysToHire: null, p75DaysToHire: null },
      { source: 'direct', hires: 1, medianDaysToHire: 26, p75DaysToHire: 26 },
    ]);
  });

  it("counts a hire who came through a referrer's shared job link as its own source", async () => {
    const direct = eq(candidatePipelines.entry, 'applied');
    const hired = and(direct, eq(candidatePipelines.stage, 'hired'));
    await t.database.db.update(candidatePipelines).set({ source: 'shared_link' }).where(hired);
    try {
      const { sources } = await analytics('?period=30d');
      expect(sources.find((s) => s.source === 'shared_link')).toEqual({
        source: 'shared_link',
        hires: 1,
        medianDaysToHire: 26,
        p75DaysToHire: 26,
      });
      expect(sources.find((s) => s.source === 'direct')!.hires).toBe(0);
    } finally {
      await t.database.db.update(candidatePipelines).set({ source: 'direct' }).where(hired);
    }
  });

  it('measures the median time to answer a referral request', async () => {
    const { requestResponse } = await analytics('?period=30d');
    expect(requestResponse).toEqual({ received: 3, answered: 2, medianHours: 4 });
  });

  it('gives each referrer and department their requests, referrals, hires, conversion and response time', async () => {
    const { referrers, departments } = await analytics('?period=30d');
    expect(
      referrers.map((r) => [
        r.name,
        r.department,
        r.requestsReceived,
        r.referrals,
        r.hires,
        r.conversion,
        r.medianResponseHours,
      ]),
    ).toEqual([
      ['Riley One', 'Engineering', 1, 2, 2, 1, 2],
      ['Sam Two', 'Sales', 2, 3, 1, 1 / 3, 6],
      ['Ada Admin', null, 0, 0, 0, null, null],
    ]);
    expect(
      departments.map((d) => [d.department, d.requestsReceived, d.referrals, d.hires, d.medianResponseHours]),
    ).toEqual([
      ['Engineering', 1, 2, 2, 2],
      ['Sales', 2, 3, 1, 6],
      [null, 0, 0, 0, null],
    ]);
  });

  it('gives each job its applicants, referrals, candidates by stage and days open', async () => {
    const { jobs } = await analytics('?period=30d');
    const j1 = jobs.find((j) => j.jobId === ids.j1)!;
    const j2 = jobs.find((j) => j.jobId === ids.j2)!;
    expect([j1.applicants, j1.referrals, j1.stages.hired, j1.stages.referred, j1.daysOpen]).toEqual([1, 4, 3, 1, 60]);
    expect([j2.applicants, j2.referrals, j2.stages.hired, j2.stages.declined, j2.daysOpen]).toEqual([2, 1, 2, 1, 40]);
  });

  it('sums the bonus liability: due now, due later, awaiting hire, paid in the period and the forecast', async () => {
    const { bonuses } = await analytics('?period=30d');
    expect(bonuses).toEqual({
      dueNow: [{ currency: 'USD', amount: 2000 }],
      dueLater: [{ currency: 'USD', amount: 1000 }],
      awaitingHire: [{ currency: 'USD', amount: 1000 }],
      paidInPeriod: [{ currency: 'EUR', amount: 500 }],
      forecast: [{ currency: 'USD', amount: 800 }],
      historicalHireRate: 0.8,
    });
  });

  it('widens with the period and narrows to a job or a department', async () => {
    const year = await analytics('?period=365d');
    expect(year.funnel[1]!.count).toBe(6);
    // Per referrer and per job, the year's whole months come from the monthly rollups: the same referrals as the funnel.
    expect(year.jobs.reduce((sum, job) => sum + job.referrals, 0)).toBe(6);
    expect(year.referrers.reduce((sum, row) => sum + row.referrals, 0)).toBe(6);
    expect(year.departments.reduce((sum, row) => sum + row.hires, 0)).toBe(
      year.referrers.reduce((sum, row) => sum + row.hires, 0),
    );
    const custom = await analytics(`?period=custom&from=${dayOf(ago(101))}&to=${dayOf(ago(90))}`);
    expect(custom.funnel.map((s) => s.count)).toEqual([0, 1, 1, 1, 1, 1, 1]);
    expect(custom.sources[0]!.hires).toBe(1);
    const j2 = await analytics(`?period=30d&jobId=${ids.j2}`);
    expect(j2.funnel.slice(0, 2).map((s) => s.count)).toEqual([2, 1]);
    const clinical = await analytics('?period=30d&department=Clinical');
    expect(clinical.funnel.slice(0, 2).map((s) => s.count)).toEqual([1, 4]);
    expect(clinical.jobs.map((j) => j.jobId)).toEqual([ids.j1]);
    expect(clinical.filters.departments).toEqual(['Clinical', 'Platform']);
  });

  it('refuses a custom range without days, backwards or over three years', async () => {
    for (const query of [
      '?period=custom',
      '?period=custom&from=2026-05-01&to=2026-04-01',
      '?period=custom&from=2020-01-01&to=2026-01-01',
    ])
      expect((await get(`/api/companies/${companyId}/analytics${query}`, admin)).statusCode).toBe(400);
  });

  it('is only for the company’s admins', async () => {
    expect((await get(`/api/companies/${companyId}/analytics`)).statusCode).toBe(401);
    for (const who of [seeker, member, otherAdmin])
      expect((await get(`/api/companies/${companyId}/analytics`, who)).statusCode).toBe(403);
  });
});

describe('referrer leaderboard', () => {
  const put = (url: string, who: SignedUp, payload: object) =>
    t.app.inject({ method: 'PUT', url, payload, ...withSession(who.token) });

  it('is hidden from referrers until an admin shows it; a referrer can leave it', async () => {
    const off = await get(`/api/companies/${companyId}/leaderboard`, member);
    expect(off.json()).toMatchObject({ visible: false, entries: [] });
    const preview = (await get(`/api/companies/${companyId}/leaderboard`, admin)).json();
    expect(preview.entries).toHaveLength(2);
    expect((await get(`/api/companies/${companyId}/leaderboard`, seeker)).statusCode).toBe(403);
    expect((await put(`/api/companies/${companyId}/leaderboard`, member, { visible: true })).statusCode).toBe(403);
    expect((await put(`/api/companies/${companyId}/leaderboard`, otherAdmin, { visible: true })).statusCode).toBe(403);
    expect((await put(`/api/companies/${companyId}/leaderboard`, admin, { visible: true })).statusCode).toBe(200);

    const shown = (await get(`/api/companies/${companyId}/leaderboard`, member)).json();
    expect(shown.entries.map((e: { name: string; hires: number }) => [e.name, e.hires])).toEqual([
      ['Riley One', 2],
      ['Sam Two', 1],
    ]);
    expect((await get(`/api/companies/${companyId}/leaderboard`, otherAdmin)).statusCode).toBe(403);

    expect((await put('/api/referrers/me/leaderboard', member, { hidden: true })).json()).toEqual({ hidden: true });
    const after = (await get(`/api/companies/${companyId}/leaderboard`, member)).json();
    expect(after.hidden).toBe(true);
    expect(after.entries.map((e: { name: string }) => e.name)).toEqual(['Sam Two']);
    expect((await put('/api/referrers/me/leaderboard', seeker, { hidden: true })).statusCode).toBe(403);
  });
});

describe('CSV exports (prepared in the background)', () => {
  const post = (kind: string, body: object, who?: SignedUp) =>
    t.app.inject({
      method: 'POST',
      url: `/api/companies/${companyId}/exports/${kind}`,
      payload: body,
      ...(who ? withSession(who.token) : {}),
    });
  /** Asks for an export, runs the queue and downloads it as its requester: the CSV's lines without the BOM. */
  const csv = async (kind: string, body: object = { period: '30d' }, who: SignedUp = admin) => {
    const asked = await post(kind, body, who);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({ kind, state: 'preparing', downloadUrl: null });
    await drainQueue(t.database);
    const list = await get(`/api/companies/${companyId}/exports`, who);
    const ready = list.json().exports.find((e: { id: string }) => e.id === asked.json().id);
    expect(ready).toMatchObject({ state: 'ready', fileName: expect.stringMatching(/^referwell-/) });
    const res = await get(ready.downloadUrl, who);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="referwell-/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    return res.body.slice(1).split('\r\n').slice(0, -1);
  };

  it('exports the bonuses for payroll: paid in the period and due by its last day, by referrer', async () => {
    const lines = await csv('bonuses');
    expect(lines[0]).toBe(
      'Referrer,Referrer e-mail,Candidate,Job,Amount,Currency,Bonus,Start date,Due on,Paid on,Payment reference,Paid early,Payroll ID,Referral ID',
    );
    // Amounts and days as every screen writes them ($1,000; Dec 02, 2026), so cells are quoted: read it as CSV.
    const rows = parseCsv(lines.slice(1).join('\r\n')) as string[][];
    expect(rows.map((r) => [r[0], r[2], r[4], r[5], r[6]]).sort()).toEqual([
      ['Riley One', 's1', '$1,000', 'USD', 'Due'],
      ['Riley One', 's6', '€500', 'EUR', 'Paid'],
      ['Sam Two', 's7', '$1,000', 'USD', 'Due'],
    ]);
    for (const row of rows) expect(row[9] === '' || /^[A-Z][a-z]{2} \d{2}, \d{4}$/.test(row[9]!)).toBe(true);
    expect(rows.find((r) => r[2] === 's6')![9]).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);
  });

  it('exports the referrals of the period with formula-like names neutralised', async () => {
    const lines = await csv('referrals');
    expect(lines).toHaveLength(6);
    expect(lines.find((line) => line.includes('HYPERLINK'))).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });

  it("exports one job's pipeline and each analytics table", async () => {
    const pipeline = await csv('pipeline', { jobId: ids.j2 });
    expect(pipeline[0]).toBe('Candidate,Came in as,Came in on,Applied on,Stage,Last change,Start date,Referred by');
    expect(
      pipeline
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual(['s4', 's5', 's6']);
    expect((await post('pipeline', {}, admin)).statusCode).toBe(400);
    expect(await csv('funnel')).toEqual([
      'Step,People,Share %,Share of',
      'Referral requests,3,,',
      'Referrals,5,,',
      'Candidate confirmed,4,80,Referrals',
      'Applied,4,100,Candidate confirmed',
      'Interviewed,4,100,Applied',
      'Offer,3,75,Interviewed',
      'Hired,3,100,Offer',
    ]);
    for (const table of ['sources', 'referrers', 'departments', 'jobs'])
      expect((await csv(table)).length).toBeGreaterThan(1);
  });

  it('is only for the company’s admins', async () => {
    expect((await post('bonuses', { period: '30d' })).statusCode).toBe(401);
    expect((await get(`/api/companies/${companyId}/exports`)).statusCode).toBe(401);
    for (const who of [seeker, member, otherAdmin]) {
      expect((await post('bonuses', { period: '30d' }, who)).statusCode).toBe(403);
      expect((await get(`/api/companies/${companyId}/exports`, who)).statusCode).toBe(403);
    }
  });
});
