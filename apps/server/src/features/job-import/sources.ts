import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  JOB_IMPORT_MESSAGES,
  JOB_SOURCE_FAILURE_NOTICE,
  JOB_SOURCE_MESSAGES,
  JOB_SOURCES_MAX,
  jobFormSchema,
  NOTIFICATION_TYPES_COMPANY,
  type ImportedJob,
  type JobInput,
  type JobSource,
  type PlatformJobSource,
} from '@referwell/shared';
import { importedToForm } from '@referwell/shared/rules/imported-job';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { inTransaction, lowerEq, selectRows, type Executor } from '../../db/repository';
import { companies, companyMembers, jobSources, users } from '../../db/schema';
import { badRequest, conflict, isAppError, notFound } from '../../lib/errors';
import { enqueue } from '../../lib/queue/enqueue';
import { checkOutboundUrl } from '../../lib/safe-fetch';
import { createNotification } from '../../platform/notifications/service';
import { createCompany } from '../companies/port';
import { syncSourceJobs, type SourceSync } from '../jobs/port';
import { matchAts, matchAtsBoard } from './ats';
import { boardCompany, crawlSite, type CrawlCaps } from './crawl';
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

const openJobsOf = sql<number>`(select cast(count(*) as int) from job_postings j
  where j.source_id = job_sources.id and j.status = 'OPEN')`;

/** A company's job sources, oldest first, with how many open jobs each keeps now. */
export async function listSources(db: Db, companyId: string): Promise<JobSource[]> {
  const rows = await db
    .select({ source: jobSources, openJobs: openJobsOf })
    .from(jobSources)
    .where(eq(jobSources.companyId, companyId))
    .orderBy(asc(jobSources.createdAt), asc(jobSources.id));
  return rows.map((r) => toSource(r.source, Number(r.openJobs)));
}

/** The source row and its first crawl, in the caller's transaction (at most JOB_SOURCES_MAX a company, no duplicate). */
async function insertSource(tx: Executor, companyId: string, addedBy: string, url: string): Promise<SourceRow> {
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
  const row = await inTransaction(db, (tx) => insertSource(tx, companyId, addedBy, url));
  return toSource(row, 0);
}

type PlatformRow = { source: SourceRow; openJobs: number; companyName: string; companySlug: string };
const toPlatformSource = (r: PlatformRow): PlatformJobSource => ({
  ...toSource(r.source, Number(r.openJobs)),
  companyId: r.source.companyId,
  companyName: r.companyName,
  companySlug: r.companySlug,
});

/**
 * The platform's boards (issue 38): the job sources of companies not on Referwell yet, by company then age. A company
 * someone joined leaves this list; its admins manage its sources from then on.
 */
export async function listPlatformSources(db: Db): Promise<PlatformJobSource[]> {
  const rows = await db
    .select({ source: jobSources, openJobs: openJobsOf, companyName: companies.name, companySlug: companies.slug })
    .from(jobSources)
    .innerJoin(companies, eq(companies.id, jobSources.companyId))
    .where(eq(companies.notOnReferwell, true))
    .orderBy(asc(companies.name), asc(jobSources.createdAt), asc(jobSources.id));
  return rows.map(toPlatformSource);
}

/**
 * A platform admin adds the public board of a company not on Referwell (named by the admin, or by the board itself
 * when left unnamed): under the company of that name listed before
 * (not yet on Referwell), or a new one (its website the board's site unless the board is an applicant-tracking board or posting).
 * A company of that name on Referwell is refused (409): its own admins add its sources.
 */
