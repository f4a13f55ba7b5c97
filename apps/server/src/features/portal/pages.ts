// The public portal (issue 34): /c/{slug} and /c/{slug}/jobs/{id} on this site, and the same pages at / and /jobs/{id}
// on a host name the company proved it controls. Rendered per request from prepared queries, as the public job pages
// are (ADR 0012), into a document of its own (document.ts).
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  can,
  EMPLOYMENT_TYPE_LABELS,
  JOB_MESSAGES,
  jobSearchQuerySchema,
  PORTAL_MESSAGES,
  type Job,
  type JobSearchResponse,
  type JobSummary,
} from '@referwell/shared';
import { referSomeoneUrl } from '@referwell/shared/url-filters/refer-someone';
import { preparedRows } from '../../db/prepared';
import { isAppError } from '../../lib/errors';
import { escapeHtml, jsonForScript, paragraphsHtml, summary } from '../../lib/html';
import type { ServerPage } from '../../lib/server-pages';
import { readAll } from '../../lib/storage';
import { companyPlanState } from '../../platform/plans/state';
import type { AuthContext } from '../../platform/sessions/sessions';
import { sessionOf } from '../../platform/sessions/request-auth';
import { getJob, searchJobsJson } from '../jobs/port';
import { jobPageFacts, jobPageState, jobPosting } from '../public-pages/port';
import { portalDocument, type PortalFrame } from './document';
import { logoPathUnder, portalPath } from './settings';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAGE_SIZE = 20;

/** A company's portal as the pages need it: one prepared query by slug. */
export interface PortalView {
  companyId: string;
  name: string;
  slug: string;
  website: string | null;
  enabled: boolean;
  brandColor: string;
  intro: string | null;
  logoKey: string | null;
  /** Text from a prepared statement. */
  updatedAt: string;
}

async function portalBySlug(app: FastifyInstance, slug: string): Promise<PortalView | null> {
  const [row] = await preparedRows<PortalView>(
    app.db,
    sql`select c.id as "companyId", c.name, c.slug, c.website, p.enabled, p.brand_color as "brandColor", p.intro,
          p.logo_key as "logoKey", p.updated_at as "updatedAt"
        from companies c join company_portals p on p.company_id = c.id where c.slug = ${slug.toLowerCase()}`,
  );
  return row ?? null;
}

/** Served only while on and while the plan includes it (the one capability check; always, without billing). */
export async function servedPortal(app: FastifyInstance, slug: string): Promise<PortalView | null> {
  const portal = await portalBySlug(app, slug);
  if (!portal?.enabled) return null;
  const state = await companyPlanState(app.db, app.config.stripe !== null, portal.companyId);
  return can(state, 'branded_portal') ? portal : null;
}

/** Where a portal is being read: its base path and the origin its canonical addresses use. */
export interface PortalPlace {
  /** '/c/{slug}' on this site, '' on the company's host name. */
  base: string;
  /** 'https://careers.example.com' on the company's host name, else this site's origin. */
  origin: string;
  /** Who is reading, on this site (the company's host name has no session of ours). */
  auth: AuthContext | null;
}

function frameOf(app: FastifyInstance, portal: PortalView, place: PortalPlace): PortalFrame {
  return {
    companyName: portal.name,
    brandColor: portal.brandColor,
    base: place.base,
    logoUrl: portal.logoKey ? logoPathUnder(place.base, new Date(portal.updatedAt)) : null,
    siteOrigin: new URL(app.config.publicUrl).origin,
  };
}

function send(app: FastifyInstance, reply: FastifyReply, portal: PortalView, place: PortalPlace, page: ServerPage) {
  const siteOrigin = new URL(app.config.publicUrl).origin;
  return reply
    .status(page.status)
    .header('cache-control', page.personal ? 'private, no-cache' : 'no-cache')
    .type('text/html; charset=utf-8')
    .send(portalDocument(frameOf(app, portal, place), { ...page, origin: place.origin }, siteOrigin));
}

