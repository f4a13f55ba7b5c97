import type { FastifyInstance } from 'fastify';
import type { ServerPageRoute } from '../../lib/server-pages';
import { companyPageRoute } from './company-page';
import { jobPageRoute } from './job-page';
import { searchPageRoute } from './search-page';
import { registerFeeds } from './feeds';
import { registerCompanyLogos } from './logo';
import { registerSitemap } from './sitemap';

/** The public pages the server renders from the database on each request. */
export function serverPages(app: FastifyInstance): ServerPageRoute[] {
  return [jobPageRoute(app), companyPageRoute(app), searchPageRoute(app)];
}

/** What goes with the public pages: company logos, the sitemap, the job feed and each company's Atom feed. */
export async function publicPageRoutes(app: FastifyInstance) {
  registerCompanyLogos(app);
  registerSitemap(app);
  registerFeeds(app);
}
