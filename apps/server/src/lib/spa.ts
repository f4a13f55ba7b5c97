import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config';
import { isAppPath } from '@referwell/shared/routes';
import { apiNotFound } from './errors';
import { escapeHtml } from './html';
import { matchPattern, ShellTemplate, type ServerPageRoute } from './server-pages';
import { PageCompressor, type Page } from './page-compressor';

/** Written by the web build: the public paths that were rendered to HTML ahead of time. */
export const PRERENDER_MANIFEST = 'prerendered.json';
/** Placeholder the prerender step leaves where the site's origin goes (canonical, og:url). */
export const ORIGIN_PLACEHOLDER = '%RW_ORIGIN%';

/** A prerendered page's version for one value of a query parameter (`index.role=referrer.html`). */
interface Variant {
  param: string;
  value: string;
  page: Page;
}

/** A version's file beside its page's index.html: index.<param>=<value>.html (scripts/prerender.mjs in the web app). */
const VARIANT_FILE = /^index\.([A-Za-z][\w-]*)=([\w-]+)\.html$/;

interface WebApp {
  /** Each public path's prerendered page, plus the SPA shell under ''. */
  pages: Map<string, Page>;
  /** The public paths that have versions by query (/signup?role=…), and those versions. */
  variants: Map<string, Variant[]>;
  /** The shell, cut for pages the server renders per request. */
  shell: ShellTemplate;
}

/** The public paths the web build prerendered (listed in the sitemap); none without a build. */
export function readPublicPaths(webDistDir: string): string[] {
  const manifestFile = path.join(webDistDir, PRERENDER_MANIFEST);
  return existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as string[]) : [];
}

/** Reads the built HTML once and fills in what depends on this deployment's configuration. */
function loadWebApp(webDistDir: string, config: Config): WebApp | null {
  const shellFile = path.join(webDistDir, 'index.html');
  if (!existsSync(shellFile)) return null;
  const origin = new URL(config.publicUrl).origin;
  const bookingMeta = config.bookingUrl
    ? `<meta name="rw-booking-url" content="${escapeHtml(config.bookingUrl)}" />\n`
    : '';
  const finish = (html: string): Page => ({
    html: html.replaceAll(ORIGIN_PLACEHOLDER, origin).replace('</head>', `${bookingMeta}</head>`),
  });

  const pages = new Map<string, Page>([['', finish(readFileSync(shellFile, 'utf8'))]]);
  const variants = new Map<string, Variant[]>();
  for (const pagePath of readPublicPaths(webDistDir)) {
    const dir = path.join(webDistDir, 'prerendered', pagePath === '/' ? '' : pagePath.slice(1));
    const file = path.join(dir, 'index.html');
    if (!existsSync(file)) continue;
    pages.set(pagePath, finish(readFileSync(file, 'utf8')));
    const versions = readdirSync(dir).flatMap((name) => {
      const [, param, value] = VARIANT_FILE.exec(name) ?? [];
      return param && value ? [{ param, value, page: finish(readFileSync(path.join(dir, name), 'utf8')) }] : [];
    });
    if (versions.length) variants.set(pagePath, versions);
  }
  return { pages, variants, shell: new ShellTemplate(pages.get('')!.html, origin) };
}

/** The version of a page the address's query asks for (its first value of the version's parameter), if any. */
function variantFor(variants: Variant[] | undefined, url: string): Page | undefined {
  if (!variants) return undefined;
  const query = new URLSearchParams(url.slice(url.indexOf('?') + 1 || url.length));
  return variants.find(({ param, value }) => query.get(param) === value)?.page;
}

function normalisePath(url: string): string {
  const pathname = decodeURIComponent(url.split('?')[0] ?? '/');
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * Serves the built web app: hashed assets cached for a year; a prerendered public page as
 * its own HTML (or its version for the query's value, /signup?role=…); a page of `serverPages`
 * (a job, a company) rendered from the database per request;
 * every other non-/api path falls back to the SPA shell so client-side routes
 * survive a reload (status 404 when the path matches none of the app's routes). Also answers /robots.txt
 * (the sitemap is features/public-pages).
 */
export async function registerWebApp(app: FastifyInstance, config: Config, serverPages: ServerPageRoute[] = []) {
  const web = loadWebApp(config.webDistDir, config);
  const compressor = new PageCompressor((err) => app.log.warn({ err }, 'web app: page compression failed'));
  if (web) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      allowedPath: (pathName) => !pathName.endsWith('.html') && !pathName.endsWith(PRERENDER_MANIFEST),
      // @fastify/static 10 passes the Fastify reply here (not a raw ServerResponse).
      setHeaders(reply: unknown, filePath: string) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        (reply as FastifyReply).header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDistDir: config.webDistDir }, 'web app not built: only /api is served (run npm run build)');
  }

  const origin = new URL(config.publicUrl).origin;
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`),
  );
  // Page requests: a real route (not the not-found handler), so compression and hooks apply.
  // Exact routes (API, static files) take precedence over this wildcard.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api') || !web) return apiNotFound(request, reply);
    let pagePath: string;
    try {
      pagePath = normalisePath(request.url);
    } catch {
      pagePath = '';
    }
    for (const route of serverPages) {
      const params = matchPattern(route.pattern, pagePath);
      if (!params) continue;
      const page = await route.render(request, reply, params);
      return reply
        .status(page.status)
        .header('cache-control', page.personal ? 'private, no-cache' : 'no-cache')
        .type('text/html; charset=utf-8')
        .send(web.shell.render(page));
    }
    const prerendered = variantFor(web.variants.get(pagePath), request.url) ?? web.pages.get(pagePath);
    // Paths the web router does not know get the shell (which shows the 404 page) with a real 404 status.
    if (!prerendered && !isAppPath(pagePath)) reply.status(404);
    const page = prerendered ?? web.pages.get('')!;
    compressor.request(page);
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (page.br && /\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
    if (page.gzip && /\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.html);
  });
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => apiNotFound(request, reply));
}
