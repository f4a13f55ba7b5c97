import type { Config } from '../../../config';
import { cleanEmail, findSalary, htmlToText, inlineText, splitSections, type MappedJob } from '@referwell/page-reader';

export type AtsName = 'greenhouse' | 'lever' | 'ashby' | 'workable';

/** A job on an applicant-tracking system, recognised from its public URL. */
export interface AtsTarget {
  ats: AtsName;
  /** The public job-board API URL that answers with this job (or the board holding it). */
  apiUrl: string;
  /** Maps the API's JSON answer to the job fields; null when the answer does not hold the job. */
  map: (payload: unknown) => MappedJob | null;
}

export type AtsApis = Config['atsApis'];

/** One posting of a board's list: its public address (the source's key for it) and its job, null if unreadable. */
export interface BoardPosting {
  url: string;
  job: MappedJob | null;
}

/** A whole public job board on an ATS, recognised from the board's page or its public API address. */
export interface AtsBoard {
  ats: AtsName;
  /** The board's name in its address (Greenhouse board, Lever site, Ashby organisation, Workable account). */
  slug: string;
  /** The public API URL that lists every open posting on the board. */
  apiUrl: string;
  /** A second public API URL naming the company, when the list itself does not (Greenhouse's board). */
  nameUrl?: string;
  /** The list's JSON answer → its postings; null when the answer is not the documented JSON. */
  list: (payload: unknown) => BoardPosting[] | null;
  /** The company name in the list's (or nameUrl's) answer, or '' when the API does not give one. */
  company: (payload: unknown) => string;
}

export interface AtsAdapter {
  name: AtsName;
  /** The target for a posting URL on this ATS, or null when the URL is not one of its job pages. */
  match: (url: URL, apis: AtsApis) => AtsTarget | null;
  /** The board for a board page or board API URL on this ATS, or null when the URL is not one. */
  matchBoard: (url: URL, apis: AtsApis) => AtsBoard | null;
}

/**
 * The board slug when `url` is a public API address under `base` (the configured API, or the vendor's public one):
 * `{base}/{slug}` followed by nothing but `rest` (e.g. '/jobs').
 */
export function apiSlug(url: URL, bases: string[], rest: string[] = []): string | null {
  const href = `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  for (const base of bases) {
    if (!href.toLowerCase().startsWith(`${base.toLowerCase()}/`)) continue;
    const tail = href.slice(base.length + 1).split('/');
    const [slug, ...more] = tail.map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
    if (slug && SLUG.test(slug) && (more.length === 0 || rest.includes(`/${more.join('/')}`))) return slug;
  }
  return null;
}

/** Path segments of a URL, decoded, without empty ones. */
export function segments(url: URL): string[] {
  return url.pathname
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
}

/** Board / company slugs and ids are short runs of letters, digits, '-', '_' and '.'. */
export const SLUG = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

const letters = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
const CAPITALISED_RUN = /[\p{Lu}\p{N}][\p{L}\p{N}&'’.-]*(?:\s+[\p{Lu}\p{N}][\p{L}\p{N}&'’.-]*){0,5}/gu;

/**
 * The company as the posting itself spells it, found by the board's slug ('leverclinic' → 'Lever Clinic' from
 * 'Lever Clinic is an equal opportunity employer'), for APIs that do not name the company; the slug made readable
 * when the text never names it.
 */
export function companyFromText(text: string, slug: string): string {
  const key = letters(slug);
  if (key.length >= 2)
    for (const [run] of text.matchAll(CAPITALISED_RUN)) {
      const words = run.split(/\s+/).map((w) => w.replace(/[.’']+$/, ''));
      for (let from = 0; from < words.length; from++)
        for (let to = from + 1; to <= words.length; to++) {
          const candidate = letters(words.slice(from, to).join(''));
          if (candidate === key) return words.slice(from, to).join(' ');
          if (candidate.length >= key.length) break;
        }
    }
  return companyFromSlug(slug);
}

/** 'acme-health_inc' → 'Acme Health Inc' (when the API does not name the company). */
export function companyFromSlug(slug: string): string {
  return slug
    .split(/[-_.\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/**
 * A posting's HTML body → description / responsibilities / requirements (split by its headings, like a page), with
 * the salary and a contact address read from the text when the API gives none.
 */
export function readBody(html: string): {
  description: string;
  responsibilities: string;
  requirements: string;
  salary: string;
  email: string;
  text: string;
} {
  const text = htmlToText(html, { markHeadings: true });
  const sections = splitSections(text);
  const plain = text.replaceAll('\u0001', '');
  const mailto = /mailto:([^"'\s>]+)/i.exec(html.includes('&lt;') && !html.includes('<') ? inlineDecoded(html) : html);
  const email = cleanEmail(mailto?.[1]) || cleanEmail(/[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/i.exec(plain)?.[0]);
  return { ...sections, salary: findSalary(plain), email, text: plain };
}

function inlineDecoded(html: string): string {
  return html.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&');
}

/** Pay interval words used by the ATS APIs ('per-year-salary', '1 YEAR', 'hourly') → YEAR | MONTH | WEEK | DAY | HOUR. */
export function intervalUnit(interval: string | undefined | null): string {
  const v = (interval ?? '').toLowerCase();
  if (/year|annual/.test(v)) return 'YEAR';
  if (/month/.test(v)) return 'MONTH';
  if (/week/.test(v)) return 'WEEK';
  if (/day|daily/.test(v)) return 'DAY';
  if (/hour/.test(v)) return 'HOUR';
  return '';
}

/** A single-line text value from an API string that may hold markup or entities. */
export const line = (value: string | null | undefined) => (value ? inlineText(value) : '');

/** An empty MappedJob to fill in. */
export function emptyJob(): MappedJob {
  return {
    title: '',
    company: '',
    location: '',
    job_type: '',
    description: '',
    responsibilities: '',
    requirements: '',
    salary_range: '',
    application_url: '',
    contact_email: '',
    deadline: '',
    skillsText: '',
  };
}

/** Location text plus a remote marker when the API says the job is remote but the text does not. */
export function withRemote(location: string, remote: boolean, hybrid = false): string {
  if (hybrid && !/hybrid/i.test(location)) return location ? `Hybrid - ${location}` : 'Hybrid';
  if (!remote || /remote/i.test(location)) return location;
  return location ? `Remote (${location})` : 'Remote';
}
