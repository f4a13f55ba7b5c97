import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
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

const errors = errorResponses(400, 401, 403, 404);
const tags = ['saved searches'];

export const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/saved-searches',
    {
      schema: {
        tags,
        summary: 'Your saved job searches with new matching jobs since you last opened each (job seekers)',
        response: { 200: z.array(savedSearchSchema), ...errors },
      },
    },
    async (request) => listSavedSearches(app.db, request.auth),
  );

  app.post(
    '/api/saved-searches',
    {
      schema: {
        tags,
        summary: 'Save a job search under a name, with instant, daily, weekly or no e-mail alerts (job seekers)',
        body: savedSearchCreateSchema,
        response: { 201: savedSearchSchema, ...errors, ...errorResponses(409) },
      },
    },
    async (request, reply) => reply.status(201).send(await createSavedSearch(app.db, request.auth, request.body)),
  );

  app.patch(
    '/api/saved-searches/:id',
    {
      schema: {
        tags,
        summary: "Rename a saved search or change its alerts (its owner's)",
        params: savedSearchIdParamSchema,
        body: savedSearchUpdateSchema,
        response: { 200: savedSearchSchema, ...errors },
      },
    },
    async (request) => updateSavedSearch(app.db, request.auth, request.params.id, request.body),
  );

  app.delete(
    '/api/saved-searches/:id',
    {
      schema: {
        tags,
        summary: 'Delete a saved search (its owner)',
        params: savedSearchIdParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteSavedSearch(app.db, request.auth, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/saved-searches/:id/seen',
    {
      schema: {
        tags,
        summary: 'Record that you opened a saved search (its matching jobs are no longer new)',
        params: savedSearchIdParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await markSavedSearchSeen(app.db, request.auth, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
