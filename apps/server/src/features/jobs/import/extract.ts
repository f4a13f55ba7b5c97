import { load } from 'cheerio/slim';
import { recogniseSkills } from '@referwell/shared';
import { mapJobPosting, readJsonLd, type MappedJob } from './json-ld';
import { readMicrodataJob } from './microdata';
import { readPage } from './page';
import { indexPage } from './page-index';
import { pruneInertBodies } from './page-prune';
import { FIELD_CAPS, type ImportedJob, type ImportResult, type ImportSource } from './types';

/** A page reading whose evidence weighs less than this (one weak source: prose, a page-title part) is flagged. */
const UNCERTAIN_BELOW = 1.5;

/** Pages beyond this many characters are read only up to it (a job page is far smaller). */
export const MAX_HTML_LENGTH = 3_000_000;

function cap(value: string, max: number): string {
  const trimmed = value.trim();
  return trimmed.length > max ? trimmed.slice(0, max).trimEnd() : trimmed;
}

function finish(mapped: MappedJob, source: ImportSource, fallbackCompany: string): ImportResult | null {
  if (!mapped.title.trim()) return null;
  const job = finishJob(mapped, fallbackCompany);
  return { job, source };
}

/** Caps every field to the job form's limits and recognises skills in the text (also used by the ATS adapters). */
export function finishJob(mapped: MappedJob, fallbackCompany = ''): ImportedJob {
  const { skillsText, ...fields } = mapped;
  if (!fields.company) fields.company = fallbackCompany;
  const job = {} as ImportedJob;
  for (const key of Object.keys(FIELD_CAPS) as (keyof typeof FIELD_CAPS)[])
    job[key] = cap(fields[key], FIELD_CAPS[key]);
  job.skills = recogniseSkills(
    [job.title, job.description, job.responsibilities, job.requirements, skillsText].filter(Boolean).join('\n'),
  );
  return job;
}

/**
 * Reads a job posting from a page's HTML (no network access: the caller fetched it). Tries, in order, schema.org
 * JobPosting JSON-LD, JobPosting microdata, then the page itself (og:title / <h1>, the main content split by its
 * headings, a salary, a 'Location:' label, a mailto link). Returns null when no job can be read.
 */
export function extractJobFromHtml(html: string, pageUrl: string): ImportResult | null {
  try {
    return extract(pruneInertBodies(html), pageUrl);
  } catch (error) {
    // Pathological markup (nesting deep enough to exhaust the stack in the HTML libraries) is not a job page.
    if (error instanceof RangeError) return null;
    throw error;
  }
}

function extract(html: string, pageUrl: string): ImportResult | null {
  // htmlparser2 (cheerio/slim) rather than parse5: several times faster on multi-megabyte pages, and the reader
  // needs no spec-exact tree (a page without <body> is read from its root).
  const page = indexPage(load(html));
  const graph = readJsonLd(page);
  const siteName = page.meta('og:site_name');

  for (const node of graph.jobs) {
    const result = finish(mapJobPosting(node, graph.byId, pageUrl), 'json-ld', siteName);
    if (result) return result;
  }
  const microdata = readMicrodataJob(page);
  if (microdata) {
    const result = finish(mapJobPosting(microdata, new Map(), pageUrl), 'microdata', siteName);
    if (result) return result;
  }
  const reading = readPage(page, pageUrl, graph);
  const result = reading ? finish(reading.job, 'page', siteName) : null;
  if (!result || !reading) return null;
  const uncertain = (Object.keys(reading.confidence) as (keyof typeof reading.confidence)[]).filter(
    (field) => result.job[field] && reading.confidence[field] < UNCERTAIN_BELOW,
  );
  return uncertain.length ? { ...result, uncertain } : result;
}
