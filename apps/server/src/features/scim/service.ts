// SCIM 2.0 provisioning (RFC 7643/7644, ADR 0035): a company's identity provider (Okta, Microsoft Entra) creates,
// updates and deactivates its members. A SCIM User is a Referwell account (id = the user's id, userName = e-mail);
// `active` is membership of the company. Deactivating removes the membership and ends every session of the person on
// every instance (platform/sessions); the account, its referrals and its bonuses stay. Groups map to roles: members of
// the company's admin group (scim_tokens.admin_group) are admins, every other provisioned person a member.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SCIM_SCHEMAS, type ScimGroupInput, type ScimUserInput } from '@referwell/shared';
import type { Db } from '../../db/client';
import { inTransaction, isUniqueViolation, lowerEq, selectRows, type Tx } from '../../db/repository';
import { companyMembers, scimGroupMembers, scimGroups, scimTokens, scimUsers, users } from '../../db/schema';
import { hashToken, newSecretToken } from '../../lib/tokens';
import type { AccountLifecycle } from '../../platform/accounts/lifecycle';
import { recordAudit } from '../../platform/audit/service';
import { revokeUserSessions } from '../../platform/sessions/sessions';
import { publishSessionChange } from '../../platform/events/publish';
import { addMember } from '../companies/port';
import { scimError } from './errors';
import { parseFilter, type ScimFilter } from './filter';
import { applyGroupPatch, applyUserPatch, type PatchOperation } from './patch';

const DEFAULT_COUNT = 100;
const MAX_COUNT = 200;

// ----- tokens -----

/** The company whose SCIM token this is, or 401. */
export async function companyOfToken(db: Db, authorization: string | undefined): Promise<string> {
  const match = /^Bearer\s+(\S{20,200})$/i.exec(authorization ?? '');
  if (!match) throw scimError(401, 'A bearer token is required.');
  const [row] = await db
    .select({ companyId: scimTokens.companyId })
    .from(scimTokens)
    .where(eq(scimTokens.tokenHash, hashToken(match[1]!)));
  if (!row) throw scimError(401, 'The bearer token is not valid.');
  return row.companyId;
}

export async function scimSettings(db: Db, companyId: string, baseUrl: string) {
  const [row] = await db.select().from(scimTokens).where(eq(scimTokens.companyId, companyId));
  return {
    hasToken: !!row,
    createdAt: row?.createdAt.toISOString() ?? null,
    adminGroup: row?.adminGroup ?? 'Referwell Admins',
    baseUrl,
  };
}

/** A new token for the company (the old one stops working): shown once, stored hashed, audited. */
export async function createScimToken(
  db: Db,
  companyId: string,
  actorId: string,
  adminGroup: string | undefined,
  baseUrl: string,
) {
  const token = newSecretToken(32);
  await inTransaction(db, async (tx) => {
    const values = { tokenHash: hashToken(token), createdBy: actorId, createdAt: new Date() };
    await tx
      .insert(scimTokens)
      .values({ companyId, ...values, ...(adminGroup ? { adminGroup } : {}) })
      .onConflictDoUpdate({ target: scimTokens.companyId, set: { ...values, ...(adminGroup ? { adminGroup } : {}) } });
    await recordAudit(tx, {
      companyId,
      actorId,
      action: 'scim.token_created',
      subject: { type: 'company', id: companyId },
    });
  });
  return { ...(await scimSettings(db, companyId, baseUrl)), token };
}

// ----- users -----

interface UserRow {
  id: string;
  email: string;
  name: string;
  created_at: string;
  updated_at: string;
  external_id: string | null;
  active: boolean;
}

/** Everyone the company's IdP sees: its members, and the people it provisioned and deactivated. */
const companyPeople = (companyId: string) => sql`(
  select u.id, u.email, u.name, u.created_at, u.updated_at, su.external_id, (cm.user_id is not null) as active
    from users u
    left join company_members cm on cm.user_id = u.id and cm.company_id = ${companyId}
    left join scim_users su on su.user_id = u.id and su.company_id = ${companyId}
   where (cm.user_id is not null or su.user_id is not null) and u.deleted_at is null)`;

