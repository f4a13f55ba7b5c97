// Exclusion screening (issue 36) against a generated LEIE file of 80,000 rows in the published layout: loading is
// whole or not at all (a truncated or malformed file is rejected with its line, the list in force stays), a candidate
// reaching Offer is screened, and a possible match blocks Hired until a company admin records a decision (audited).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEIE_COLUMNS,
  SCREENING_MESSAGES,
  type AuditLogResponse,
  type LeieList,
  type LeieStatus,
  type Screening,
  type ScreeningList,
} from '@referwell/shared';
import {
  createTestApp,
  multipartFile,
  requestsTo,
  signUp,
  withSession,
  type SignedUp,
  type TestApp,
} from '../../test/harness';
import { drainQueue } from '../../test/queue';
import { eq } from 'drizzle-orm';
import { candidatePipelines } from '../../db/schema';
import { findMatches } from './service';
import { activeLeie } from './leie-load';

const OPERATOR_EMAIL = 'operator@referwell.example';
const ROWS = 80_000;

let t: TestApp;
let operator: SignedUp;
let admin: SignedUp;
let member: SignedUp;
let companyId: string;
let leie: Buffer;
/** What LEIE_URL answers next: a status and a body (the fetch tests set it). */
let published: { status: number; body: Buffer } = { status: 503, body: Buffer.from('') };
let site: Server;
const { call, ok } = requestsTo(() => t);

/** A deterministic sequence of numbers in [0, 1): the same file every run. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}

const FIRST = ['JAMES', 'MARY', 'ROBERT', 'PATRICIA', 'MICHAEL', 'LINDA', 'DAVID', 'BARBARA', 'WILLIAM', 'SUSAN'];
const LAST = [
  'GARCIA',
  'MILLER',
  'DAVIS',
  'RODRIGUEZ',
  'MARTINEZ',
  'HERNANDEZ',
  'LOPEZ',
  'WILSON',
  'ANDERSON',
  'TAYLOR',
];
const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'ten', 'vo', 'shu', 'dre', 'pa', 'gin', 'ol', 'bex'];

/** Rows people in this test are (or nearly are): the rest of the file is made-up names. */
const KNOWN = [
  // The candidate 'Jordan Exactmatch': the same name, no date of birth on our side → possible match.
  [
    'EXACTMATCH',
    'JORDAN',
    'Q',
    '',
    'INDIVIDUAL',
    'NURSE/NURSES AIDE',
    '',
    // A valid NPI (CMS check digit): candidates can be given it.
    '1234567893',
    '19800214',
    '1 MAIN ST',
    'DENVER',
    'CO',
    '80202',
    '1128a1',
    '20190320',
    '',
    '',
    '',
  ],
  // 'Katherine Nearmiss' is on the list as KATHERYN NEARMISS: a similar name → possible match.
  [
    'NEARMISS',
    'KATHERYN',
    '',
    '',
    'INDIVIDUAL',
    'PHARMACIST',
    '',
    '0000000000',
    '19750601',
    '2 OAK AVE',
    'BOSTON',
    'MA',
    '02110',
    '1128b4',
    '20200115',
    '00000000',
    '00000000',
    '',
  ],
  // Same surname as 'Avery Clearcandidate', another first name: not them.
  [
    'CLEARCANDIDATE',
    'ZEBULON',
    '',
    '',
    'INDIVIDUAL',
    'PHYSICIAN',
    '',
    '',
    '19600101',
    '3 PINE RD',
    'AUSTIN',
    'TX',
    '73301',
    '1128a1',
    '20150505',
    '',
    '',
    '',
  ],
  // An entity's row (no person's name).
  [
    '',
    '',
    '',
    'EXCLUDED PHARMACY LLC',
    'PHARMACY',
    '',
    '',
    '',
    '',
    '4 ELM ST',
    'MIAMI',
    'FL',
    '33101',
    '1128b7',
    '20180808',
    '',
    '',
    '',
  ],
];

