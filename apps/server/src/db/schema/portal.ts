import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth';
import { companies } from './companies';

/**
 * A company's branded careers portal (issue 34, Enterprise): whether it is on, its colour, intro and logo. The logo's
 * bytes are in the file storage under `logoKey` (made by the server); a company without a row has the portal off.
 */
export const companyPortals = pgTable(
  'company_portals',
  {
    companyId: uuid()
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    enabled: boolean().notNull().default(false),
    /** '#rrggbb', lower case; white text on it reaches 4.5:1 (checked by the shared schema). */
    brandColor: text().notNull().default('#0f766e'),
    intro: text(),
    logoKey: text(),
    logoContentType: text(),
    logoBytes: integer(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('company_portals_brand_color_check', sql`${t.brandColor} ~ '^#[0-9a-f]{6}$'`)],
);

/**
 * Host names a company serves its portal on (careers.acme-health.com). A name is served only once `verifiedAt` is set:
 * the company published `token` in a DNS TXT record at `_referwell-challenge.<host>`. A name belongs to one company.
 */
export const companyPortalHosts = pgTable(
  'company_portal_hosts',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Lower case, no port, no trailing dot. */
    host: text().notNull(),
    token: text().notNull(),
    verifiedAt: timestamp({ withTimezone: true }),
    lastCheckedAt: timestamp({ withTimezone: true }),
    /** Scheduled re-checks in a row that did not find the record; the second unpublishes the name (verifiedAt null). */
    failedChecks: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_portal_hosts_host_key').on(t.host),
    index('company_portal_hosts_company_idx').on(t.companyId),
  ],
);