export async function addPlatformSource(
  db: Db,
  ctx: ImportContext,
  addedBy: string,
  input: { url: string; companyName?: string | undefined },
): Promise<PlatformJobSource> {
  await checkOutboundUrl(input.url, { allowHosts: ctx.config.outboundAllowHosts });
  // No name typed: named from the applicant-tracking board's slug at once; its first queued read renames the company
  // from the board's own name (crawlSource). Nothing outside is read in the request.
  const board = matchAtsBoard(input.url, ctx.config.atsApis);
  const fromSlug = !input.companyName && board !== null;
  const companyName = (input.companyName || (board ? nameFromBoardSlug(board.slug) : '')).slice(0, 120).trim();
  if (companyName.length < 2)
    throw badRequest(JOB_SOURCE_MESSAGES.nameNeeded, { companyName: JOB_SOURCE_MESSAGES.nameNeeded });
  const id = await inTransaction(db, async (tx) => {
    // One listing per name at a time, so two admins adding boards of a new company make one company.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`listed-company:${companyName.toLowerCase()}`}))`);
    const [known] = await tx
      .select({ id: companies.id, notOnReferwell: companies.notOnReferwell })
      .from(companies)
      .where(lowerEq(companies.name, companyName))
      .orderBy(asc(companies.createdAt))
      .limit(1);
    if (known && !known.notOnReferwell) throw conflict(JOB_SOURCE_MESSAGES.companyOnReferwell(companyName));
    const companyId =
      known?.id ??
      (
        await createCompany(tx, {
          name: companyName,
          website:
            matchAts(input.url, ctx.config.atsApis) || matchAtsBoard(input.url, ctx.config.atsApis)
              ? null
              : new URL(input.url).origin,
          notOnReferwell: true,
          nameFromSlug: fromSlug,
        })
      ).id;
    return (await insertSource(tx, companyId, addedBy, input.url)).id;
  });
  const [added] = (await listPlatformSources(db)).filter((s) => s.id === id);
  return added!;
}

/** A board's slug as a company name until the board's own is read: "acme-health" → "Acme Health". */
export function nameFromBoardSlug(slug: string): string {
  return slug
    .split(/[-_.\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * A platform admin removes a board of a company not on Referwell: its open jobs close (nobody at the company keeps
 * them up to date) and the source goes; the company stays, listed with its closed jobs.
 */
export async function removePlatformSource(db: Db, sourceId: string): Promise<void> {
  const [row] = await db
    .select({ id: jobSources.id, companyId: jobSources.companyId })
    .from(jobSources)
    .innerJoin(companies, eq(companies.id, jobSources.companyId))
    .where(and(eq(jobSources.id, sourceId), eq(companies.notOnReferwell, true)));
  if (!row) throw notFound(JOB_SOURCE_MESSAGES.notFound);
  await syncSourceJobs(db, row, []);
  await db.delete(jobSources).where(eq(jobSources.id, sourceId));
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
  // Listed under the source's company, whatever name the posting gives its employer.
  const parsed = jobFormSchema.safeParse({ ...form, company: companyName });
  return parsed.success ? parsed.data : null;
}

/** What the company's admins are told when a crawl fails: a refusal says why; anything else the crawl's message. */
const failureMessage = (error: unknown) =>
  isAppError(error) && error.statusCode < 500 ? error.message : JOB_IMPORT_MESSAGES.crawlFailed;

class SourceFailure extends Error {}

/** The start page answered 304 (RFC 9110 §15.4.5): nothing changed, so no job changes and it counts as a good read. */
async function notModified(db: Db, source: SourceRow): Promise<SourceSync> {
  const now = Date.now();
  await db
    .update(jobSources)
    .set({ failures: 0, lastError: null, lastCrawledAt: new Date(now), nextCrawlAt: nextPeriod(now) })
    .where(eq(jobSources.id, source.id));
  return { added: 0, updated: 0, closed: 0, held: 0 };
}

/**
 * A source failed JOB_SOURCE_FAILURE_NOTICE crawls in a row: the platform's admins are told (bell, and mail as their
 * preferences say), and so are the company's admins when it is the company's own source.
 */
async function tellSourceFailing(
  tx: Executor,
  config: Pick<Config, 'platformAdminEmails'>,
  source: SourceRow & { lastError: string },
): Promise<void> {
  const { jobSourceFailing, platformJobSourceFailing } = NOTIFICATION_TYPES_COMPANY;
  const operators = config.platformAdminEmails.length
    ? await tx
        .select({ userId: users.id })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, [...config.platformAdminEmails]))
    : [];
  const admins = await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, source.companyId), eq(companyMembers.role, 'admin')));
  const told = new Set<string>();
  const recipients = [
    ...operators.map(({ userId }) => ({ userId, type: platformJobSourceFailing })),
    ...admins.map(({ userId }) => ({ userId, type: jobSourceFailing })),
  ];
  for (const { userId, type } of recipients) {
    if (told.has(userId)) continue;
    told.add(userId);
    await createNotification(tx, {
      userId,
      title: JOB_SOURCE_MESSAGES.failingTitle,
      message: JOB_SOURCE_MESSAGES.failing(source.url, JOB_SOURCE_FAILURE_NOTICE, source.lastError),
      type,
      referenceId: source.id,
    });
  }
}