/** The LEIE CSV in its published layout: header, KNOWN rows spread through, made-up individuals for the rest. */
function generatedLeie(rows: number): Buffer {
  const next = random(36);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const made = () => pick(SYLLABLES) + pick(SYLLABLES) + pick(SYLLABLES);
  const lines = [LEIE_COLUMNS.join(',')];
  for (let i = 0; i < rows - KNOWN.length; i++) {
    if (i % 20_000 === 7) lines.push(KNOWN[(i - 7) / 20_000]!.map((cell) => `"${cell}"`).join(','));
    const last = next() < 0.3 ? pick(LAST) : made().toUpperCase();
    const first = next() < 0.5 ? pick(FIRST) : made().toUpperCase();
    const day = `19${50 + Math.floor(next() * 50)}0${1 + Math.floor(next() * 9)}1${Math.floor(next() * 9)}`;
    const npi = next() < 0.3 ? String(1_000_000_000 + Math.floor(next() * 8_999_999_999)) : '0000000000';
    lines.push(
      [
        last,
        first,
        '',
        '',
        'INDIVIDUAL',
        'NURSING PROFESSION',
        '',
        npi,
        day,
        `${i} "MAIN" ST, APT 2`,
        'SPRINGFIELD',
        'IL',
        '62701',
        '1128a1',
        '20210101',
        '00000000',
        '00000000',
        '',
      ]
        .map((cell) => `"${cell.replaceAll('"', '""')}"`)
        .join(','),
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

const upload = (who: SignedUp, bytes: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/leie',
    ...multipartFile(bytes, 'UPDATED.csv', 'text/csv'),
    ...withSession(who.token),
  });

beforeAll(async () => {
  // HHS-OIG's download as LEIE_URL: a plain HTTP server on this machine answering what the test sets.
  site = createServer((_req, res) =>
    res.writeHead(published.status, { 'content-type': 'text/csv' }).end(published.body),
  );
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(site.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: {
      PLATFORM_ADMIN_EMAILS: ` ${OPERATOR_EMAIL.toUpperCase()} ,ops2@example.com`,
      LEIE_URL: `http://${host}/exclusions/downloadables/UPDATED.csv`,
      OUTBOUND_ALLOW_HOSTS: host,
    },
  });
  operator = await signUp(t, { email: OPERATOR_EMAIL });
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Screened Health' });
  companyId = admin.body.company!.id;
  const { inviteCode } = (await call('GET', `/api/companies/${companyId}/team`, admin)).json();
  member = await signUp(t, { role: 'referrer', inviteCode });
  leie = generatedLeie(ROWS);
}, 120_000);
afterAll(async () => {
  await t.close();
  site.close();
});

describe('loading the LEIE', () => {
  it('is for platform admins only', async () => {
    expect((await upload(admin, leie.subarray(0, 2000))).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/leie', member)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/leie')).statusCode).toBe(401);
  });

  it('loads an 80,000-row file in the published layout as the list in force', async () => {
    const started = performance.now();
    const res = await upload(operator, leie);
    const seconds = (performance.now() - started) / 1000;
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<LeieList>()).toMatchObject({ status: 'active', source: 'upload', rowCount: ROWS });
    // Timing for the report, not an assertion (CONTRIBUTING: no wall-clock assertions).
    console.info(`LEIE: ${ROWS} rows (${(leie.byteLength / 1e6).toFixed(1)} MB) loaded in ${seconds.toFixed(1)} s`);
    const status = await ok<LeieStatus>('GET', '/api/admin/leie', operator);
    expect(status).toMatchObject({ active: { rowCount: ROWS }, fetchConfigured: true, canManage: true, fetch: null });
    // The company's admins see the same state (to know what screening reads), without the right to change it.
    const theirs = await ok<LeieStatus>('GET', `/api/companies/${companyId}/screenings/leie`, admin);
    expect(theirs).toEqual({ ...status, canManage: false });
    expect((await call('GET', `/api/companies/${companyId}/screenings/leie`, member)).statusCode).toBe(403);
  }, 180_000);

  it('rejects a truncated file whole, with the line that failed; the list in force stays', async () => {
    const before = await ok<LeieStatus>('GET', '/api/admin/leie', operator);
    // Cut off halfway, after a cell: its last row is short of columns.
    const cut = leie.subarray(0, leie.indexOf('","', Math.floor(leie.byteLength / 2)) + 2);
    const truncated = await upload(operator, cut);
    expect(truncated.statusCode).toBe(400);
    const { error } = truncated.json();
    expect(error.code).toBe('LEIE_REJECTED');
    expect(error.message).toMatch(/^The LEIE file was not loaded: line \d+: /);
    expect(error.message).toContain('The list in force is unchanged.');
    const lastLine = cut.toString('utf8').split('\r\n').length;
    // The cells before the cut, and the empty one after its last comma.
    const columns = cut.toString('utf8').split('\r\n').at(-1)!.split('","').length + 1;
    expect(error.message).toBe(SCREENING_MESSAGES.rejected(lastLine, SCREENING_MESSAGES.badColumns(columns)));
    expect(await ok<LeieStatus>('GET', '/api/admin/leie', operator)).toEqual(before);
  }, 180_000);

  it('rejects a malformed row (a date that is not YYYYMMDD, a wrong header) with its line', async () => {
    const text = leie.subarray(0, 5_000).toString('utf8').split('\r\n').slice(0, 10);
    text[5] = text[5]!.replace('"20210101"', '"2021-01-01"');
    const bad = await upload(operator, Buffer.from(text.join('\r\n')));
    expect(bad.json().error.message).toBe(SCREENING_MESSAGES.rejected(6, SCREENING_MESSAGES.badDate('EXCLDATE')));
    const header = await upload(operator, Buffer.from('LAST,FIRST\r\n"A","B"\r\n'));
    expect(header.json().error.message).toBe(SCREENING_MESSAGES.rejected(1, SCREENING_MESSAGES.badHeader));
    expect((await ok<LeieStatus>('GET', '/api/admin/leie', operator)).active?.rowCount).toBe(ROWS);
  });
});

