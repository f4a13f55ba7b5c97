import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  FILTER_CATEGORIES,
  KUDOS_REQUEST_TTL_DAYS,
  MATCHING,
  TALENT_MESSAGES,
  profileCompleteness,
  skillKey,
  talentSlug,
  type CandidateFacets,
  type CandidateSearchFilters,
  type CandidateSearchResponse,
  type Endorsement,
  type FilterCategory,
  type Kudos,
  type KudosInput,
  type KudosInvitation,
  type ParsedResume,
  type ResumeFileInfo,
  type ResumeKind,
  type TalentProfile,
  type TalentProfileInput,
  type TalentPublicProfile,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { inTransaction, isUniqueViolation, lowerEq, selectRows, textArray, type Executor } from '../../db/repository';
import {
  companies,
  endorsements,
  jobPostings,
  kudos,
  kudosRequests,
  resumeFiles,
  talentProfiles,
  users,
} from '../../db/schema';
import type { AuthContext } from '../auth/sessions';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { RateLimiter } from '../../lib/rate-limit';
import { hashToken, newSecretToken } from '../../lib/tokens';
import { requireCompanyUser, requireJobseeker } from '../auth/guards';

type ProfileRow = typeof talentProfiles.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ---------------------------------------------------------------------------------------------
// Contact visibility: when may a company's users see a talent's email, phone and resume?
// ---------------------------------------------------------------------------------------------

/**
 * One reason a company may see a talent's contact details, as an SQL condition over the talent's id
 * (a column or a parameter) and the viewer's company id. Rules are OR-ed.
 */
export type ContactVisibilityRule = (talentId: SQL, companyId: string) => SQL;

/** Why a company may see a talent's contact details and resume (issue #6); any one of them is enough. */
const contactVisibilityRules: ContactVisibilityRule[] = [
  // The talent applied to one of the company's jobs.
  (talentId, companyId) =>
    sql`exists(select 1 from candidate_pipelines a join job_postings j on j.id = a.job_id
               where a.talent_id = ${talentId} and a.applied_at is not null and j.company_id = ${companyId})`,
  // The talent asked one of the company's people for a referral to one of its jobs.
  (talentId, companyId) =>
    sql`exists(select 1 from referral_requests rr join job_postings j on j.id = rr.job_id
               where rr.talent_id = ${talentId} and j.company_id = ${companyId})`,
  // The talent accepted being referred for one of the company's jobs.
  (talentId, companyId) =>
    sql`exists(select 1 from referrals r
               where r.talent_id = ${talentId} and r.company_id = ${companyId} and r.consent = 'confirmed')`,
];

/** SQL boolean: may this viewer see the contact details of the talent whose id is `talentId`? */
export function contactVisibleSql(talentId: SQL, viewer: AuthContext | null): SQL {
  if (!viewer) return sql`false`;
  const own = sql`${talentId} = ${viewer.user.id}::uuid`;
  if (!viewer.company) return own;
  const companyId = viewer.company.id;
  return sql`(${own} or ${sql.join(
    contactVisibilityRules.map((rule) => sql`(${rule(talentId, companyId)})`),
    sql` or `,
  )})`;
}

/** The same predicate for one talent. */
export async function canSeeContact(db: Executor, viewer: AuthContext | null, talentId: string): Promise<boolean> {
  if (!viewer) return false;
  if (viewer.user.id === talentId) return true;
  const [row] = await selectRows<{ visible: boolean }>(
    db,
    sql`select ${contactVisibleSql(sql`${talentId}::uuid`, viewer)} as visible`,
  );
  return !!row?.visible;
}

// ---------------------------------------------------------------------------------------------
// Profiles
// ---------------------------------------------------------------------------------------------

const RESERVED_SLUGS = ['profile', 'search', 'kudos', 'kudos-requests', 'resume', 'talent'];

