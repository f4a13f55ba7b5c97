// "Who do you know": a LinkedIn connections export, read in a parsing process and matched (upload.ts), then only the
// matches the person keeps are stored (connection_matches). A referrer's connections are matched to their company's
// open roles, a job seeker's to the referrers on Referwell. ADR 0029 says why the file is read while the person waits.
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  CONNECTIONS_MESSAGES,
  type ConnectionMatchKind,
  type KeepConnections,
  type KeptConnection,
  type KeptConnections,
  type LinkedInConnection,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { inTransaction, type Executor } from '../../db/repository';
import { companies, companyMembers, connectionMatches, jobPostings, referrerProfiles, users } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { AuthContext } from '../../platform/sessions/sessions';
import { preparePosition, prepareRole, roleFit } from './fit';
import { fullName, isReferrer, personKey, personNameKey } from './names';

/** Which matches a person makes: a company member's are roles, a job seeker's are referrers. */
export function kindOf(me: AuthContext): ConnectionMatchKind {
  if (me.user.type === 'jobseeker') return 'referrer';
  if (!me.company) throw forbidden(CONNECTIONS_MESSAGES.needsCompany);
  return 'role';
}

/** The company's open roles (those of `ids` only, when given). */
export const openRoles = (db: Executor, companyId: string, ids?: string[]) =>
  db
    .select({ id: jobPostings.id, title: jobPostings.title, skills: jobPostings.skills })
    .from(jobPostings)
    .where(
      and(
        eq(jobPostings.companyId, companyId),
        eq(jobPostings.status, 'OPEN'),
        ids ? inArray(jobPostings.id, ids) : undefined,
      ),
    );

/** Referrers on Referwell (members who take requests) a list of connections may name, by e-mail or by name. */
export async function referrerCandidates(db: Executor, connections: LinkedInConnection[]) {
  const emails = [...new Set(connections.flatMap((c) => (c.email ? [c.email.toLowerCase()] : [])))];
  const names = [
    ...new Set(connections.flatMap((c) => (c.company ? [fullName(c).toLowerCase(), personNameKey(fullName(c))] : []))),
  ];
  if (emails.length === 0 && names.length === 0) return [];
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      title: companyMembers.title,
      company: { id: companies.id, name: companies.name, slug: companies.slug },
    })
    .from(companyMembers)
    .innerJoin(users, and(eq(users.id, companyMembers.userId), isNull(users.deletedAt)))
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .leftJoin(referrerProfiles, eq(referrerProfiles.userId, users.id))
    .where(
      and(
        sql`coalesce(${referrerProfiles.acceptsRequests}, true)`,
        or(
          emails.length ? sql`lower(${users.email}) = any(${sql.param(emails)}::text[])` : sql`false`,
          names.length ? sql`lower(${users.name}) = any(${sql.param(names)}::text[])` : sql`false`,
        ),
      ),
    );
}

type ReferrerCandidate = Awaited<ReturnType<typeof referrerCandidates>>[number];

export const matchReferrer = (c: LinkedInConnection, candidates: ReferrerCandidate[], self: string) =>
  candidates.find((r) => r.id !== self && isReferrer(c, { email: r.email, name: r.name, companyName: r.company.name }));

const keptColumns = {
  id: connectionMatches.id,
  kind: connectionMatches.kind,
  firstName: connectionMatches.firstName,
  lastName: connectionMatches.lastName,
  profileUrl: connectionMatches.profileUrl,
  email: connectionMatches.email,
  company: connectionMatches.company,
  position: connectionMatches.position,
  connectedOn: connectionMatches.connectedOn,
  fitScore: connectionMatches.fitScore,
  createdAt: connectionMatches.createdAt,
  jobId: jobPostings.id,
  jobTitle: jobPostings.title,
  jobStatus: jobPostings.status,
  referrerId: users.id,
  referrerName: users.name,
  referrerTitle: companyMembers.title,
  companyId: companies.id,
  companyName: companies.name,
  companySlug: companies.slug,
};

