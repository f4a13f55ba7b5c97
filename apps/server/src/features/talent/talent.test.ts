import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESUME_LIMITS, RESUME_MESSAGES, TALENT_MESSAGES, candidateSearchQuerySchema } from '@referwell/shared';
import { RESUME_UPLOAD_LIMIT } from './routes';
import {
  createTestApp,
  multipartFile,
  requestsTo,
  type SignedUp,
  signUp,
  type TestApp,
  withSession,
} from '../../test/harness';
import { closeWorkers } from '../../lib/worker-task';
import { resumeFiles, talentProfiles } from '../../db/schema';
import { resolveSession } from '../../platform/sessions/sessions';
import { requireCompanyUser } from '../../platform/access/guards';
import { facetsChanged, recountTalentFacets } from './facets';
import { inTransaction, selectRows } from '../../db/repository';
import { ensureTalentProfile } from './service';
import { talentSlug } from '@referwell/shared/rules/talent';

/** Ends a transaction a test only looks into. */
class RolledBack extends Error {
  constructor(readonly row: unknown) {
    super('rolled back');
  }
}
import { searchCandidatesJson } from './search';
import { mailsTo } from '../../test/mail';

let t: TestApp;
let admin: SignedUp;
let member: SignedUp;
let otherAdmin: SignedUp;
let companyId: string;
let jobId: string;

const { call } = requestsTo(() => t);

const profile = (overrides: object = {}) => ({
  name: 'Test Person',
  phone: '+1 (617) 555-0100',
  location: 'Boston, MA',
  linkedin: 'https://www.linkedin.com/in/test-person',
  portfolio: 'https://test.example',
  bio: 'Nurse turned informaticist.',
  superpower: 'Calm in a crisis',
  myersBriggs: 'INTJ',
  enneagram: '5',
  achievement: 'Cut charting time by 30%',
  titles: ['Nurse Informaticist'],
  industries: ['EHR'],
  yearsOfExperience: 6,
  employmentStatus: 'open',
  involvement: 'full-time',
  skills: ['Epic'],
  technicalSkills: ['SQL'],
  softwareTools: ['Tableau'],
  interests: ['Telehealth'],
  ...overrides,
});

async function seeker(overrides: object = {}, name?: string): Promise<SignedUp> {
  const s = await signUp(t, name ? { name } : {});
  const res = await call('PUT', '/api/talent/profile', s, profile({ name: s.body.user.name, ...overrides }));
  if (res.statusCode !== 200) throw new Error(`profile save failed ${res.statusCode} ${res.body}`);
  return s;
}