/** What a page of a portal that is off, unknown or not in the plan answers: a plain 404 without the company's name. */
export function sendPortalNotFound(reply: FastifyReply) {
  return reply
    .status(404)
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><meta name="robots" content="noindex" /><title>${escapeHtml(PORTAL_MESSAGES.portalNotFound)}</title></head><body><main><h1>${escapeHtml(PORTAL_MESSAGES.portalNotFound)}</h1></main></body></html>\n`,
    );
}

const jobFacts = (job: Pick<JobSummary, 'location' | 'employmentType' | 'salaryRange'>) =>
  [job.location, EMPLOYMENT_TYPE_LABELS[job.employmentType], job.salaryRange].filter((f): f is string => !!f);

function jobItem(base: string, job: JobSummary): string {
  return `<li><a href="${escapeHtml(`${base}/jobs/${job.id}`)}"><span class="t">${escapeHtml(job.title)}</span><span class="m">${jobFacts(job).map(escapeHtml).join(' · ')}</span></a></li>`;
}

/** The portal's home: intro, search (the house's job search, one company's jobs), the results. */
export async function renderPortalHome(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  portal: PortalView,
  place: PortalPlace,
) {
  const url = new URL(request.url, 'http://portal.local');
  const q = url.searchParams.get('q')?.trim().slice(0, 200) ?? '';
  const cursor = url.searchParams.get('cursor') ?? undefined;
  const parsed = jobSearchQuerySchema.safeParse({ q: q || undefined, company: portal.slug, cursor, limit: PAGE_SIZE });
  // Searched as a visitor: the same answer for everyone, from the search's short cache.
  const answer = parsed.success
    ? ((await searchJobsJson(app.db, null, parsed.data)).parse() as JobSearchResponse)
    : { items: [], nextCursor: null, total: 0, totalIsLowerBound: false };
  const count = answer.total ?? answer.items.length;
  const home = `${place.base}/`;
  const results =
    answer.items.length === 0
      ? `<p role="status" class="count">${escapeHtml(q ? PORTAL_MESSAGES.noResults : PORTAL_MESSAGES.noJobs)}</p>`
      : `<p role="status" class="count">${escapeHtml(PORTAL_MESSAGES.jobCount(count, answer.totalIsLowerBound))}</p>
<ul class="jobs">${answer.items.map((job) => jobItem(place.base, job)).join('')}</ul>${
          answer.nextCursor
            ? `<p class="more"><a href="${escapeHtml(`${home}?${new URLSearchParams({ ...(q ? { q } : {}), cursor: answer.nextCursor })}`)}">${escapeHtml(PORTAL_MESSAGES.moreJobs)}</a></p>`
            : ''
        }`;
  const body = `<section><h1>${escapeHtml(PORTAL_MESSAGES.heading(portal.name))}</h1>${portal.intro ? `<div class="intro">${paragraphsHtml(portal.intro)}</div>` : ''}</section>
<form class="search" role="search" method="get" action="${escapeHtml(home)}">
<label for="portal-q">${escapeHtml(PORTAL_MESSAGES.searchLabel)}</label>
<div class="row"><input id="portal-q" name="q" type="search" value="${escapeHtml(q)}" placeholder="${escapeHtml(PORTAL_MESSAGES.searchPlaceholder)}" /><button class="btn" type="submit">${escapeHtml(PORTAL_MESSAGES.search)}</button></div>
</form>
<section aria-labelledby="portal-jobs"><h2 id="portal-jobs">${escapeHtml(PORTAL_MESSAGES.openJobs)}</h2>${results}</section>`;
  return send(app, reply, portal, place, {
    status: 200,
    title: q ? PORTAL_MESSAGES.searchedTitle(q, portal.name) : PORTAL_MESSAGES.heading(portal.name),
    siteName: portal.name,
    description: summary(portal.intro ?? PORTAL_MESSAGES.defaultDescription(portal.name)),
    path: home,
    // Only the bare page is indexed; a query's results are not a page of their own.
    indexable: !q && !cursor,
    body,
  });
}

/** A member of the company refers a friend (the external-referral flow); anyone else asks for a referral. */
function actionsHtml(app: FastifyInstance, job: Job, portal: PortalView, auth: AuthContext | null): string {
  const site = new URL(app.config.publicUrl).origin;
  const refer = `${site}${referSomeoneUrl.href({ refer: 'someone', jobId: job.id })}`;
  const ask = `${site}/company/${encodeURIComponent(portal.slug)}/referrers?${new URLSearchParams({ jobId: job.id })}`;
  const link = (href: string, text: string, quiet = false) =>
    `<a class="btn${quiet ? ' quiet' : ''}" href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
  if (auth?.company?.id === portal.companyId) return link(refer, PORTAL_MESSAGES.referFriend);
  if (auth) return link(ask, PORTAL_MESSAGES.askReferral);
  // A visitor: the company's own people sign in on the way.
  return `${link(ask, PORTAL_MESSAGES.askReferral)}${link(refer, PORTAL_MESSAGES.referFriendMembers, true)}`;
}

