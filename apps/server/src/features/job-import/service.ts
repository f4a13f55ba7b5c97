import type { ImportedJob, JobImportResponse, JobImportSource } from '@referwell/shared';
import { JOB_IMPORT_MESSAGES } from '@referwell/shared';
import type { Config } from '../../config';
import { AppError, isAppError } from '../../lib/errors';
import { safeFetch, type SafeResponse } from '../../lib/safe-fetch';
import { runInWorker } from '../../lib/worker-task';
import { matchAts, type AtsTarget } from './ats';
import { finishJob, suggestSkills, type ImportResult, type MappedJob, type NoJob } from '@referwell/page-reader';
import { extractWithLlm, LLM_MAX_INPUT_CHARS } from './llm';

export interface ImportLimits {
  /** Time for one outbound request (page or ATS API). */
  fetchTimeoutMs: number;
  /** Largest page or API answer read. */
  maxBytes: number;
  /** Time the extraction of one page may take in its worker thread. */
  extractTimeoutMs: number;
  /** Time the optional LLM step may take. */
  llmTimeoutMs: number;
}

export const IMPORT_LIMITS: ImportLimits = {
  fetchTimeoutMs: 15_000,
  maxBytes: 5 * 1024 * 1024,
  extractTimeoutMs: 10_000,
  llmTimeoutMs: 30_000,
};

export interface ImportContext {
  config: Pick<Config, 'outboundAllowHosts' | 'atsApis' | 'llm'>;
  limits?: Partial<ImportLimits>;
  log?: { warn: (obj: object, msg: string) => void };
}

export interface ImportedFrom {
  job: ImportedJob;
  source: JobImportSource;
  uncertain?: ImportResult['uncertain'];
}

/** A problem with the remote site (unreachable, slow, an error page, no job on it): answered as `success: false`. */
export class ImportFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFailure';
  }
}

const limitsOf = (ctx: ImportContext): ImportLimits => ({ ...IMPORT_LIMITS, ...ctx.limits });

/** Whether an error is about the remote site (→ success: false) rather than a refused request (→ 4xx). */
export function isSiteFailure(error: unknown): error is Error {
  return error instanceof ImportFailure || isAppError(error, 'OUTBOUND_FAILED') || isAppError(error, 'IMPORT_TIMEOUT');
}

/** Fetches a URL through the SSRF-safe fetcher with the import's limits. */
export function fetchOutbound(
  url: string,
  ctx: ImportContext,
  overrides: { timeoutMs?: number; maxBytes?: number; accept?: string; headers?: Record<string, string> } = {},
): Promise<SafeResponse> {
  const limits = limitsOf(ctx);
  const headers = { ...(overrides.accept ? { accept: overrides.accept } : {}), ...overrides.headers };
  return safeFetch(url, {
    allowHosts: ctx.config.outboundAllowHosts,
    maxBytes: overrides.maxBytes ?? limits.maxBytes,
    timeoutMs: overrides.timeoutMs ?? limits.fetchTimeoutMs,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
  });
}

/** What the user is told when a page gave no job, by what happened. */
const NO_JOB_MESSAGES: Record<NoJob['noJob'], string> = {
  'no-title': JOB_IMPORT_MESSAGES.noTitle,
  article: JOB_IMPORT_MESSAGES.articlePage,
  'job-list': JOB_IMPORT_MESSAGES.jobList,
  unreadable: JOB_IMPORT_MESSAGES.unreadable,
};

const isHtml = (contentType: string) => !contentType || /html|xml|text\/plain/i.test(contentType);

const ATS_LABELS = { greenhouse: 'Greenhouse', lever: 'Lever', ashby: 'Ashby', workable: 'Workable' } as const;

/**
 * A job from an applicant-tracking system's public API; 'missing' when the API says there is no such job (404, or a
 * board without it); null when the API could not be used (an error status, an answer that is not the documented JSON).
 */
export async function importFromAts(target: AtsTarget, ctx: ImportContext): Promise<ImportedFrom | 'missing' | null> {
  const response = await fetchOutbound(target.apiUrl, ctx, { accept: 'application/json' });
  if (response.status === 404) return 'missing';
  if (response.status !== 200) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(response.body);
  } catch {
    return null;
  }
  const mapped = target.map(payload);
  if (!mapped?.title.trim()) return 'missing';
  return { job: finishJob(mapped), source: target.ats };
}

/** Runs the HTML extraction library on a fetched page, in a worker thread with a time cap. */
export async function extractInWorker(html: string, url: string, ctx: ImportContext): Promise<ImportResult | NoJob> {
  try {
    return await runInWorker(
      'jobExtract',
      { html, url },
      {
        timeoutMs: limitsOf(ctx).extractTimeoutMs,
        onTimeout: () => new AppError(422, 'IMPORT_TIMEOUT', JOB_IMPORT_MESSAGES.tooSlow),
      },
    );
  } catch (error) {
    // A page that crashes its worker (e.g. over the memory ceiling) could not be read.
    if (isAppError(error)) throw error;
    ctx.log?.warn({ err: error, url }, 'job extraction worker failed');
    throw new ImportFailure(JOB_IMPORT_MESSAGES.unreadable);
  }
}