const search = async (query: string, who: SignedUp = admin) => {
  const res = await call('GET', `/api/talent/search?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Talent Test Health' });
  companyId = admin.body.company!.id;
  const { inviteCode } = (await call('GET', `/api/companies/${companyId}/team`, admin)).json();
  member = await signUp(t, { role: 'referrer', inviteCode });
  otherAdmin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Other Clinic' });
  const job = await call('POST', '/api/jobs', admin, {
    title: 'Clinical Data Analyst',
    company: 'Talent Test Health',
    location: 'Remote',
    employmentType: 'full-time',
    description: 'Analyse clinical data.',
    requirements: 'SQL and Epic.',
    skills: ['SQL', 'Epic', 'Tableau', 'Python'],
  });
  jobId = job.json().id;
});
afterAll(async () => {
  await closeWorkers();
  await t.close();
});

describe('own profile', () => {
  it('gives two people of one name signing up at once the next free slug, inside the sign-up transaction', async () => {
    const name = `Racing Namesake ${Date.now().toString(36)}`;
    const base = talentSlug(name);
    const people = await selectRows<{ id: string; name: string }>(
      t.database.db,
      sql`insert into users (email, name, password_hash, type)
          select 'racing.' || n || '.' || ${base} || '@example.com', ${name}, 'not-a-real-hash', 'jobseeker'
          from generate_series(1, 2) n returning id, name`,
    );
    let took!: () => void;
    const taken = new Promise<void>((resolve) => (took = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The first holds the bare slug, not yet committed: the second cannot see it, tries it too and waits on it.
    const first = inTransaction(t.database.db, async (tx) => {
      const profile = await ensureTalentProfile(tx, people[0]!);
      took();
      await released;
      return profile;
    });
    await taken;
    const second = inTransaction(t.database.db, (tx) => ensureTalentProfile(tx, people[1]!));
    const waiting = async () =>
      (
        await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from pg_locks where not granted`)
      )[0]!.n > 0;
    for (let tries = 0; !(await waiting()) && tries < 100; tries++) await new Promise((r) => setTimeout(r, 20));
    release();
    expect((await first).slug).toBe(base);
    expect((await second).slug).toBe(`${base}-2`);
  });

  it('is created on first read empty (no experience claimed), discoverable, with a name slug', async () => {
    const s = await signUp(t, { name: 'Slug Person' });
    const res = await call('GET', '/api/talent/profile', s);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: s.body.user.id,
      name: 'Slug Person',
      email: s.body.user.email,
      yearsOfExperience: null,
      discoverable: true,
      skills: [],
      resume: null,
      completeness: { percent: 0 },
    });
    expect(res.json().slug).toMatch(/^slug-person(-\d+)?$/);
  });

  it('saves every field, cleans chips and derives the title', async () => {
    const s = await signUp(t);
    const res = await call(
      'PUT',
      '/api/talent/profile',
      s,
      profile({ name: 'Dana Saved', skills: [' Epic ', 'Epic', '', 'Cerner'] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Dana Saved',
      title: 'Nurse Informaticist',
      skills: ['Epic', 'Cerner'],
      myersBriggs: 'INTJ',
      enneagram: '5',
      employmentStatus: 'open',
      involvement: 'full-time',
      yearsOfExperience: 6,
    });
    expect(res.json().slug).toMatch(/^dana-saved/);
    const again = (await call('GET', '/api/talent/profile', s)).json();
    expect(again.achievement).toBe('Cut charting time by 30%');
    expect(again.completeness.missing).toEqual(['Resume']);
  });

  it('gives colliding names a numeric suffix and resolves both slugs', async () => {
    const a = await seeker({}, 'Casey Twin');
    const b = await seeker({}, 'Casey Twin');
    const slugA = (await call('GET', '/api/talent/profile', a)).json().slug;
    const slugB = (await call('GET', '/api/talent/profile', b)).json().slug;
    expect(slugA).not.toBe(slugB);
    expect(slugB).toMatch(/^casey-twin-\d+$/);
    expect((await call('GET', `/api/talent/${slugB}`, admin)).json().id).toBe(b.body.user.id);
    expect((await call('GET', `/api/talent/${slugA.toUpperCase()}`, admin)).json().id).toBe(a.body.user.id);
  });

  it('never gives out a slug that is also a fixed route', async () => {
    const s = await seeker({}, 'Search');
    const slug = (await call('GET', '/api/talent/profile', s)).json().slug;
    expect(slug).toMatch(/^search-\d+$/);
    expect((await call('GET', `/api/talent/${slug}`, admin)).json().id).toBe(s.body.user.id);
  });

  it.each([
    [{ name: '  ' }, 'name', TALENT_MESSAGES.nameRequired],
    [{ phone: 'call me' }, 'phone', TALENT_MESSAGES.phoneInvalid],
    [{ linkedin: 'https://evil.example/in/x' }, 'linkedin', TALENT_MESSAGES.linkedinInvalid],
    [{ portfolio: 'javascript:alert(1)' }, 'portfolio', TALENT_MESSAGES.urlInvalid],
    [{ yearsOfExperience: 61 }, 'yearsOfExperience', TALENT_MESSAGES.yearsInvalid],
    [{ yearsOfExperience: 2.5 }, 'yearsOfExperience', TALENT_MESSAGES.yearsInvalid],
    [{ employmentStatus: 'retired' }, 'employmentStatus', TALENT_MESSAGES.employmentStatusInvalid],
    [{ involvement: 'gig' }, 'involvement', TALENT_MESSAGES.involvementInvalid],
    [{ myersBriggs: 'ABCD' }, 'myersBriggs', TALENT_MESSAGES.myersBriggsInvalid],
    [{ enneagram: '10' }, 'enneagram', TALENT_MESSAGES.enneagramInvalid],
    [{ titles: Array.from({ length: 11 }, (_, i) => `T${i}`) }, 'titles', TALENT_MESSAGES.tooManyItems(10)],
  ])('refuses %o with the field message', async (overrides, field, message) => {
    const s = await signUp(t);
    const res = await call('PUT', '/api/talent/profile', s, profile(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('accepts every SPEC §5 employment status and empty optional fields', async () => {
    const s = await signUp(t);
    for (const status of ['full-time', 'part-time', 'freelance', 'looking', 'open']) {
      const res = await call('PUT', '/api/talent/profile', s, profile({ employmentStatus: status }));
      expect(res.statusCode).toBe(200);
    }
    const res = await call('PUT', '/api/talent/profile', s, {
      name: 'Minimal',
      phone: '',
      linkedin: '',
      myersBriggs: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ phone: null, linkedin: null, myersBriggs: null, yearsOfExperience: null });
  });

  it('is for job seekers only', async () => {
    expect((await call('GET', '/api/talent/profile')).statusCode).toBe(401);
    const res = await call('PUT', '/api/talent/profile', admin, profile());
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(TALENT_MESSAGES.onlyJobseekers);
  });
});

// ---------------------------------------------------------------------------------------------

function pdf(lines: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 50 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (const line of lines) doc.text(line);
    doc.end();
  });
}

const upload = (who: SignedUp | undefined, bytes: Buffer, filename = 'resume.pdf', contentType?: string) => {
  const body = multipartFile(bytes, filename, contentType);
  return t.app.inject({
    method: 'POST',
    url: '/api/talent/resume',
    payload: body.payload,
    headers: body.headers,
    ...(who ? withSession(who.token) : {}),
  });
};

/** A minimal zip (stored or deflated entries) for DOCX-shaped test files. */
function zip(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const compressed = deflateRawSync(entry.data);
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(0, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

/** The storage key of a job seeker's current resume. */
async function resumeKey(who: SignedUp): Promise<string> {
  const [row] = await t.database.db
    .select({ key: resumeFiles.storedName })
    .from(talentProfiles)
    .innerJoin(resumeFiles, eq(resumeFiles.id, talentProfiles.resumeFileId))
    .where(eq(talentProfiles.id, who.body.user.id));
  return row!.key;
}

describe('resume upload', () => {
  let owner: SignedUp;

  beforeAll(async () => {
    owner = await seeker({}, 'Riley Resume');
  });

  it('limits résumé uploads per user (issue 21, finding 11)', async () => {
    const busy = await signUp(t);
    const statuses: number[] = [];
    for (let i = 0; i < RESUME_UPLOAD_LIMIT.max; i++)
      statuses.push((await upload(busy, Buffer.from('not a document'), 'resume.pdf')).statusCode);
    expect(statuses.every((s) => s === 415)).toBe(true);
    const last = await upload(busy, Buffer.from('not a document'), 'resume.pdf');
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else is not affected.
    expect((await upload(await signUp(t), Buffer.from('not a document'), 'resume.pdf')).statusCode).toBe(415);
  });

  it('parses a PDF, stores it, keeps json_resume_pdf and lets the owner download it', async () => {
    const bytes = await pdf([
      'Morgan Example',
      'Clinical Data Analyst',
      'morgan.example@example.com | +1 617 555 0199 | Boston, MA',
      'linkedin.com/in/morgan-example',
      'Skills',
      'SQL, Python, Tableau, Epic, FHIR',
    ]);
    const res = await upload(owner, bytes, '../../etc/My Resume.pdf');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.kind).toBe('pdf');
    expect(body.email).toBe('morgan.example@example.com');
    expect(body.resume).toMatchObject({ kind: 'pdf', originalName: 'My Resume.pdf', sizeBytes: bytes.length });
    const own = (await call('GET', '/api/talent/profile', owner)).json();
    expect(own.jsonResumePdf).toMatchObject({ kind: 'pdf', email: 'morgan.example@example.com' });
    expect(own.resume.kind).toBe('pdf');
    const key = await resumeKey(owner);
    expect(key).toMatch(/^resumes\/[0-9a-f-]{36}\.pdf$/);
    expect(await t.app.storage.exists(key)).toBe(true);
    expect(existsSync(path.join(t.app.config.dataDir, 'uploads'))).toBe(false);

    const download = await call('GET', `/api/talent/${owner.body.user.id}/resume`, owner);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.rawPayload.equals(bytes)).toBe(true);
  });

  it('replacing the resume deletes the old file; the new key ignores the uploaded name', async () => {
    const before = await resumeKey(owner);
    const res = await upload(owner, await pdf(['Riley Resume', 'Second version']), 'resumes/../../shared.pdf');
    expect(res.statusCode, res.body).toBe(200);
    const after = await resumeKey(owner);
    expect(after).toMatch(/^resumes\/[0-9a-f-]{36}\.pdf$/);
    expect(after).not.toBe(before);
    expect(await t.app.storage.exists(before)).toBe(false);
    expect(await t.app.storage.exists(after)).toBe(true);
  });

  it('checks the type by content: a text file named .pdf is refused with 415', async () => {
    const res = await upload(owner, Buffer.from('just some text, not a pdf'), 'resume.pdf');
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe(RESUME_MESSAGES.unsupportedType);
    const zipNotDocx = await upload(owner, zip([{ name: 'hello.txt', data: Buffer.from('hi') }]), 'resume.docx');
    expect(zipNotDocx.statusCode).toBe(415);
  });

  it('refuses a file over the limit with 413 and the clear message', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(RESUME_LIMITS.maxBytes + 10, 0x20)]);
    const res = await upload(owner, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(RESUME_MESSAGES.tooLarge);
  });

  it('refuses an announced oversize body before reading it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/talent/resume',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(50 * 1024 * 1024) },
      payload: Buffer.alloc(10),
      ...withSession(owner.token),
    });
    expect(res.statusCode).toBe(413);
  });

  it('refuses a DOCX zip bomb without unpacking it', async () => {
    const bomb = zip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.alloc(60 * 1024 * 1024, 0x41) },
    ]);
    expect(bomb.length).toBeLessThan(RESUME_LIMITS.maxBytes);
    const res = await upload(owner, bomb, 'resume.docx');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(RESUME_MESSAGES.tooComplex);
  });

  it('reads a PDF that carries JavaScript as text only (the script never runs)', async () => {
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R /Names << /JavaScript << /Names [(x) 5 0 R] >> >> >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 6 0 R >> >> >>',
      null,
      "<< /S /JavaScript /JS (globalThis.process && process.exit(1); app.alert('pwned');) >>",
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ];
    const stream = 'BT /F1 12 Tf 72 720 Td (Hostile Person hostile.person@example.com) Tj ET';
    let body = '%PDF-1.4\n';
    const offsets: number[] = [];
    objects.forEach((obj, i) => {
      offsets.push(body.length);
      body +=
        obj === null
          ? `${i + 1} 0 obj\n<< /Length ${stream.length} >>\nstream\n${stream}\nendstream\nendobj\n`
          : `${i + 1} 0 obj\n${obj}\nendobj\n`;
    });
    const xref = body.length;
    body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
    body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    const res = await upload(owner, Buffer.from(body, 'latin1'), 'hostile.pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().email).toBe('hostile.person@example.com');
  });

  it("handles the library's fixtures: hostile PDF safely, text named .pdf refused, DOCX parsed", async () => {
    const fixture = (name: string) => readFile(path.join(import.meta.dirname, 'resume', 'fixtures', name));
    const hostile = await upload(owner, await fixture('hostile-script.pdf'), 'hostile-script.pdf');
    expect([200, 400, 422]).toContain(hostile.statusCode);
    const textNamed = await upload(owner, await fixture('hostile-text-named.pdf'), 'resume.pdf');
    expect(textNamed.statusCode).toBe(415);
    const docx = await upload(owner, await fixture('r08-docx-backend.docx'), 'cv.docx', 'application/octet-stream');
    expect(docx.statusCode, docx.body).toBe(200);
    expect(docx.json().kind).toBe('docx');
    expect((await call('GET', '/api/talent/profile', owner)).json().resume.kind).toBe('docx');
  });

  it('is for signed-in job seekers only', async () => {
    const bytes = await pdf(['Someone']);
    expect((await upload(undefined, bytes)).statusCode).toBe(401);
    expect((await upload(admin, bytes)).statusCode).toBe(403);
  });

  it('downloads only for the owner and companies the talent applied to', async () => {
    const stranger = await signUp(t);
    const url = `/api/talent/${owner.body.user.id}/resume`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, stranger)).statusCode).toBe(404);
    expect((await call('GET', url, admin)).statusCode).toBe(403);
    expect((await call('POST', `/api/jobs/${jobId}/apply`, owner)).statusCode).toBe(201);
    expect((await call('GET', url, admin)).statusCode).toBe(200);
    expect((await call('GET', url, member)).statusCode).toBe(200);
    expect((await call('GET', url, otherAdmin)).statusCode).toBe(403);
  });
});

