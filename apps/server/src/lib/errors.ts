import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorBodySchema, type ErrorBody } from '@referwell/shared';
import { classifyDatabaseError } from './database-errors';

/** An error a person can act on: becomes a 4xx answer with this code and message. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** Set on 429 answers: sent as the Retry-After header. */
  retryAfterSeconds?: number;
}

/**
 * Whether `error` is an AppError, and (when given) one with this status or code: the one way code that catches an
 * error tells an expected refusal from a failure (to answer it as a page or a redirect instead of the JSON error, or to
 * carry it across a worker thread). Anything else is rethrown for the error handler.
 */
export function isAppError(error: unknown, match?: number | string): error is AppError {
  if (!(error instanceof AppError)) return false;
  return match === undefined || (typeof match === 'number' ? error.statusCode === match : error.code === match);
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'BAD_REQUEST', message, fields);
export const unauthorized = (message = 'Please log in to continue.') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to do that.') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, 'CONFLICT', message, fields);

type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503;

/** A route's response-schema entries for the error statuses it can answer: each is the one error body. */
export function errorResponses<const S extends ErrorStatus>(...statuses: S[]): { [K in S]: typeof errorBodySchema } {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as {
    [K in S]: typeof errorBodySchema;
  };
}

const GENERIC_SERVER_ERROR = 'Something went wrong on our side. Please try again.';
const UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';
/** Seconds a client is asked to wait when the database cannot be reached. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Field path ("/skills/0" or "skills.0") from a zod issue, dotted. */
function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (isAppError(error)) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return send(reply, error.statusCode, {
        error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath);
        fields[name] ??= issue.message ?? 'This value is not valid.';
      }
      const first = Object.values(fields)[0];
      return send(reply, 400, {
        error: { code: 'VALIDATION_ERROR', message: first ?? 'The request is not valid.', fields },
      });
    }
    const database = classifyDatabaseError(error);
    if (database === 'unavailable') {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return send(reply, 503, { error: { code: 'UNAVAILABLE', message: UNAVAILABLE, requestId: request.id } });
    }
    if (database) return send(reply, database.status, { error: { code: database.code, message: database.message } });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(reply, status, { error: { code: error.code ?? 'BAD_REQUEST', message: error.message } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, {
      error: { code: 'INTERNAL_ERROR', message: GENERIC_SERVER_ERROR, requestId: request.id },
    });
  });
}

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, {
    error: { code: 'NOT_FOUND', message: `No API route for ${request.method} ${request.url.split('?')[0]}` },
  });
}
