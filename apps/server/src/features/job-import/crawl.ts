import robotsParser from 'robots-parser';
import type { CrawlStopReason, JobCrawlResponse, JobImportSource, ImportedJob } from '@referwell/shared';
import { AppError, isAppError } from '../../lib/errors';
import { runInWorker } from '../../lib/worker-task';
import { matchAts, matchAtsBoard, type AtsBoard, type AtsTarget } from './ats';
import { fetchOutbound, importFromAts, isSiteFailure, type ImportContext } from './service';
import { finishJob, type ImportResult } from '@referwell/page-reader';

export const CRAWLER_USER_AGENT = 'ReferwellBot';

export interface CrawlCaps {
  /** Pages fetched at most (robots.txt not counted). */
  maxPages: number;
  /** Link depth from the start page (the start page is depth 0). */
  maxDepth: number;
  /** Bytes read at most across all pages. */
  maxBytes: number;
  /** Wall-clock limit for the whole crawl (SPEC §9: 120 s). */
  timeMs: number;
  /** Time for one page. */
  pageTimeoutMs: number;
  /** Largest single page. */
  pageMaxBytes: number;
  /** Applicant-tracking job links found on the site that are imported through their APIs. */
  maxAtsJobs: number;
  /** Postings taken from one board's list answer (one request, so far more than maxAtsJobs' one request each). */
  maxBoardJobs: number;
}

export const CRAWL_CAPS: CrawlCaps = {
  maxPages: 50,
  maxDepth: 3,
  maxBytes: 20 * 1024 * 1024,
  timeMs: 120_000,
  pageTimeoutMs: 15_000,
  pageMaxBytes: 5 * 1024 * 1024,
  maxAtsJobs: 20,
  maxBoardJobs: 500,
};

type Robots = ReturnType<typeof robotsParser>;

/** A page's validators (RFC 9110 §8.8): sent back on the next read so an unchanged page answers 304. */
export interface PageValidators {
  etag: string | null;
  lastModified: string | null;
}

/** A crawl's answer, with the start page's validators; `notModified` when it answered 304 (nothing else was read). */
export type SiteCrawl = JobCrawlResponse & { start: PageValidators; notModified: boolean };

/** If-None-Match / If-Modified-Since for a page read before. */
export function conditionalHeaders(validators: PageValidators | undefined): Record<string, string> {
  return {
    ...(validators?.etag ? { 'if-none-match': validators.etag } : {}),
    ...(validators?.lastModified ? { 'if-modified-since': validators.lastModified } : {}),
  };
}

/** The validators an answer carries (none when it sends none). */
function validatorsOf(response: { headers: Record<string, string | string[] | undefined> }): PageValidators {
  const header = (name: string) => [response.headers[name]].flat()[0] ?? null;
  return { etag: header('etag'), lastModified: header('last-modified') };
}

/** Told after every page fetched (and once at the end), for progress shown while the crawl runs. */
export type CrawlProgress = (progress: { pagesVisited: number; jobsFound: number }) => void | Promise<void>;

/** Same page: no #fragment. */
function normalise(url: string): string {
  const u = new URL(url);
  u.hash = '';
  return u.href;
}

/** A page reading counts as a job when it has structured data, or at least job-like sections. */
function isJob(result: ImportResult | null): result is ImportResult {
  if (!result) return false;
  if (result.source !== 'page') return true;
  return !!(result.job.responsibilities || result.job.requirements);
}

async function readRobots(origin: string, ctx: ImportContext, timeoutMs: number): Promise<Robots | null> {
  const robotsUrl = `${origin}/robots.txt`;
  try {
    const response = await fetchOutbound(robotsUrl, ctx, { timeoutMs, maxBytes: 512 * 1024, accept: 'text/plain' });
    if (response.status !== 200 || /html/i.test(response.contentType)) return null;
    return robotsParser(robotsUrl, response.body);
  } catch (error) {
    // No robots.txt, or it is unreachable: everything is allowed (a refused address is not: rethrown).
    if (isSiteFailure(error) || (isAppError(error) && /too large/i.test(error.message))) return null;
    throw error;
  }
}

