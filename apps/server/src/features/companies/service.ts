import { and, asc, count, eq, gt, isNull, like, or, sql } from 'drizzle-orm';
import {
  COMPANY_MESSAGES,
  companySlug,
  inviteCodePrefix,
  type AddTeamMember,
  type Company,
  type CompanyJobCard,
  type CompanyProfileUpdated,
  type PublicCompany,
  type TeamMember,
  type TeamResponse,
  type TeamRole,
} from '@referwell/shared';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { inTransaction, lowerEq, type Executor } from '../../db/repository';
import { companies, companyMembers, teamInvitations, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { publishSessionChange } from '../../platform/events/publish';
import { enqueueMail } from '../../lib/mail/send';
import { hashToken, newSecretToken, randomCode } from '../../lib/tokens';
import { maskedInviteCode, recordAudit } from '../../platform/audit/service';
import { openJobsBreakingPayRules } from '../jobs/port';

export const INVITATION_LIFETIME_DAYS = 14;

type CompanyRow = typeof companies.$inferSelect;

function toCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    website: row.website,
    description: row.description,
    location: row.location,
    employeeCount: row.employeeCount,
    industries: row.industries,
    foundedYear: row.foundedYear,
    staffStates: row.staffStates,
  };
}

/**
 * Invite codes keep the spec's readable prefix (first 4 letters of the name) and add 8
 * characters from a 31-symbol alphabet (about 40 bits), so guessing one under the join
 * rate limit is impractical.
 */
export function newInviteCode(companyName: string): string {
  return `${inviteCodePrefix(companyName)}-${randomCode(8)}`;
}

export function normaliseInviteCode(code: string): string {
  return code.trim().toUpperCase();
}

async function uniqueSlug(db: Executor, name: string, exceptCompanyId?: string): Promise<string> {
  const base = companySlug(name);
  const taken = await db
    .select({ slug: companies.slug, id: companies.id })
    .from(companies)
    .where(or(eq(companies.slug, base), like(companies.slug, `${base}-%`)));
  const used = new Set(taken.filter((row) => row.id !== exceptCompanyId).map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

export interface NewCompany {
  name: string;
  website?: string | null;
  description?: string | null;
  location?: string | null;
  employeeCount?: string | null;
  industries?: string[];
  foundedYear?: number | null;
  staffStates?: string[];
  /** Listed by a platform admin from its job board, nobody from it on Referwell yet (issue 38). */
  notOnReferwell?: boolean;
  /** Named from its board's slug, to be renamed from the board's own name by its first read (ADR 0051). */
  nameFromSlug?: boolean;
}

export async function createCompany(db: Executor, input: NewCompany): Promise<Company> {
  const [row] = await db
    .insert(companies)
    .values({
      ...input,
      industries: input.industries ?? [],
      slug: await uniqueSlug(db, input.name),
      inviteCode: newInviteCode(input.name),
    })
    .returning();
  return toCompany(row!);
}

export async function findCompanyByInviteCode(db: Executor, code: string): Promise<Company | null> {
  const [row] = await db
    .select()
    .from(companies)
    .where(eq(companies.inviteCode, normaliseInviteCode(code)));
  return row ? toCompany(row) : null;
}

export async function addMember(
  db: Executor,
  companyId: string,
  userId: string,
  role: 'admin' | 'member',
  details: { title?: string | null; department?: string | null; team?: string | null } = {},
): Promise<void> {
  await db.insert(companyMembers).values({ companyId, userId, role, ...details });
  // A company listed from its job board (issue 38) is on Referwell once someone from it joins: its jobs lose the
  // "Not yet on Referwell" label, take applications here, and its admins manage its job sources.
  await db
    .update(companies)
    .set({ notOnReferwell: false })
    .where(and(eq(companies.id, companyId), eq(companies.notOnReferwell, true)));
  await publishSessionChange(db, { users: [userId] });
}

export async function getCompany(db: Db, companyId: string): Promise<Company> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!row) throw notFound(COMPANY_MESSAGES.companyNotFound);
  return toCompany(row);
}

/**
 * The public company page: the company and its open positions, newest first, in one prepared statement (every
 * visitor of a company page asks it).
 */
export async function getPublicCompany(
  db: Db,
  slug: string,
): Promise<{ company: PublicCompany & { notOnReferwell: boolean }; openPositions: CompanyJobCard[] }> {
  const [row] = await preparedRows<PublicCompany & { notOnReferwell: boolean; openPositions: CompanyJobCard[] }>(
    db,
    sql`select c.id, c.name, c.slug, c.website, c.description, c.location, c.employee_count as "employeeCount",
          c.industries, c.founded_year as "foundedYear", c.not_on_referwell as "notOnReferwell",
          coalesce((select json_agg(json_build_object('id', j.id, 'title', j.title, 'department', j.department,
                                                      'location', j.location, 'type', j.job_type, 'salary', j.salary_range)
                                    order by j.created_at desc, j.id desc)
                    from job_postings j where j.company_id = c.id and j.status = 'OPEN'), '[]'::json) as "openPositions"
        from companies c where c.slug = ${slug.toLowerCase()}`,
  );
  if (!row) throw notFound(COMPANY_MESSAGES.companyNotFound);
  const { openPositions, ...company } = row;
  return { company, openPositions };
}