/** Fills the fields the page reading left empty (or got from weak page heuristics) with the model's answer. */
function merge(llm: MappedJob, page: ImportedJob | undefined): MappedJob {
  const merged = { ...llm };
  for (const key of Object.keys(llm) as (keyof MappedJob)[]) {
    if (key === 'skillsText' || key === 'declaredSkills') continue;
    if (!merged[key] && page?.[key]) merged[key] = page[key];
  }
  if (page?.skills.length) merged.skillsText = [merged.skillsText, page.skills.join(', ')].filter(Boolean).join(', ');
  return merged;
}

async function withLlm(html: string, url: string, found: ImportResult | null, ctx: ImportContext) {
  const llm = ctx.config.llm;
  if (!llm || (found && found.source !== 'page')) return null;
  try {
    const text = await runInWorker(
      'jobPageText',
      { html, maxChars: LLM_MAX_INPUT_CHARS },
      {
        timeoutMs: limitsOf(ctx).extractTimeoutMs,
        onTimeout: () => new AppError(422, 'IMPORT_TIMEOUT', JOB_IMPORT_MESSAGES.tooSlow),
      },
    );
    if (!text.trim()) return null;
    const answer = await extractWithLlm(llm, text, url, { timeoutMs: limitsOf(ctx).llmTimeoutMs });
    return answer
      ? { job: finishJob(merge(answer, found?.job), found?.job.company ?? ''), source: 'llm' as const }
      : null;
  } catch (error) {
    // The LLM step is optional: when it fails, the page's own reading stands.
    ctx.log?.warn({ err: error, url }, 'LLM job extraction failed');
    return null;
  }
}

const GREENHOUSE_EMBED =
  /(?:boards|job-boards)(?:\.eu)?\.greenhouse\.io\/embed\/job_board(?:\/js)?\?(?:[^"'\s]*&(?:amp;)?)?for=([A-Za-z0-9_.-]+)/;

/** A company careers page with ?gh_jid={id} that embeds a Greenhouse board (its script names the board). */
function greenhouseEmbed(url: string, html: string, ctx: ImportContext): AtsTarget | null {
  const id = new URL(url).searchParams.get('gh_jid');
  if (!id || !/^\d{1,20}$/.test(id)) return null;
  const board = GREENHOUSE_EMBED.exec(html)?.[1];
  return board ? matchAts(`https://boards.greenhouse.io/${board}/jobs/${id}`, ctx.config.atsApis) : null;
}

/**
 * Reads a job posting from a URL: (1) a known applicant-tracking system through its public API; (2) the page, fetched
 * safely, through JSON-LD, microdata, then the page itself; (3) when configured, an LLM for pages with no structured
 * data. Throws ImportFailure / site AppErrors for remote problems and AppError 400 for refused addresses.
 */
export async function importJob(url: string, ctx: ImportContext): Promise<ImportedFrom> {
  const target = matchAts(url, ctx.config.atsApis);
  if (target) {
    try {
      const fromAts = await importFromAts(target, ctx);
      if (fromAts === 'missing')
        throw new ImportFailure(`${ATS_LABELS[target.ats]} has no open job at that link. It may have been closed.`);
      if (fromAts) return fromAts;
    } catch (error) {
      if (error instanceof ImportFailure) throw error;
      if (!isSiteFailure(error)) throw error;
      ctx.log?.warn({ err: error, url }, 'ATS API import failed; reading the page instead');
    }
  }

  const response = await fetchOutbound(url, ctx);
  if (response.status >= 400) throw new ImportFailure(JOB_IMPORT_MESSAGES.siteError(response.status));
  if (!isHtml(response.contentType)) throw new ImportFailure(JOB_IMPORT_MESSAGES.notHtml);
  // A company careers page embedding a Greenhouse board, linked with ?gh_jid={id}: the job comes from the API.
  const embedded = target ? null : greenhouseEmbed(url, response.body, ctx);
  if (embedded) {
    try {
      const fromAts = await importFromAts(embedded, ctx);
      if (fromAts && fromAts !== 'missing') return fromAts;
    } catch (error) {
      if (!isSiteFailure(error)) throw error;
    }
  }
  const read = await extractInWorker(response.body, response.url, ctx);
  const found = 'noJob' in read ? null : read;
  const fromLlm = await withLlm(response.body, response.url, found, ctx);
  if (fromLlm) return fromLlm;
  if ('noJob' in read) throw new ImportFailure(NO_JOB_MESSAGES[read.noJob]);
  return read;
}

/** importJob as the endpoint answers it: `{ success, data, source }`, or `{ success: false, error }` for site problems. */
export async function importJobFromUrl(url: string, ctx: ImportContext): Promise<JobImportResponse> {
  try {
    const { job, source, uncertain } = await importJob(url, ctx);
    const suggested = suggestSkills(job.requirements).filter((skill) => !job.skills.includes(skill));
    return {
      success: true,
      data: job,
      source,
      ...(uncertain?.length ? { uncertain } : {}),
      ...(suggested.length ? { suggested_skills: suggested } : {}),
    };
  } catch (error) {
    if (isSiteFailure(error)) return { success: false, error: error.message };
    throw error;
  }
}