// ---------------------------------------------------------------------------------------------

describe('Find Candidates', () => {
  let tag: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    // A unique word in every title keeps these tests to their own people.
    tag = `Zq${Date.now().toString(36)}`;
    const people = {
      ana: {
        titles: [`${tag} Nurse Informaticist`],
        location: 'Boston, MA',
        involvement: 'full-time',
        skills: ['Epic', 'Triage'],
        technicalSkills: ['SQL'],
        softwareTools: ['Tableau'],
        industries: ['EHR'],
        interests: ['Telehealth'],
      },
      ben: {
        titles: [`${tag} Backend Engineer`],
        location: 'Remote',
        involvement: 'contract',
        skills: ['Python'],
        technicalSkills: ['FHIR', 'SQL'],
        softwareTools: ['AWS'],
        industries: ['Telehealth'],
        interests: ['AI'],
      },
      cy: {
        titles: [`${tag} Data Analyst`],
        location: 'Boston, MA',
        involvement: 'part-time',
        skills: ['Python', 'Epic'],
        technicalSkills: [],
        softwareTools: ['Tableau'],
        industries: ['Payers'],
        interests: ['Telehealth', 'AI'],
      },
      dee: {
        titles: [`${tag} UX Designer`],
        location: 'Nashville, TN',
        involvement: 'full-time',
        skills: ['Figma'],
        technicalSkills: [],
        softwareTools: [],
        industries: ['EHR'],
        interests: [],
        discoverable: false,
      },
    };
    ids = {};
    for (const [key, values] of Object.entries(people)) {
      const s = await seeker(values, `${key[0]!.toUpperCase()}${key.slice(1)} ${tag}`);
      ids[key] = s.body.user.id;
    }
  });

  const nameOf = (item: { id: string }) => Object.entries(ids).find(([, id]) => id === item.id)?.[0];
  /** The talents with every word of the search (those with some are listed after them, see below). */
  const names = (body: { items: { id: string; partial: boolean }[] }) =>
    body.items
      .filter((i) => !i.partial)
      .map(nameOf)
      .sort();

  it('lists talents with some of the words after those with every word, not leaving them out', async () => {
    const body = await search(`q=${tag} backend&pageSize=100`);
    expect(nameOf(body.items[0])).toBe('ben');
    expect(body.items[0].partial).toBe(false);
    const partial = body.items.filter((i: { partial: boolean }) => i.partial);
    expect(partial.map(nameOf)).toEqual(expect.arrayContaining(['ana', 'cy']));
    expect(body.items.slice(1).every((i: { partial: boolean }) => i.partial)).toBe(true);
    expect(body.partialTotal).toBe(partial.length);
    expect(body.total).toBe(body.items.length);
    // More of the words rank higher: Cy holds the tag, Python and Epic; Ana and Ben two of the three.
    const three = await search(`q=${tag} python epic&pageSize=100`);
    expect(three.items.slice(0, 3).map(nameOf)).toEqual(['cy', expect.any(String), expect.any(String)]);
    expect(three.items.slice(1, 3).map(nameOf).sort()).toEqual(['ana', 'ben']);
    expect(three.items.slice(1, 3).every((i: { partial: boolean }) => i.partial)).toBe(true);
    expect(three.partialTotal).toBeGreaterThanOrEqual(2);
    // One word: no partial matches.
    expect((await search(`q=${tag}`)).partialTotal).toBe(0);
    // A non-discoverable talent is not among the partial matches either.
    expect(body.items.map(nameOf)).not.toContain('dee');
  });

  it('matches text over name, titles and skills like job search (prefixes, punctuation, typos), hides non-discoverable talent', async () => {
    expect(names(await search(`q=${tag.toUpperCase()}`))).toEqual(['ana', 'ben', 'cy']);
    expect(names(await search(`q=${tag} backend`))).toEqual(['ben']);
    expect(names(await search(`q=${tag} nurse`))).toEqual(['ana']);
    expect(names(await search(`q=ana ${tag}`))).toEqual(['ana', 'cy']); // "ana" also begins Cy's "Analyst"
    expect(names(await search(`q=${tag} backe`))).toEqual(['ben']);
    expect(names(await search(`q=${tag} FHIR/SQL`))).toEqual(['ben']);
    expect(names(await search(`q=${tag} informaticst`))).toEqual(['ana']);
    expect(names(await search(`q=${tag}%25 tableau`))).toEqual(['ana', 'cy']);
  });

  it('writes prefixes as the exact lexemes profiles hold: the same matches, a new word known once saved', async () => {
    const lower = tag.toLowerCase();
    const queries = [
      `${lower}:* & backe:*`,
      'ana:*',
      `${lower} & (informat:* | nurs:*)`,
      'c:*',
      'zzzq:*',
      'sql & fhir:*',
    ];
    const rows = await selectRows<{ q: string; prefixes: number; exact: number }>(
      t.database.db,
      sql`select q, count(*) filter (where p.search @@ to_tsquery('english', q)) as prefixes,
            count(*) filter (where p.search @@ talent_search_query(q)) as exact
          from unnest(${sql.param(queries)}::text[]) q, talent_profiles p group by q`,
    );
    expect(rows).toHaveLength(queries.length);
    for (const row of rows) expect(Number(row.exact), row.q).toBe(Number(row.prefixes));
    const written = async (q: string) =>
      (await selectRows<{ q: string }>(t.database.db, sql`select talent_search_query(${q})::text as q`))[0]!.q;
    // Ben's "Backend" is in the vocabulary (talent_profiles_lexemes), so the prefix is written as that word. The tag
    // is a random word, which the English stemmer may shorten ("…ve" → "…v"): it stands as to_tsquery writes it.
    const stem = (
      await selectRows<{ stem: string }>(t.database.db, sql`select to_tsquery('english', ${lower})::text as stem`)
    )[0]!.stem;
    expect(await written(`${lower} & backe:*`)).toBe(`${stem} & 'backend'`);
    // A word no profile holds yet stays a prefix, and is written out once a profile with it is saved.
    const fresh = `Qv${Date.now().toString(36)}ologist`;
    const prefix = fresh.slice(0, -7).toLowerCase();
    expect(await written(`${prefix}:*`)).toBe(`'${prefix}':*`);
    await seeker({ titles: [fresh], discoverable: false });
    expect(await written(`${prefix}:*`)).toBe(await written(fresh));
    expect(await written(`${prefix}:*`)).not.toContain(':*');
  });

  it('matches location and involvement by value in the selection', async () => {
    expect(names(await search(`q=${tag}&locations=Boston, MA`))).toEqual(['ana', 'cy']);
    expect(names(await search(`q=${tag}&involvement=contract&involvement=part-time`))).toEqual(['ben', 'cy']);
  });

  it('finds places as job search does: region, a place among the words, remote, distance, ambiguous names', async () => {
    expect(names(await search(`q=${tag}&location=Massachusetts`))).toEqual(['ana', 'cy']);
    expect(names(await search(`q=${tag}&location=MA`))).toEqual(['ana', 'cy']);
    expect(names(await search(`q=${tag} boston`))).toEqual(['ana', 'cy']);
    expect(names(await search(`q=${tag}&location=remote`))).toEqual(['ben']);
    const near = await search(`q=${tag}&location=${encodeURIComponent('Cambridge, MA')}&distance=25`);
    expect(names(near)).toEqual(['ana', 'cy']);
    expect(near.place).toMatchObject({
      source: 'location',
      near: { label: 'Cambridge, MA', distance: 25, unit: 'mi' },
    });
    expect(names(await search(`q=${tag}&location=${encodeURIComponent('Chicago, IL')}&distance=100`))).toEqual([]);
    const portland = await search(`q=${tag}&location=Portland`);
    expect(portland.place.choices.map((c: { value: string }) => c.value)).toContain('Portland, ME');
  });

  it('finds field synonyms ("developer" finds engineers)', async () => {
    expect(names(await search(`q=${tag} developer`))).toEqual(['ben']);
  });

  it('matches list categories any-of within a category and AND across categories', async () => {
    expect(names(await search(`q=${tag}&skills=Epic&skills=Python`))).toEqual(['ana', 'ben', 'cy']);
    expect(names(await search(`q=${tag}&skills=Epic&skills=Python&industries=EHR`))).toEqual(['ana']);
    expect(names(await search(`q=${tag}&technicalSkills=SQL&softwareTools=AWS`))).toEqual(['ben']);
    expect(names(await search(`q=${tag}&interests=AI&skills=Python&locations=Boston, MA`))).toEqual(['cy']);
    expect(names(await search(`q=${tag}&interests=AI&industries=EHR`))).toEqual([]);
  });

  it('applies the titles filter', async () => {
    expect(names(await search(`q=${tag}&titles=${encodeURIComponent(`${tag} Data Analyst`)}`))).toEqual(['cy']);
  });

  it('counts facets from the data, recounted in the background soon after profiles are saved', async () => {
    let body = await search(`q=${tag}`);
    const count = (category: string, value: string) =>
      body.facets[category].find((f: { value: string }) => f.value === `${value}`)?.count;
    for (let waited = 0; count('titles', `${tag} Nurse Informaticist`) !== 1 && waited < 5_000; waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
      body = await search(`q=${tag}`);
    }
    expect(count('titles', `${tag} Nurse Informaticist`)).toBe(1);
    expect(count('involvement', 'full-time')).toBeGreaterThanOrEqual(1);
    expect(body.facets.titles.some((f: { value: string }) => f.value === `${tag} UX Designer`)).toBe(false);
    expect(count('interests', 'Telehealth')).toBeGreaterThanOrEqual(2);
  });

  it('queues one facet recount for a burst of profile saves (one job key), in the saving transaction', async () => {
    const pending = await inTransaction(t.database.db, async (tx) => {
      for (let i = 0; i < 3; i++) await facetsChanged(tx);
      const [row] = await selectRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from graphile_worker._private_jobs where key = 'recount-talent-facets'`,
      );
      throw new RolledBack(row!);
    }).catch((error: unknown) => (error instanceof RolledBack ? error.row : Promise.reject(error)));
    expect(pending).toEqual({ n: 1 });
  });

  it('pages results with a total', async () => {
    const first = await search(`q=${tag}&pageSize=2&page=1`);
    const second = await search(`q=${tag}&pageSize=2&page=2`);
    expect(first.total).toBe(3);
    expect(first.totalIsLowerBound).toBe(false);
    expect(first.totalPages).toBe(2);
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(1);
    expect(new Set([...first.items, ...second.items].map((i: { id: string }) => i.id)).size).toBe(3);
  });

  it('stops counting a little past the page ("at least"), browsing or searching', async () => {
    const auth = requireCompanyUser(await resolveSession(t.database.db, admin.token));
    const searchCandidates = async (...args: Parameters<typeof searchCandidatesJson>) =>
      JSON.parse((await searchCandidatesJson(...args)).toString('utf8')) as unknown;
    const browse = candidateSearchQuerySchema.parse({ pageSize: '1' });
    expect(await searchCandidates(t.database.db, auth, browse, 2)).toMatchObject({
      total: 2,
      totalIsLowerBound: true,
      totalPages: 2,
    });
    const filtered = candidateSearchQuerySchema.parse({ q: tag, pageSize: '1' });
    expect(await searchCandidates(t.database.db, auth, filtered, 2)).toMatchObject({
      total: 2,
      totalIsLowerBound: true,
      totalPages: 2,
    });
    expect(await searchCandidates(t.database.db, auth, filtered, 3)).toMatchObject({
      total: 3,
      totalIsLowerBound: false,
      totalPages: 3,
    });
    // A later page counts as far past itself.
    const third = candidateSearchQuerySchema.parse({ q: tag, pageSize: '1', page: '3' });
    expect(await searchCandidates(t.database.db, auth, third, 1)).toMatchObject({ total: 3, totalIsLowerBound: false });
  });

  it('reads matches a time slab at a time, newest first, over every day a profile was updated', async () => {
    const auth = requireCompanyUser(await resolveSession(t.database.db, admin.token));
    const word = `Sv${Date.now().toString(36)}`;
    // Days ago, each in a slab of another size (a day, a few days, weeks, years, decades), saved out of order.
    const ages = [40, 0, 7_300, 3, 700];
    const byAge = new Map<string, number>();
    for (const [i, days] of ages.entries()) {
      const person = await seeker({ titles: [`${word} Analyst`], involvement: 'contract' }, `Slab Person ${i + 1}`);
      byAge.set(person.body.user.id, days);
      await t.database.db
        .update(talentProfiles)
        .set({ updatedAt: new Date(Date.now() - days * 86_400_000) })
        .where(eq(talentProfiles.id, person.body.user.id));
    }
    const listed = async (page: number, countAhead: number) => {
      const filters = candidateSearchQuerySchema.parse({ q: word, involvement: 'contract', pageSize: '1', page });
      return JSON.parse((await searchCandidatesJson(t.database.db, auth, filters, countAhead, 1)).toString('utf8')) as {
        items: { id: string }[];
        total: number;
        totalIsLowerBound: boolean;
      };
    };
    // Windows of one: the pages are the matches in recency order, each counted.
    const pages = await Promise.all([1, 2, 3, 4, 5].map((page) => listed(page, 10)));
    expect(pages.map((body) => byAge.get(body.items[0]!.id))).toEqual([0, 3, 40, 700, 7_300]);
    for (const body of pages) expect(body).toMatchObject({ total: 5, totalIsLowerBound: false });
    // The count stops past the page as before: the first slabs hold enough.
    expect(await listed(1, 2)).toMatchObject({ total: 2, totalIsLowerBound: true });
  });

  it('ranks a window of the newest matches at a time, every page cutting the same list', async () => {
    const auth = requireCompanyUser(await resolveSession(t.database.db, admin.token));
    const stamp = Date.now().toString(36);
    const [first, second] = [`Wv${stamp}`, `Xw${stamp}`];
    // Newest first: p1 … p5. The first word in a title ranks above it among skills (weight A over B); p4 has both words.
    const inTitle = { titles: [`${first} Analyst`], skills: ['Epic'] };
    const inSkills = { titles: ['Analyst'], skills: [first] };
    const people = [inSkills, inTitle, inSkills, { titles: [`${first} ${second} Lead`], skills: ['Epic'] }, inTitle];
    const ids: string[] = [];
    for (const [i, values] of people.entries()) {
      const person = await seeker(values, `Window Person ${i + 1}`);
      ids.push(person.body.user.id);
      await t.database.db
        .update(talentProfiles)
        .set({ updatedAt: new Date(Date.now() - (i + 1) * 60_000) })
        .where(eq(talentProfiles.id, person.body.user.id));
    }
    const label = (id: string) => `p${ids.indexOf(id) + 1}`;
    const pages = async (q: string, window: number) => {
      const listed: string[][] = [];
      for (let page = 1; page <= 3; page++) {
        const filters = candidateSearchQuerySchema.parse({ q, pageSize: '2', page: String(page) });
        const body = (await searchCandidatesJson(t.database.db, auth, filters, 10, window).then((b) =>
          JSON.parse(b.toString('utf8')),
        )) as { items: { id: string; partial: boolean }[]; total: number; partialTotal: number };
        expect(body).toMatchObject({ total: 5, totalIsLowerBound: false });
        listed.push(body.items.map((item) => `${label(item.id)}${item.partial ? '…' : ''}`));
      }
      return listed;
    };
    // Windows of two: {p1, p2}, {p3, p4}, {p5}, each ranked.
    expect(await pages(first, 2)).toEqual([['p2', 'p1'], ['p4', 'p3'], ['p5']]);
    // The whole list in one window: the title matches first.
    const whole = (await pages(first, 500)).flat();
    expect(whole.slice(0, 3).sort()).toEqual(['p2', 'p4', 'p5']);
    expect(whole.slice(3)).toEqual(['p1', 'p3']);
    // Every word first (p4), then some of the words, their own windows ranked: {p1, p2}, {p3, p5}.
    expect(await pages(`${first} ${second}`, 2)).toEqual([['p4', 'p2…'], ['p1…', 'p5…'], ['p3…']]);
  });

  it("ranks by match score for one of the company's jobs and leaves out those under 30%", async () => {
    // Job skills: SQL, Epic, Tableau, Python. ana 75%, cy 75%, ben 50%.
    const body = await search(`q=${tag}&jobId=${jobId}`);
    expect(body.job).toMatchObject({ id: jobId, title: 'Clinical Data Analyst' });
    expect(body.items.map((i: { matchScore: number }) => i.matchScore)).toEqual([75, 75, 50]);
    const other = await call('GET', `/api/talent/search?jobId=${jobId}`, otherAdmin);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe(TALENT_MESSAGES.jobNotYours);
  });

  it('is for signed-in company users only', async () => {
    expect((await call('GET', '/api/talent/search')).statusCode).toBe(401);
    const s = await signUp(t);
    const res = await call('GET', '/api/talent/search', s);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(TALENT_MESSAGES.searchOnlyCompanies);
    expect((await call('GET', `/api/talent/search?involvement=gig`, admin)).statusCode).toBe(400);
  });

  it('hides contact details from a company the talent has no tie to', async () => {
    const before = await search(`q=${tag} nurse`);
    expect(before.items[0].contact).toBeNull();
    const view = (await call('GET', `/api/talent/${ids.ana}`, member)).json();
    expect(view.contact).toBeNull();
    expect(view.viewer.canSeeContact).toBe(false);
  });
});

describe('contact visibility', () => {
  it('shows email, phone and resume flag to the company once the talent applied, never to others', async () => {
    const s = await seeker({ titles: ['Applicant'] }, 'Applying Person');
    const id = s.body.user.id;
    expect((await call('GET', `/api/talent/${id}`, admin)).json().contact).toBeNull();
    expect((await call('POST', `/api/jobs/${jobId}/apply`, s)).statusCode).toBe(201);
    const view = (await call('GET', `/api/talent/${id}`, member)).json();
    expect(view.contact).toMatchObject({ email: s.body.user.email, phone: '+1 (617) 555-0100', hasResume: false });
    const card = (await search(`q=applying person`, admin)).items.find((i: { id: string }) => i.id === id);
    expect(card.contact.email).toBe(s.body.user.email);
    expect((await call('GET', `/api/talent/${id}`, otherAdmin)).json().contact).toBeNull();
    const other = (await search(`q=applying person`, otherAdmin)).items.find((i: { id: string }) => i.id === id);
    expect(other.contact).toBeNull();
  });

  it('lets job seekers see only their own profile', async () => {
    const a = await seeker({}, 'Own Viewer');
    const b = await seeker({}, 'Other Viewer');
    const own = await call('GET', `/api/talent/${a.body.user.id}`, a);
    expect(own.statusCode).toBe(200);
    expect(own.json().viewer.isOwner).toBe(true);
    expect(own.json().contact.email).toBe(a.body.user.email);
    const other = await call('GET', `/api/talent/${b.body.user.id}`, a);
    expect(other.statusCode).toBe(403);
    expect((await call('GET', '/api/talent/no-such-person-zzz', admin)).statusCode).toBe(404);
  });
});

describe('endorsements', () => {
  it('adds one endorsement per company and refuses a second with 409', async () => {
    const s = await seeker({}, 'Endorsed Person');
    const url = `/api/talent/${s.body.user.id}/endorsements`;
    const first = await call('POST', url, member);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual([expect.objectContaining({ companyId, companyName: 'Talent Test Health' })]);
    const again = await call('POST', url, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(TALENT_MESSAGES.alreadyEndorsed);
    expect((await call('POST', url, otherAdmin)).statusCode).toBe(201);
    const view = (await call('GET', `/api/talent/${s.body.user.id}`, admin)).json();
    expect(view.endorsements.map((e: { companyName: string }) => e.companyName)).toEqual([
      'Talent Test Health',
      'Other Clinic',
    ]);
    expect(view.viewer.hasEndorsed).toBe(true);
  });

  it('is for company users only', async () => {
    const s = await seeker({}, 'Self Endorser');
    const url = `/api/talent/${s.body.user.id}/endorsements`;
    expect((await call('POST', url)).statusCode).toBe(401);
    const res = await call('POST', url, s);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(TALENT_MESSAGES.onlyCompaniesEndorse);
  });
});

describe('kudos', () => {
  const lastMailTo = async (email: string) => (await mailsTo(t, email)).at(-1)!;

  it('e-mails a one-time link; the recommender writes kudos that show on the profile and dashboard', async () => {
    const s = await seeker({}, 'Kudos Person');
    const res = await call('POST', '/api/talent/kudos-requests', s, { recommenderEmail: 'Boss@Example.com' });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await lastMailTo('boss@example.com');
    expect(mail).toContain('Kudos Person asked you for kudos');
    const token = /\/kudos\/([A-Za-z0-9_-]+)/.exec(mail)![1]!;

    const invitation = await call('GET', `/api/kudos/${token}`);
    expect(invitation.json()).toEqual({ talentName: 'Kudos Person', recommenderEmail: 'boss@example.com' });

    const kudos = {
      author: 'Pat Boss',
      title: 'CNO',
      company: 'Mercy',
      superpower: 'Empathy',
      rating: 5,
      text: 'Great.',
    };
    const bad = await call('POST', `/api/kudos/${token}`, undefined, { ...kudos, rating: 6, text: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      rating: TALENT_MESSAGES.kudosRatingInvalid,
      text: TALENT_MESSAGES.kudosTextRequired,
    });
    const created = await call('POST', `/api/kudos/${token}`, undefined, kudos);
    expect(created.statusCode).toBe(201);
    const reused = await call('POST', `/api/kudos/${token}`, undefined, kudos);
    expect(reused.statusCode).toBe(404);
    expect(reused.json().error.message).toBe(TALENT_MESSAGES.kudosLinkInvalid);

    const list = (await call('GET', '/api/talent/kudos', s)).json();
    expect(list).toEqual([expect.objectContaining({ author: 'Pat Boss', rating: 5, text: 'Great.' })]);
    const view = (await call('GET', `/api/talent/${s.body.user.id}`, admin)).json();
    expect(view.kudos).toHaveLength(1);
    expect(view.rating).toBe(5);
  });

  it('validates the recommender email and refuses your own address', async () => {
    const s = await seeker({}, 'Kudos Validator');
    const empty = await call('POST', '/api/talent/kudos-requests', s, { recommenderEmail: '' });
    expect(empty.json().error.fields.recommenderEmail).toBe(TALENT_MESSAGES.recommenderEmailRequired);
    const invalid = await call('POST', '/api/talent/kudos-requests', s, { recommenderEmail: 'nope' });
    expect(invalid.json().error.fields.recommenderEmail).toBe(TALENT_MESSAGES.recommenderEmailInvalid);
    const self = await call('POST', '/api/talent/kudos-requests', s, { recommenderEmail: s.body.user.email });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(TALENT_MESSAGES.cannotRequestSelf);
    expect((await call('POST', '/api/talent/kudos-requests', admin, { recommenderEmail: 'a@b.co' })).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/api/kudos/not-a-real-token-123')).statusCode).toBe(404);
  });
});

describe('invite codes', () => {
  it('gives job seekers a TALENT code and records who invited a new sign-up', async () => {
    const inviter = await signUp(t);
    const code = inviter.body.user.referralCode!;
    expect(code).toMatch(/^TALENT[A-Z0-9]{6}$/);
    const invited = await signUp(t, { inviteCode: code.toLowerCase() });
    const { users } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    const [row] = await t.database.db
      .select({ invitedBy: users.invitedByUserId })
      .from(users)
      .where(eq(users.id, invited.body.user.id));
    expect(row!.invitedBy).toBe(inviter.body.user.id);
  });
});

describe('demo seed', () => {
  it('gives the seeded job seekers varied profiles that Find Candidates finds, with endorsements and kudos', async () => {
    const { seedTalent } = await import('../../seed/talent');
    await seedTalent(t.database.db, { passwordHash: 'not-a-real-hash', count: 12 });
    await recountTalentFacets(t.database.db); // what the periodic check does after a write outside the API
    const body = await search(
      'titles=Nurse Informaticist&titles=Clinical Data Analyst&titles=Data Scientist&pageSize=50',
    );
    expect(body.total).toBeGreaterThan(0);
    expect(body.facets.locations.length).toBeGreaterThan(1);
    expect(body.facets.industries.length).toBeGreaterThan(1);
    const { endorsements, kudos } = await import('../../db/schema');
    expect((await t.database.db.select().from(endorsements)).length).toBeGreaterThan(0);
    expect((await t.database.db.select().from(kudos)).length).toBeGreaterThan(0);
  });
});
