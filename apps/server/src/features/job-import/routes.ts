import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companyIdParamSchema,
  JOB_IMPORT_MESSAGES,
  jobCrawlStatusSchema,
  jobSourceListSchema,
  jobSourceParamsSchema,
  jobSourceSchema,
  jobImportRequestSchema,
  jobImportResponseSchema,
  JOB_SOURCE_MESSAGES,
  platformJobSourceListSchema,
  platformJobSourceParamsSchema,
  platformJobSourceRequestSchema,
  platformJobSourceSchema,
  uuidParamSchema,
} from '@referwell/shared';
import { createRateLimiter } from '../../lib/rate-limit';
import { authOf, companyAuthOf } from '../../platform/access/route-access';
import { POSTERS } from '../jobs/port';
import { crawlStatus, startCrawl } from './crawl-jobs';
import {
  addPlatformSource,
  addSource,
  listPlatformSources,
  listSources,
  removePlatformSource,
  removeSource,
} from './sources';
import { importJobFromUrl, type ImportLimits } from './service';
import { errorResponses } from '../../lib/errors';

const errors = errorResponses(400, 401, 403, 429);

/** Per-user limits (multiplied by RATE_LIMIT_SCALE). */
export const IMPORT_RATE_LIMITS = {
  import: { max: 20, windowSeconds: 10 * 60 },
  crawl: { max: 5, windowSeconds: 60 * 60 },
} as const;

export interface JobImportRoutesOptions {
  /** Smaller limits for tests. */
  importLimits?: Partial<ImportLimits>;
}

/**
 * POST /api/jobs/import and POST /api/jobs/crawl, for a company's referrers and admins (the people who post jobs).
 * Refused requests (validation, auth, rate limit, private addresses) answer 4xx with the standard error body;
 * problems with the remote site (unreachable, slow, an error page, no job found) answer 200 `{ success: false, error }`.
 * A crawl runs in the background (queue task 'crawl-site'): POST answers 202 at once, GET /api/jobs/crawl/:id follows it.
 */
export const jobImportRoutes: FastifyPluginAsyncZod<JobImportRoutesOptions> = async (app, options) => {
  const limiter = createRateLimiter(app.db, app.config.rateLimitScale);
  const context = () => ({ config: app.config, limits: options.importLimits, log: app.log });

  app.post(
    '/api/jobs/import',
    {
      config: { access: POSTERS },
      schema: {
        tags: ['jobs'],
        summary: "Read a job posting's details from its URL (ATS APIs, structured data, the page, optionally an LLM)",
        body: jobImportRequestSchema,
        response: { 200: jobImportResponseSchema, ...errors },
      },
    },
    async (request) => {
      const poster = companyAuthOf(request);
      await limiter.consume({
        key: `jobs-import:user:${poster.user.id}`,
        ...IMPORT_RATE_LIMITS.import,
        message: JOB_IMPORT_MESSAGES.importLimited,
      });
      return importJobFromUrl(request.body.url, context());
    },
  );

  app.post(
    '/api/jobs/crawl',
    {
      config: { access: POSTERS },
      schema: {
        tags: ['jobs'],
        summary:
          "Start finding the job postings on a company's website (background same-origin crawl, honours robots.txt)",
        body: jobImportRequestSchema,
        response: { 202: jobCrawlStatusSchema, ...errors },
      },
    },
    async (request, reply) => {
      const poster = companyAuthOf(request);
      await limiter.consume({
        key: `jobs-crawl:user:${poster.user.id}`,
        ...IMPORT_RATE_LIMITS.crawl,
        message: JOB_IMPORT_MESSAGES.crawlLimited,
      });
      return reply.code(202).send(await startCrawl(app.db, context(), poster, request.body.url));
    },
  );

  app.get(
    '/api/jobs/crawl/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['jobs'],
        summary: "A website search's state, progress and, once done, the job postings found",
        params: uuidParamSchema,
        response: { 200: jobCrawlStatusSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => crawlStatus(app.db, authOf(request), request.params.id),
  );

  // A company's job sources, crawled again on a schedule (sources.ts): listed, added and removed by its admins.
  app.get(
    '/api/companies/:companyId/job-sources',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags: ['jobs'],
        summary: "A company's job sources with when each was last read, when next, and its last error",
        params: companyIdParamSchema,
        response: { 200: jobSourceListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ items: await listSources(app.db, request.params.companyId) }),
  );

  app.post(
    '/api/companies/:companyId/job-sources',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags: ['jobs'],
        summary: 'Add a careers page or job board, read now and again every few hours',
        params: companyIdParamSchema,
        body: jobImportRequestSchema,
        response: { 201: jobSourceSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const admin = authOf(request);
      const source = await addSource(app.db, context(), request.params.companyId, admin.user.id, request.body.url);
      return reply.code(201).send(source);
    },
  );

  app.delete(
    '/api/companies/:companyId/job-sources/:sourceId',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags: ['jobs'],
        summary: 'Remove a job source (its jobs stay, no longer kept in step)',
        params: jobSourceParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeSource(app.db, request.params.companyId, request.params.sourceId);
      return reply.code(204).send(null);
    },
  );

  // Boards of companies not on Referwell yet (issue 38): the platform's admins list, add and remove them.
  const PLATFORM_ADMIN = { role: 'platformAdmin', refused: JOB_SOURCE_MESSAGES.onlyPlatformAdmins } as const;

  app.get(
    '/api/admin/job-sources',
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags: ['jobs'],
        summary: 'The job boards of companies not on Referwell yet, with their company and last read (platform admins)',
        response: { 200: platformJobSourceListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ items: await listPlatformSources(app.db) }),
  );

  app.post(
    '/api/admin/job-sources',
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags: ['jobs'],
        summary: 'List a company not on Referwell from its public job board, read now and every few hours',
        body: platformJobSourceRequestSchema,
        response: { 201: platformJobSourceSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const source = await addPlatformSource(app.db, context(), authOf(request).user.id, request.body);
      return reply.code(201).send(source);
    },
  );

  app.delete(
    '/api/admin/job-sources/:sourceId',
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags: ['jobs'],
        summary: 'Remove a board of a company not on Referwell (its open jobs close)',
        params: platformJobSourceParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removePlatformSource(app.db, request.params.sourceId);
      return reply.code(204).send(null);
    },
  );
};
