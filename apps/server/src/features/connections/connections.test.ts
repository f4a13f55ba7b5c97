// "Who do you know": LinkedIn's Connections.csv read in a parsing process, matched to open roles (referrers) or to
// referrers on Referwell (job seekers), kept only as the matches chosen, and deletable.
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTIONS_MESSAGES, type ConnectionsImport, type KeptConnections } from '@referwell/shared';
import { connectionMatches } from '../../db/schema';
import {
  createTestApp,
  multipartFile,
  postJobAs,
  requestsTo,
  signUp,
  withSession,
  type SignedUp,
  type TestApp,
} from '../../test/harness';
import { LINKEDIN_HEADER, LINKEDIN_PREAMBLE, linkedInExport } from '../../test/linkedin-export';

let t: TestApp;
let admin: SignedUp;
let referrer: SignedUp;
let seeker: SignedUp;
let integrationJob: string;
let nurseJob: string;

const { call, ok } = requestsTo(() => t);

const upload = (who: SignedUp | undefined, bytes: Buffer, filename = 'Connections.csv') => {
  const body = multipartFile(bytes, filename, 'text/csv');
  return t.app.inject({
    method: 'POST',
    url: '/api/connections/import',
    payload: body.payload,
    headers: body.headers,
    ...(who ? withSession(who.token) : {}),
  });
};

const storedRows = async (who: SignedUp) =>
  t.database.db.select().from(connectionMatches).where(eq(connectionMatches.userId, who.body.user.id));

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Conn Health' });
  const { inviteCode } = await ok<{ inviteCode: string }>(
    'GET',
    `/api/companies/${admin.body.company!.id}/team`,
    admin,
  );
  referrer = await signUp(t, { role: 'referrer', inviteCode, name: 'Riley Board' });
  seeker = await signUp(t, { name: 'Jordan Seeker' });
  integrationJob = (
    await postJobAs(t, admin, { title: 'Senior Integration Engineer (HL7/FHIR)', skills: ['HL7', 'FHIR', 'SQL'] })
  ).id;
  nurseJob = (await postJobAs(t, admin, { title: 'Nurse Informaticist', skills: ['Epic', 'Clinical Informatics'] })).id;
});
afterAll(() => t.close());

const planted = [
  {
    firstName: 'Jordan',
    lastName: 'Alvarez',
    company: 'Mercy Regional Hospital',
    position: 'HL7 Integration Engineer',
  },
  { firstName: 'Priya', lastName: 'Natarajan', company: 'St. Brendan, LLC', position: 'Clinical Nurse Informaticist' },
  // Already at the referrer's company: nobody to refer there.
  { firstName: 'Casey', lastName: 'Colleague', company: 'Conn Health, Inc.', position: 'Integration Engineer' },
  { firstName: 'Morgan', lastName: 'Mismatch', company: 'Globex', position: 'Software Engineer' },
];

