import { sql, type SQL } from 'drizzle-orm';
import { FILTER_CATEGORIES, type CandidateFacets, type FilterCategory } from '@referwell/shared';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { inTransaction, selectRows, type Executor } from '../../db/repository';
import { talentFacetCounts } from '../../db/schema';
import { enqueue } from '../../lib/queue/enqueue';
import { ownBytes } from '../../lib/kept-json';
import { ShortCache } from '../../lib/short-cache';

/** The list categories of a talent profile and their columns. */
export const ARRAY_COLUMNS = {
  skills: 'skills',
  technicalSkills: 'technical_skills',
  softwareTools: 'software_tools',
  industries: 'industries',
  interests: 'interests',
  titles: 'titles',
} as const satisfies Partial<Record<FilterCategory, string>>;

/** Talent profile rows exist only for job seekers (every path that creates one checks the type). */
export const POOL = sql`p.discoverable`;

const FACET_LIMIT = 40;
/** After a profile is saved here, the recount waits this long so a burst of saves costs one count. */
const AFTER_SAVE_MS = 1_000;
/** Searches reuse the stored counts this long before reading them again. */
const READ_TTL_MS = 5_000;
/** One advisory lock: one process recounts at a time. */
const RECOUNT_LOCK = 7_204_311;

/** Stored counts as read by this process's searches (JSON bytes), per database. */
const reads = new WeakMap<Db, ShortCache<Buffer>>();

/** The pool's size and latest change: when it is unchanged, so are the counts. */
async function poolSignature(db: Db): Promise<string> {
  const [row] = await preparedRows<{ n: number; latest: string | null }>(
    db,
    sql`select cast(count(*) as int) as n, max(p.updated_at)::text as latest from talent_profiles p where ${POOL}`,
  );
  return `${row?.n ?? 0}@${row?.latest ?? ''}`;
}

function countFacets(db: Db): Promise<CandidateFacets> {
  const parts: SQL[] = [
    // Locations by place as read from profiles (place_label: 'Boston, MA' however it was written).
    sql`(select cast('locations' as text) as category, p.place_label as value, cast(count(*) as int) as count
         from talent_profiles p
         where ${POOL} and p.place_label is not null
         group by p.place_label order by count desc, value limit ${FACET_LIMIT})`,
    sql`(select cast('involvement' as text) as category, p.involvement::text as value, cast(count(*) as int) as count
         from talent_profiles p
         where ${POOL} and p.involvement is not null
         group by p.involvement order by count desc, value limit ${FACET_LIMIT})`,
    ...Object.entries(ARRAY_COLUMNS).map(
      ([category, column]) =>
        sql`(select cast(${category} as text) as category, v as value, cast(count(*) as int) as count
             from talent_profiles p, unnest(p.${sql.raw(column)}) as v
             where ${POOL}
             group by v order by count desc, v limit ${FACET_LIMIT})`,
    ),
  ];
  return selectRows<{ category: FilterCategory; value: string; count: number }>(
    db,
    sql.join(parts, sql` union all `),
  ).then((rows) => {
    const result = Object.fromEntries(FILTER_CATEGORIES.map((c) => [c, []])) as unknown as CandidateFacets;
    for (const row of rows) result[row.category].push({ value: row.value, count: Number(row.count) });
    return result;
  });
}

/**
 * Recounts the facets over the whole pool into talent_facet_counts when the pool changed since the last count (or
 * always with `force`). A plain function so a scheduled job can run it; one process at a time (advisory lock), the
 * others skip. About half a second at 100k profiles, never on a request.
 */
export async function recountTalentFacets(db: Db, { force = false } = {}): Promise<boolean> {
  const counted = await inTransaction(db, async (tx) => {
    const [lock] = await selectRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${RECOUNT_LOCK}) as locked`,
    );
    if (!lock?.locked) return false;
    const signature = await poolSignature(db);
    if (!force) {
      const [stored] = await tx.select({ signature: talentFacetCounts.signature }).from(talentFacetCounts);
      if (stored?.signature === signature) return false;
    }
    const facets = await countFacets(db);
    await tx
      .insert(talentFacetCounts)
      .values({ facets, signature })
      .onConflictDoUpdate({ target: talentFacetCounts.id, set: { facets, signature, countedAt: new Date() } });
    return true;
  });
  if (counted) reads.get(db)?.clear(); // this process's searches see the new counts at once
  return counted;
}

/**
 * The stored facet counts as JSON bytes (read at most every few seconds per process, copied into every search's
 * answer as they are). Only a database that was never counted counts here, once.
 */
export function talentFacetsBytes(db: Db): Promise<Buffer> {
  let cache = reads.get(db);
  if (!cache) reads.set(db, (cache = new ShortCache(1)));
  return cache.get('pool', READ_TTL_MS, async () => ownBytes(JSON.stringify(await storedFacets(db))));
}

async function storedFacets(db: Db): Promise<CandidateFacets> {
  const [stored] = await preparedRows<{ facets: CandidateFacets }>(
    db,
    sql`select facets from talent_facet_counts where id = 'pool'`,
  );
  if (stored) return stored.facets;
  await recountTalentFacets(db, { force: true });
  const [counted] = await db.select({ facets: talentFacetCounts.facets }).from(talentFacetCounts);
  return counted?.facets ?? (Object.fromEntries(FILTER_CATEGORIES.map((c) => [c, []])) as unknown as CandidateFacets);
}

declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    'recount-talent-facets': Record<string, never>;
  }
}

/** Checks every minute, across every process (a cron line), for changes no save announced (imports, deletions). */
export const FACET_RECOUNT_CRON = '* * * * * recount-talent-facets';

/**
 * A profile was saved: recount in the background queue a moment after this transaction commits, whichever process
 * takes the job. One job for a burst of saves (its key keeps the first run time, so a stream of saves cannot put it
 * off); searches keep the previous counts meanwhile.
 */
export function facetsChanged(tx: Executor): Promise<void> {
  return enqueue(
    tx,
    'recount-talent-facets',
    {},
    { jobKey: 'recount-talent-facets', jobKeyMode: 'preserve_run_at', runAt: new Date(Date.now() + AFTER_SAVE_MS) },
  );
}
