import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { companies } from './companies';
import { candidatePipelines } from './pipeline';

/**
 * Each load of the HHS-OIG List of Excluded Individuals/Entities (issue 36, exclusion screening). A load writes its
 * rows under a new list and becomes `active` in one statement with the previous one `superseded`: screening always
 * reads exactly one whole list, and a rejected file leaves the one in force.
 */
export const leieLists = pgTable('leie_lists', {
  id: uuid().primaryKey().defaultRandom(),
  /** 'active' (the one screening reads), 'superseded', or 'rejected' (a fetched file refused whole: no rows). */
  status: text().notNull(),
  /** 'upload' (a platform admin's file) or 'url' (fetched on the queue from LEIE_URL). */
  source: text().notNull(),
  rowCount: integer().notNull(),
  /** Why a fetched file was rejected (the line that failed), for the admins' page; null otherwise. */
  error: text(),
  loadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One row of a LEIE list in its published layout, with the normalised names screening compares. */
export const leieEntries = pgTable(
  'leie_entries',
  {
    listId: uuid()
      .notNull()
      .references(() => leieLists.id, { onDelete: 'cascade' }),
    /** The row's line in the file (the header is line 1). */
    line: integer().notNull(),
    lastName: text().notNull(),
    firstName: text().notNull(),
    midName: text().notNull(),
    busName: text().notNull(),
    general: text().notNull(),
    specialty: text().notNull(),
    upin: text().notNull(),
    npi: text().notNull(),
    /** YYYYMMDD as published; '' when not given. */
    dob: text().notNull(),
    address: text().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    zip: text().notNull(),
    exclType: text().notNull(),
    exclDate: text().notNull(),
    reinDate: text().notNull(),
    waiverDate: text().notNull(),
    waiverState: text().notNull(),
    /** Folded, letters only: 'first last' of an individual; '' for an entity's row. */
    nameKey: text().notNull(),
    lastKey: text().notNull(),
  },
  (t) => [
    index('leie_entries_list_last_idx').on(t.listId, t.lastKey),
    index('leie_entries_list_npi_idx').on(t.listId, t.npi),
    index('leie_entries_name_trgm_idx').using('gin', t.nameKey.op('gin_trgm_ops')),
  ],
);

/**
 * A candidate screened against the LEIE for a company: at Offer, at Hired, and monthly for hires. A 'possible' or
 * 'match' result blocks Hired until a company admin records a decision (audited). Company admins only: never shown
 * to referrers or the candidate.
 */
export const exclusionScreenings = pgTable(
  'exclusion_screenings',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    pipelineId: uuid()
      .notNull()
      .references(() => candidatePipelines.id, { onDelete: 'cascade' }),
    talentId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listId: uuid().references(() => leieLists.id, { onDelete: 'set null' }),
    /** 'offer', 'hire' or 'monthly'. */
    trigger: text().notNull(),
    /** 'clear', 'possible' (verify) or 'match'. */
    result: text().notNull(),
    /** The entries found: line, names, DOB, NPI, exclusion type and date, and why each matched. */
    matches: jsonb().$type<Record<string, unknown>[]>().notNull().default([]),
    /** A company admin's decision on a possible match or match: 'cleared' or 'excluded'. */
    decision: text(),
    decisionNote: text(),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exclusion_screenings_pipeline_idx').on(t.pipelineId, t.createdAt),
    index('exclusion_screenings_company_idx').on(t.companyId, t.createdAt),
  ],
);