export const companyProfileInput = z.object({
  studioName: z.string(),
  website: z.string(),
  description: z.string(),
  location: z.string(),
  employeeCount: z.string(),
  industries: z.array(z.string()),
  staffStates: z.array(z.string()).optional(),
});

/**
 * Saves the profile (admins). A change of the states the company employs people in is audited, and may bring open
 * US-wide remote jobs under a state's pay transparency law: they stay open, flagged on the Jobs board, and the answer
 * counts them.
 */
export async function updateCompanyProfile(
  db: Db,
  companyId: string,
  actorId: string,
  input: z.infer<typeof companyProfileInput>,
): Promise<CompanyProfileUpdated> {
  return inTransaction(db, async (tx) => {
    const [current] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
    if (!current) throw notFound(COMPANY_MESSAGES.companyNotFound);
    const staffStates = input.staffStates ? [...new Set(input.staffStates)].sort() : current.staffStates;
    const slug = current.name === input.studioName ? current.slug : await uniqueSlug(tx, input.studioName, companyId);
    const [row] = await tx
      .update(companies)
      .set({
        name: input.studioName,
        slug,
        website: input.website,
        description: input.description,
        location: input.location,
        employeeCount: input.employeeCount,
        industries: [...new Set(input.industries)],
        staffStates,
        updatedAt: new Date(),
      })
      .where(eq(companies.id, companyId))
      .returning();
    if (staffStates.join(',') !== current.staffStates.join(','))
      await recordAudit(tx, {
        companyId,
        actorId,
        action: 'company.staff_states_changed',
        subject: { type: 'company', id: companyId },
        before: { staffStates: current.staffStates },
        after: { staffStates },
      });
    await publishSessionChange(tx, { companies: [companyId] }); // members' sessions carry its name and slug
    return { ...toCompany(row!), openJobsNeedingPayRange: await openJobsBreakingPayRules(tx, companyId) };
  });
}

const toTeamRole = (role: 'admin' | 'member'): TeamRole => (role === 'admin' ? 'Admin' : 'Member');
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

export async function getTeam(db: Db, companyId: string): Promise<TeamResponse> {
  const [company] = await db
    .select({ inviteCode: companies.inviteCode })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound(COMPANY_MESSAGES.companyNotFound);
  const members = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      role: companyMembers.role,
      compliance: companyMembers.compliance,
      joinedAt: companyMembers.joinedAt,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(companyMembers.joinedAt), asc(users.name));
  const invitations = await db
    .select({
      id: teamInvitations.id,
      name: teamInvitations.name,
      email: teamInvitations.email,
      createdAt: teamInvitations.createdAt,
    })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.companyId, companyId),
        isNull(teamInvitations.acceptedAt),
        gt(teamInvitations.expiresAt, sql`now()`),
      ),
    )
    .orderBy(asc(teamInvitations.createdAt));
  return {
    inviteCode: company.inviteCode,
    members: members.map((m) => ({
      userId: m.userId,
      name: m.name,
      email: m.email,
      role: toTeamRole(m.role),
      compliance: m.compliance,
      joinedDate: isoDate(m.joinedAt),
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      name: i.name,
      email: i.email,
      invitedAt: i.createdAt.toISOString(),
    })),
  };
}

export async function regenerateInviteCode(db: Db, companyId: string, actorId: string): Promise<string> {
  return inTransaction(db, async (tx) => {
    const [company] = await tx
      .select({ name: companies.name, inviteCode: companies.inviteCode })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
    if (!company) throw notFound(COMPANY_MESSAGES.companyNotFound);
    const inviteCode = newInviteCode(company.name);
    await tx.update(companies).set({ inviteCode, updatedAt: new Date() }).where(eq(companies.id, companyId));
    await recordAudit(tx, {
      companyId,
      actorId,
      action: 'company.invite_code_regenerated',
      subject: { type: 'company', id: companyId },
      before: { inviteCode: maskedInviteCode(company.inviteCode) },
      after: { inviteCode: maskedInviteCode(inviteCode) },
    });
    return inviteCode;
  });
}

/** Locks the company's member rows so two admins cannot both demote each other at once. */
async function adminCount(tx: Executor, companyId: string): Promise<number> {
  await tx.execute(sql`select 1 from ${companyMembers} where ${companyMembers.companyId} = ${companyId} for update`);
  const [row] = await tx
    .select({ n: count() })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'admin')));
  return row?.n ?? 0;
}