function splitName(name: string) {
  const [givenName = '', ...rest] = name.trim().split(/\s+/);
  return { givenName, familyName: rest.join(' '), formatted: name };
}

function userResource(row: UserRow, groups: { id: string; displayName: string }[], baseUrl: string) {
  return {
    schemas: [SCIM_SCHEMAS.user],
    id: row.id,
    ...(row.external_id ? { externalId: row.external_id } : {}),
    userName: row.email,
    name: splitName(row.name),
    displayName: row.name,
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: row.active,
    groups: groups.map((g) => ({ value: g.id, display: g.displayName, $ref: `${baseUrl}/Groups/${g.id}` })),
    meta: {
      resourceType: 'User',
      created: new Date(row.created_at).toISOString(),
      lastModified: new Date(row.updated_at).toISOString(),
      location: `${baseUrl}/Users/${row.id}`,
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function userRow(db: Db | Tx, companyId: string, id: string): Promise<UserRow> {
  if (!UUID.test(id)) throw scimError(404, 'No such user.');
  const [row] = await selectRows<UserRow>(db, sql`select * from ${companyPeople(companyId)} p where p.id = ${id}`);
  if (!row) throw scimError(404, 'No such user.');
  return row;
}

async function groupsOf(db: Db | Tx, companyId: string, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, { id: string; displayName: string }[]>();
  const rows = await db
    .select({ userId: scimGroupMembers.userId, id: scimGroups.id, displayName: scimGroups.displayName })
    .from(scimGroupMembers)
    .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
    .where(and(eq(scimGroups.companyId, companyId), inArray(scimGroupMembers.userId, userIds)));
  const map = new Map<string, { id: string; displayName: string }[]>();
  for (const row of rows) map.set(row.userId, [...(map.get(row.userId) ?? []), row]);
  return map;
}

export async function getUser(db: Db, companyId: string, id: string, baseUrl: string) {
  const row = await userRow(db, companyId, id);
  return userResource(row, (await groupsOf(db, companyId, [id])).get(id) ?? [], baseUrl);
}

const USER_FILTERS: Record<string, string> = { username: 'email', externalid: 'external_id', id: 'id' };

function page(query: { startIndex?: number | undefined; count?: number | undefined }) {
  const startIndex = Math.max(1, query.startIndex ?? 1);
  const count = Math.min(MAX_COUNT, Math.max(0, query.count ?? DEFAULT_COUNT));
  return { startIndex, count };
}

function listResponse<T>(resources: T[], total: number, startIndex: number) {
  return {
    schemas: [SCIM_SCHEMAS.listResponse],
    totalResults: total,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

const filterSql = (filter: ScimFilter | null, columns: Record<string, string>) => {
  if (!filter) return sql`true`;
  const column = columns[filter.attribute];
  if (!column) throw scimError(400, `Filtering on ${filter.attribute} is not supported.`, 'invalidFilter');
  // userName and the like compare case-insensitively (RFC 7643 §4.1.1: caseExact false).
  return column === 'id'
    ? UUID.test(filter.value)
      ? sql`p.id = ${filter.value}::uuid`
      : sql`false`
    : sql`lower(${sql.raw(`p.${column}`)}) = lower(${filter.value})`;
};

export async function listUsers(
  db: Db,
  companyId: string,
  query: { filter?: string | undefined; startIndex?: number | undefined; count?: number | undefined },
  baseUrl: string,
) {
  const where = filterSql(query.filter ? parseFilter(query.filter) : null, USER_FILTERS);
  const { startIndex, count } = page(query);
  const [totals] = await selectRows<{ n: number }>(
    db,
    sql`select cast(count(*) as int) as n from ${companyPeople(companyId)} p where ${where}`,
  );
  const rows = await selectRows<UserRow>(
    db,
    sql`select * from ${companyPeople(companyId)} p where ${where} order by p.created_at, p.id
        limit ${count} offset ${startIndex - 1}`,
  );
  const groups = await groupsOf(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  return listResponse(
    rows.map((row) => userResource(row, groups.get(row.id) ?? [], baseUrl)),
    totals?.n ?? 0,
    startIndex,
  );
}

const truthy = (value: unknown) => value === true || (typeof value === 'string' && value.toLowerCase() === 'true');

/** The attributes we keep, as a user input gives them. */
export interface UserChanges {
  email?: string;
  name?: string;
  externalId?: string | null;
  active?: boolean;
}

function changesOf(input: ScimUserInput): UserChanges {
  const given = input.name?.givenName?.trim() ?? '';
  const family = input.name?.familyName?.trim() ?? '';
  const name = input.displayName?.trim() || input.name?.formatted?.trim() || `${given} ${family}`.trim();
  return {
    email: input.userName.trim(),
    ...(name ? { name } : {}),
    externalId: input.externalId ?? null,
    ...(input.active !== undefined ? { active: truthy(input.active) } : {}),
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** POST /Users: a new account provisioned into the company, or an existing account without a company brought in. */
export async function createUser(
  db: Db,
  accounts: AccountLifecycle,
  companyId: string,
  input: ScimUserInput,
  baseUrl: string,
) {
  const changes = changesOf(input);
  const email = changes.email!.toLowerCase();
  if (!EMAIL.test(email)) throw scimError(400, 'userName must be an e-mail address.', 'invalidValue');
  const userId = await inTransaction(db, async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, type: users.type, companyId: companyMembers.companyId, deletedAt: users.deletedAt })
      .from(users)
      .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
      .where(lowerEq(users.email, email));
    let id: string;
    if (existing) {
      const [provisioned] = await tx.select().from(scimUsers).where(eq(scimUsers.userId, existing.id));
      if (existing.companyId || provisioned || existing.type !== 'referrer' || existing.deletedAt)
        throw scimError(409, 'A user with this userName already exists.', 'uniqueness');
      id = existing.id;
    } else {
      const [created] = await tx
        .insert(users)
        .values({
          email,
          name: changes.name ?? email,
          // No password: the person signs in through the company's identity provider, or sets one by a reset link.
          passwordHash: '',
          type: 'referrer',
          emailConfirmedAt: new Date(),
        })
        .returning({ id: users.id });
      id = created!.id;
      await accounts.created(tx, { id, name: changes.name ?? email, type: 'referrer' });
    }
    await tx.insert(scimUsers).values({ userId: id, companyId, externalId: changes.externalId ?? null, active: true });
    if (changes.active !== false) await addMember(tx, companyId, id, 'member');
    else await tx.update(scimUsers).set({ active: false }).where(eq(scimUsers.userId, id));
    await recordAudit(tx, {
      companyId,
      actorId: null,
      action: 'scim.user_provisioned',
      subject: { type: 'member', id, userId: id },
      after: { active: changes.active !== false },
    });
    return id;
  });
  return getUser(db, companyId, userId, baseUrl);
}

/** Adopts a member the IdP matched (by filter) but did not create: from now on its groups decide the role. */
async function adopt(tx: Tx, companyId: string, userId: string) {
  await tx.insert(scimUsers).values({ userId, companyId, active: true }).onConflictDoNothing();
}

async function adminCount(tx: Tx, companyId: string) {
  const [row] = await tx
    .select({ n: sql<number>`cast(count(*) as int)` })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'admin')));
  return row?.n ?? 0;
}

/** The role the IdP's groups give a provisioned person. */
async function roleFromGroups(tx: Tx, companyId: string, userId: string): Promise<'admin' | 'member'> {
  const [row] = await selectRows<{ admin: boolean }>(
    tx,
    sql`select exists (
          select 1 from scim_group_members m
            join scim_groups g on g.id = m.group_id
            join scim_tokens t on t.company_id = g.company_id
           where m.user_id = ${userId} and g.company_id = ${companyId} and lower(g.display_name) = lower(t.admin_group)
        ) as admin`,
  );
  return row?.admin ? 'admin' : 'member';
}

/** Sets `active`: deactivating ends the membership and every session; the account and its referrals stay. */
async function setActive(tx: Tx, companyId: string, userId: string, active: boolean) {
  const [member] = await tx
    .select({ companyId: companyMembers.companyId, role: companyMembers.role })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId));
  if (active && member && member.companyId !== companyId)
    throw scimError(409, 'This person is a member of another company.', 'uniqueness');
  if (active && !member) {
    const role = await roleFromGroups(tx, companyId, userId);
    await addMember(tx, companyId, userId, role);
    await tx.update(scimUsers).set({ active: true, updatedAt: new Date() }).where(eq(scimUsers.userId, userId));
    await recordAudit(tx, {
      companyId,
      actorId: null,
      action: 'scim.user_reactivated',
      subject: { type: 'member', id: userId, userId },
      after: { role },
    });
  } else if (!active && member?.companyId === companyId) {
    if (member.role === 'admin' && (await adminCount(tx, companyId)) <= 1)
      throw scimError(409, 'The company’s last admin cannot be deactivated.', 'mutability');
    await tx
      .delete(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    await tx.update(scimUsers).set({ active: false, updatedAt: new Date() }).where(eq(scimUsers.userId, userId));
    await revokeUserSessions(tx, userId);
    await recordAudit(tx, {
      companyId,
      actorId: null,
      action: 'scim.user_deactivated',
      subject: { type: 'member', id: userId, userId },
      before: { role: member.role },
    });
  }
}

async function applyUserChanges(tx: Tx, companyId: string, userId: string, changes: UserChanges) {
  await adopt(tx, companyId, userId);
  const set: Partial<typeof users.$inferInsert> = {};
  if (changes.email !== undefined) {
    const email = changes.email.toLowerCase();
    if (!EMAIL.test(email)) throw scimError(400, 'userName must be an e-mail address.', 'invalidValue');
    set.email = email;
  }
  if (changes.name) set.name = changes.name;
  if (Object.keys(set).length > 0) {
    try {
      await tx
        .update(users)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(users.id, userId));
    } catch (error) {
      if (isUniqueViolation(error)) throw scimError(409, 'Another user has this userName.', 'uniqueness');
      throw error;
    }
    await publishSessionChange(tx, { users: [userId] });
  }
  if (changes.externalId !== undefined)
    await tx.update(scimUsers).set({ externalId: changes.externalId }).where(eq(scimUsers.userId, userId));
  if (changes.active !== undefined) await setActive(tx, companyId, userId, changes.active);
}