describe("a referrer's connections", () => {
  it('reads a real-format export of 2,000 rows and suggests the connections who fit an open role; stores nothing', async () => {
    const res = await upload(referrer, linkedInExport(2000, planted, { bom: true }));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ConnectionsImport>();
    expect(body).toMatchObject({ kind: 'role', read: 2000, skipped: 0, total: 2 });
    // Best fit first.
    expect(body.suggestions.map((s) => [s.connection.lastName, s.role?.title])).toEqual([
      ['Natarajan', 'Nurse Informaticist'],
      ['Alvarez', 'Senior Integration Engineer (HL7/FHIR)'],
    ]);
    const first = body.suggestions.find((s) => s.connection.lastName === 'Alvarez');
    expect(first!.connection).toEqual({
      firstName: 'Jordan',
      lastName: 'Alvarez',
      profileUrl: 'https://www.linkedin.com/in/jordan-alvarez',
      email: null,
      company: 'Mercy Regional Hospital',
      position: 'HL7 Integration Engineer',
      connectedOn: null,
    });
    expect(first!.role).toMatchObject({ jobId: integrationJob, shared: expect.arrayContaining(['HL7']) });
    expect(first!.role!.fitScore).toBeGreaterThanOrEqual(55);
    expect(await storedRows(referrer)).toEqual([]);
  });

  it('keeps the chosen matches (once), all or none, and deletes them', async () => {
    const { suggestions } = (await upload(referrer, linkedInExport(50, planted))).json<ConnectionsImport>();
    const items = suggestions.map((s) => ({ connection: s.connection, jobId: s.role!.jobId }));
    const alvarez = items.find((i) => i.connection.lastName === 'Alvarez')!;
    const natarajan = items.find((i) => i.connection.lastName === 'Natarajan')!;

    // A forged match (the connection does not fit that role) refuses the whole request.
    const forged = await call('POST', '/api/connections/kept', referrer, {
      items: [alvarez, { connection: { ...natarajan.connection, position: 'Teacher' }, jobId: nurseJob }],
    });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().error.message).toBe(CONNECTIONS_MESSAGES.notAMatch('Priya Natarajan'));
    expect(await storedRows(referrer)).toEqual([]);
    // A job of another company is no role of theirs.
    const elsewhere = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Elsewhere Clinic' });
    const foreign = await postJobAs(t, elsewhere, { title: 'HL7 Integration Engineer', skills: ['HL7'] });
    expect(
      (await call('POST', '/api/connections/kept', referrer, { items: [{ ...alvarez, jobId: foreign.id }] }))
        .statusCode,
    ).toBe(422);

    const kept = await call('POST', '/api/connections/kept', referrer, { items });
    expect(kept.statusCode).toBe(201);
    expect((await call('POST', '/api/connections/kept', referrer, { items })).statusCode).toBe(201);
    const list = await ok<KeptConnections>('GET', '/api/connections/kept', referrer);
    expect(list.items).toHaveLength(2);
    expect(list.items.map((k) => k.role)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ jobId: nurseJob, title: 'Nurse Informaticist', status: 'OPEN' }),
      ]),
    );
    // Only what was kept is stored: two rows, none of the other 48 connections.
    expect(await storedRows(referrer)).toHaveLength(2);

    const [one] = list.items;
    expect((await call('DELETE', `/api/connections/kept/${one!.id}`, seeker)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/connections/kept/${one!.id}`, referrer)).statusCode).toBe(204);
    expect((await ok<KeptConnections>('GET', '/api/connections/kept', referrer)).items).toHaveLength(1);
    expect((await call('DELETE', '/api/connections/kept', referrer)).statusCode).toBe(204);
    expect(await storedRows(referrer)).toEqual([]);
  });
});

describe("a job seeker's connections", () => {
  it('finds the referrers they know (by name at their company, or by e-mail) and marks them on the company page', async () => {
    const res = await upload(
      seeker,
      linkedInExport(300, [
        { firstName: 'Riley', lastName: 'Board', company: 'Conn Health', position: 'Integration Engineer' },
        {
          firstName: 'A.',
          lastName: 'Admin',
          email: admin.body.user.email.toUpperCase(),
          company: 'Somewhere else',
          position: 'Talent',
        },
        // Same name, another company: not this referrer.
        { firstName: 'Riley', lastName: 'Board', company: 'Globex', position: 'Engineer' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ConnectionsImport>();
    expect(body.kind).toBe('referrer');
    expect(body.suggestions.map((s) => s.referrer!.id).sort()).toEqual(
      [admin.body.user.id, referrer.body.user.id].sort(),
    );
    expect(body.suggestions[0]!.referrer!.company.name).toBe('Conn Health');

    const before = await ok<{ referrers: { id: string; knownToYou: boolean }[] }>(
      'GET',
      `/api/companies/${admin.body.company!.slug}/referrers`,
      seeker,
    );
    expect(before.referrers.every((r) => !r.knownToYou)).toBe(true);

    const riley = body.suggestions.find((s) => s.referrer!.id === referrer.body.user.id)!;
    expect(
      (
        await call('POST', '/api/connections/kept', seeker, {
          items: [{ connection: riley.connection, referrerId: riley.referrer!.id }],
        })
      ).statusCode,
    ).toBe(201);
    // Claiming to know someone the file does not name is refused.
    expect(
      (
        await call('POST', '/api/connections/kept', seeker, {
          items: [{ connection: riley.connection, referrerId: admin.body.user.id }],
        })
      ).statusCode,
    ).toBe(422);
    const after = await ok<{ referrers: { id: string; knownToYou: boolean }[] }>(
      'GET',
      `/api/companies/${admin.body.company!.slug}/referrers`,
      seeker,
    );
    expect(after.referrers[0]).toEqual(expect.objectContaining({ id: referrer.body.user.id, knownToYou: true }));
    // Another person's view is their own.
    const other = await signUp(t, { name: 'Other Seeker' });
    const theirs = await ok<{ referrers: { knownToYou: boolean }[] }>(
      'GET',
      `/api/companies/${admin.body.company!.slug}/referrers`,
      other,
    );
    expect(theirs.referrers.every((r) => !r.knownToYou)).toBe(true);
  });
});

describe('bad files', () => {
  const csv = (text: string) => Buffer.from(text, 'utf8');

  it('refuses a malformed export with the line to look at, and keeps nothing', async () => {
    const broken = `${LINKEDIN_PREAMBLE}${LINKEDIN_HEADER}\nAna,Lopez,,,"Acme, Inc.,Nurse,01 Feb 2024\nBo,Kim,,,Globex,Analyst,02 Feb 2024\n`;
    const res = await upload(referrer, csv(broken));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/^Line \d+ of the file could not be read/);
    const wide = `${LINKEDIN_HEADER}\nAna,Lopez,,,Acme, Inc.,Nurse,01 Feb 2024\n`;
    const misread = await upload(referrer, csv(wide));
    expect(misread.statusCode).toBe(422);
    expect(misread.json().error.message).toBe(CONNECTIONS_MESSAGES.malformed(2));
    expect(await storedRows(referrer)).toEqual([]);
  });

  it('refuses a file that is not the export, is not text, or has no connections', async () => {
    const other = await upload(referrer, csv('Name,Phone\nAna,555\n'));
    expect(other.statusCode).toBe(422);
    expect(other.json().error.message).toBe(CONNECTIONS_MESSAGES.notConnections);
    const binary = await upload(referrer, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00]), 'x.zip');
    expect(binary.statusCode).toBe(422);
    expect(binary.json().error.message).toBe(CONNECTIONS_MESSAGES.notText);
    const empty = await upload(referrer, csv(`${LINKEDIN_PREAMBLE}${LINKEDIN_HEADER}\n`));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.message).toBe(CONNECTIONS_MESSAGES.noConnections);
    expect((await upload(referrer, Buffer.alloc(0))).statusCode).toBe(400);
    expect((await call('POST', '/api/connections/import', referrer, {})).statusCode).toBe(400);
  });

  it('refuses a 20 MB file with 413 from its announced length', async () => {
    const huge = Buffer.alloc(20 * 1024 * 1024, 'a');
    const res = await upload(referrer, huge);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(CONNECTIONS_MESSAGES.tooLarge);
  });

  it('refuses a 20 MB file sent without its length (chunked) with 413, cut off at the limit', async () => {
    const body = multipartFile(Buffer.alloc(20 * 1024 * 1024, 'a'), 'Connections.csv', 'text/csv');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/connections/import',
      payload: Readable.from([body.payload]),
      headers: { ...body.headers, 'transfer-encoding': 'chunked' },
      ...withSession(referrer.token),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(CONNECTIONS_MESSAGES.tooLarge);
    expect(await storedRows(referrer)).toEqual([]);
  });

  it('is for signed-in people only', async () => {
    expect((await upload(undefined, linkedInExport(5))).statusCode).toBe(401);
    expect((await call('GET', '/api/connections/kept')).statusCode).toBe(401);
  });
});
