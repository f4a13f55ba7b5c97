import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SAVED_SEARCH_MESSAGES,
  savedSearchCreateSchema,
  savedSearchIdParamSchema,
  savedSearchSchema,
  savedSearchUpdateSchema,
} from '@referwell/shared';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  markSavedSearchSeen,
  updateSavedSearch,
} from './service';
import { errorResponses } from '../../lib/errors';
import { authOf, type Access } from '../../platform/access/route-access';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['saved searches'];
/** Saved searches are a job seeker's, each their own (someone else's is a 404: service.ts). */
const SEEKERS: Access = { role: 'jobseeker', refused: SAVED_SEARCH_MESSAGES.onlyJobseekers };

export const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/saved-searches',
    {
      config: { access: SEEKERS },
      schema: {
        tags,
        summary: 'Your saved job searches with new matching jobs since you last opened each (job seekers)',
        response: { 200: z.array(savedSearchSchema), ...errors },
      },
    },
    async (request) => listSavedSearches(app.db, authOf(request)),
  );

  app.post(
    '/api/saved-searches',
    {
      config: { access: SEEKERS },
      schema: {
        tags,
        summary: 'Save a job search under a name, with instant, daily, weekly or no e-mail alerts (job seekers)',
        body: savedSearchCreateSchema,
        response: { 201: savedSearchSchema, ...errors, ...errorResponses(409) },
      },
    },
    async (request, reply) => reply.status(201).send(await createSavedSearch(app.db, authOf(request), request.body)),
  );

  app.patch(
    '/api/saved-searches/:id',
    {
      config: { access: SEEKERS },
      schema: {
        tags,
        summary: "Rename a saved search or change its alerts (its owner's)",
        params: savedSearchIdParamSchema,
        body: savedSearchUpdateSchema,
        response: { 200: savedSearchSchema, ...errors },
      },
    },
    async (request) => updateSavedSearch(app.db, authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/saved-searches/:id',
    {
      config: { access: SEEKERS },
      schema: {
        tags,
        summary: 'Delete a saved search (its owner)',
        params: savedSearchIdParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteSavedSearch(app.db, authOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/saved-searches/:id/seen',
    {
      config: { access: SEEKERS },
      schema: {
        tags,
        summary: 'Record that you opened a saved search (its matching jobs are no longer new)',
        params: savedSearchIdParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await markSavedSearchSeen(app.db, authOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
