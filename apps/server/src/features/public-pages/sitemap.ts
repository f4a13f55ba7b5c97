import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { WAITLIST_FORM } from '@referwell/shared';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { notFound } from '../../lib/errors';
import { readPublicPaths } from '../../lib/spa';
import { escapeXml } from '../../lib/xml';

/** The sitemap protocol's limit of URLs in one file; past it /sitemap.xml is an index of numbered pages. */
export const SITEMAP_MAX_URLS = 50_000;
const BATCH = 5_000;

interface Entry {
  path: string;
  /** W3C datetime (UTC). */
  lastmod: string | null;
}

const UTC = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** Company pages change with the company and with its open jobs. */
const companiesQuery = (offset: number, limit: number) =>
  sql`select '/company/' || c.slug as path,
        ${UTC(sql`greatest(c.updated_at, (select max(j.updated_at) from job_postings j where j.company_id = c.id and j.status = 'OPEN'))`)} as lastmod
      from companies c order by c.slug offset ${offset} limit ${limit}`;

const jobsQuery = (offset: number, limit: number) =>
  sql`select '/job/' || j.id as path, ${UTC(sql`j.updated_at`)} as lastmod
      from job_postings j where j.status = 'OPEN' order by j.id offset ${offset} limit ${limit}`;

async function counts(db: Db): Promise<{ companies: number; jobs: number }> {
  const [row] = await preparedRows<{ companies: number; jobs: number }>(
    db,
    sql`select (select cast(count(*) as int) from companies) as companies,
               (select cast(count(*) as int) from job_postings where status = 'OPEN') as jobs`,
  );
  return row!;
}

/** Rows [offset, offset + limit) of one query, read in batches. */
async function* batched(
  db: Db,
  query: (offset: number, limit: number) => SQL,
  offset: number,
  limit: number,
): AsyncGenerator<Entry> {
  for (let done = 0; done < limit;) {
    const rows = await preparedRows<Entry>(db, query(offset + done, Math.min(BATCH, limit - done)));
    yield* rows;
    if (rows.length < Math.min(BATCH, limit - done)) return;
    done += rows.length;
  }
}

/** Entries [start, start + count) of the whole list: public pages, then companies, then open jobs. */
async function* entries(
  db: Db,
  publicPaths: string[],
  companies: number,
  start: number,
  count: number,
): AsyncGenerator<Entry> {
  const end = start + count;
  const fixed = publicPaths.map((path) => ({ path, lastmod: null }));
  yield* fixed.slice(start, end);
  const companyStart = Math.max(0, start - fixed.length);
  const companyEnd = Math.min(companies, end - fixed.length);
  if (companyEnd > companyStart) yield* batched(db, companiesQuery, companyStart, companyEnd - companyStart);
  const jobStart = Math.max(0, start - fixed.length - companies);
  const jobEnd = end - fixed.length - companies;
  if (jobEnd > jobStart) yield* batched(db, jobsQuery, jobStart, jobEnd - jobStart);
}

async function* urlset(origin: string, list: AsyncGenerator<Entry>): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  for await (const { path, lastmod } of list) {
    const modified = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
    yield `  <url><loc>${escapeXml(`${origin}${path}`)}</loc>${modified}</url>\n`;
  }
  yield '</urlset>\n';
}

function sitemapIndex(origin: string, pages: number): string {
  const items = Array.from(
    { length: pages },
    (_, i) => `  <sitemap><loc>${escapeXml(`${origin}/sitemap.xml?page=${i + 1}`)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

const sitemapQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).optional() });

/**
 * GET /sitemap.xml: the public pages, every company and every open job with lastmod, streamed from the database in
 * batches. Past SITEMAP_MAX_URLS it is an index of /sitemap.xml?page=N, each a urlset of that many.
 */
export function registerSitemap(app: FastifyInstance) {
  const origin = new URL(app.config.publicUrl).origin;
  const publicPaths = readPublicPaths(app.config.webDistDir);
  // The waitlist's thank-you page is prerendered (the form post lands there) but is no page to search for.
  const listed = publicPaths.filter((path) => path !== WAITLIST_FORM.joinedPath);
  const paths = listed.length > 0 ? listed : ['/'];
  app.get(
    '/sitemap.xml',
    { config: { access: 'visitor' }, schema: { hide: true, querystring: sitemapQuery } },
    async (request, reply) => {
      const { page } = request.query as z.infer<typeof sitemapQuery>;
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
      const { companies, jobs } = await counts(app.db);
      const total = paths.length + companies + jobs;
      const pages = Math.max(1, Math.ceil(total / SITEMAP_MAX_URLS));
      if (page === undefined && pages > 1) return reply.send(sitemapIndex(origin, pages));
      const index = (page ?? 1) - 1;
      if (index >= pages) throw notFound('This sitemap has fewer pages.');
      const list = entries(app.db, paths, companies, index * SITEMAP_MAX_URLS, SITEMAP_MAX_URLS);
      return reply.send(Readable.from(urlset(origin, list)));
    },
  );
}
