import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LEIE_MAX_BYTES,
  SCREENING_MESSAGES,
  companyIdParamSchema,
  leieListSchema,
  leieStatusSchema,
  screeningDecisionSchema,
  screeningListQuerySchema,
  screeningListSchema,
  screeningParamsSchema,
  screeningSchema,
} from '@referwell/shared';
import { AppError, badRequest, conflict, errorResponses } from '../../lib/errors';
import { enqueue } from '../../lib/queue/enqueue';
import { authOf, companyAuthOf } from '../../platform/access/route-access';
import { leieStatus, loadLeie } from './leie-load';
import { decideScreening, listScreenings } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['screening'];
const PLATFORM_ADMIN = { role: 'platformAdmin', refused: SCREENING_MESSAGES.onlyPlatformAdmins } as const;

declare module '../../lib/queue/enqueue' {
  interface QueueTasks {
    /** Fetch the LEIE CSV from LEIE_URL and load it (as an upload would be). */
    'leie-fetch': { requestedBy: string | null };
    /** Monthly: every hire screened again against the list in force. */
    'rescreen-hires': Record<string, never>;
  }
}

const fileRequired = () => badRequest(SCREENING_MESSAGES.fileRequired, { file: SCREENING_MESSAGES.fileRequired });

export const screeningRoutes: FastifyPluginAsyncZod = async (app) => {
  /** What the LEIE status tells the caller: whether they may upload or fetch (a platform admin). */
  const whoOf = (request: FastifyRequest) => ({
    canManage: app.config.platformAdminEmails.includes(authOf(request).user.email.toLowerCase()),
    fetchConfigured: app.config.leieUrl !== null,
  });

  // Scoped to this plugin: only the LEIE upload takes a multipart body here.
  await app.register(multipart, {
    limits: { fileSize: LEIE_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 50 },
  });

  app.get(
    '/api/admin/leie',
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: 'The LEIE exclusion list in force (platform admins)',
        response: { 200: leieStatusSchema, ...errors },
      },
    },
    async (request) => leieStatus(app.db, whoOf(request)),
  );

  app.post(
    '/api/admin/leie',
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary:
          'Upload the LEIE CSV (HHS-OIG published layout, 64 MB at most): loaded whole as the list in force, or ' +
          'rejected whole (400 LEIE_REJECTED with the failing line) leaving the previous list (platform admins)',
        consumes: ['multipart/form-data'],
        response: { 201: leieListSchema, ...errors, ...errorResponses(413) },
      },
    },
    async (request, reply) => {
      const me = authOf(request);
      if (!request.isMultipart()) throw fileRequired();
      const part = await request.file();
      if (!part) throw fileRequired();
      try {
        const list = await loadLeie(app.db, part.file, { source: 'upload', loadedBy: me.user.id });
        if (part.file.truncated) throw new AppError(413, 'LEIE_TOO_LARGE', SCREENING_MESSAGES.tooLarge);
        return reply.status(201).send(list);
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError || part.file.truncated)
          throw new AppError(413, 'LEIE_TOO_LARGE', SCREENING_MESSAGES.tooLarge);
        throw error;
      }
    },
  );

  app.post(
    '/api/admin/leie/fetch',
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: 'Fetch the LEIE CSV from LEIE_URL on the queue and load it (platform admins)',
        response: { 202: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      if (!app.config.leieUrl) throw conflict(SCREENING_MESSAGES.noUrl);
      await enqueue(app.db, 'leie-fetch', { requestedBy: authOf(request).user.id }, { jobKey: 'leie-fetch' });
      return reply.status(202).send({ message: SCREENING_MESSAGES.fetchQueued });
    },
  );

  app.get(
    '/api/companies/:companyId/screenings/leie',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary: 'The LEIE list in force and its latest fetch, as screening reads it (its admins only)',
        params: companyIdParamSchema,
        response: { 200: leieStatusSchema, ...errors },
      },
    },
    async (request) => leieStatus(app.db, whoOf(request)),
  );

  app.get(
    '/api/companies/:companyId/screenings',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary:
          "The company's exclusion screenings, newest first, paged: all, awaiting a decision, or the rest (its admins only)",
        params: companyIdParamSchema,
        querystring: screeningListQuerySchema,
        response: { 200: screeningListSchema, ...errors },
      },
    },
    async (request) => listScreenings(app.db, request.params.companyId, request.query),
  );

  app.post(
    '/api/companies/:companyId/screenings/:id/decision',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary: 'Record the decision on a possible match or match: cleared or excluded (its admins; audited)',
        params: screeningParamsSchema,
        body: screeningDecisionSchema,
        response: { 200: screeningSchema, ...errors },
      },
    },
    async (request) =>
      decideScreening(app.db, companyAuthOf(request), request.params.companyId, request.params.id, request.body),
  );
};
