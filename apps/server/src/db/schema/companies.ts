import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

/** companyAdmin is stored as 'admin'; the team screen shows Admin / Member. */
export const memberRole = pgEnum('member_role', ['admin', 'member']);

export const companies = pgTable('companies', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  website: text(),
  description: text(),
  location: text(),
  employeeCount: text(),
  industries: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  foundedYear: integer(),
  /**
   * The US states (postal codes) the company employs people in, beyond its profile location: a state's pay
   * transparency law reaches the company's US-wide remote jobs when it has staff there (issue 36, ADR 0044).
   */
  staffStates: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  inviteCode: text().notNull().unique(),
  /** Admins must have a second factor: one without is sent to set it up before anything else (ADR 0035). */
  requireTwoFactorForAdmins: boolean().notNull().default(false),
  /**
   * Listed by a platform admin from its public job board before anyone from it joined (issue 38): its jobs say "Not yet
   * on Referwell" and apply at the source. Cleared when its first member joins (addMember).
   */
  notOnReferwell: boolean().notNull().default(false),
  /**
   * The name was made from a job board's slug ("acme-health" → "Acme Health") when a platform admin listed the board
   * unnamed: the board's first queued read renames the company from the board's own name while still unclaimed.
   */
  nameFromSlug: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const companyMembers = pgTable(
  'company_members',
  {
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: memberRole().notNull().default('member'),
    /**
     * The `compliance` permission (issue 36): the member reads the self-identification report. Granted by an admin,
     * independent of the role: an admin without it does not read it.
     */
    compliance: boolean().notNull().default(false),
    title: text(),
    department: text(),
    /** The team within the department (referrer cards: "Clinical Integrations · Interfaces team"). */
    team: text(),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    uniqueIndex('company_members_user_key').on(t.userId),
    // "Has an internal referrer" (job search's filter and its results) probes a company's members per job: from this
    // index alone, without visiting the member rows (ADR 0009, branch search6).
    index('company_members_referrer_idx')
      .on(t.companyId)
      .where(sql`${t.role} = 'member'`),
  ],
);

export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    email: text().notNull(),
    tokenHash: text().notNull().unique(),
    invitedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('team_invitations_company_idx').on(t.companyId)],
);

export const companyClaimStatus = pgEnum('company_claim_status', [
  'mailed',
  'pending',
  'approved',
  'refused',
  'withdrawn',
  'closed',
]);

/**
 * Claims of a company listed from its job board (issue 38, ADR 0053): 'mailed' until the link sent to the work e-mail
 * is followed (the token is kept only as its SHA-256, single use, expiring), then granted at once ('approved', the
 * e-mail's domain matched the company's) or 'pending' a platform admin, who approves or refuses it. The claimant may
 * withdraw a claim still 'mailed' or 'pending' ('withdrawn': its link no longer works, no admin sees it). When one
 * claim is granted, the company's other open claims are 'closed' (it is on Referwell now: they ask for an invitation).
 */
export const companyClaims = pgTable(
  'company_claims',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    /** Null once followed: a link works once. */
    tokenHash: text().unique(),
    status: companyClaimStatus().notNull().default('mailed'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    confirmedAt: timestamp({ withTimezone: true }),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_claims_company_idx').on(t.companyId),
    index('company_claims_pending_idx')
      .on(t.confirmedAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
