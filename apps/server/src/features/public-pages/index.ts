import type { FastifyInstance } from 'fastify';
import type { ServerPageRoute } from '../../lib/server-pages';
import { companyPageRoute } from './company-page';
import { jobPageRoute } from './job-page';
import { registerCompanyLogos } from './logo';

/** The public pages the server renders from the database on each request. */
export function serverPages(app: FastifyInstance): ServerPageRoute[] {
  return [jobPageRoute(app), companyPageRoute(app)];
}

/** The routes of public pages' companions: company logos (and the sitemap and feeds). */
export async function publicPageRoutes(app: FastifyInstance) {
  registerCompanyLogos(app);
}