/** The first free slug: 'jane-doe', then 'jane-doe-2', 'jane-doe-3', ... */
async function freeSlug(db: Executor, name: string, ownerId: string): Promise<string> {
  const base = talentSlug(name);
  const rows = await selectRows<{ slug: string }>(
    db,
    sql`select slug from talent_profiles where (slug = ${base} or slug like ${`${base}-%`}) and id <> ${ownerId}::uuid`,
  );
  // Slugs that would collide with the fixed /api/talent/... routes are never handed out bare.
  const taken = new Set([...rows.map((r) => r.slug), ...RESERVED_SLUGS]);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

function searchTextOf(name: string, titles: readonly string[]): string {
  return `${name} ${titles.join(' ')}`.toLowerCase();
}

function skillKeysOf(p: Pick<ProfileRow, 'skills' | 'technicalSkills' | 'softwareTools'>): string[] {
  return [...new Set([...p.skills, ...p.technicalSkills, ...p.softwareTools].map(skillKey).filter(Boolean))];
}

/**
 * The talent profile row of a job seeker, created on first use (id = user id). The seed and
 * tests use it too.
 */
export async function ensureTalentProfile(
  db: Executor,
  user: { id: string; name: string },
  values: Partial<typeof talentProfiles.$inferInsert> = {},
): Promise<ProfileRow> {
  const [existing] = await db.select().from(talentProfiles).where(eq(talentProfiles.id, user.id));
  if (existing) return existing;
  for (let attempt = 0; ; attempt++) {
    const slug = await freeSlug(db, user.name, user.id);
    const titles = values.titles ?? [];
    const lists = {
      skills: values.skills ?? [],
      technicalSkills: values.technicalSkills ?? [],
      softwareTools: values.softwareTools ?? [],
    };
    try {
      const [row] = await db
        .insert(talentProfiles)
        .values({
          ...values,
          id: user.id,
          slug,
          title: values.title ?? titles[0] ?? null,
          skillKeys: skillKeysOf(lists),
          searchText: searchTextOf(user.name, titles),
        })
        .onConflictDoNothing({ target: talentProfiles.id })
        .returning();
      if (row) return row;
      const [again] = await db.select().from(talentProfiles).where(eq(talentProfiles.id, user.id));
      return again!;
    } catch (error) {
      // Two new profiles raced for the same slug: pick the next one.
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

async function resumeInfo(db: Executor, fileId: string | null): Promise<ResumeFileInfo | null> {
  if (!fileId) return null;
  const [file] = await db.select().from(resumeFiles).where(eq(resumeFiles.id, fileId));
  return file
    ? {
        originalName: file.originalName,
        kind: file.kind,
        sizeBytes: file.sizeBytes,
        uploadedAt: file.createdAt.toISOString(),
      }
    : null;
}

function toOwnProfile(
  row: ProfileRow,
  user: { name: string; email: string },
  resume: ResumeFileInfo | null,
): TalentProfile {
  return {
    id: row.id,
    slug: row.slug,
    email: user.email,
    name: user.name,
    phone: row.phone,
    location: row.location,
    linkedin: row.linkedin,
    portfolio: row.portfolio,
    bio: row.bio,
    superpower: row.superpower,
    myersBriggs: row.myersBriggs as TalentProfile['myersBriggs'],
    enneagram: row.enneagram as TalentProfile['enneagram'],
    achievement: row.achievement,
    title: row.title,
    titles: row.titles,
    industries: row.industries,
    yearsOfExperience: row.yearsOfExperience,
    employmentStatus: row.employmentStatus,
    involvement: row.involvement,
    skills: row.skills,
    technicalSkills: row.technicalSkills,
    softwareTools: row.softwareTools,
    interests: row.interests,
    discoverable: row.discoverable,
    rating: row.rating,
    resume,
    jsonResumePdf: (row.jsonResumePdf as TalentProfile['jsonResumePdf']) ?? null,
    completeness: profileCompleteness({ ...row, hasResume: !!resume }),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getOwnProfile(db: Db, auth: AuthContext | null): Promise<TalentProfile> {
  const me = requireJobseeker(auth, TALENT_MESSAGES.onlyJobseekers);
  const row = await ensureTalentProfile(db, me.user);
  return toOwnProfile(row, me.user, await resumeInfo(db, row.resumeFileId));
}

export async function updateOwnProfile(
  db: Db,
  auth: AuthContext | null,
  input: TalentProfileInput,
): Promise<TalentProfile> {
  const me = requireJobseeker(auth, TALENT_MESSAGES.onlyJobseekers);
  const row = await inTransaction(db, async (tx) => {
    const current = await ensureTalentProfile(tx, me.user);
    const nameChanged = input.name !== me.user.name;
    if (nameChanged)
      await tx.update(users).set({ name: input.name, updatedAt: new Date() }).where(eq(users.id, me.user.id));
    const slug = nameChanged ? await freeSlug(tx, input.name, me.user.id) : current.slug;
    const [updated] = await tx
      .update(talentProfiles)
      .set({
        slug,
        phone: input.phone,
        location: input.location,
        linkedin: input.linkedin,
        portfolio: input.portfolio,
        bio: input.bio,
        superpower: input.superpower,
        myersBriggs: input.myersBriggs,
        enneagram: input.enneagram,
        achievement: input.achievement,
        title: input.titles[0] ?? null,
        titles: input.titles,
        industries: input.industries,
        yearsOfExperience: input.yearsOfExperience,
        employmentStatus: input.employmentStatus,
        involvement: input.involvement,
        skills: input.skills,
        technicalSkills: input.technicalSkills,
        softwareTools: input.softwareTools,
        interests: input.interests,
        discoverable: input.discoverable,
        skillKeys: skillKeysOf(input),
        searchText: searchTextOf(input.name, input.titles),
        updatedAt: new Date(),
      })
      .where(eq(talentProfiles.id, me.user.id))
      .returning();
    return updated!;
  });
  forgetFacets(db);
  return toOwnProfile(row, { name: input.name, email: me.user.email }, await resumeInfo(db, row.resumeFileId));
}

// ---------------------------------------------------------------------------------------------
// Resume files
// ---------------------------------------------------------------------------------------------

const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');
const EXTENSIONS: Record<ResumeKind, string> = { pdf: 'pdf', docx: 'docx', doc: 'doc' };
export const RESUME_CONTENT_TYPES: Record<ResumeKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
};

/** A name safe to show and to put in Content-Disposition: no path, no control characters, bounded. */
function cleanOriginalName(name: string, kind: ResumeKind): string {
  const base = path
    .basename(name.replaceAll('\\', '/'))
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .trim();
  return (base || `resume.${EXTENSIONS[kind]}`).slice(0, 120);
}

/**
 * Keeps an uploaded (already parsed) resume: the file under DATA_DIR/uploads with a generated name, the
 * parsed fields as json_resume_pdf on the profile. A previous resume file is removed.
 */
export async function storeResume(
  db: Db,
  dataDir: string,
  auth: AuthContext,
  file: { bytes: Uint8Array; originalName: string; kind: ResumeKind; fields: ParsedResume },
): Promise<ResumeFileInfo> {
  await ensureTalentProfile(db, auth.user);
  const storedName = `${randomUUID()}.${EXTENSIONS[file.kind]}`;
  await mkdir(uploadsDir(dataDir), { recursive: true, mode: 0o700 });
  await writeFile(path.join(uploadsDir(dataDir), storedName), file.bytes, { mode: 0o600 });
  const { info, previous } = await inTransaction(db, async (tx) => {
    const [old] = await tx
      .select({ id: resumeFiles.id, storedName: resumeFiles.storedName })
      .from(talentProfiles)
      .innerJoin(resumeFiles, eq(resumeFiles.id, talentProfiles.resumeFileId))
      .where(eq(talentProfiles.id, auth.user.id));
    const [created] = await tx
      .insert(resumeFiles)
      .values({
        ownerId: auth.user.id,
        storedName,
        originalName: cleanOriginalName(file.originalName, file.kind),
        kind: file.kind,
        sizeBytes: file.bytes.byteLength,
      })
      .returning();
    await tx
      .update(talentProfiles)
      .set({ resumeFileId: created!.id, jsonResumePdf: { ...file.fields, kind: file.kind }, updatedAt: new Date() })
      .where(eq(talentProfiles.id, auth.user.id));
    if (old) await tx.delete(resumeFiles).where(eq(resumeFiles.id, old.id));
    return {
      previous: old?.storedName ?? null,
      info: {
        originalName: created!.originalName,
        kind: created!.kind,
        sizeBytes: created!.sizeBytes,
        uploadedAt: created!.createdAt.toISOString(),
      },
    };
  });
  if (previous) await rm(path.join(uploadsDir(dataDir), previous), { force: true });
  return info;
}

/** The resume file of a talent, for its owner and for company users who may see the talent's contact details. */
export async function resumeForDownload(
  db: Db,
  dataDir: string,
  auth: AuthContext | null,
  talentId: string,
): Promise<{ filePath: string; originalName: string; contentType: string }> {
  if (!auth) throw unauthorized();
  const [row] = await db
    .select({ file: resumeFiles })
    .from(talentProfiles)
    .innerJoin(resumeFiles, eq(resumeFiles.id, talentProfiles.resumeFileId))
    .where(eq(talentProfiles.id, talentId));
  const allowed = await canSeeContact(db, auth, talentId);
  if (!allowed) {
    // Job seekers learn nothing about other people's files; company users are told they may not.
    if (auth.user.type === 'jobseeker') throw notFound(TALENT_MESSAGES.resumeNotFound);
    throw forbidden(TALENT_MESSAGES.resumeForbidden);
  }
  if (!row) throw notFound(TALENT_MESSAGES.resumeNotFound);
  return {
    filePath: path.join(uploadsDir(dataDir), row.file.storedName),
    originalName: row.file.originalName,
    contentType: RESUME_CONTENT_TYPES[row.file.kind],
  };
}

// ---------------------------------------------------------------------------------------------
// View Talent Profile, endorsements, kudos
// ---------------------------------------------------------------------------------------------

async function findProfile(db: Db, idOrSlug: string) {
  const where = UUID.test(idOrSlug)
    ? eq(talentProfiles.id, idOrSlug.toLowerCase())
    : eq(talentProfiles.slug, idOrSlug.toLowerCase());
  const [row] = await db
    .select({ profile: talentProfiles, name: users.name, email: users.email })
    .from(talentProfiles)
    .innerJoin(users, eq(users.id, talentProfiles.id))
    .where(and(where, eq(users.type, 'jobseeker')));
  return row ?? null;
}

async function listEndorsements(db: Executor, talentId: string): Promise<Endorsement[]> {
  const rows = await db
    .select({ companyId: endorsements.companyId, companyName: companies.name, createdAt: endorsements.createdAt })
    .from(endorsements)
    .innerJoin(companies, eq(companies.id, endorsements.companyId))
    .where(eq(endorsements.talentId, talentId))
    .orderBy(endorsements.createdAt);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function listKudos(db: Executor, talentId: string): Promise<Kudos[]> {
  const rows = await db
    .select()
    .from(kudos)
    .where(eq(kudos.talentId, talentId))
    .orderBy(desc(kudos.createdAt))
    .limit(100);
  return rows.map((k) => ({
    id: k.id,
    author: k.author,
    title: k.title,
    company: k.company,
    superpower: k.superpower,
    rating: k.rating,
    text: k.text,
    date: k.createdAt.toISOString(),
  }));
}

export async function getPublicProfile(
  db: Db,
  auth: AuthContext | null,
  idOrSlug: string,
): Promise<TalentPublicProfile> {
  if (!auth) throw unauthorized();
  let found = await findProfile(db, idOrSlug);
  if (!found && auth.user.type === 'jobseeker' && idOrSlug.toLowerCase() === auth.user.id) {
    await ensureTalentProfile(db, auth.user);
    found = await findProfile(db, idOrSlug);
  }
  if (!found) throw notFound(TALENT_MESSAGES.notFound);
  const { profile: p } = found;
  const isOwner = auth.user.id === p.id;
  if (!isOwner && !auth.company) throw forbidden(TALENT_MESSAGES.notAllowedToView);
  const canSee = await canSeeContact(db, auth, p.id);
  if (!isOwner && !p.discoverable && !canSee) throw notFound(TALENT_MESSAGES.notFound);
  const endorsementList = await listEndorsements(db, p.id);
  return {
    id: p.id,
    slug: p.slug,
    name: found.name,
    title: p.title,
    location: p.location,
    linkedin: p.linkedin,
    portfolio: p.portfolio,
    bio: p.bio,
    superpower: p.superpower,
    myersBriggs: p.myersBriggs as TalentPublicProfile['myersBriggs'],
    enneagram: p.enneagram as TalentPublicProfile['enneagram'],
    achievement: p.achievement,
    titles: p.titles,
    industries: p.industries,
    yearsOfExperience: p.yearsOfExperience,
    employmentStatus: p.employmentStatus,
    involvement: p.involvement,
    skills: p.skills,
    technicalSkills: p.technicalSkills,
    softwareTools: p.softwareTools,
    interests: p.interests,
    rating: p.rating,
    contact: canSee ? { email: found.email, phone: p.phone, hasResume: !!p.resumeFileId } : null,
    endorsements: endorsementList,
    kudos: await listKudos(db, p.id),
    viewer: {
      isOwner,
      canEndorse: !!auth.company && auth.user.type === 'referrer',
      hasEndorsed: !!auth.company && endorsementList.some((e) => e.companyId === auth.company!.id),
      canSeeContact: canSee,
    },
  };
}

export async function endorseTalent(db: Db, auth: AuthContext | null, talentId: string): Promise<Endorsement[]> {
  const viewer = requireCompanyUser(auth, TALENT_MESSAGES.onlyCompaniesEndorse);
  const found = await findProfile(db, talentId);
  if (!found || (!found.profile.discoverable && !(await canSeeContact(db, viewer, talentId))))
    throw notFound(TALENT_MESSAGES.notFound);
  const inserted = await db
    .insert(endorsements)
    .values({ talentId, companyId: viewer.company.id, endorsedByUserId: viewer.user.id })
    .onConflictDoNothing()
    .returning({ id: endorsements.id });
  if (inserted.length === 0) throw conflict(TALENT_MESSAGES.alreadyEndorsed);
  return listEndorsements(db, talentId);
}

export const KUDOS_LIMITS = { requestsPerUser: { max: 10, windowSeconds: 60 * 60 } } as const;

export async function requestKudos(
  db: Db,
  limiter: RateLimiter,
  mailer: Mailer,
  publicUrl: string,
  auth: AuthContext | null,
  recommenderEmail: string,
): Promise<void> {
  const me = requireJobseeker(auth, TALENT_MESSAGES.onlyJobseekers);
  const email = recommenderEmail.toLowerCase();
  if (email === me.user.email.toLowerCase())
    throw badRequest(TALENT_MESSAGES.cannotRequestSelf, { recommenderEmail: TALENT_MESSAGES.cannotRequestSelf });
  await limiter.consume({
    key: `kudos-request:user:${me.user.id}`,
    ...KUDOS_LIMITS.requestsPerUser,
    message: 'You have sent many kudos requests.',
  });
  await ensureTalentProfile(db, me.user);
  const token = newSecretToken(32);
  await db.insert(kudosRequests).values({
    tokenHash: hashToken(token),
    talentId: me.user.id,
    recommenderEmail: email,
    expiresAt: new Date(Date.now() + KUDOS_REQUEST_TTL_DAYS * 24 * 3600 * 1000),
  });
  const link = `${publicUrl.replace(/\/$/, '')}/kudos/${encodeURIComponent(token)}`;
  await mailer.send({
    to: email,
    subject: `${me.user.name} asked you for kudos on Referwell`,
    text: [
      'Hi,',
      '',
      `${me.user.name} is looking for their next role in healthcare technology and asked you for kudos: a few words about working with them, shown on their Referwell profile.`,
      '',
      `Write your kudos here (the link works for ${KUDOS_REQUEST_TTL_DAYS} days, once):`,
      link,
      '',
      'If you do not know this person, ignore this e-mail.',
    ].join('\n'),
  });
}

const openRequest = (token: string) =>
  and(
    eq(kudosRequests.tokenHash, hashToken(token)),
    sql`${kudosRequests.usedAt} is null`,
    sql`${kudosRequests.expiresAt} > now()`,
  );

export async function getKudosInvitation(db: Db, token: string): Promise<KudosInvitation> {
  const [row] = await db
    .select({ talentName: users.name, recommenderEmail: kudosRequests.recommenderEmail })
    .from(kudosRequests)
    .innerJoin(users, eq(users.id, kudosRequests.talentId))
    .where(openRequest(token));
  if (!row) throw notFound(TALENT_MESSAGES.kudosLinkInvalid);
  return row;
}

/** Writes the kudos once per link; the talent's rating becomes the average of their kudos. */
export async function submitKudos(db: Db, token: string, input: KudosInput): Promise<Kudos> {
  const created = await inTransaction(db, async (tx) => {
    const [request] = await tx
      .update(kudosRequests)
      .set({ usedAt: new Date() })
      .where(openRequest(token))
      .returning({ id: kudosRequests.id, talentId: kudosRequests.talentId });
    if (!request) throw notFound(TALENT_MESSAGES.kudosLinkInvalid);
    const [row] = await tx
      .insert(kudos)
      .values({ ...input, talentId: request.talentId, requestId: request.id })
      .returning();
    await tx
      .update(talentProfiles)
      .set({
        rating: sql`(select round(avg(${kudos.rating})::numeric, 1)::real from ${kudos} where ${kudos.talentId} = ${request.talentId})`,
      })
      .where(eq(talentProfiles.id, request.talentId));
    return row!;
  });
  return {
    id: created.id,
    author: created.author,
    title: created.title,
    company: created.company,
    superpower: created.superpower,
    rating: created.rating,
    text: created.text,
    date: created.createdAt.toISOString(),
  };
}

export async function ownKudos(db: Db, auth: AuthContext | null): Promise<Kudos[]> {
  const me = requireJobseeker(auth, TALENT_MESSAGES.onlyJobseekers);
  return listKudos(db, me.user.id);
}

// ---------------------------------------------------------------------------------------------
// Find Candidates
// ---------------------------------------------------------------------------------------------

const ARRAY_COLUMNS = {
  skills: 'skills',
  technicalSkills: 'technical_skills',
  softwareTools: 'software_tools',
  industries: 'industries',
  interests: 'interests',
  titles: 'titles',
} as const satisfies Partial<Record<FilterCategory, string>>;

const FACET_LIMIT = 40;
const FACET_TTL_MS = 30_000;
const facetCache = new WeakMap<object, { at: number; facets: Promise<CandidateFacets> }>();

function forgetFacets(db: Db) {
  facetCache.delete(db);
}

/** Talent profile rows exist only for job seekers (every path that creates one checks the type). */
const POOL = sql`p.discoverable`;

/** Filter options with counts over the whole discoverable pool, cached briefly (they change slowly). */
function computeFacets(db: Db): Promise<CandidateFacets> {
  const parts: SQL[] = [
    sql`(select cast('locations' as text) as category, p.location as value, cast(count(*) as int) as count
         from talent_profiles p
         where ${POOL} and p.location is not null and p.location <> ''
         group by p.location order by count desc, value limit ${FACET_LIMIT})`,
    sql`(select cast('involvement' as text) as category, p.involvement::text as value, cast(count(*) as int) as count
         from talent_profiles p
         where ${POOL} and p.involvement is not null
         group by p.involvement order by count desc, value limit ${FACET_LIMIT})`,
    ...Object.entries(ARRAY_COLUMNS).map(
      ([category, column]) =>
        sql`(select cast(${category} as text) as category, v as value, cast(count(*) as int) as count
             from talent_profiles p, unnest(p.${sql.raw(column)}) as v
             where ${POOL}
             group by v order by count desc, v limit ${FACET_LIMIT})`,
    ),
  ];
  const facets = selectRows<{ category: FilterCategory; value: string; count: number }>(
    db,
    sql.join(parts, sql` union all `),
  ).then((rows) => {
    const result = Object.fromEntries(FILTER_CATEGORIES.map((c) => [c, []])) as unknown as CandidateFacets;
    for (const row of rows) result[row.category].push({ value: row.value, count: Number(row.count) });
    return result;
  });
  return facets;
}

/**
 * Facet counts over the whole pool, cached per database for FACET_TTL_MS. After a profile is saved the next search
 * recounts; when the cache merely ages, searches keep the previous counts while one recount runs in the background,
 * so no reader waits for a full count (about half a second at 100k profiles).
 */
async function candidateFacets(db: Db): Promise<CandidateFacets> {
  const cached = facetCache.get(db);
  if (cached && Date.now() - cached.at < FACET_TTL_MS) return cached.facets;
  const fresh = computeFacets(db);
  if (!cached) {
    facetCache.set(db, { at: Date.now(), facets: fresh });
    fresh.catch(() => facetCache.delete(db));
    return fresh;
  }
  cached.at = Date.now(); // one background recount at a time
  fresh.then(
    (facets) => facetCache.set(db, { at: Date.now(), facets: Promise.resolve(facets) }),
    () => facetCache.delete(db),
  );
  return cached.facets;
}

interface CandidateRow {
  id: string;
  slug: string;
  name: string;
  email: string;
  title: string | null;
  location: string | null;
  rating: number | null;
  phone: string | null;
  skills: string[];
  technical_skills: string[];
  software_tools: string[];
  industries: string[];
  interests: string[];
  titles: string[];
  involvement: TalentProfile['involvement'];
  years_of_experience: number;
  has_resume: boolean;
  contact_visible: boolean;
  match_score: number | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * SPEC §5 'Candidate filtering': text over name and title (case-insensitive), location and
 * involvement by value, list categories any-of, every category AND-ed, titles applied. With a job,
 * candidates are ranked by the SPEC §9 match score and those under 30 % are left out.
 */
export async function searchCandidates(
  db: Db,
  auth: AuthContext | null,
  filters: CandidateSearchFilters,
): Promise<CandidateSearchResponse> {
  const viewer = requireCompanyUser(auth, TALENT_MESSAGES.searchOnlyCompanies);

  let job: CandidateSearchResponse['job'] = null;
  let jobKeys: string[] = [];
  if (filters.jobId) {
    const [row] = await db
      .select({
        id: jobPostings.id,
        title: jobPostings.title,
        skills: jobPostings.skills,
        companyId: jobPostings.companyId,
      })
      .from(jobPostings)
      .where(eq(jobPostings.id, filters.jobId));
    if (!row || row.companyId !== viewer.company.id)
      throw new AppError(403, 'FORBIDDEN', TALENT_MESSAGES.jobNotYours, { jobId: TALENT_MESSAGES.jobNotYours });
    job = { id: row.id, title: row.title, skills: row.skills };
    jobKeys = [...new Set(row.skills.map(skillKey).filter(Boolean))];
  }

  const conditions: SQL[] = [POOL];
  if (filters.q) conditions.push(sql`p.search_text like ${`%${escapeLike(filters.q.toLowerCase())}%`}`);
  if (filters.locations.length) conditions.push(sql`p.location = any(${textArray(filters.locations)})`);
  if (filters.involvement.length) conditions.push(sql`p.involvement::text = any(${textArray(filters.involvement)})`);
  for (const [category, column] of Object.entries(ARRAY_COLUMNS) as [keyof typeof ARRAY_COLUMNS, string][]) {
    const selected = filters[category];
    if (selected.length) conditions.push(sql`p.${sql.raw(column)} && ${textArray(selected)}`);
  }

  let matchScore: SQL = sql`cast(null as int)`;
  if (job) {
    if (jobKeys.length === 0) conditions.push(sql`false`);
    else {
      const keys = textArray(jobKeys);
      matchScore = sql`cast(round((select count(*) from unnest(${keys}) k where k = any(p.skill_keys)) * 100.0 / ${jobKeys.length}) as int)`;
      conditions.push(sql`p.skill_keys && ${keys}`);
      conditions.push(sql`${matchScore} >= ${MATCHING.defaultMinScorePercent}`);
    }
  }
  const where = sql.join(conditions, sql` and `);
  const offset = (filters.page - 1) * filters.pageSize;

  // One scan: the matching ids with their sort keys (narrow), counted and paged; wide columns only for the page.
  const [rows, facets] = await Promise.all([
    selectRows<CandidateRow & { total: number }>(
      db,
      sql`with matched as (
            select p.id, p.updated_at, ${matchScore} as match_score from talent_profiles p where ${where}
          ),
          page as (
            select id, updated_at, match_score, (select count(*) from matched) as total from matched
            order by ${job ? sql`match_score desc,` : sql``} updated_at desc, id desc
            limit ${filters.pageSize} offset ${offset}
          )
          select p.id, p.slug, u.name, u.email, p.title, p.location, p.rating, p.phone, p.skills, p.technical_skills,
            p.software_tools, p.industries, p.interests, p.titles, p.involvement, p.years_of_experience,
            p.resume_file_id is not null as has_resume,
            ${contactVisibleSql(sql`p.id`, viewer)} as contact_visible,
            page.match_score, cast(page.total as int) as total
          from page join talent_profiles p on p.id = page.id join users u on u.id = p.id
          order by ${job ? sql`page.match_score desc,` : sql``} page.updated_at desc, page.id desc`,
    ),
    candidateFacets(db),
  ]);
  // Past the last page there is no row to carry the total: count separately (rare).
  const countRows =
    rows.length > 0
      ? [{ total: rows[0]!.total }]
      : await selectRows<{ total: number }>(
          db,
          sql`select cast(count(*) as int) as total from talent_profiles p where ${where}`,
        );
  const total = Number(countRows[0]?.total ?? 0);
  return {
    items: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      title: r.title,
      location: r.location,
      rating: r.rating === null ? null : Number(r.rating),
      skills: r.skills,
      technicalSkills: r.technical_skills,
      softwareTools: r.software_tools,
      industries: r.industries,
      interests: r.interests,
      titles: r.titles,
      involvement: r.involvement,
      yearsOfExperience: r.years_of_experience,
      contact: r.contact_visible ? { email: r.email, phone: r.phone, hasResume: r.has_resume } : null,
      matchScore: r.match_score === null ? null : Number(r.match_score),
    })),
    page: filters.page,
    pageSize: filters.pageSize,
    total,
    totalPages: Math.max(1, Math.ceil(total / filters.pageSize)),
    facets,
    job,
  };
}

/** Used by the seed: whether a user is a job seeker (by e-mail). */
export async function jobseekerByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(lowerEq(users.email, email), eq(users.type, 'jobseeker')));
  return row ?? null;
}