/** The matches the person kept, newest first. */
export async function listKeptConnections(db: Executor, me: AuthContext): Promise<KeptConnections> {
  const rows = await db
    .select(keptColumns)
    .from(connectionMatches)
    .leftJoin(jobPostings, eq(jobPostings.id, connectionMatches.jobId))
    .leftJoin(users, eq(users.id, connectionMatches.referrerId))
    .leftJoin(companyMembers, eq(companyMembers.userId, connectionMatches.referrerId))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(connectionMatches.userId, me.user.id))
    .orderBy(desc(connectionMatches.createdAt), asc(connectionMatches.lastName), asc(connectionMatches.id));
  const items: KeptConnection[] = [];
  for (const row of rows) {
    const connection = {
      firstName: row.firstName,
      lastName: row.lastName,
      profileUrl: row.profileUrl,
      email: row.email,
      company: row.company,
      position: row.position,
      connectedOn: row.connectedOn,
    };
    const base = { id: row.id, kind: row.kind, connection, createdAt: row.createdAt.toISOString() };
    if (row.kind === 'role' && row.jobId && row.jobTitle && row.jobStatus)
      items.push({
        ...base,
        role: { jobId: row.jobId, title: row.jobTitle, status: row.jobStatus, fitScore: row.fitScore ?? 0 },
        referrer: null,
      });
    // A referrer who left their company is no longer one to ask there: their row stays hidden until deleted.
    else if (row.kind === 'referrer' && row.referrerId && row.referrerName && row.companyId)
      items.push({
        ...base,
        role: null,
        referrer: {
          id: row.referrerId,
          name: row.referrerName,
          title: row.referrerTitle,
          company: { id: row.companyId, name: row.companyName!, slug: row.companySlug! },
        },
      });
  }
  return { items };
}

/**
 * Keeps the chosen suggestions, all or none: each is checked again (the role is still one of the company's open
 * jobs and the connection fits it; the referrer still refers and is this connection), so a kept match is one the
 * server made. Keeping one twice keeps it once.
 */
export async function keepConnections(db: Db, me: AuthContext, input: KeepConnections): Promise<KeptConnections> {
  const kind = kindOf(me);
  const items = input.items.map((item) => ({ ...item, connection: { ...item.connection } }));
  const rows: (typeof connectionMatches.$inferInsert)[] = [];
  if (kind === 'role') {
    const jobIds = [...new Set(items.flatMap((i) => (i.jobId ? [i.jobId] : [])))];
    const found = jobIds.length ? await openRoles(db, me.company!.id, jobIds) : [];
    const roles = new Map(found.map((r) => [r.id, prepareRole(r)]));
    for (const { connection, jobId } of items) {
      const role = jobId ? roles.get(jobId) : undefined;
      const fit = role && connection.position ? roleFit(preparePosition(connection.position), role) : null;
      if (!role || !fit) throw notAMatch(connection);
      rows.push({ ...stored(me, 'role', connection), jobId: role.id, fitScore: fit.score });
    }
  } else {
    const candidates = await referrerCandidates(
      db,
      items.map((i) => i.connection),
    );
    for (const { connection, referrerId } of items) {
      const found = matchReferrer(connection, candidates, me.user.id);
      if (!found || found.id !== referrerId) throw notAMatch(connection);
      rows.push({ ...stored(me, 'referrer', connection), referrerId: found.id });
    }
  }
  await inTransaction(db, (tx) => tx.insert(connectionMatches).values(rows).onConflictDoNothing());
  return listKeptConnections(db, me);
}

const notAMatch = (c: LinkedInConnection) =>
  new AppError(422, 'CONNECTION_NOT_A_MATCH', CONNECTIONS_MESSAGES.notAMatch(fullName(c)));

/** A kept connection as stored: its cells trimmed, blanks null. */
const stored = (me: AuthContext, kind: ConnectionMatchKind, c: LinkedInConnection) => {
  const cell = (value: string | null) => value?.trim() || null;
  return {
    userId: me.user.id,
    kind,
    firstName: c.firstName.trim(),
    lastName: c.lastName.trim(),
    profileUrl: cell(c.profileUrl),
    email: cell(c.email)?.toLowerCase() ?? null,
    company: cell(c.company),
    position: cell(c.position),
    connectedOn: c.connectedOn,
    personKey: personKey(c),
  };
};

/** Deletes one kept match of the person's (404 for anyone else's). */
export async function deleteKeptConnection(db: Db, me: AuthContext, id: string): Promise<void> {
  const deleted = await db
    .delete(connectionMatches)
    .where(and(eq(connectionMatches.id, id), eq(connectionMatches.userId, me.user.id)))
    .returning({ id: connectionMatches.id });
  if (deleted.length === 0) throw notFound('That kept connection was not found.');
}

/** Deletes every match the person kept. */
export async function deleteAllKeptConnections(db: Db, me: AuthContext): Promise<void> {
  await db.delete(connectionMatches).where(eq(connectionMatches.userId, me.user.id));
}

/** Of these referrers, the ones the job seeker kept as connections ("people you know at this company"). */
export async function knownReferrerIds(db: Executor, userId: string, referrerIds: string[]): Promise<Set<string>> {
  if (referrerIds.length === 0) return new Set();
  const rows = await db
    .select({ id: connectionMatches.referrerId })
    .from(connectionMatches)
    .where(
      and(
        eq(connectionMatches.userId, userId),
        eq(connectionMatches.kind, 'referrer'),
        inArray(connectionMatches.referrerId, referrerIds),
      ),
    );
  return new Set(rows.flatMap((row) => (row.id ? [row.id] : [])));
}
