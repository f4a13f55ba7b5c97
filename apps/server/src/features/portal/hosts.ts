// Custom host names (issue 34): a request whose Host is a name a company proved (settings.ts, a DNS TXT record) is
// served that company's portal, and nothing else; any other name goes on to the app as before. Unproved, removed or
// unknown names are never served as portals.
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { ShortCache } from '../../lib/short-cache';
import { matchPattern } from '../../lib/server-pages';
import {
  renderPortalHome,
  renderPortalJob,
  sendPortalLogo,
  sendPortalNotFound,
  servedPortal,
  type PortalPlace,
} from './pages';

/** How long an instance keeps what a host name maps to: a removed name stops being served within this. */
export const HOST_MAP_TTL_MS = 30_000;

const maps = new WeakMap<Db, ShortCache<string | null>>();
const mapOf = (db: Db) => {
  let found = maps.get(db);
  if (!found) maps.set(db, (found = new ShortCache<string | null>(5_000)));
  return found;
};

/** Drops this instance's kept mappings (after a name is proved or removed here; others follow within the TTL). */
export const forgetPortalHosts = (db: Db) => mapOf(db).clear();

/** The slug of the company that proved `host`, or null. */
export function companyOfHost(db: Db, host: string): Promise<string | null> {
  return mapOf(db).get(host, HOST_MAP_TTL_MS, async () => {
    const [row] = await preparedRows<{ slug: string }>(
      db,
      sql`select c.slug from company_portal_hosts h join companies c on c.id = h.company_id
          where h.host = ${host} and h.verified_at is not null`,
    );
    return row?.slug ?? null;
  });
}

/** Host names that are this site's own, never looked up. */
function siteHosts(app: FastifyInstance): Set<string> {
  return new Set([new URL(app.config.publicUrl).hostname, 'localhost', '127.0.0.1', '[::1]']);
}

const HOST_NAME = /^[a-z0-9.-]+$/;

/**
 * Serves portals on their proved host names: `/` (with `?q=`), `/jobs/{id}` and `/logo`; any other path on such a name
 * is a 404. Runs before routing, so it answers before the app's pages and API.
 */
export function registerPortalHosts(app: FastifyInstance) {
  const own = siteHosts(app);
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    const host = request.hostname.toLowerCase().replace(/\.$/, '');
    if (own.has(host) || !HOST_NAME.test(host) || !host.includes('.')) return;
    const slug = await companyOfHost(app.db, host);
    if (!slug) return;
    const portal = await servedPortal(app, slug);
    if (!portal || (request.method !== 'GET' && request.method !== 'HEAD')) return sendPortalNotFound(reply);
    const place: PortalPlace = { base: '', origin: `${request.protocol}://${host}`, auth: null };
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/') return renderPortalHome(app, request, reply, portal, place);
    if (path === '/logo') return sendPortalLogo(app, reply, portal);
    const job = matchPattern('jobs/:id', path);
    if (job) return renderPortalJob(app, reply, portal, place, job.id ?? '');
    return sendPortalNotFound(reply);
  });
}
