import { and, eq, sql } from 'drizzle-orm';
import { SEARCH_ALERT_MAX_JOBS, type JobSearchFilters } from '@referwell/shared';
import { jobSearchUrl } from '@referwell/shared/url-filters/job-search';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/repository';
import { savedSearchSentJobs, savedSearches, users } from '../../db/schema';
import { enqueueMail } from '../../lib/mail/send';
import { enqueue } from '../../lib/queue/enqueue';
import { matchPlans, matchingJobs, rowConditions } from '../jobs/port';
import { storedFilters } from './service';

export type AlertPeriod = 'daily' | 'weekly';

declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    /** Mail one saved search's matching jobs that were not sent before. */
    'search-alert': { savedSearchId: string };
    /** The same for each of these saved searches (a new job's instant matches, or a batch of a scheduled run). */
    'search-alerts': { savedSearchIds: string[] };
    /** The daily or weekly run over the saved searches with that alert. */
    'send-search-alerts': { period: AlertPeriod };
  }
}

/** A burst of new jobs within this delay makes one instant alert, not one mail per job. */
const INSTANT_DELAY_MS = 5_000;
/** Saved searches read per batch when fanning out. */
const BATCH = 500;

const queueAlert = (db: Db, savedSearchId: string) =>
  enqueue(
    db,
    'search-alert',
    { savedSearchId },
    // One pending alert per search: a second trigger keeps the first one's time.
    { jobKey: `search-alert:${savedSearchId}`, jobKeyMode: 'preserve_run_at' },
  );

/** One alerts job per BATCH searches, not one per search: 500 matching searches are one queue job. */
async function queueAlerts(db: Db, savedSearchIds: string[], runAt?: Date): Promise<void> {
  for (let at = 0; at < savedSearchIds.length; at += BATCH)
    await enqueue(
      db,
      'search-alerts',
      { savedSearchIds: savedSearchIds.slice(at, at + BATCH) },
      runAt ? { runAt } : {},
    );
}

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

/**
 * The instant saved searches of one batch that the job matches, in one statement: each search's filters (the job
 * search's own conditions) evaluated against that one job row, their texts resolved with one word lookup.
 */
async function matchingInBatch(
  db: Db,
  jobId: string,
  batch: { id: string; filters: JobSearchFilters }[],
): Promise<string[]> {
  const plans = await matchPlans(
    db,
    batch.map((search) => search.filters),
  );
  const tests = batch.map((search, i) => {
    const conditions = rowConditions(plans[i]!);
    return sql`(${search.id}::uuid, ${sql.join(conditions, sql` and `)})`;
  });
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select m.id from job_postings j
        cross join lateral (values ${sql.join(tests, sql`, `)}) as m(id, hit)
        where j.id = ${jobId}::uuid and m.hit`,
  );
  return rows.map((row) => row.id);
}

/** The instant saved searches a job matches: a bounded number of statements per batch, whatever the batch holds. */
export async function instantSearchesMatching(db: Db, jobId: string, batchSize = BATCH): Promise<string[]> {
  const matched: string[] = [];
  let batch: { id: string; filters: JobSearchFilters }[] = [];
  const flush = async () => {
    if (batch.length) matched.push(...(await matchingInBatch(db, jobId, batch)));
    batch = [];
  };
  for await (const search of savedSearchesWith(db, 'instant')) {
    batch.push({ id: search.id, filters: storedFilters(search) });
    if (batch.length === batchSize) await flush();
  }
  await flush();
  return matched;
}

/**
 * The fan-out of a newly open job: the instant saved searches it matches get their alerts from one queued job (per
 * BATCH), after a short delay. A burst of new jobs within it still makes one mail per search: the first alerts job
 * sends every job not sent before, the later ones find nothing new.
 */
export async function matchSavedSearches(db: Db, jobId: string): Promise<number> {
  const runAt = new Date(Date.now() + INSTANT_DELAY_MS);
  const matched = await instantSearchesMatching(db, jobId);
  await queueAlerts(db, matched, runAt);
  return matched.length;
}

/** The scheduled run: the saved searches with this period, a batch per alerts job (each sends only what is new). */
export async function sendSearchAlerts(db: Db, period: AlertPeriod): Promise<number> {
  let queued = 0;
  let ids: string[] = [];
  for await (const search of savedSearchesWith(db, period)) {
    ids.push(search.id);
    queued++;
    if (ids.length === BATCH) {
      await queueAlerts(db, ids);
      ids = [];
    }
  }
  await queueAlerts(db, ids);
  return queued;
}

/**
 * One alerts job: each search in its own transaction with its own mail in the outbox (a mail that fails retries
 * alone). A search that fails is queued on its own to retry, so it holds back none of the others; the job itself
 * retries only when even that fails, and searches already mailed then find nothing new. Returns the mails queued.
 */
export async function sendSearchAlertBatch(db: Db, savedSearchIds: string[]): Promise<number> {
  let mailed = 0;
  for (const savedSearchId of savedSearchIds) {
    try {
      if ((await sendSearchAlert(db, savedSearchId)) > 0) mailed++;
    } catch {
      await queueAlert(db, savedSearchId);
    }
  }
  return mailed;
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
        path: jobSearchUrl.href(storedFilters(search)),
      },
    });
    return jobs.length;
  });
}
