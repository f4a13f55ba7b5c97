import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth';
import { companies } from './companies';

/**
 * Who a company pays referral bonuses to, as its payroll or its accounts payable need them: an employee (supplemental
 * wages through payroll, by payroll id) or an external referrer (a W-9: legal name, tax classification and TIN). The
 * TIN is sealed at rest (lib/secrets.ts, bound to the company and person); only its last four digits are kept plain,
 * for the masked display. No money moves through Referwell.
 */
export const payees = pgTable(
  'payees',
  {
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** PAYEE_KINDS: employee or external. */
    kind: text().notNull(),
    payrollId: text(),
    legalName: text(),
    /** TAX_CLASSIFICATIONS (W-9 line 3a). */
    taxClassification: text(),
    /** 'ssn' or 'ein'. */
    tinType: text(),
    tinSealed: text(),
    tinLast4: text(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    check('payees_kind_check', sql`${t.kind} in ('employee', 'external')`),
  ],
);
