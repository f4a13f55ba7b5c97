import { placeColumns } from '@referwell/shared/places';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  TALENT_MESSAGES,
  normaliseLinkedinUrl,
  profileCompleteness,
  skillKey,
  talentSlug,
  type Endorsement,
  type Kudos,
  type ResumeFileInfo,
  type TalentProfile,
  type TalentProfileInput,
  type TalentPublicProfile,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { inTransaction, isUniqueViolation, selectRows, type Executor } from '../../db/repository';
import { companies, endorsements, kudos, resumeFiles, talentProfiles, users } from '../../db/schema';
import type { AuthContext } from '../../platform/sessions/sessions';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { publishSessionChange } from '../../platform/events/publish';
import type { CompanyAuth } from '../../platform/access/guards';
import type { AccountCreatedStep } from '../../platform/accounts/lifecycle';
import { toE164 } from '../../lib/phone';
import { facetsChanged } from './facets';
import { forgetTalentSearches } from './search-cache';

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

/** The match keys written with a profile's phone and LinkedIn address (one person, one candidate). */
export function contactKeys(phone: string | null | undefined, linkedin: string | null | undefined) {
  return { phoneKey: toE164(phone), linkedinKey: linkedin ? normaliseLinkedinUrl(linkedin) : null };
}

export function skillKeysOf(p: Pick<ProfileRow, 'skills' | 'technicalSkills' | 'softwareTools'>): string[] {
  return [...new Set([...p.skills, ...p.technicalSkills, ...p.softwareTools].map(skillKey).filter(Boolean))];
}

/**
 * The talent profile row of a job seeker, created on first use (id = user id). The seed and
 * tests use it too.
 */
/** Every job seeker has a (possibly empty) talent profile from sign-up on, so company users can open it from day one. */
export const profileForNewJobseeker: AccountCreatedStep = async (tx, account) => {
  if (account.type === 'jobseeker') await ensureTalentProfile(tx, account);
};

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
      // In a savepoint: a slug taken meanwhile fails this insert alone, and the caller's transaction (sign-up's) goes
      // on to the next slug instead of being aborted (it answered 500 when two people of one name signed up at once).
      const [row] = await db.transaction((sp) =>
        sp
          .insert(talentProfiles)
          .values({
            ...values,
            id: user.id,
            slug,
            title: values.title ?? titles[0] ?? null,
            skillKeys: skillKeysOf(lists),
            ...placeColumns(values.location),
            ...contactKeys(values.phone, values.linkedin),
          })
          .onConflictDoNothing({ target: talentProfiles.id })
          .returning(),
      );
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

export async function getOwnProfile(db: Db, me: AuthContext): Promise<TalentProfile> {
  const row = await ensureTalentProfile(db, me.user);
  return toOwnProfile(row, me.user, await resumeInfo(db, row.resumeFileId));
}

export async function updateOwnProfile(db: Db, me: AuthContext, input: TalentProfileInput): Promise<TalentProfile> {
  const row = await inTransaction(db, async (tx) => {
    const current = await ensureTalentProfile(tx, me.user);
    const nameChanged = input.name !== me.user.name;
    if (nameChanged) {
      await tx.update(users).set({ name: input.name, updatedAt: new Date() }).where(eq(users.id, me.user.id));
      await publishSessionChange(tx, { users: [me.user.id] });
    }
    const slug = nameChanged ? await freeSlug(tx, input.name, me.user.id) : current.slug;
    const [updated] = await tx
      .update(talentProfiles)
      .set({
        slug,
        phone: input.phone,
        location: input.location,
        ...placeColumns(input.location),
        linkedin: input.linkedin,
        ...contactKeys(input.phone, input.linkedin),
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
        updatedAt: new Date(),
      })
      .where(eq(talentProfiles.id, me.user.id))
      .returning();
    await facetsChanged(tx);
    return updated!;
  });
  forgetTalentSearches(db); // this process's next search sees the change before the notification comes back
  return toOwnProfile(row, { name: input.name, email: me.user.email }, await resumeInfo(db, row.resumeFileId));
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

export const toKudos = (k: typeof kudos.$inferSelect): Kudos => ({
  id: k.id,
  author: k.author,
  title: k.title,
  company: k.company,
  superpower: k.superpower,
  rating: k.rating,
  text: k.text,
  date: k.createdAt.toISOString(),
});

export async function listKudos(db: Executor, talentId: string): Promise<Kudos[]> {
  const rows = await db
    .select()
    .from(kudos)
    .where(eq(kudos.talentId, talentId))
    .orderBy(desc(kudos.createdAt))
    .limit(100);
  return rows.map(toKudos);
}

export async function getPublicProfile(db: Db, auth: AuthContext, idOrSlug: string): Promise<TalentPublicProfile> {
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

export async function endorseTalent(db: Db, viewer: CompanyAuth, talentId: string): Promise<Endorsement[]> {
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
