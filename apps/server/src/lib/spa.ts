import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { apiNotFound } from './errors';

/**
 * Serves the built web app: hashed assets cached for a year, everything else that is not
 * /api falls back to index.html so client-side routes survive a reload.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string) {
  const indexHtml = path.join(webDistDir, 'index.html');
  const hasWebApp = existsSync(indexHtml);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // @fastify/static 10 passes the Fastify reply here (not a raw ServerResponse).
      setHeaders(reply: unknown, filePath: string) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        (reply as FastifyReply).header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app not built: only /api is served (run npm run build)');
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (request.url.startsWith('/api') || !hasWebApp || !isPageRequest) return apiNotFound(request, reply);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
