import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  SAVED_SEARCH_LIMIT,
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCH_NEW_LIMIT,
  jobSearchFiltersSchema,
  type JobSearchFilters,
  type SavedSearch,
  type SavedSearchCreate,
  type SavedSearchUpdate,
} from '@referwell/shared';
import { jobSearchUrl } from '@referwell/shared/url-filters/job-search';
import type { Db } from '../../db/client';
import { savedSearches } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import type { AuthContext } from '../../platform/sessions/sessions';
import { matchingJobs } from '../jobs/port';

type SavedSearchRow = typeof savedSearches.$inferSelect;

/** What was stored, read back through the shared schema (older rows gain new fields' defaults). */
export const storedFilters = (row: Pick<SavedSearchRow, 'filters'>): JobSearchFilters =>
  jobSearchFiltersSchema.parse(row.filters);

/** Filters to store: the shape the schema parses to, without empty values (so equal searches store equally). */
const filtersToStore = (filters: JobSearchFilters): JobSearchFilters =>
  jobSearchFiltersSchema.parse(Object.fromEntries(jobSearchUrl.format(filters)));

async function newJobsSince(db: Db, row: SavedSearchRow): Promise<number> {
  const found = await matchingJobs(
    db,
    storedFilters(row),
    [sql`j.created_at > ${row.lastSeenAt.toISOString()}::timestamptz`],
    SAVED_SEARCH_NEW_LIMIT + 1,
  );
  return found.length;
}

async function present(db: Db, row: SavedSearchRow): Promise<SavedSearch> {
  return {
    id: row.id,
    name: row.name,
    query: jobSearchUrl.format(storedFilters(row)).toString(),
    alert: row.alert,
    newJobs: await newJobsSince(db, row),
    lastSeenAt: row.lastSeenAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

async function ownSearch(db: Db, me: AuthContext, id: string): Promise<SavedSearchRow> {
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, me.user.id)));
  // Someone else's saved search is as unknown as a missing one.
  if (!row) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
  return row;
}

/** The job seeker's saved searches, oldest first, each with its count of new matching jobs. */
export async function listSavedSearches(db: Db, me: AuthContext): Promise<SavedSearch[]> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, me.user.id))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  return Promise.all(rows.map((row) => present(db, row)));
}

export async function createSavedSearch(
  db: Db,
  me: AuthContext,
  input: SavedSearchCreate & { filters: JobSearchFilters },
): Promise<SavedSearch> {
  const row = await db.transaction(async (tx) => {
    // One job seeker's saves run one at a time, so the limit holds under concurrent requests.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-searches:${me.user.id}`}))`);
    const [existing] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, me.user.id));
    if ((existing?.n ?? 0) >= SAVED_SEARCH_LIMIT) throw conflict(SAVED_SEARCH_MESSAGES.tooMany);
    const [created] = await tx
      .insert(savedSearches)
      .values({
        userId: me.user.id,
        name: input.name,
        filters: filtersToStore(input.filters),
        alert: input.alert ?? 'daily',
      })
      .returning();
    return created!;
  });
  return present(db, row);
}

export async function updateSavedSearch(
  db: Db,
  auth: AuthContext,
  id: string,
  input: SavedSearchUpdate,
): Promise<SavedSearch> {
  await ownSearch(db, auth, id);
  const [row] = await db
    .update(savedSearches)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(savedSearches.id, id))
    .returning();
  return present(db, row!);
}

export async function deleteSavedSearch(db: Db, auth: AuthContext, id: string): Promise<void> {
  await ownSearch(db, auth, id);
  await db.delete(savedSearches).where(eq(savedSearches.id, id));
}

/** The owner opened the search: what matches now is no longer new. */
export async function markSavedSearchSeen(db: Db, auth: AuthContext, id: string): Promise<void> {
  await ownSearch(db, auth, id);
  await db.update(savedSearches).set({ lastSeenAt: new Date() }).where(eq(savedSearches.id, id));
}

/** One-click unsubscribe from one saved search's alerts (the token names the user and the search). */
export async function turnOffSearchAlert(db: Db, userId: string, id: string): Promise<void> {
  await db
    .update(savedSearches)
    .set({ alert: 'off', updatedAt: new Date() })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
}