/** One job of the portal, with the JSON-LD the public job page carries (its address and logo the portal's). */
export async function renderPortalJob(
  app: FastifyInstance,
  reply: FastifyReply,
  portal: PortalView,
  place: PortalPlace,
  id: string,
) {
  const notFound = () => sendPortalNotFound(reply);
  if (!UUID.test(id)) return notFound();
  const [facts, job] = await Promise.all([
    jobPageFacts(app, id),
    getJob(app.db, null, id).catch((error: unknown) => {
      if (isAppError(error, 404)) return null;
      throw error;
    }),
  ]);
  if (!facts || !job || job.companyId !== portal.companyId) return notFound();
  const state = jobPageState(facts);
  if (state === 'draft') return notFound();
  const path = `${place.base}/jobs/${job.id}`;
  const logo = portal.logoKey ? `${place.origin}${logoPathUnder(place.base, new Date(portal.updatedAt))}` : undefined;
  const posting = jobPosting(job, {
    origin: new URL(app.config.publicUrl).origin,
    companyWebsite: facts.companyWebsite,
    url: `${place.origin}${path}`,
    logo,
  });
  const open = state === 'open';
  const body = `<p><a href="${escapeHtml(`${place.base}/`)}">← ${escapeHtml(PORTAL_MESSAGES.allJobs)}</a></p>
<article><h1>${escapeHtml(job.title)}</h1>
<ul class="facts" aria-label="${escapeHtml(PORTAL_MESSAGES.jobFacts)}">${jobFacts(job)
    .map((fact) => `<li>${escapeHtml(fact)}</li>`)
    .join('')}</ul>
${open ? `<div class="actions">${actionsHtml(app, job, portal, place.auth)}</div>` : `<p role="status" class="note">${escapeHtml(JOB_MESSAGES.jobClosed)}</p>`}
<section><h2>${escapeHtml(PORTAL_MESSAGES.description)}</h2>${paragraphsHtml(job.description)}</section>
${job.responsibilities ? `<section><h2>${escapeHtml(PORTAL_MESSAGES.responsibilities)}</h2>${paragraphsHtml(job.responsibilities)}</section>` : ''}
<section><h2>${escapeHtml(PORTAL_MESSAGES.requirements)}</h2>${paragraphsHtml(job.requirements)}</section></article>`;
  return send(app, reply, portal, place, {
    status: state === 'gone' ? 410 : 200,
    title: `${job.title} at ${portal.name}`,
    siteName: portal.name,
    description: summary(`${portal.name} · ${job.location}. ${job.description}`),
    path,
    indexable: open,
    personal: place.auth !== null,
    body,
    head: open ? `<script type="application/ld+json">${jsonForScript(posting)}</script>` : undefined,
  });
}

/** The portal's logo from the file storage; its address changes with each upload, so it is cached for a day. */
export async function sendPortalLogo(app: FastifyInstance, reply: FastifyReply, portal: PortalView) {
  const file = portal.logoKey ? await app.storage.get(portal.logoKey) : null;
  if (!file) return sendPortalNotFound(reply);
  return reply
    .type(file.contentType)
    .header('content-length', file.size)
    .header('cache-control', 'public, max-age=86400')
    .header('cross-origin-resource-policy', 'cross-origin')
    .send(await readAll(file));
}

/** The portal pages on this site. */
export function registerPortalPages(app: FastifyInstance) {
  const placeOn = async (request: FastifyRequest, slug: string): Promise<PortalPlace> => ({
    base: portalPath(slug),
    origin: new URL(app.config.publicUrl).origin,
    auth: await sessionOf(app, request),
  });
  app.get<{ Params: { slug: string } }>(
    '/c/:slug',
    { config: { access: 'visitor' }, schema: { hide: true } },
    async (request, reply) => {
      const portal = await servedPortal(app, request.params.slug);
      if (!portal) return sendPortalNotFound(reply);
      return renderPortalHome(app, request, reply, portal, await placeOn(request, portal.slug));
    },
  );
  app.get<{ Params: { slug: string; id: string } }>(
    '/c/:slug/jobs/:id',
    { config: { access: 'visitor' }, schema: { hide: true } },
    async (request, reply) => {
      const portal = await servedPortal(app, request.params.slug);
      if (!portal) return sendPortalNotFound(reply);
      return renderPortalJob(app, reply, portal, await placeOn(request, portal.slug), request.params.id);
    },
  );
  app.get<{ Params: { slug: string } }>(
    '/c/:slug/logo',
    { config: { access: 'visitor' }, schema: { hide: true } },
    async (request, reply) => {
      const portal = await servedPortal(app, request.params.slug);
      if (!portal) return sendPortalNotFound(reply);
      return sendPortalLogo(app, reply, portal);
    },
  );
}
