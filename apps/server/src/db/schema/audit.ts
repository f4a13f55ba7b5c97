import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/**
 * A company's audit trail: who did what to whom, with the values before and after. Append-only: a trigger in the
 * migration refuses UPDATE, and DELETE while the company exists (deleting a company takes its log with it).
 * Rows name people by id only (`actorId`, `subjectUserId`) and keep no names or contact details, so an erased
 * account reads as "Deleted user" here without rewriting the log.
 */
export const companyAuditLog = pgTable(
  'company_audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** No foreign key: the log outlives whatever it names. */
    actorId: uuid(),
    action: text().notNull(),
    subjectType: text().notNull(),
    subjectId: uuid(),
    /** The person the action concerns (a member, a candidate), when there is one. */
    subjectUserId: uuid(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    index('company_audit_log_company_time_idx').on(t.companyId, t.createdAt.desc(), t.id.desc()),
    index('company_audit_log_company_actor_idx').on(t.companyId, t.actorId),
  ],
);