/** PUT /Users/{id}: the attributes we keep, replaced. */
export async function replaceUser(db: Db, companyId: string, id: string, input: ScimUserInput, baseUrl: string) {
  await userRow(db, companyId, id);
  await inTransaction(db, (tx) => applyUserChanges(tx, companyId, id, changesOf(input)));
  return getUser(db, companyId, id, baseUrl);
}

/** PATCH /Users/{id}: Okta's and Entra's operation shapes (see patch.ts). */
export async function patchUser(db: Db, companyId: string, id: string, operations: PatchOperation[], baseUrl: string) {
  const row = await userRow(db, companyId, id);
  const patch = applyUserPatch(operations);
  const current = splitName(row.name);
  const name =
    patch.displayName ??
    (patch.givenName !== undefined || patch.familyName !== undefined
      ? `${patch.givenName ?? current.givenName} ${patch.familyName ?? current.familyName}`.trim()
      : undefined);
  const changes: UserChanges = {
    ...(patch.email !== undefined ? { email: patch.email } : {}),
    ...(name ? { name } : {}),
    ...(patch.externalId !== undefined ? { externalId: patch.externalId } : {}),
    ...(patch.active !== undefined ? { active: patch.active } : {}),
  };
  await inTransaction(db, (tx) => applyUserChanges(tx, companyId, id, changes));
  return getUser(db, companyId, id, baseUrl);
}

