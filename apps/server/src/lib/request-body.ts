import type { FastifyInstance } from 'fastify';
import secureJsonParse from 'secure-json-parse';
import { hasNulByte } from '@referwell/shared';
import { AppError } from './errors';

/** No request of ours nests deeper than a handful of levels; 64 leaves room and stops a stall early. */
export const MAX_JSON_DEPTH = 64;
/** Default body limit for every JSON route; routes with bigger forms raise it in their own options. */
export const JSON_BODY_LIMIT = 256 * 1024;

/**
 * Index of the first position where arrays/objects nest deeper than `maxDepth`, or -1.
 * One pass over the text that stops at the limit, so a hostile body costs microseconds, not
 * the event-loop seconds a full parse of 450,000 nested arrays takes.
 */
export function exceedsJsonDepth(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > maxDepth) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

const invalid = (message: string) => new AppError(400, 'VALIDATION_ERROR', message);

/**
 * JSON is the only body type of the JSON API (multipart is registered by the one upload route):
 * a `text/plain` body, which a cross-site form can send without a preflight, is refused with 415.
 * The parser refuses deep nesting before parsing and prototype-poisoning keys like Fastify's own.
 */
export function registerJsonBodies(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT },
    (_request, body, done) => {
      const text = body as string;
      if (text.trim() === '') return done(null, undefined);
      if (exceedsJsonDepth(text, MAX_JSON_DEPTH)) return done(invalid('The request body is nested too deeply.'));
      try {
        done(null, secureJsonParse.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
      } catch {
        done(invalid('The request body is not valid JSON.'));
      }
    },
  );
}

/**
 * A NUL byte is never meaningful in our text and PostgreSQL refuses it in text columns (which
 * would be a 500): any NUL in the path, query or body is a 400, checked once for every route.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    for (const [part, value] of [
      ['path', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      if (hasNulByte(value))
        return done(invalid(`The request ${part} contains a NUL character, which is not allowed.`));
    }
    done();
  });
}
