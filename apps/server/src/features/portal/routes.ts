import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addPortalHostSchema,
  companyIdParamSchema,
  portalHostParamSchema,
  portalHostSchemaOut,
  portalSettingsSchema,
  portalSettingsUpdateSchema,
  PORTAL_MESSAGES,
} from '@referwell/shared';
import { errorResponses, notFound } from '../../lib/errors';
import { companyAuthOf } from '../../platform/access/route-access';
import { companyOfHost, forgetPortalHosts } from './hosts';
import { registerPortalPages, servedPortal } from './pages';
import {
  addPortalHost,
  getPortalSettings,
  LOGO_MULTIPART_LIMITS,
  readLogoUpload,
  removeLogo,
  removePortalHost,
  storeLogo,
  updatePortalSettings,
  verifyPortalHost,
} from './settings';

const errors = errorResponses(400, 401, 402, 403, 404);
const PORTAL = 'branded_portal' as const;

/** The careers portal's settings for company admins (Enterprise: `branded_portal`), and its public pages. */
export const portalRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: the logo upload takes a multipart body.
  await app.register(multipart, LOGO_MULTIPART_LIMITS);
  const siteHost = new URL(app.config.publicUrl).hostname;

  app.get(
    '/api/companies/:companyId/portal',
    {
      config: { access: 'companyAdmin', capability: { capability: PORTAL, use: 'view' } },
      schema: {
        tags: ['portal'],
        summary: 'The careers portal settings and host names (admins)',
        params: companyIdParamSchema,
        response: { 200: portalSettingsSchema, ...errors },
      },
    },
    async (request) => getPortalSettings(app.db, request.params.companyId),
  );

  app.put(
    '/api/companies/:companyId/portal',
    {
      config: { access: 'companyAdmin', capability: PORTAL },
      schema: {
        tags: ['portal'],
        summary: 'Turn the careers portal on or off, set its brand colour (readable with white text) and intro',
        params: companyIdParamSchema,
        body: portalSettingsUpdateSchema,
        response: { 200: portalSettingsSchema, ...errors },
      },
    },
    async (request) =>
      updatePortalSettings(app.db, request.params.companyId, companyAuthOf(request).user.id, request.body),
  );

  app.put(
    '/api/companies/:companyId/portal/logo',
    {
      config: { access: 'companyAdmin', capability: PORTAL },
      schema: {
        tags: ['portal'],
        summary: 'Upload the portal logo (PNG, JPEG or WebP by content, at most 1 MB)',
        params: companyIdParamSchema,
        consumes: ['multipart/form-data'],
        response: { 200: portalSettingsSchema, ...errors, ...errorResponses(413, 415) },
      },
    },
    async (request) => {
      const logo = await readLogoUpload(app, request);
      return storeLogo(app.db, app.storage, request.params.companyId, companyAuthOf(request).user.id, logo);
    },
  );

  app.delete(
    '/api/companies/:companyId/portal/logo',
    {
      config: { access: 'companyAdmin', capability: PORTAL },
      schema: {
        tags: ['portal'],
        summary: 'Remove the portal logo',
        params: companyIdParamSchema,
        response: { 200: portalSettingsSchema, ...errors },
      },
    },
    async (request) => removeLogo(app.db, app.storage, request.params.companyId, companyAuthOf(request).user.id),
  );

  app.post(
    '/api/companies/:companyId/portal/hosts',
    {
      config: { access: 'companyAdmin', capability: PORTAL },
      schema: {
        tags: ['portal'],
        summary: 'Add a host name for the portal: answers the DNS TXT record that proves it',
        params: companyIdParamSchema,
        body: addPortalHostSchema,
        response: { 201: portalHostSchemaOut, ...errors, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const host = await addPortalHost(
        app.db,
        request.params.companyId,
        companyAuthOf(request).user.id,
        request.body.host,
        siteHost,
      );
      return reply.status(201).send(host);
    },
  );

  app.post(
    '/api/companies/:companyId/portal/hosts/:hostId/verify',
    {
      config: { access: 'companyAdmin', capability: PORTAL },
      schema: {
        tags: ['portal'],
        summary: "Look for the host name's TXT record; found, the name serves the portal from now on",
        params: portalHostParamSchema,
        response: { 200: portalHostSchemaOut, ...errors, ...errorResponses(422, 503) },
      },
    },
    async (request) => {
      const { companyId, hostId } = request.params;
      const host = await verifyPortalHost(app.db, app.resolveTxt, companyId, companyAuthOf(request).user.id, hostId);
      forgetPortalHosts(app.db);
      return host;
    },
  );

  app.delete(
    '/api/companies/:companyId/portal/hosts/:hostId',
    {
      config: { access: 'companyAdmin', capability: PORTAL },
      schema: {
        tags: ['portal'],
        summary: 'Remove a host name: it stops serving the portal',
        params: portalHostParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { companyId, hostId } = request.params;
      await removePortalHost(app.db, companyId, companyAuthOf(request).user.id, hostId);
      forgetPortalHosts(app.db);
      return reply.status(204).send(null);
    },
  );

  // Caddy's on-demand TLS asks this before it obtains a certificate for a name (`on_demand_tls { ask … }`, with
  // `?domain=`): 200 only for a name a company proved and whose portal is served.
  app.get(
    '/api/portal-hosts/check',
    {
      config: { access: 'visitor' },
      schema: {
        tags: ['portal'],
        summary: "May a certificate be issued for this host name? (a TLS proxy's on-demand check)",
        querystring: z.object({ domain: z.string().max(253) }),
        response: { 200: z.object({ served: z.literal(true) }), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const slug = await companyOfHost(app.db, request.query.domain.toLowerCase().replace(/\.$/, ''));
      if (!slug || !(await servedPortal(app, slug))) throw notFound(PORTAL_MESSAGES.hostNotFound);
      return { served: true as const };
    },
  );

  registerPortalPages(app);
};
