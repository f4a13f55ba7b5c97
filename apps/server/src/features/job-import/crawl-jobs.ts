import { and, eq, inArray } from 'drizzle-orm';
import { JOB_CRAWL_MESSAGES, JOB_IMPORT_MESSAGES, type JobCrawlStatus } from '@referwell/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/repository';
import { jobCrawls } from '../../db/schema';
import { isAppError, notFound } from '../../lib/errors';
import { enqueue } from '../../lib/queue/enqueue';
import { checkOutboundUrl } from '../../lib/safe-fetch';
import type { AuthContext } from '../../platform/sessions/sessions';
import { isCompanyAdminOf, type CompanyAuth } from '../../platform/access/guards';
import { crawlSite, type CrawlCaps } from './crawl';
import type { ImportContext } from './service';

declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    'crawl-site': { crawlId: string };
  }
}

type CrawlRow = typeof jobCrawls.$inferSelect;

/** Progress is written at most this often (and always at the end). */
const PROGRESS_EVERY_MS = 1_000;

function toStatus(row: CrawlRow): JobCrawlStatus {
  return {
    id: row.id,
    url: row.url,
    state: row.status,
    pagesVisited: row.pagesVisited,
    jobsFound: row.jobsFound,
    result: row.status === 'done' ? row.result : null,
    error: row.status === 'failed' ? row.errorMessage : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Starts a crawl for a company member: a private address is refused now (400), before anything is stored; the
 * row and its queued job are written in one transaction.
 */
export async function startCrawl(
  db: Db,
  ctx: Pick<ImportContext, 'config'>,
  poster: CompanyAuth,
  url: string,
): Promise<JobCrawlStatus> {
  await checkOutboundUrl(url, { allowHosts: ctx.config.outboundAllowHosts });
  const row = await inTransaction(db, async (tx) => {
    const [created] = await tx
      .insert(jobCrawls)
      .values({ companyId: poster.company.id, requestedBy: poster.user.id, url })
      .returning();
    // A crawl is bounded (120 s): a dead worker's job is released and run again, a failing one gives up soon.
    await enqueue(tx, 'crawl-site', { crawlId: created!.id }, { jobKey: `crawl-site:${created!.id}`, maxAttempts: 3 });
    return created!;
  });
  return toStatus(row);
}

/** A crawl, for the person who asked for it and their company's admins; anyone else is told it does not exist. */
export async function crawlStatus(db: Db, signedIn: AuthContext, id: string): Promise<JobCrawlStatus> {
  const [row] = await db.select().from(jobCrawls).where(eq(jobCrawls.id, id));
  if (!row || (row.requestedBy !== signedIn.user.id && !isCompanyAdminOf(signedIn, row.companyId)))
    throw notFound(JOB_CRAWL_MESSAGES.notFound);
  return toStatus(row);
}

/** What the person is told when a crawl fails: a refusal says why; anything else gets the spec's message. */
const failureMessage = (error: unknown) =>
  isAppError(error) && error.statusCode < 500 ? error.message : JOB_IMPORT_MESSAGES.crawlFailed;

/**
 * The 'crawl-site' task: runs the crawl, writing its progress to the row, then its result or error. A finished
 * crawl is left alone, so a repeated job changes nothing; a crawl cut off by a dead worker starts again from zero
 * (its progress is reset, and the one row holds the one result).
 */
export async function runCrawl(
  db: Db,
  ctx: ImportContext & { caps?: Partial<CrawlCaps> },
  crawlId: string,
): Promise<void> {
  const [row] = await db
    .update(jobCrawls)
    .set({ status: 'running', pagesVisited: 0, jobsFound: 0, startedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(jobCrawls.id, crawlId), inArray(jobCrawls.status, ['queued', 'running'])))
    .returning();
  if (!row) return;

  const stillRunning = and(eq(jobCrawls.id, crawlId), eq(jobCrawls.status, 'running'));
  let lastWrite = 0;
  const onProgress = async ({ pagesVisited, jobsFound }: { pagesVisited: number; jobsFound: number }) => {
    if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = Date.now();
    await db.update(jobCrawls).set({ pagesVisited, jobsFound, updatedAt: new Date() }).where(stillRunning);
  };

  let outcome: Partial<CrawlRow>;
  try {
    const { jobs, pagesVisited, stoppedBy } = await crawlSite(row.url, { ...ctx, onProgress });
    const result = { jobs, pagesVisited, stoppedBy };
    outcome = { status: 'done', result, pagesVisited: result.pagesVisited, jobsFound: result.jobs.length };
  } catch (error) {
    ctx.log?.warn({ err: error, crawlId }, 'crawl failed');
    outcome = { status: 'failed', errorMessage: failureMessage(error) };
  }
  const now = new Date();
  await db
    .update(jobCrawls)
    .set({ ...outcome, updatedAt: now, finishedAt: now })
    .where(stillRunning);
}
