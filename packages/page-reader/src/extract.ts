import { load } from 'cheerio/slim';
import { cleanSkillList, recogniseSkills } from '@referwell/shared';
import { mapJobPosting, readJsonLd, type MappedJob } from './json-ld';
import { readMicrodataJob } from './microdata';
import { readPage, type PageReading } from './page';
import { choosePosting, dataPostings } from './page-postings';
import { foldKey } from './page-scoring';
import type { PageIndex } from './page-index';
import { indexPage } from './page-index';
import { pruneInertBodies } from './page-prune';
import { withPayLanguage } from './salary';
import { FIELD_CAPS, type ImportedJob, type ImportResult, type ImportSource } from './types';

/** A page reading whose evidence weighs less than this (one weak source: prose, a page-title part) is flagged. */
const UNCERTAIN_BELOW = 1.5;

/** Pages beyond this many characters are read only up to it (a job page is far smaller). */
export const MAX_HTML_LENGTH = 3_000_000;

function cap(value: string, max: number): string {
  const trimmed = value.trim();
  return trimmed.length > max ? trimmed.slice(0, max).trimEnd() : trimmed;
}

/** Caps every field to the job form's limits and recognises skills in the text (also used by the ATS adapters). */
export function finishJob(mapped: MappedJob, fallbackCompany = ''): ImportedJob {
  const { skillsText, declaredSkills = [], ...fields } = mapped;
  if (!fields.company) fields.company = fallbackCompany;
  const job = {} as ImportedJob;
  for (const key of Object.keys(FIELD_CAPS) as (keyof typeof FIELD_CAPS)[])
    job[key] = cap(fields[key], FIELD_CAPS[key]);
  job.skills = cleanSkillList([
    ...declaredSkills,
    ...recogniseSkills(
      [job.title, job.description, job.responsibilities, job.requirements, skillsText].filter(Boolean).join('\n'),
    ),
  ]);
  return job;
}

/**
 * Reads a job posting from a page's HTML (no network access: the caller fetched it). Tries, in order, schema.org
 * JobPosting JSON-LD, JobPosting microdata, then the page itself (og:title / <h1>, the main content split by its
 * headings, a salary, a 'Location:' label, a mailto link). Returns null when no job can be read.
 */
export function extractJobFromHtml(html: string, pageUrl: string): ImportResult | null {
  const read = readJobPage(html, pageUrl);
  return 'noJob' in read ? null : read;
}

/** Why a page gave no job: no readable title, an article, a list of jobs, or markup the reader cannot handle. */
export type NoJob = { noJob: 'no-title' | 'article' | 'job-list' | 'unreadable' };

