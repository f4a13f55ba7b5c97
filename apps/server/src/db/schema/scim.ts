import { sql } from 'drizzle-orm';
import { boolean, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { companies } from './companies';

/**
 * A company's SCIM 2.0 bearer token (ADR 0035), stored as its SHA-256 (shown once when made; a new one replaces it).
 * `adminGroup`: members of the SCIM group of this name are the company's admins, everyone else provisioned a member.
 */
export const scimTokens = pgTable('scim_tokens', {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique(),
  adminGroup: text().notNull().default('Referwell Admins'),
  createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * People the company's identity provider provisioned: their SCIM externalId and whether they are active. A deactivated
 * person keeps the row (and their account, referrals and bonuses) but not the company membership or any session.
 */
export const scimUsers = pgTable('scim_users', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyId: uuid()
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  externalId: text(),
  active: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The identity provider's groups pushed to the company: membership of the admin group decides the role. */
export const scimGroups = pgTable(
  'scim_groups',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    displayName: text().notNull(),
    externalId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('scim_groups_company_name_key').on(t.companyId, sql`lower(${t.displayName})`)],
);

export const scimGroupMembers = pgTable(
  'scim_group_members',
  {
    groupId: uuid()
      .notNull()
      .references(() => scimGroups.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);
