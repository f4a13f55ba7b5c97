import { and, asc, eq, sql } from 'drizzle-orm';
import {
  JOB_IMPORT_MESSAGES,
  JOB_SOURCE_MESSAGES,
  JOB_SOURCES_MAX,
  jobFormSchema,
  type ImportedJob,
  type JobInput,
  type JobSource,
} from '@referwell/shared';
import { importedToForm } from '@referwell/shared/rules/imported-job';
import type { Db } from '../../db/client';
import { inTransaction, selectRows } from '../../db/repository';
import { companies, jobSources } from '../../db/schema';
import { badRequest, conflict, isAppError, notFound } from '../../lib/errors';
import { enqueue } from '../../lib/queue/enqueue';
import { checkOutboundUrl } from '../../lib/safe-fetch';
import { syncSourceJobs, type SourceSync } from '../jobs/port';
import { crawlSite, type CrawlCaps } from './crawl';
import type { ImportContext } from './service';

declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    /** Every few minutes (CRONTAB): the job sources due a crawl get one each, spread out. */
    'crawl-due-sources': Record<string, never>;
    'crawl-source': { sourceId: string };
  }
}

/** A source is read again about this often after a good crawl (± a tenth, so sources added together drift apart). */
export const SOURCE_PERIOD_MS = 6 * 60 * 60 * 1000;
/** After failures in a row, the next try waits 15 min, 30 min, 1 h … up to a day. */
const FIRST_RETRY_MS = 15 * 60 * 1000;
const MAX_RETRY_MS = 24 * 60 * 60 * 1000;
/** Crawls started per scheduled run, each this long after the one before (politeness, and the queue's concurrency). */
const DUE_PER_RUN = 50;
export const SOURCE_SPACING_MS = 20_000;
/**
 * A crawl records its own failures and back-off (crawlSource never throws for a site's problem): the queue's attempts
 * are only for a worker that died mid-crawl.
 */
const CRAWL_ATTEMPTS = 3;
/** A picked source is not picked again for this long while its crawl waits in the queue (a lease). */
const LEASE_MS = 60 * 60 * 1000;

export const retryDelayMs = (failures: number) => Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (failures - 1));
const nextPeriod = (now: number) => new Date(now + SOURCE_PERIOD_MS * (0.9 + Math.random() * 0.2));

type SourceRow = typeof jobSources.$inferSelect;

const toSource = (row: SourceRow, openJobs: number): JobSource => ({
  id: row.id,
  url: row.url,
  lastCrawledAt: row.lastCrawledAt?.toISOString() ?? null,
  nextCrawlAt: row.nextCrawlAt.toISOString(),
  lastError: row.lastError,
  failures: row.failures,
  jobsListed: row.jobsListed,
  openJobs,
});

/** A company's job sources, oldest first, with how many open jobs each keeps now. */
export async function listSources(db: Db, companyId: string): Promise<JobSource[]> {
  const rows = await db
    .select({
      source: jobSources,
      openJobs: sql<number>`(select cast(count(*) as int) from job_postings j
        where j.source_id = job_sources.id and j.status = 'OPEN')`,
    })
    .from(jobSources)
    .where(eq(jobSources.companyId, companyId))
    .orderBy(asc(jobSources.createdAt), asc(jobSources.id));
  return rows.map((r) => toSource(r.source, Number(r.openJobs)));
}

/**
 * Adds a job source for a company: a private address is refused (400) before anything is stored; the row and its
 * first crawl are written in one transaction.
 */
export async function addSource(
  db: Db,
  ctx: Pick<ImportContext, 'config'>,
  companyId: string,
  addedBy: string,
  url: string,
): Promise<JobSource> {
  await checkOutboundUrl(url, { allowHosts: ctx.config.outboundAllowHosts });
  const row = await inTransaction(db, async (tx) => {
    // One add at a time per company, so the count below holds.
    await tx.execute(sql`select 1 from ${companies} where ${companies.id} = ${companyId} for update`);
    const [{ n } = { n: 0 }] = await selectRows<{ n: number }>(
      tx,
      sql`select cast(count(*) as int) as n from job_sources where company_id = ${companyId}`,
    );
    if (n >= JOB_SOURCES_MAX) throw badRequest(JOB_SOURCE_MESSAGES.tooMany(JOB_SOURCES_MAX));
    const [created] = await tx
      .insert(jobSources)
      .values({ companyId, addedBy, url, nextCrawlAt: new Date(Date.now() + LEASE_MS) })
      .onConflictDoNothing()
      .returning();
    if (!created) throw conflict(JOB_SOURCE_MESSAGES.duplicate, { url: JOB_SOURCE_MESSAGES.duplicate });
    await enqueue(
      tx,
      'crawl-source',
      { sourceId: created.id },
      { jobKey: `crawl-source:${created.id}`, maxAttempts: CRAWL_ATTEMPTS },
    );
    return created;
  });
  return toSource(row, 0);
}

