import { and, eq, sql } from 'drizzle-orm';
import { SEARCH_ALERT_MAX_JOBS, jobSearchToParams } from '@referwell/shared';
import type { Db } from '../../db/client';
import { savedSearchSentJobs, savedSearches, users } from '../../db/schema';
import { enqueueMail } from '../../lib/mail/send';
import { enqueue } from '../../lib/queue/enqueue';
import { matchingJobs } from '../jobs/search';
import { storedFilters } from './service';

export type AlertPeriod = 'daily' | 'weekly';

declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    /** Mail one saved search's matching jobs that were not sent before. */
    'search-alert': { savedSearchId: string };
    /** The daily or weekly run over the saved searches with that alert. */
    'send-search-alerts': { period: AlertPeriod };
  }
}

/** A burst of new jobs within this delay makes one instant alert, not one mail per job. */
const INSTANT_DELAY_MS = 5_000;
/** Saved searches read per batch when fanning out. */
const BATCH = 500;

const queueAlert = (db: Db, savedSearchId: string, runAt?: Date) =>
  enqueue(
    db,
    'search-alert',
    { savedSearchId },
    // One pending alert per search: a second trigger keeps the first one's time.
    { jobKey: `search-alert:${savedSearchId}`, jobKeyMode: 'preserve_run_at', ...(runAt ? { runAt } : {}) },
  );

/** Each saved search with `alert`, in id order, a batch at a time. */
async function* savedSearchesWith(db: Db, alert: 'instant' | AlertPeriod) {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await db
      .select({ id: savedSearches.id, filters: savedSearches.filters })
      .from(savedSearches)
      .where(and(eq(savedSearches.alert, alert), sql`${savedSearches.id} > ${after}::uuid`))
      .orderBy(savedSearches.id)
      .limit(BATCH);
    yield* rows;
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.id;
  }
}

/** The fan-out of a newly open job: every instant saved search it matches gets an alert queued. */
export async function matchSavedSearches(db: Db, jobId: string): Promise<number> {
  let queued = 0;
  const runAt = new Date(Date.now() + INSTANT_DELAY_MS);
  for await (const search of savedSearchesWith(db, 'instant')) {
    const [match] = await matchingJobs(db, storedFilters(search), [sql`j.id = ${jobId}::uuid`], 1);
    if (!match) continue;
    await queueAlert(db, search.id, runAt);
    queued++;
  }
  return queued;
}

/** The scheduled run: one alert job per saved search with this period (each sends only what is new). */
export async function sendSearchAlerts(db: Db, period: AlertPeriod): Promise<number> {
  let queued = 0;
  for await (const search of savedSearchesWith(db, period)) {
    await queueAlert(db, search.id);
    queued++;
  }
  return queued;
}

/**
 * Mails the saved search's matching open jobs posted after it was saved and never sent for it, and records them as
 * sent, in one transaction with the mail's queue job: a job is in at most one alert of a search.
 */
export async function sendSearchAlert(db: Db, savedSearchId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [search] = await tx
      .select({
        id: savedSearches.id,
        name: savedSearches.name,
        filters: savedSearches.filters,
        alert: savedSearches.alert,
        createdAt: savedSearches.createdAt,
        userId: users.id,
        userName: users.name,
        email: users.email,
      })
      .from(savedSearches)
      .innerJoin(users, eq(users.id, savedSearches.userId))
      .where(eq(savedSearches.id, savedSearchId))
      .for('update', { of: savedSearches });
    if (!search || search.alert === 'off') return 0;
    const jobs = await matchingJobs(
      tx,
      storedFilters(search),
      [
        sql`j.created_at > ${search.createdAt.toISOString()}::timestamptz`,
        sql`not exists (select 1 from saved_search_sent_jobs x where x.saved_search_id = ${search.id}::uuid and x.job_id = j.id)`,
      ],
      SEARCH_ALERT_MAX_JOBS,
    );
    if (jobs.length === 0) return 0;
    await tx.insert(savedSearchSentJobs).values(jobs.map((job) => ({ savedSearchId: search.id, jobId: job.id })));
    const ids = jobs.map((job) => job.id).sort();
    await enqueueMail(tx, {
      key: `search-alert:${search.id}:${ids.join(',')}`,
      template: 'search-alert',
      to: search.email,
      userId: search.userId,
      props: {
        name: search.userName,
        savedSearchId: search.id,
        searchName: search.name,
        jobs: jobs.map((job) => ({
          title: job.title,
          company: job.company_name,
          location: job.location,
          path: `/job/${job.id}`,
        })),
        path: `/search-jobs?${jobSearchToParams(storedFilters(search))}`,
      },
    });
    return jobs.length;
  });
}
