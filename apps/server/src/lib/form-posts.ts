import type { FastifyInstance } from 'fastify';

/**
 * Lets the routes of one encapsulated plugin take `application/x-www-form-urlencoded` bodies: a page's form posted as
 * plain HTML before its script runs (ADR 0017). Register it inside that plugin only, so the JSON API stays JSON-only.
 */
export function acceptFormPosts(app: FastifyInstance, bodyLimit: number) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}
