import type { FastifyReply, FastifyRequest } from 'fastify';
import { BRAND } from '@referwell/shared/constants';
import { escapeHtml, jsonForScript } from './html';

/** A page whose content the server renders per request from the database (a job, a company). */
export interface ServerPage {
  status: 200 | 404 | 410;
  /** The document title, without the site name (added here). */
  title: string;
  description: string;
  /** The canonical path of the page ('/job/…'). */
  path: string;
  /** Markup for #root, every value in it already escaped. The app replaces it when it starts. */
  body: string;
  /** More head markup, already escaped (structured data). */
  head?: string;
  /** API answers the page was built from, by GET path: the app starts from them instead of asking again. */
  preload?: Record<string, unknown>;
  /** false: kept out of search engines (closed jobs, drafts, error pages). */
  indexable: boolean;
  /** Built for the signed-in viewer (their preloaded answers): no shared cache may keep it. */
  personal?: boolean;
  /** The site name for the title and og:site_name (a company's careers portal shows its own); default BRAND.name. */
  siteName?: string;
  /** The canonical address's origin when not the site's (a portal served on the company's own host name). */
  origin?: string;
}

/** A page's head tags: title, description, canonical or noindex, Open Graph, Twitter, its extra head, preloads. */
export function pageHeadTags(page: ServerPage, origin: string): string[] {
  const siteName = page.siteName ?? BRAND.name;
  const title = escapeHtml(page.title.includes(siteName) ? page.title : `${page.title} · ${siteName}`);
  const description = escapeHtml(page.description);
  const url = escapeHtml(`${page.origin ?? origin}${page.path}`);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    page.indexable ? `<link rel="canonical" href="${url}" />` : `<meta name="robots" content="noindex" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    page.head ?? '',
    page.preload
      ? `<script type="application/json" id="${PRELOAD_ELEMENT_ID}">${jsonForScript(page.preload)}</script>`
      : '',
  ].filter(Boolean);
}

export interface ServerPageRoute {
  /** A pattern from APP_ROUTES ('job/:id'). */
  pattern: string;
  render(request: FastifyRequest, reply: FastifyReply, params: Record<string, string>): Promise<ServerPage>;
}

/** Matches a path against a route pattern; the named segments, decoded, or null. */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const parts = pattern.split('/').filter(Boolean);
  const segments = pathname.split('/').filter(Boolean);
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of parts.entries()) {
    const segment = segments[i]!;
    if (part.startsWith(':')) params[part.slice(1)] = segment;
    else if (part !== segment) return null;
  }
  return params;
}

/** The id of the element holding preloaded API answers (read by apps/web/src/lib/api.ts). */
export const PRELOAD_ELEMENT_ID = 'rw-preload';

/**
 * The built app shell cut around the parts a server page fills in: its generic title and description are removed,
 * the head gets the page's tags and #root its markup. Cut once at start-up, so a page is a few string joins.
 */
export class ShellTemplate {
  private readonly head: string;
  private readonly beforeRoot: string;
  private readonly afterRoot: string;

  constructor(
    shellHtml: string,
    private readonly origin: string,
  ) {
    const html = shellHtml.replace(/<title>[\s\S]*?<\/title>/, '').replace(/<meta\s+name="description"[^>]*>/, '');
    const headEnd = html.indexOf('</head>');
    const root = html.indexOf('<div id="root"></div>');
    if (headEnd < 0 || root < headEnd) throw new Error('index.html has no </head> followed by an empty #root');
    this.head = html.slice(0, headEnd);
    this.beforeRoot = html.slice(headEnd, root);
    this.afterRoot = html.slice(root + '<div id="root"></div>'.length);
  }

  render(page: ServerPage): string {
    const tags = pageHeadTags(page, this.origin);
    return `${this.head}  ${tags.join('\n    ')}\n  ${this.beforeRoot}<div id="root" data-server-rendered="true">${page.body}</div>${this.afterRoot}`;
  }
}