describe('fetching the LEIE from LEIE_URL on the queue', () => {
  const fetchNow = () => ok('POST', '/api/admin/leie/fetch', operator);
  const status = () => ok<LeieStatus>('GET', '/api/admin/leie', operator);

  it('shows a failed attempt with its error while the queue retries; a rejected file is kept with its line', async () => {
    const before = await status();
    published = { status: 500, body: Buffer.from('Internal Server Error') };
    await fetchNow();
    await drainQueue(t.database);
    const retrying = await status();
    expect(retrying.fetch).toMatchObject({ state: 'retrying', attempts: 1 });
    expect(retrying.fetch!.error).toContain('LEIE_URL answered HTTP 500');
    expect(retrying.active).toEqual(before.active);

    // Asked again, the waiting job is replaced: it runs now and gets a file with a bad date on line 3.
    const lines = leie.subarray(0, 3_000).toString('utf8').split('\r\n').slice(0, 4);
    lines[2] = lines[2]!.replace('"20210101"', '"01/01/2021"');
    published = { status: 200, body: Buffer.from(lines.join('\r\n')) };
    await fetchNow();
    await drainQueue(t.database);
    const rejected = await status();
    expect(rejected.fetch).toBeNull();
    expect(rejected.rejected?.error).toBe(SCREENING_MESSAGES.rejected(3, SCREENING_MESSAGES.badDate('EXCLDATE')));
    expect(rejected.active).toEqual(before.active);
  });
});

describe('matching', () => {
  it('tells a match (NPI, or name and date of birth) from a possible match (name, similar name) from no match', async () => {
    const list = (await activeLeie(t.app.db))!;
    const started = performance.now();
    const screen = (person: Parameters<typeof findMatches>[2]) =>
      t.app.db.transaction((tx) => findMatches(tx, list.id, person));
    const results = {
      exact: await screen({ name: 'Jordan Exactmatch' }),
      exactDob: await screen({ name: 'Jordan Q. Exactmatch', dob: '19800214' }),
      otherDob: await screen({ name: 'Jordan Exactmatch', dob: '19910101' }),
      npi: await screen({ name: 'Someone Else Entirely', npi: '1234567893' }),
      near: await screen({ name: 'Katherine Nearmiss, RN' }),
      sameLastOnly: await screen({ name: 'Avery Clearcandidate' }),
      nobody: await screen({ name: 'Quillon Vantasmere' }),
    };
    console.info(`LEIE: 7 screenings against ${ROWS} rows in ${(performance.now() - started).toFixed(0)} ms`);
    const summary = (found: typeof results.exact) => found.map((m) => [m.name, m.result, m.reason]);
    expect(summary(results.exact)).toEqual([['JORDAN Q EXACTMATCH', 'possible', 'name']]);
    expect(summary(results.exactDob)).toEqual([['JORDAN Q EXACTMATCH', 'match', 'name and date of birth']]);
    expect(results.otherDob).toEqual([]);
    expect(summary(results.npi)).toEqual([['JORDAN Q EXACTMATCH', 'match', 'NPI']]);
    expect(summary(results.near)).toEqual([['KATHERYN NEARMISS', 'possible', 'similar name']]);
    expect(results.sameLastOnly).toEqual([]);
    expect(results.nobody).toEqual([]);
  });
});

