import type { FastifyInstance } from 'fastify';
import { COMPANY_MESSAGES, type PublicCompanyResponse } from '@referwell/shared';
import { APP_ROUTES } from '@referwell/shared/routes';
import { isAppError } from '../../lib/errors';
import { escapeHtml, paragraphsHtml, summary } from '../../lib/html';
import type { ServerPage, ServerPageRoute } from '../../lib/server-pages';
import { getPublicCompany } from '../companies/port';

const notFoundPage = (path: string): ServerPage => ({
  status: 404,
  title: COMPANY_MESSAGES.companyNotFound,
  description: 'We could not find a company at this address. It may have changed its name.',
  path,
  indexable: false,
  body: `<section class="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
<h1 class="mt-4 text-2xl font-semibold">${escapeHtml(COMPANY_MESSAGES.companyNotFound)}</h1>
<p class="mt-2 text-muted-foreground">We could not find a company at this address. It may have changed its name.</p>
<p class="mt-8"><a class="font-medium text-primary hover:underline" href="/">Return to Home</a></p></section>`,
});

function companyBody({ company, openPositions }: PublicCompanyResponse): string {
  const facts = [company.location, company.employeeCount && `${company.employeeCount} employees`]
    .filter((fact): fact is string => !!fact)
    .map((fact) => `<li>${escapeHtml(fact)}</li>`)
    .join('');
  const jobs = openPositions
    .map(
      (
        job,
      ) => `<li class="rounded-xl border p-4"><h3 class="font-semibold"><a class="hover:underline" href="/job/${job.id}">${escapeHtml(job.title)}</a></h3>
<p class="text-sm text-muted-foreground">${escapeHtml(job.location)}${job.salary ? ` · ${escapeHtml(job.salary)}` : ''}</p></li>`,
    )
    .join('');
  return `<main class="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8"><div class="grid gap-8">
<header class="grid gap-3"><h1 class="text-3xl font-semibold tracking-tight break-words">${escapeHtml(company.name)}</h1>
<ul class="flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground">${facts}</ul>
${company.description ? paragraphsHtml(company.description, 'leading-relaxed') : ''}</header>
<section><h2 class="mb-4 text-2xl font-semibold tracking-tight">Open Positions</h2>
${jobs ? `<ul class="grid gap-4 md:grid-cols-2">${jobs}</ul>` : `<p class="text-muted-foreground">${escapeHtml(COMPANY_MESSAGES.noOpenPositions)}</p>`}</section>
</div></main>`;
}

/** /company/{slug}: the company's profile and open positions in the first response. */
export function companyPageRoute(app: FastifyInstance): ServerPageRoute {
  return {
    pattern: APP_ROUTES.publicCompany,
    async render(_request, _reply, { companyName = '' }) {
      const path = `/company/${encodeURIComponent(companyName)}`;
      let data: PublicCompanyResponse;
      try {
        data = await getPublicCompany(app.db, companyName);
      } catch (error) {
        if (isAppError(error, 404)) return notFoundPage(path);
        throw error;
      }
      const { company, openPositions } = data;
      const jobs = openPositions.length === 1 ? '1 open position' : `${openPositions.length} open positions`;
      return {
        status: 200,
        title: `${company.name} careers`,
        description: summary(
          `${company.name}${company.location ? ` · ${company.location}` : ''}: ${jobs}. ${company.description ?? ''}`,
        ),
        path: `/company/${encodeURIComponent(company.slug)}`,
        indexable: true,
        body: companyBody(data),
        head: `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(`${company.name} jobs`)}" href="/company/${encodeURIComponent(company.slug)}/jobs.atom" />`,
        preload: { [`/api/companies/by-slug/${encodeURIComponent(companyName)}`]: data },
      };
    },
  };
}
