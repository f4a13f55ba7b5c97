import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONNECTIONS_LIMITS,
  CONNECTIONS_MESSAGES,
  connectionsImportSchema,
  keepConnectionsSchema,
  keptConnectionsSchema,
  uuidParamSchema,
} from '@referwell/shared';
import { AppError, badRequest, errorResponses } from '../../lib/errors';
import { createRateLimiter } from '../../lib/rate-limit';
import { authOf } from '../../platform/access/route-access';
import { deleteAllKeptConnections, deleteKeptConnection, keepConnections, listKeptConnections } from './service';
import { importConnections } from './upload';

const errors = errorResponses(400, 401, 403, 404, 422);
const tags = ['connections'];

/** Room for the multipart envelope (boundaries, part headers) around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** A person uploads their export a few times; each read holds one of the two parsing processes. */
export const CONNECTIONS_UPLOAD_LIMIT = { max: 20, windowSeconds: 60 * 60 } as const;

const tooLarge = () => new AppError(413, 'CONNECTIONS_TOO_LARGE', CONNECTIONS_MESSAGES.tooLarge);
const fileRequired = () => badRequest(CONNECTIONS_MESSAGES.fileRequired, { file: CONNECTIONS_MESSAGES.fileRequired });

export const connectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = createRateLimiter(app.db, app.config.rateLimitScale);
  // Scoped to this plugin: only the connections upload takes a multipart body here.
  await app.register(multipart, {
    limits: { fileSize: CONNECTIONS_LIMITS.maxBytes, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 50 },
  });

  app.post(
    '/api/connections/import',
    {
      // Company members match to their company's roles, job seekers to referrers; the service says which.
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "Read LinkedIn's Connections.csv (at most 10 MB) and answer what matched; nothing is stored",
        consumes: ['multipart/form-data'],
        response: { 200: connectionsImportSchema, ...errors, ...errorResponses(413, 429) },
      },
    },
    async (request) => {
      const me = authOf(request);
      // Refuse an announced oversize body before reading any of it.
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > CONNECTIONS_LIMITS.maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
      await limiter.consume({
        key: `connections-upload:user:${me.user.id}`,
        ...CONNECTIONS_UPLOAD_LIMIT,
        message: CONNECTIONS_MESSAGES.tooMany,
      });
      if (!request.isMultipart()) throw fileRequired();
      const part = await request.file();
      if (!part) throw fileRequired();
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        // A body sent without its length is cut off at the limit, not read to the end.
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
        throw error;
      }
      if (bytes.byteLength === 0) throw fileRequired();
      return importConnections(app.db, me, new Uint8Array(bytes));
    },
  );

  app.get(
    '/api/connections/kept',
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: 'The connections you kept', response: { 200: keptConnectionsSchema, ...errors } },
    },
    async (request) => listKeptConnections(app.db, authOf(request)),
  );

  app.post(
    '/api/connections/kept',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Keep suggested connections (each is checked again): all of them or none',
        body: keepConnectionsSchema,
        response: { 201: keptConnectionsSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await keepConnections(app.db, authOf(request), request.body)),
  );

  app.delete(
    '/api/connections/kept/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Delete one connection you kept',
        params: uuidParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteKeptConnection(app.db, authOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/connections/kept',
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: 'Delete every connection you kept', response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteAllKeptConnections(app.db, authOf(request));
      return reply.status(204).send(null);
    },
  );
};
