import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  EMPLOYMENT_STATUSES,
  INVOLVEMENT_OPTIONS,
  RESUME_LIMITS,
  type CandidateFacets,
  type ParsedResume,
} from '@referwell/shared';
import { users } from './auth';
import { companies } from './companies';

export const employmentStatus = pgEnum('employment_status', EMPLOYMENT_STATUSES);
export const involvement = pgEnum('involvement', INVOLVEMENT_OPTIONS);
export const resumeKind = pgEnum('resume_kind', RESUME_LIMITS.kinds);

const textList = () =>
  text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/** An uploaded resume file, stored under DATA_DIR/uploads with a server-generated name. */
export const resumeFiles = pgTable(
  'resume_files',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storedName: text().notNull().unique(),
    originalName: text().notNull(),
    kind: resumeKind().notNull(),
    sizeBytes: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('resume_files_owner_idx').on(t.ownerId)],
);

/** A job seeker's profile (SPEC §3 Talent profile and Talent); id is the user's id. */
export const talentProfiles = pgTable(
  'talent_profiles',
  {
    id: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** '/view-talent-profile/{slug}': lowercased name, first space a hyphen, numeric suffix on collision. */
    slug: text().notNull().unique(),
    phone: text(),
    location: text(),
    linkedin: text(),
    portfolio: text(),
    bio: text(),
    /** The headline title: the first professional title. */
    title: text(),
    yearsOfExperience: integer().notNull().default(4),
    employmentStatus: employmentStatus(),
    involvement: involvement(),
    myersBriggs: text(),
    enneagram: text(),
    superpower: text(),
    achievement: text(),
    skills: textList(),
    technicalSkills: textList(),
    softwareTools: textList(),
    industries: textList(),
    titles: textList(),
    interests: textList(),
    /** Lowercased union of skills, technical skills and software tools: the match score reads this. */
    skillKeys: textList(),
    /** Lowercased "name title": the text search matches it with LIKE. */
    searchText: text().notNull().default(''),
    discoverable: boolean().notNull().default(true),
    rating: real(),
    jsonResumePdf: jsonb().$type<ParsedResume & { kind: string }>(),
    resumeFileId: uuid().references(() => resumeFiles.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('talent_profiles_recent_idx').on(t.discoverable, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('talent_profiles_location_idx').on(t.location),
    // One multicolumn GIN over the filter lists: a search with several categories is answered by a single index
    // scan that intersects them (separate indexes let the planner use only one and filter the rest row by row).
    index('talent_profiles_lists_idx').using(
      'gin',
      t.skills,
      t.technicalSkills,
      t.softwareTools,
      t.industries,
      t.titles,
      t.interests,
    ),
    index('talent_profiles_skill_keys_idx').using('gin', t.skillKeys),
  ],
);

/** One endorsement per company per talent, given by one of the company's users. */
export const endorsements = pgTable(
  'endorsements',
  {
    id: uuid().primaryKey().defaultRandom(),
    talentId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    endorsedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('endorsements_talent_company_key').on(t.talentId, t.companyId)],
);

/** A job seeker's request to a recommender; the e-mailed link carries the token (only its hash is kept). */
export const kudosRequests = pgTable(
  'kudos_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    talentId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recommenderEmail: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('kudos_requests_talent_idx').on(t.talentId)],
);

/** A recommendation written by a recommender (SPEC §3 Kudos). */
export const kudos = pgTable(
  'kudos',
  {
    id: uuid().primaryKey().defaultRandom(),
    talentId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: uuid().references(() => kudosRequests.id, { onDelete: 'set null' }),
    author: text().notNull(),
    title: text(),
    company: text(),
    superpower: text(),
    rating: integer().notNull(),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('kudos_talent_idx').on(t.talentId, t.createdAt.desc().nullsFirst()),
    check('kudos_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * Find Candidates' filter counts over the whole discoverable pool, recounted in the background (talent/facets.ts)
 * and read by every search from here, so every server process shows the same counts and no request waits for a
 * recount. One row; `signature` is the pool's size and latest change when it was counted.
 */
export const talentFacetCounts = pgTable('talent_facet_counts', {
  id: text().primaryKey().default('pool'),
  facets: jsonb().$type<CandidateFacets>().notNull(),
  signature: text().notNull(),
  countedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
