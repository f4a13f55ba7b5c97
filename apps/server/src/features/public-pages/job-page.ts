import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { EMPLOYMENT_TYPE_LABELS, JOB_MESSAGES, type Job } from '@referwell/shared';
import { APP_ROUTES } from '@referwell/shared/routes';
import { preparedRows } from '../../db/prepared';
import { isAppError } from '../../lib/errors';
import { sessionOf } from '../../platform/sessions/request-auth';
import { escapeHtml, jsonForScript, paragraphsHtml, summary } from '../../lib/html';
import type { ServerPage, ServerPageRoute } from '../../lib/server-pages';
import { getJob } from '../jobs/port';
import { rememberSharedLink } from '../referrals/port';
import { jobPosting } from './job-posting';

/** A closed or filled job's page stays up (out of search engines) this long after it closed, then answers 410 Gone. */
export const CLOSED_JOB_SHOWN_DAYS = 30;
const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the page needs beyond the job itself: when it last changed state, and its company for structured data. */
export interface JobPageFacts {
  status: Job['status'];
  /** As the driver gives it (text from a prepared statement). */
  updatedAt: string | Date;
  companyWebsite: string | null;
}

export async function jobPageFacts(app: FastifyInstance, id: string): Promise<JobPageFacts | undefined> {
  const [row] = await preparedRows<JobPageFacts>(
    app.db,
    sql`select j.status, j.updated_at as "updatedAt", c.website as "companyWebsite"
        from job_postings j join companies c on c.id = j.company_id where j.id = ${id}`,
  );
  return row;
}

export type JobPageState = 'open' | 'closed' | 'gone' | 'draft';

/** Open jobs are indexed; a closed or filled one is shown without indexing, and gone after CLOSED_JOB_SHOWN_DAYS. */
export function jobPageState(facts: Pick<JobPageFacts, 'status' | 'updatedAt'>, now = new Date()): JobPageState {
  if (facts.status === 'OPEN') return 'open';
  if (facts.status === 'DRAFT') return 'draft';
  return now.getTime() - new Date(facts.updatedAt).getTime() > CLOSED_JOB_SHOWN_DAYS * DAY_MS ? 'gone' : 'closed';
}

const notFoundPage = (path: string): ServerPage => ({
  status: 404,
  title: JOB_MESSAGES.notFound,
  description: 'This job may have been removed, or the link is mistyped.',
  path,
  indexable: false,
  body: `<section class="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
<h1 class="mt-4 text-2xl font-semibold">${escapeHtml(JOB_MESSAGES.notFound)}</h1>
<p class="mt-2 text-muted-foreground">This job may have been removed, or the link is mistyped.</p>
<p class="mt-8"><a class="font-medium text-primary hover:underline" href="/search-jobs">Back to Jobs</a></p></section>`,
});

function jobBody(job: Job, state: JobPageState): string {
  const facts = [job.location, EMPLOYMENT_TYPE_LABELS[job.employmentType], job.salaryRange]
    .filter((fact): fact is string => !!fact)
    .map((fact) => `<li class="rounded-md border px-2 py-1 text-sm">${escapeHtml(fact)}</li>`)
    .join('');
  const closed =
    state === 'open' ? '' : `<p role="status" class="mt-4 font-medium">${escapeHtml(JOB_MESSAGES.jobClosed)}</p>`;
  return `<main class="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8"><article class="grid gap-6">
<header class="grid gap-4">
<h1 class="text-3xl font-semibold tracking-tight break-words">${escapeHtml(job.title)}</h1>
<p class="text-lg"><a class="font-medium text-primary hover:underline" href="/company/${encodeURIComponent(job.companySlug)}">${escapeHtml(job.companyName)}</a></p>
<ul class="flex flex-wrap gap-2" aria-label="Job facts">${facts}</ul>
<p class="text-sm text-muted-foreground">Posted <time datetime="${escapeHtml(job.createdAt)}">${job.createdAt.slice(0, 10)}</time></p>${closed}
</header>
<section><h2 class="mb-2 text-xl font-semibold">Description</h2>${paragraphsHtml(job.description, 'leading-relaxed mb-3')}</section>
${job.responsibilities ? `<section><h2 class="mb-2 text-xl font-semibold">Responsibilities</h2>${paragraphsHtml(job.responsibilities, 'leading-relaxed mb-3')}</section>` : ''}
<section><h2 class="mb-2 text-xl font-semibold">Requirements</h2>${paragraphsHtml(job.requirements, 'leading-relaxed mb-3')}</section>
</article></main>`;
}

/** /job/{id}: the job's content, title, description and link-preview tags in the first response. */
export function jobPageRoute(app: FastifyInstance): ServerPageRoute {
  const origin = new URL(app.config.publicUrl).origin;
  return {
    pattern: APP_ROUTES.job,
    async render(request, reply, { id = '' }) {
      const path = `/job/${id}`;
      if (!UUID.test(id)) return notFoundPage(path);
      const auth = await sessionOf(app, request);
      // Side by side: one round trip's wait instead of two.
      const [facts, job] = await Promise.all([
        jobPageFacts(app, id),
        getJob(app.db, auth, id).catch((error: unknown) => {
          if (isAppError(error, 404)) return null; // unknown, or someone else's draft
          throw error;
        }),
      ]);
      if (!facts || !job) return notFoundPage(path);
      const state = jobPageState(facts);
      if (state === 'open') rememberSharedLink(request, reply, id, app.config.secureCookies);
      return {
        status: state === 'gone' ? 410 : 200,
        title: `${job.title} at ${job.companyName}`,
        description: summary(`${job.companyName} · ${job.location}. ${job.description}`),
        path,
        indexable: state === 'open',
        personal: auth !== null,
        body: jobBody(job, state),
        // Google for Jobs: open jobs only (a closed job's page drops it, so the listing is withdrawn).
        head:
          state === 'open'
            ? `<script type="application/ld+json">${jsonForScript(jobPosting(job, { origin, companyWebsite: facts.companyWebsite }))}</script>`
            : undefined,
        preload: { [`/api/jobs/${id}`]: job },
      };
    },
  };
}