/**
 * Same-origin breadth-first crawl from `startUrl` that honours robots.txt (user agent ReferwellBot), skips non-HTML,
 * and stops at the caps (pages, depth, bytes, time). Every request goes through the SSRF-safe fetcher and every page
 * is read in a worker thread. Job postings on applicant-tracking systems linked from the site are imported through
 * their APIs. Results are de-duplicated by URL and by title + company + location. A start address that is an ATS
 * board (its page or its public list API) is read through that list API instead (crawlBoard).
 */
export async function crawlSite(
  startUrl: string,
  ctx: ImportContext & {
    caps?: Partial<CrawlCaps>;
    onProgress?: CrawlProgress;
    /** The start page's validators from the last read: an unchanged start page answers 304 and the crawl stops. */
    startValidators?: PageValidators;
  },
): Promise<SiteCrawl> {
  const caps = { ...CRAWL_CAPS, ...ctx.caps };
  const deadline = Date.now() + caps.timeMs;
  const board = matchAtsBoard(startUrl, ctx.config.atsApis);
  if (board) return crawlBoard(board, ctx, caps, deadline);
  const start = normalise(startUrl);
  const origin = new URL(start).origin;
  const remaining = () => deadline - Date.now();
  const report = async () => ctx.onProgress?.({ pagesVisited, jobsFound: jobs.length });

  const jobs: JobCrawlResponse['jobs'] = [];
  const seenJobs = new Set<string>();
  const addJob = (url: string, job: ImportedJob, source: JobImportSource) => {
    const key = [job.title, job.company, job.location].map((v) => v.trim().toLowerCase()).join('|');
    if (seenJobs.has(url) || seenJobs.has(key)) return;
    seenJobs.add(url);
    seenJobs.add(key);
    jobs.push({ url, job, source });
  };

  const robots = await readRobots(origin, ctx, Math.min(caps.pageTimeoutMs, remaining()));
  const allowed = (url: string) => robots?.isAllowed(url, CRAWLER_USER_AGENT) !== false;

  let stoppedBy: CrawlStopReason | null = null;
  let pagesVisited = 0;
  let bytes = 0;
  let depthCut = false;
  const queue: { url: string; depth: number }[] = allowed(start) ? [{ url: start, depth: 0 }] : [];
  const queued = new Set<string>([start]);
  const atsLinks = new Map<string, AtsTarget>();
  const startRead: PageValidators = { etag: null, lastModified: null };

  while (queue.length > 0) {
    if (pagesVisited > 0) await report();
    if (remaining() <= 0) {
      stoppedBy = 'time';
      break;
    }
    if (pagesVisited >= caps.maxPages) {
      stoppedBy = 'pages';
      break;
    }
    const budget = caps.maxBytes - bytes;
    if (budget <= 0) {
      stoppedBy = 'bytes';
      break;
    }
    const { url, depth } = queue.shift()!;
    pagesVisited++;
    const pageMax = Math.min(caps.pageMaxBytes, budget);
    let response;
    try {
      response = await fetchOutbound(url, ctx, {
        timeoutMs: Math.min(caps.pageTimeoutMs, remaining()),
        maxBytes: pageMax,
        ...(url === start ? { headers: conditionalHeaders(ctx.startValidators) } : {}),
      });
    } catch (error) {
      if (isAppError(error) && /too large/i.test(error.message)) {
        if (pageMax === budget) {
          stoppedBy = 'bytes';
          break;
        }
        continue;
      }
      if (remaining() <= 0) {
        stoppedBy = 'time';
        break;
      }
      // The start page's refusal (a private address) is the caller's error; later pages are skipped.
      if (!isSiteFailure(error) && url === start) throw error;
      continue;
    }
    bytes += Buffer.byteLength(response.body);
    if (url === start) {
      if (response.status === 304)
        return { jobs: [], pagesVisited, stoppedBy: null, start: startRead, notModified: true };
      if (response.status === 200) Object.assign(startRead, validatorsOf(response));
    }
    if (response.status >= 400 || !/html/i.test(response.contentType || 'text/html')) continue;
    // A redirect off the site ends this branch.
    if (new URL(response.url).origin !== origin) continue;

    let page: { result: ImportResult | null; links: string[] };
    try {
      page = await runInWorker(
        'jobCrawlPage',
        { html: response.body, url: response.url },
        {
          timeoutMs: Math.max(1, Math.min(10_000, remaining())),
          onTimeout: () => new AppError(422, 'IMPORT_TIMEOUT', 'Reading a page took too long.'),
        },
      );
    } catch {
      continue;
    }
    if (isJob(page.result)) addJob(normalise(response.url), page.result.job, page.result.source);

    for (const link of page.links) {
      const linkUrl = new URL(link);
      if (linkUrl.origin !== origin) {
        const target = matchAts(link, ctx.config.atsApis);
        if (target && !atsLinks.has(link) && atsLinks.size < caps.maxAtsJobs) atsLinks.set(link, target);
        continue;
      }
      if (queued.has(link)) continue;
      if (depth + 1 > caps.maxDepth) {
        depthCut = true;
        continue;
      }
      queued.add(link);
      if (allowed(link)) queue.push({ url: link, depth: depth + 1 });
    }
  }
  if (!stoppedBy && depthCut) stoppedBy = 'depth';

  for (const [link, target] of atsLinks) {
    if (remaining() <= 0) {
      stoppedBy ??= 'time';
      break;
    }
    try {
      const found = await importFromAts(target, {
        ...ctx,
        limits: { ...ctx.limits, fetchTimeoutMs: Math.min(caps.pageTimeoutMs, remaining()) },
      });
      if (found && found !== 'missing') addJob(link, found.job, found.source);
    } catch {
      /* an unreachable ATS posting is skipped */
    }
  }

  await report();
  return { jobs, pagesVisited, stoppedBy, start: startRead, notModified: false };
}

