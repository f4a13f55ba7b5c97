import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  EMPLOYMENT_TYPE_LABELS,
  JOB_SEARCH_PAGE,
  JOB_SEARCH_PAGE_SIZE,
  jobSearchQuerySchema,
  type JobSearchResponse,
  type JobSummary,
} from '@referwell/shared';
import { APP_ROUTES } from '@referwell/shared/routes';
import { jobSearchUrl } from '@referwell/shared/url-filters/job-search';
import { escapeHtml } from '../../lib/html';
import type { ServerPageRoute } from '../../lib/server-pages';
import { sessionOf } from '../../platform/sessions/request-auth';
import { searchJobsJson } from '../jobs/port';

const PATH = `/${APP_ROUTES.searchJobs}`;

/**
 * The page's query as GET /api/jobs takes it for the first page, through the shared codec the app uses (jobSearchUrl:
 * read leniently, written in its fixed order, plus the page size), so the app starts from the preloaded answer under
 * the key it asks for.
 */
function apiQueryOf(request: FastifyRequest): URLSearchParams {
  const query = jobSearchUrl.format(jobSearchUrl.parse(new URL(request.url, 'http://page.local').searchParams));
  query.set('limit', String(JOB_SEARCH_PAGE_SIZE));
  return query;
}

function resultHtml(job: JobSummary): string {
  const facts = [job.companyName, job.location, EMPLOYMENT_TYPE_LABELS[job.employmentType], job.salaryRange]
    .filter((fact): fact is string => !!fact)
    .map(escapeHtml)
    .join(' · ');
  return `<li><article class="rounded-lg border bg-card p-6">
<h2 class="text-lg font-semibold"><a class="hover:text-primary hover:underline" href="/job/${escapeHtml(job.id)}">${escapeHtml(job.title)}</a></h2>
<p class="mt-1 text-muted-foreground">${facts}</p>
${job.excerpt ? `<p class="mt-3 text-sm">${escapeHtml(job.excerpt)}</p>` : ''}
</article></li>`;
}

function bodyHtml(q: string, answer: JobSearchResponse | null): string {
  const count = answer?.total ?? answer?.items.length ?? 0;
  const results = !answer
    ? ''
    : answer.items.length === 0
      ? `<p class="mt-6 text-muted-foreground" role="status">${escapeHtml(JOB_SEARCH_PAGE.noResults)}</p>`
      : `<p class="mt-6 text-sm text-muted-foreground" role="status">${count}${answer.totalIsLowerBound ? '+' : ''} ${count === 1 ? 'job' : 'jobs'}</p>
<ul class="mt-4 grid gap-4">${answer.items.map(resultHtml).join('')}</ul>`;
  return `<main class="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
<header class="mb-6"><h1 class="text-3xl font-semibold tracking-tight">${escapeHtml(JOB_SEARCH_PAGE.title)}</h1>
<p class="mt-2 text-muted-foreground">${escapeHtml(JOB_SEARCH_PAGE.intro)}</p></header>
<form method="get" action="${PATH}" role="search" class="flex gap-2">
<label for="search-jobs-q" class="sr-only">${escapeHtml(JOB_SEARCH_PAGE.searchLabel)}</label>
<input id="search-jobs-q" name="q" type="search" value="${escapeHtml(q)}" placeholder="${escapeHtml(JOB_SEARCH_PAGE.searchPlaceholder)}" class="h-10 w-full rounded-md border px-3" />
<button type="submit" class="h-10 rounded-md bg-primary px-4 font-medium text-primary-foreground">Search</button>
</form>${results}</main>`;
}

/**
 * /search-jobs: open to everyone (issue 38), with the results for the address's query in the first response (a
 * plain GET form searches again without the script); the app takes over from the preloaded answer. Only the bare
 * page is indexed: a query's results are not a page of their own for search engines.
 */
export function searchPageRoute(app: FastifyInstance): ServerPageRoute {
  return {
    pattern: APP_ROUTES.searchJobs,
    async render(request) {
      const query = apiQueryOf(request);
      const parsed = jobSearchQuerySchema.safeParse(Object.fromEntries(query));
      const auth = await sessionOf(app, request);
      // The codec drops what is not a valid filter (a hand-typed address), as the app does; what is left is searched.
      const answer = parsed.success
        ? ((await searchJobsJson(app.db, auth, parsed.data)).parse() as JobSearchResponse)
        : null;
      const q = parsed.success ? (parsed.data.q ?? '') : '';
      const bare = [...query.keys()].every((key) => key === 'limit');
      return {
        status: 200,
        title: q ? `${q} jobs` : JOB_SEARCH_PAGE.title,
        description: JOB_SEARCH_PAGE.intro,
        path: PATH,
        indexable: bare,
        personal: auth !== null,
        body: bodyHtml(q, answer),
        preload: answer ? { [`/api/jobs?${query.toString()}`]: answer } : undefined,
      };
    },
  };
}