/** extractJobFromHtml, telling why when there is no job (what the import answers the user). */
export function readJobPage(html: string, pageUrl: string): ImportResult | NoJob {
  try {
    // 'kr' is SEK, NOK or DKK by the page's language.
    const language = /<html\b[^>]*\blang\s*=\s*["']?([\w-]+)/i.exec(html.slice(0, 5000))?.[1] ?? '';
    return withPayLanguage(language, () => extract(pruneInertBodies(html), pageUrl));
  } catch (error) {
    // Pathological markup (nesting deep enough to exhaust the stack in the HTML libraries) cannot be read.
    if (error instanceof RangeError) return { noJob: 'unreadable' };
    throw error;
  }
}

/** The fields the page reading weighs, filled into structured data that leaves them empty. */
const HEADER_FIELDS = ['title', 'company', 'location', 'job_type', 'salary_range'] as const;

/** What the page shows as its posting's title: its headings and its titles (for agreement with data). */
function shownTitles(page: PageIndex): string[] {
  const headings = page
    .keptTags('h1', 'h2', 'h3')
    .slice(0, 12)
    .map((el) => page.text(el));
  const title = page.tags('title')[0];
  const titles = [page.meta('og:title'), title ? page.text(title) : ''];
  return [...headings, ...titles.flatMap((t) => [t, ...t.split(/\s+[|·–—-]\s+|\s*\|\s*/)])].filter(Boolean);
}

/** Whether the page says it is an article (a blog post, news), not a posting. */
function isArticle(page: PageIndex, types: string[]): boolean {
  return /^article$/i.test(page.meta('og:type')) || types.some((t) => /(?:Blog|News)?Posting$|Article$/.test(t));
}

/** The structured posting (JSON-LD, microdata) the page agrees with: its title shown by the page, else the first. */
function chooseStructured(candidates: { mapped: MappedJob; source: ImportSource }[], shown: string[]) {
  const keys = shown.map(foldKey);
  const scored = candidates
    .filter((c) => c.mapped.title.trim())
    .map((c, i) => {
      const title = foldKey(c.mapped.title);
      const agrees = keys.includes(title) ? 2 : keys.some((k) => k.includes(title) || title.includes(k)) ? 1 : 0;
      return { ...c, score: agrees * 10 - i * 0.01 };
    });
  scored.sort((a, b) => b.score - a.score);
  return scored[0] ?? null;
}

function extract(html: string, pageUrl: string): ImportResult | NoJob {
  // htmlparser2 (cheerio/slim) rather than parse5: several times faster on multi-megabyte pages, and the reader
  // needs no spec-exact tree (a page without <body> is read from its root).
  const page = indexPage(load(html));
  const graph = readJsonLd(page);
  const siteName = page.meta('og:site_name');
  const shown = shownTitles(page);

  const structured: { mapped: MappedJob; source: ImportSource }[] = graph.jobs.map((node) => ({
    mapped: mapJobPosting(node, graph.byId, pageUrl),
    source: 'json-ld',
  }));
  const microdata = readMicrodataJob(page);
  if (microdata) structured.push({ mapped: mapJobPosting(microdata, new Map(), pageUrl), source: 'microdata' });
  const chosen = chooseStructured(structured, shown);

  const postings = dataPostings(page);
  const posting = choosePosting(postings, shown, pageUrl);
  const reading = readPage(page, pageUrl, graph, posting);
  if (chosen) return withPageEvidence(chosen.mapped, chosen.source, reading, siteName);
  if (!reading) return { noJob: !posting && postings.length >= 3 ? 'job-list' : 'no-title' };
  const types = [graph.organizations, graph.jobs].flat().map((n) => String(n['@type']));
  const otherTypes = page.tags('script').length ? articleTypes(page) : [];
  // A page that says it is an article and shows almost nothing of a posting is not one; any other page with a
  // plausible title is imported, its weak fields marked for the user's attention.
  if (reading.signals < 2 && isArticle(page, [...types, ...otherTypes])) return { noJob: 'article' };
  const job = finishJob(reading.job, siteName);
  const uncertain = HEADER_FIELDS.filter((field) => job[field] && reading.confidence[field] < UNCERTAIN_BELOW);
  return uncertain.length ? { job, source: 'page', uncertain } : { job, source: 'page' };
}

/** The @type of every JSON-LD node on the page (BlogPosting, NewsArticle…), read cheaply. */
function articleTypes(page: PageIndex): string[] {
  const out: string[] = [];
  for (const el of page.tags('script'))
    if (/ld\+json/i.test(el.attribs.type ?? ''))
      for (const m of page.text(el).matchAll(/"@type"\s*:\s*"([^"]+)"/g)) out.push(m[1] ?? '');
  return out;
}

/**
 * Structured data as the page's evidence: its fields stand, and those it leaves empty (a JobPosting without pay or
 * employment type) are read from the page, marked uncertain when the page's evidence is weak.
 */
function withPageEvidence(
  mapped: MappedJob,
  source: ImportSource,
  reading: PageReading | null,
  siteName: string,
): ImportResult {
  const filled: (typeof HEADER_FIELDS)[number][] = [];
  if (reading)
    for (const field of HEADER_FIELDS)
      if (!mapped[field].trim() && reading.job[field]) {
        mapped[field] = reading.job[field];
        if (reading.confidence[field] < UNCERTAIN_BELOW) filled.push(field);
      }
  const job = finishJob(mapped, siteName);
  return filled.length ? { job, source, uncertain: filled } : { job, source };
}