/**
 * A job board on an applicant-tracking system, read through its public list API in one request (no pages, no
 * robots.txt: a documented API made for job sites): every listed posting, mapped as the adapter maps one posting, up
 * to maxBoardJobs within the time cap. The board's validators are sent back when it gave some, and a 304 ends the read.
 * An error status or an answer that is not the documented JSON lists no job.
 */
async function crawlBoard(
  board: AtsBoard,
  ctx: ImportContext & { onProgress?: CrawlProgress; startValidators?: PageValidators },
  caps: CrawlCaps,
  deadline: number,
): Promise<SiteCrawl> {
  const none = { etag: null, lastModified: null };
  let response;
  try {
    response = await fetchOutbound(board.apiUrl, ctx, {
      accept: 'application/json',
      timeoutMs: Math.max(1, Math.min(caps.pageTimeoutMs, deadline - Date.now())),
      maxBytes: caps.maxBytes,
      headers: conditionalHeaders(ctx.startValidators),
    });
  } catch (error) {
    if (isSiteFailure(error) || (isAppError(error) && /too large/i.test(error.message)))
      return { jobs: [], pagesVisited: 1, stoppedBy: null, start: none, notModified: false };
    throw error;
  }
  if (response.status === 304) return { jobs: [], pagesVisited: 1, stoppedBy: null, start: none, notModified: true };
  let postings: ReturnType<AtsBoard['list']> = null;
  if (response.status === 200)
    try {
      postings = board.list(JSON.parse(response.body));
    } catch {
      postings = null;
    }
  const jobs: JobCrawlResponse['jobs'] = [];
  const seen = new Set<string>();
  let stoppedBy: CrawlStopReason | null = null;
  for (const { url, job } of postings ?? []) {
    if (!job?.title.trim() || !url || seen.has(url)) continue;
    if (jobs.length >= caps.maxBoardJobs) {
      stoppedBy = 'pages';
      break;
    }
    if (Date.now() >= deadline) {
      stoppedBy = 'time';
      break;
    }
    seen.add(url);
    jobs.push({ url, job: finishJob(job), source: board.ats });
  }
  await ctx.onProgress?.({ pagesVisited: 1, jobsFound: jobs.length });
  return {
    jobs,
    pagesVisited: 1,
    stoppedBy,
    start: postings ? validatorsOf(response) : none,
    notModified: false,
  };
}

/**
 * The company a board names (Greenhouse's board name, Workable's account name; Lever and Ashby as their postings
 * spell it), read through the board's public API; '' when the URL is no board or the API answers nothing usable.
 */
export async function boardCompany(url: string, ctx: ImportContext): Promise<string> {
  const board = matchAtsBoard(url, ctx.config.atsApis);
  if (!board) return '';
  try {
    const response = await fetchOutbound(board.nameUrl ?? board.apiUrl, ctx, { accept: 'application/json' });
    return response.status === 200 ? board.company(JSON.parse(response.body)) : '';
  } catch (error) {
    if (isSiteFailure(error) || error instanceof SyntaxError) return '';
    throw error;
  }
}