async function memberRow(tx: Executor, companyId: string, userId: string) {
  const [row] = await tx
    .select({
      role: companyMembers.role,
      compliance: companyMembers.compliance,
      joinedAt: companyMembers.joinedAt,
      name: users.name,
      email: users.email,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  if (!row) throw notFound(COMPANY_MESSAGES.memberNotFound);
  return row;
}

export async function updateMemberRole(
  db: Db,
  companyId: string,
  actorId: string,
  userId: string,
  role: TeamRole,
): Promise<TeamMember> {
  return inTransaction(db, async (tx) => {
    const member = await memberRow(tx, companyId, userId);
    const newRole = role === 'Admin' ? 'admin' : 'member';
    if (member.role === 'admin' && newRole === 'member' && (await adminCount(tx, companyId)) <= 1) {
      throw conflict(COMPANY_MESSAGES.lastAdmin);
    }
    await tx
      .update(companyMembers)
      .set({ role: newRole })
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    if (member.role !== newRole)
      await recordAudit(tx, {
        companyId,
        actorId,
        action: 'member.role_changed',
        subject: { type: 'member', id: userId, userId },
        before: { role: toTeamRole(member.role) },
        after: { role },
      });
    await publishSessionChange(tx, { users: [userId] });
    return toTeamMember(userId, { ...member, role: newRole });
  });
}

const toTeamMember = (
  userId: string,
  m: { name: string; email: string; role: 'admin' | 'member'; compliance: boolean; joinedAt: Date },
): TeamMember => ({
  userId,
  name: m.name,
  email: m.email,
  role: toTeamRole(m.role),
  compliance: m.compliance,
  joinedDate: isoDate(m.joinedAt),
});

/**
 * Grants or withdraws the `compliance` permission (issue 36: reads the self-identification report), audited; the
 * member's sessions see it at once (the session caches drop them).
 */
export async function setMemberCompliance(
  db: Db,
  companyId: string,
  actorId: string,
  userId: string,
  compliance: boolean,
): Promise<TeamMember> {
  return inTransaction(db, async (tx) => {
    const member = await memberRow(tx, companyId, userId);
    if (member.compliance !== compliance) {
      await tx
        .update(companyMembers)
        .set({ compliance })
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
      await recordAudit(tx, {
        companyId,
        actorId,
        action: 'member.compliance_changed',
        subject: { type: 'member', id: userId, userId },
        before: { compliance: member.compliance },
        after: { compliance },
      });
      await publishSessionChange(tx, { users: [userId] });
    }
    return toTeamMember(userId, { ...member, compliance });
  });
}

export async function removeMember(db: Db, companyId: string, actorId: string, userId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const member = await memberRow(tx, companyId, userId);
    if (member.role === 'admin' && (await adminCount(tx, companyId)) <= 1) throw conflict(COMPANY_MESSAGES.lastAdmin);
    await tx
      .delete(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    await recordAudit(tx, {
      companyId,
      actorId,
      action: 'member.removed',
      subject: { type: 'member', id: userId, userId },
      before: { role: toTeamRole(member.role) },
      after: null,
    });
    await publishSessionChange(tx, { users: [userId] });
  });
}

export async function inviteTeamMember(
  db: Db,
  companyId: string,
  invitedBy: { id: string; name: string },
  input: AddTeamMember,
) {
  const email = input.email.toLowerCase();
  const [existing] = await db
    .select({ companyId: companyMembers.companyId })
    .from(users)
    .innerJoin(companyMembers, eq(companyMembers.userId, users.id))
    .where(lowerEq(users.email, email));
  if (existing) throw conflict(COMPANY_MESSAGES.alreadyMember, { email: COMPANY_MESSAGES.alreadyMember });

  const token = newSecretToken(32);
  const invitation = await inTransaction(db, async (tx) => {
    // A new invitation replaces an unanswered one for the same address.
    await tx
      .delete(teamInvitations)
      .where(
        and(
          eq(teamInvitations.companyId, companyId),
          lowerEq(teamInvitations.email, email),
          isNull(teamInvitations.acceptedAt),
        ),
      );
    const [row] = await tx
      .insert(teamInvitations)
      .values({
        companyId,
        name: input.name,
        email,
        tokenHash: hashToken(token),
        invitedByUserId: invitedBy.id,
        expiresAt: new Date(Date.now() + INVITATION_LIFETIME_DAYS * 24 * 3600 * 1000),
      })
      .returning();
    const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
    await enqueueMail(tx, {
      key: `team-invitation:${row!.id}`,
      template: 'team-invitation',
      to: email,
      props: {
        name: input.name,
        inviterName: invitedBy.name,
        companyName: company?.name ?? 'their company',
        path: `/signup?invite=${encodeURIComponent(token)}`,
        days: INVITATION_LIFETIME_DAYS,
      },
    });
    return row!;
  });
  return {
    id: invitation.id,
    name: invitation.name,
    email: invitation.email,
    invitedAt: invitation.createdAt.toISOString(),
  };
}