describe('screening candidates', () => {
  async function candidateAtOffer(
    name: string,
    ids: { applied?: Record<string, string>; atOffer?: Record<string, string> } = {},
  ) {
    const seeker = await signUp(t, { name });
    const job = await ok<{ id: string }>('POST', '/api/jobs', admin, {
      title: `Care Coordinator for ${name}`,
      company: 'Screened Health',
      location: 'Nashville, TN',
      employmentType: 'full-time',
      description: 'Coordinate care.',
      requirements: 'RN licence.',
      skills: [],
    });
    await ok('POST', `/api/jobs/${job.id}/apply`, seeker, { ...ids.applied });
    await ok('PUT', `/api/jobs/${job.id}/tracking/${seeker.body.user.id}`, admin, { status: 'Offer', ...ids.atOffer });
    return { seeker, job };
  }
  const screeningOf = async (seeker: SignedUp) =>
    (await ok<ScreeningList>('GET', `/api/companies/${companyId}/screenings`, admin)).items.find(
      (s) => s.candidate.id === seeker.body.user.id,
    )!;
  const hire = (jobId: string, seeker: SignedUp) =>
    call('PUT', `/api/jobs/${jobId}/tracking/${seeker.body.user.id}`, admin, {
      status: 'Hired',
      startDate: '2027-01-04',
    });

  it('screens at Offer; a possible match blocks Hired until an admin records a decision, audited', async () => {
    const { seeker, job } = await candidateAtOffer('Jordan Exactmatch');
    const screenings = await ok<{ items: Screening[] }>('GET', `/api/companies/${companyId}/screenings`, admin);
    const screening = screenings.items.find((s) => s.candidate.id === seeker.body.user.id)!;
    expect(screening).toMatchObject({ trigger: 'offer', result: 'possible', decision: null, job: { id: job.id } });
    expect(screening.matches[0]).toMatchObject({ name: 'JORDAN Q EXACTMATCH', exclType: '1128a1', result: 'possible' });

    const blocked = await hire(job.id, seeker);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.message).toBe(SCREENING_MESSAGES.hireBlocked);

    // Referrers and the candidate never see it; the decision is the company admins'.
    expect((await call('GET', `/api/companies/${companyId}/screenings`, member)).statusCode).toBe(403);
    expect((await call('GET', `/api/companies/${companyId}/screenings`, seeker)).statusCode).toBe(403);
    const url = `/api/companies/${companyId}/screenings/${screening.id}/decision`;
    const note = 'Checked the OIG online search: different date of birth and state.';
    expect((await call('POST', url, member, { decision: 'cleared', note })).statusCode).toBe(403);
    expect((await call('POST', url, admin, { decision: 'cleared', note: 'ok' })).statusCode).toBe(400);
    const decided = await ok<Screening>('POST', url, admin, { decision: 'cleared', note });
    expect(decided).toMatchObject({ decision: 'cleared', decisionNote: note });
    expect((await call('POST', url, admin, { decision: 'excluded', note })).statusCode).toBe(409);

    expect((await hire(job.id, seeker)).statusCode).toBe(200);
    const log = await ok<AuditLogResponse>(
      'GET',
      `/api/companies/${companyId}/audit-log?action=screening.decided`,
      admin,
    );
    expect(log.items[0]).toMatchObject({
      actor: { id: admin.body.user.id },
      subject: { type: 'pipeline', name: 'Jordan Exactmatch' },
      after: { result: 'possible', decision: 'cleared' },
    });
  });

  it('an excluded decision keeps Hired refused; a clear screening lets the hire through', async () => {
    const near = await candidateAtOffer('Katherine Nearmiss');
    const screening = (
      await ok<{ items: Screening[] }>('GET', `/api/companies/${companyId}/screenings`, admin)
    ).items.find((s) => s.candidate.id === near.seeker.body.user.id)!;
    expect(screening.result).toBe('possible');
    await ok('POST', `/api/companies/${companyId}/screenings/${screening.id}/decision`, admin, {
      decision: 'excluded',
      note: 'Same person: confirmed with the licence number.',
    });
    const refused = await hire(near.job.id, near.seeker);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(SCREENING_MESSAGES.hireExcluded);

    const clear = await candidateAtOffer('Avery Clearcandidate');
    const cleared = (
      await ok<{ items: Screening[] }>('GET', `/api/companies/${companyId}/screenings`, admin)
    ).items.find((s) => s.candidate.id === clear.seeker.body.user.id)!;
    expect(cleared).toMatchObject({ result: 'clear', matches: [] });
    expect((await hire(clear.job.id, clear.seeker)).statusCode).toBe(200);
  });

  it('with a date of birth from the application or an NPI added at Offer, says match (or clear) instead of possible', async () => {
    const sameDob = await candidateAtOffer('Jordan Exactmatch', { applied: { dob: '1980-02-14', note: 'Hello' } });
    const byDob = await screeningOf(sameDob.seeker);
    expect(byDob).toMatchObject({ result: 'match', candidate: { dob: '1980-02-14', npi: null } });
    expect(byDob.matches.map((m) => m.reason)).toEqual(['name and date of birth']);

    const otherDob = await candidateAtOffer('Jordan Exactmatch', { applied: { dob: '1991-01-01' } });
    expect(await screeningOf(otherDob.seeker)).toMatchObject({ result: 'clear', matches: [] });

    const byNpi = await candidateAtOffer('Riley Npiholder', { atOffer: { npi: '1234567893' } });
    expect(await screeningOf(byNpi.seeker)).toMatchObject({
      result: 'match',
      candidate: { dob: null, npi: '1234567893' },
      matches: [{ reason: 'NPI', name: 'JORDAN Q EXACTMATCH' }],
    });
  });

  it('refuses an NPI failing its check digit, an implausible date of birth, ids outside Offer, and ids from non-admins', async () => {
    const seeker = await signUp(t, { name: 'Casey Typo' });
    const job = await ok<{ id: string }>('POST', '/api/jobs', admin, {
      title: 'Typo Checker',
      company: 'Screened Health',
      location: 'Nashville, TN',
      employmentType: 'full-time',
      description: 'Check.',
      requirements: 'None.',
      skills: [],
    });
    const applied = await call('POST', `/api/jobs/${job.id}/apply`, seeker, { npi: '1234567890', dob: '2020-01-01' });
    expect(applied.statusCode).toBe(400);
    expect(applied.json().error.fields).toEqual({
      npi: SCREENING_MESSAGES.badNpiCheck,
      dob: SCREENING_MESSAGES.badDob,
    });
    await ok('POST', `/api/jobs/${job.id}/apply`, seeker, { dob: '' });
    const url = `/api/jobs/${job.id}/tracking/${seeker.body.user.id}`;
    const early = await call('PUT', url, admin, { status: 'Interviewed', npi: '1234567893' });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields).toEqual({ status: SCREENING_MESSAGES.idsAtOfferOnly });
    const [row] = await t.app.db
      .select({ dob: candidatePipelines.dob, npi: candidatePipelines.npi })
      .from(candidatePipelines)
      .where(eq(candidatePipelines.talentId, seeker.body.user.id));
    expect(row).toEqual({ dob: null, npi: null });

    // A member of the job's team who is not an admin moves to Offer, but cannot add them.
    const theirJob = await ok<{ id: string }>('POST', '/api/jobs', member, {
      title: 'Member Posted Role',
      company: 'Screened Health',
      location: 'Nashville, TN',
      employmentType: 'full-time',
      description: 'Care.',
      requirements: 'None.',
      skills: [],
    });
    await ok('POST', `/api/jobs/${theirJob.id}/apply`, seeker, {});
    const byMember = await call('PUT', `/api/jobs/${theirJob.id}/tracking/${seeker.body.user.id}`, member, {
      status: 'Offer',
      npi: '1234567893',
    });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.message).toBe(SCREENING_MESSAGES.idsAdminsOnly);
  });

  it('lists screenings awaiting a decision apart from the history, paged', async () => {
    const waiting = await candidateAtOffer('Jordan Exactmatch');
    const base = `/api/companies/${companyId}/screenings`;
    const awaiting = await ok<ScreeningList>('GET', `${base}?view=awaiting`, admin);
    // Newest first: this one, then the two matches of the test before (undecided).
    expect(awaiting.items.map((s) => [s.candidate.name, s.result, s.decision])).toEqual([
      ['Jordan Exactmatch', 'possible', null],
      ['Riley Npiholder', 'match', null],
      ['Jordan Exactmatch', 'match', null],
    ]);
    expect(awaiting.items[0]!.candidate.id).toBe(waiting.seeker.body.user.id);
    const history = await ok<ScreeningList>('GET', `${base}?view=history&pageSize=3`, admin);
    // Decided: Jordan (cleared) and Katherine (excluded); clear: Avery, and Jordan with another date of birth.
    expect(history).toMatchObject({ page: 1, pageSize: 3, total: 4, totalPages: 2 });
    expect(history.items.every((s) => s.result === 'clear' || s.decision !== null)).toBe(true);
    const second = await ok<ScreeningList>('GET', `${base}?view=history&pageSize=3&page=2`, admin);
    expect(second.items).toHaveLength(1);
    expect(new Set([...history.items, ...second.items].map((s) => s.id)).size).toBe(4);
    expect((await ok<ScreeningList>('GET', base, admin)).total).toBe(7);
    expect((await call('GET', `${base}?view=later`, admin)).statusCode).toBe(400);
  });
});