/** Removes a job source; the jobs read from it stay as they are (no longer kept in step). */
export async function removeSource(db: Db, companyId: string, sourceId: string): Promise<void> {
  const deleted = await db
    .delete(jobSources)
    .where(and(eq(jobSources.id, sourceId), eq(jobSources.companyId, companyId)))
    .returning({ id: jobSources.id });
  if (deleted.length === 0) throw notFound(JOB_SOURCE_MESSAGES.notFound);
}

/**
 * The scheduled run ('crawl-due-sources', once across every process): the sources whose next crawl is due, oldest
 * due first, each leased (not due again while its crawl waits) and queued SOURCE_SPACING_MS after the one before.
 */
export async function crawlDueSources(db: Db, now = Date.now()): Promise<number> {
  return inTransaction(db, async (tx) => {
    const due = await selectRows<{ id: string }>(
      tx,
      sql`select id from job_sources where next_crawl_at <= ${new Date(now).toISOString()}::timestamptz
          order by next_crawl_at, id limit ${DUE_PER_RUN} for update skip locked`,
    );
    for (const [i, { id }] of due.entries()) {
      await tx
        .update(jobSources)
        .set({ nextCrawlAt: new Date(now + LEASE_MS) })
        .where(eq(jobSources.id, id));
      await enqueue(
        tx,
        'crawl-source',
        { sourceId: id },
        { jobKey: `crawl-source:${id}`, maxAttempts: CRAWL_ATTEMPTS, runAt: new Date(now + i * SOURCE_SPACING_MS) },
      );
    }
    return due.length;
  });
}

/** A crawled posting as a job the jobs feature stores (the post-job form's reading of an import), or null if it lacks one. */
function jobInputOf(job: ImportedJob, companyName: string): JobInput | null {
  const form = importedToForm(
    {
      title: '',
      company: companyName,
      location: '',
      employmentType: 'full-time',
      description: '',
      requirements: '',
      skills: [],
    },
    job,
  );
  const parsed = jobFormSchema.safeParse(form);
  return parsed.success ? parsed.data : null;
}

/** What the company's admins are told when a crawl fails: a refusal says why; anything else the crawl's message. */
const failureMessage = (error: unknown) =>
  isAppError(error) && error.statusCode < 500 ? error.message : JOB_IMPORT_MESSAGES.crawlFailed;

class SourceFailure extends Error {}

/**
 * The 'crawl-source' task: crawls the source (robots.txt honoured, the crawl's caps, the SSRF-safe fetcher) and keeps
 * its jobs in step (syncSourceJobs, one transaction). A crawl that fails, lists no jobs or lists none that is a whole
 * job changes no job: the source records the error and is tried again later and later (retryDelayMs).
 */
export async function crawlSource(
  db: Db,
  ctx: ImportContext & { caps?: Partial<CrawlCaps> },
  sourceId: string,
): Promise<SourceSync | null> {
  const [row] = await db
    .select({ source: jobSources, companyName: companies.name })
    .from(jobSources)
    .innerJoin(companies, eq(companies.id, jobSources.companyId))
    .where(eq(jobSources.id, sourceId));
  if (!row) return null;
  const { source } = row;
  let outcome: SourceSync;
  let listed: number;
  try {
    const result = await crawlSite(source.url, ctx);
    if (result.jobs.length === 0) throw new SourceFailure(JOB_SOURCE_MESSAGES.noJobs);
    const jobs = result.jobs.flatMap(({ url, job }) => {
      const input = jobInputOf(job, row.companyName);
      return input ? [{ url, input }] : [];
    });
    if (jobs.length === 0) throw new SourceFailure(JOB_SOURCE_MESSAGES.invalidJobs);
    listed = jobs.length;
    outcome = await syncSourceJobs(db, { id: source.id, companyId: source.companyId }, jobs);
  } catch (error) {
    const failures = source.failures + 1;
    ctx.log?.warn({ err: error, sourceId, failures }, 'job source crawl failed');
    await db
      .update(jobSources)
      .set({
        failures,
        lastError: error instanceof SourceFailure ? error.message : failureMessage(error),
        nextCrawlAt: new Date(Date.now() + retryDelayMs(failures)),
      })
      .where(eq(jobSources.id, sourceId));
    return null;
  }
  const now = Date.now();
  await db
    .update(jobSources)
    .set({
      failures: 0,
      lastError: null,
      lastCrawledAt: new Date(now),
      nextCrawlAt: nextPeriod(now),
      jobsListed: listed,
    })
    .where(eq(jobSources.id, sourceId));
  return outcome;
}