/**
 * A company listed unnamed from its board is named from the board's slug; the first read renames it from the board's
 * own name (Greenhouse's board name, Workable's account, the first posting's employer for Lever and Ashby) while it is
 * unclaimed and still slug-named. A board that names nobody, or cannot be read now, keeps the slug name and is asked
 * again at the next read.
 */
async function nameFromBoard(db: Db, ctx: ImportContext, source: SourceRow, current: string): Promise<string> {
  const name = (await boardCompany(source.url, ctx)).slice(0, 120).trim();
  if (name.length < 2) return current;
  const [renamed] = await db
    .update(companies)
    .set({ name, nameFromSlug: false, updatedAt: new Date() })
    .where(
      and(eq(companies.id, source.companyId), eq(companies.nameFromSlug, true), eq(companies.notOnReferwell, true)),
    )
    .returning({ name: companies.name });
  return renamed?.name ?? current;
}

/**
 * The 'crawl-source' task: crawls the source (robots.txt honoured, the crawl's caps, the SSRF-safe fetcher) and keeps
 * its jobs in step (syncSourceJobs, one transaction). A crawl that fails, lists no jobs or lists none that is a whole
 * job changes no job: the source records the error and is tried again later and later (retryDelayMs).
 */
export async function crawlSource(
  db: Db,
  ctx: ImportContext & { caps?: Partial<CrawlCaps>; config: Pick<Config, 'platformAdminEmails'> },
  sourceId: string,
): Promise<SourceSync | null> {
  const [row] = await db
    .select({
      source: jobSources,
      companyName: companies.name,
      nameFromSlug: companies.nameFromSlug,
      notOnReferwell: companies.notOnReferwell,
    })
    .from(jobSources)
    .innerJoin(companies, eq(companies.id, jobSources.companyId))
    .where(eq(jobSources.id, sourceId));
  if (!row) return null;
  const { source } = row;
  if (row.nameFromSlug && row.notOnReferwell) row.companyName = await nameFromBoard(db, ctx, source, row.companyName);
  let outcome: SourceSync;
  let listed: number;
  let validators: { etag: string | null; lastModified: string | null };
  try {
    const result = await crawlSite(source.url, {
      ...ctx,
      startValidators: { etag: source.etag, lastModified: source.lastModified },
    });
    if (result.notModified) return await notModified(db, source);
    validators = result.start;
    if (result.jobs.length === 0) throw new SourceFailure(JOB_SOURCE_MESSAGES.noJobs);
    const jobs = result.jobs.flatMap(({ url, job }) => {
      const input = jobInputOf(job, row.companyName);
      return input ? [{ url, input }] : [];
    });
    if (jobs.length === 0) throw new SourceFailure(JOB_SOURCE_MESSAGES.invalidJobs);
    listed = jobs.length;
    // A read cut by the time, size or page caps may have missed postings that are still there: it closes none.
    const whole = result.stoppedBy === null || result.stoppedBy === 'depth';
    outcome = await syncSourceJobs(db, { id: source.id, companyId: source.companyId }, jobs, whole);
  } catch (error) {
    const failures = source.failures + 1;
    const lastError = error instanceof SourceFailure ? error.message : failureMessage(error);
    ctx.log?.warn({ err: error, sourceId, failures }, 'job source crawl failed');
    await inTransaction(db, async (tx) => {
      await tx
        .update(jobSources)
        .set({ failures, lastError, nextCrawlAt: new Date(Date.now() + retryDelayMs(failures)) })
        .where(eq(jobSources.id, sourceId));
      // Once a streak: the count passes the threshold only once before a good crawl sets it back to 0.
      if (failures === JOB_SOURCE_FAILURE_NOTICE) await tellSourceFailing(tx, ctx.config, { ...source, lastError });
    });
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
      ...validators,
    })
    .where(eq(jobSources.id, sourceId));
  return outcome;
}