/** DELETE /Users/{id}: deactivated and no longer provisioned (a GET answers 404); the account and referrals stay. */
export async function deleteUser(db: Db, companyId: string, id: string) {
  await userRow(db, companyId, id);
  await inTransaction(db, async (tx) => {
    await adopt(tx, companyId, id);
    await setActive(tx, companyId, id, false);
    await tx.delete(scimUsers).where(eq(scimUsers.userId, id));
    await tx.delete(scimGroupMembers).where(eq(scimGroupMembers.userId, id));
  });
}

// ----- groups -----

interface GroupRow {
  id: string;
  displayName: string;
  externalId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

async function groupResource(db: Db | Tx, group: GroupRow, baseUrl: string, withMembers = true) {
  const members = withMembers
    ? await db
        .select({ value: users.id, display: users.email })
        .from(scimGroupMembers)
        .innerJoin(users, eq(users.id, scimGroupMembers.userId))
        .where(eq(scimGroupMembers.groupId, group.id))
    : [];
  return {
    schemas: [SCIM_SCHEMAS.group],
    id: group.id,
    displayName: group.displayName,
    ...(group.externalId ? { externalId: group.externalId } : {}),
    ...(withMembers ? { members: members.map((m) => ({ ...m, $ref: `${baseUrl}/Users/${m.value}` })) } : {}),
    meta: {
      resourceType: 'Group',
      created: group.createdAt.toISOString(),
      lastModified: group.updatedAt.toISOString(),
      location: `${baseUrl}/Groups/${group.id}`,
    },
  };
}

async function groupRow(db: Db | Tx, companyId: string, id: string): Promise<GroupRow> {
  if (!UUID.test(id)) throw scimError(404, 'No such group.');
  const [row] = await db
    .select()
    .from(scimGroups)
    .where(and(eq(scimGroups.companyId, companyId), eq(scimGroups.id, id)));
  if (!row) throw scimError(404, 'No such group.');
  return row;
}

export async function getGroup(db: Db, companyId: string, id: string, baseUrl: string, withMembers = true) {
  return groupResource(db, await groupRow(db, companyId, id), baseUrl, withMembers);
}

export async function listGroups(
  db: Db,
  companyId: string,
  query: {
    filter?: string | undefined;
    startIndex?: number | undefined;
    count?: number | undefined;
    excludedAttributes?: string | undefined;
  },
  baseUrl: string,
) {
  const filter = query.filter ? parseFilter(query.filter) : null;
  const columns: Record<string, typeof scimGroups.displayName> = {
    displayname: scimGroups.displayName,
    externalid: scimGroups.externalId as unknown as typeof scimGroups.displayName,
  };
  if (filter && filter.attribute !== 'id' && !columns[filter.attribute])
    throw scimError(400, `Filtering on ${filter.attribute} is not supported.`, 'invalidFilter');
  const where = and(
    eq(scimGroups.companyId, companyId),
    filter
      ? filter.attribute === 'id'
        ? UUID.test(filter.value)
          ? eq(scimGroups.id, filter.value)
          : sql`false`
        : lowerEq(columns[filter.attribute]!, filter.value)
      : undefined,
  );
  const { startIndex, count } = page(query);
  const [total] = await db
    .select({ n: sql<number>`cast(count(*) as int)` })
    .from(scimGroups)
    .where(where);
  const rows = await db
    .select()
    .from(scimGroups)
    .where(where)
    .orderBy(scimGroups.createdAt, scimGroups.id)
    .limit(count)
    .offset(startIndex - 1);
  const withMembers = !(query.excludedAttributes ?? '').toLowerCase().split(',').includes('members');
  return listResponse(
    await Promise.all(rows.map((row) => groupResource(db, row, baseUrl, withMembers))),
    total?.n ?? 0,
    startIndex,
  );
}

/** Adds and removes members (people of the company only), then re-derives the role of everyone touched. */
async function changeMembers(tx: Tx, companyId: string, groupId: string, add: string[], remove: string[] | 'all') {
  const touched = new Set<string>(add);
  if (remove === 'all') {
    const before = await tx
      .select({ userId: scimGroupMembers.userId })
      .from(scimGroupMembers)
      .where(eq(scimGroupMembers.groupId, groupId));
    for (const row of before) touched.add(row.userId);
    await tx.delete(scimGroupMembers).where(eq(scimGroupMembers.groupId, groupId));
  } else if (remove.length > 0) {
    for (const id of remove) touched.add(id);
    await tx
      .delete(scimGroupMembers)
      .where(and(eq(scimGroupMembers.groupId, groupId), inArray(scimGroupMembers.userId, remove)));
  }
  for (const userId of add) {
    await userRow(tx, companyId, userId).catch(() => {
      throw scimError(400, `Member ${userId} is not a user of this company.`, 'invalidValue');
    });
    await adopt(tx, companyId, userId);
    await tx.insert(scimGroupMembers).values({ groupId, userId }).onConflictDoNothing();
  }
  await tx.update(scimGroups).set({ updatedAt: new Date() }).where(eq(scimGroups.id, groupId));
  for (const userId of touched) await syncRole(tx, companyId, userId);
}

/** A provisioned member's role follows the admin group (the last admin is never demoted). */
async function syncRole(tx: Tx, companyId: string, userId: string) {
  const [provisioned] = await tx.select().from(scimUsers).where(eq(scimUsers.userId, userId));
  if (!provisioned) return;
  const [member] = await tx
    .select({ role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  if (!member) return;
  const role = await roleFromGroups(tx, companyId, userId);
  if (role === member.role) return;
  if (role === 'member' && (await adminCount(tx, companyId)) <= 1) return;
  await tx
    .update(companyMembers)
    .set({ role })
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  await recordAudit(tx, {
    companyId,
    actorId: null,
    action: 'scim.role_changed',
    subject: { type: 'member', id: userId, userId },
    before: { role: member.role },
    after: { role },
  });
  await publishSessionChange(tx, { users: [userId] });
}

export async function createGroup(db: Db, companyId: string, input: ScimGroupInput, baseUrl: string) {
  const id = await inTransaction(db, async (tx) => {
    let created: { id: string } | undefined;
    try {
      [created] = await tx
        .insert(scimGroups)
        .values({ companyId, displayName: input.displayName, externalId: input.externalId ?? null })
        .returning({ id: scimGroups.id });
    } catch (error) {
      if (isUniqueViolation(error)) throw scimError(409, 'A group with this displayName exists.', 'uniqueness');
      throw error;
    }
    await changeMembers(
      tx,
      companyId,
      created!.id,
      (input.members ?? []).map((m) => m.value),
      [],
    );
    return created!.id;
  });
  return getGroup(db, companyId, id, baseUrl);
}

export async function patchGroup(db: Db, companyId: string, id: string, operations: PatchOperation[], baseUrl: string) {
  await groupRow(db, companyId, id);
  const change = applyGroupPatch(operations);
  await inTransaction(db, async (tx) => {
    if (change.displayName) {
      try {
        await tx.update(scimGroups).set({ displayName: change.displayName }).where(eq(scimGroups.id, id));
      } catch (error) {
        if (isUniqueViolation(error)) throw scimError(409, 'A group with this displayName exists.', 'uniqueness');
        throw error;
      }
    }
    if (change.externalId !== undefined)
      await tx.update(scimGroups).set({ externalId: change.externalId }).where(eq(scimGroups.id, id));
    await changeMembers(tx, companyId, id, change.add, change.replaceAll ? 'all' : change.remove);
  });
  return getGroup(db, companyId, id, baseUrl);
}

export async function deleteGroup(db: Db, companyId: string, id: string) {
  await groupRow(db, companyId, id);
  await inTransaction(db, async (tx) => {
    await changeMembers(tx, companyId, id, [], 'all');
    await tx.delete(scimGroups).where(eq(scimGroups.id, id));
  });
}
