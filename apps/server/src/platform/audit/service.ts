import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  DELETED_USER_NAME,
  type AuditAction,
  type AuditEntry,
  type AuditLogQuery,
  type AuditLogResponse,
  type AuditSubjectType,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { countAll, paginate, selectRows, type Tx } from '../../db/repository';
import { companyAuditLog, users } from '../../db/schema';

export interface AuditRecord {
  companyId: string;
  /** Who acted; null for the system. */
  actorId: string | null;
  action: AuditAction;
  subject: { type: AuditSubjectType; id?: string | null; userId?: string | null };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Writes one audit row. It takes a transaction, never the pool: the row lands with the change it records or not
 * at all. Values are roles, statuses and stages, never names or contact details (the log cannot be rewritten).
 */
export async function recordAudit(tx: Tx, record: AuditRecord): Promise<void> {
  await tx.insert(companyAuditLog).values({
    companyId: record.companyId,
    actorId: record.actorId,
    action: record.action,
    subjectType: record.subject.type,
    subjectId: record.subject.id ?? null,
    subjectUserId: record.subject.userId ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

const actor = alias(users, 'actor');
const subjectUser = alias(users, 'subject_user');

/** The shown name of a person: "Deleted user" once erased (or when the row is gone). */
const personName = (table: { id: AnyPgColumn; name: AnyPgColumn; deletedAt: AnyPgColumn }): SQL<string | null> =>
  sql`case when ${table.id} is null then null when ${table.deletedAt} is not null then ${DELETED_USER_NAME} else ${table.name} end`;

function filters(companyId: string, query: AuditLogQuery): SQL | undefined {
  const nextDay = (day: string) => sql`(${day}::date + 1)::timestamptz`;
  return and(
    eq(companyAuditLog.companyId, companyId),
    query.action ? eq(companyAuditLog.action, query.action) : undefined,
    query.actorId ? eq(companyAuditLog.actorId, query.actorId) : undefined,
    query.from ? gte(companyAuditLog.createdAt, sql`${query.from}::date::timestamptz`) : undefined,
    query.to ? lt(companyAuditLog.createdAt, nextDay(query.to)) : undefined,
  );
}

/** A company's audit log, newest first, filtered by action, actor and days (UTC). Admins only: the route checks. */
export async function listAuditLog(db: Db, companyId: string, query: AuditLogQuery): Promise<AuditLogResponse> {
  const where = filters(companyId, query);
  const page = await paginate(
    db
      .select({
        row: companyAuditLog,
        actorName: personName(actor),
        actorKnown: sql<boolean>`${actor.id} is not null`,
        subjectName: personName(subjectUser),
      })
      .from(companyAuditLog)
      .leftJoin(actor, eq(actor.id, companyAuditLog.actorId))
      .leftJoin(subjectUser, eq(subjectUser.id, companyAuditLog.subjectUserId))
      .where(where)
      .orderBy(desc(companyAuditLog.createdAt), desc(companyAuditLog.id))
      .$dynamic(),
    db
      .select({ n: countAll() })
      .from(companyAuditLog)
      .where(where)
      .then(([r]) => r?.n ?? 0),
    query,
  );
  const actors = await selectRows<{ id: string; name: string }>(
    db,
    sql`select u.id, case when u.deleted_at is not null then ${DELETED_USER_NAME} else u.name end as name
          from users u
         where u.id in (select distinct actor_id from company_audit_log where company_id = ${companyId})
         order by name, u.id`,
  );
  return {
    ...page,
    items: page.items.map(({ row, actorName, subjectName }): AuditEntry => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      action: row.action as AuditAction,
      actor: row.actorId ? { id: row.actorId, name: actorName ?? DELETED_USER_NAME } : null,
      subject: {
        type: row.subjectType as AuditSubjectType,
        id: row.subjectId,
        name: row.subjectUserId ? (subjectName ?? DELETED_USER_NAME) : null,
      },
      before: row.before,
      after: row.after,
    })),
    actors,
  };
}

/** Shows enough of an invite code to tell two apart in the log without handing it out. */
export const maskedInviteCode = (code: string) => `${code.slice(0, 5)}…${code.slice(-2)}`;
