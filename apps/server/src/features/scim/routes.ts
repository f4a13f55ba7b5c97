// SCIM 2.0 at /scim/v2 (RFC 7644), for a company's identity provider, and the admin's token at
// /api/companies/:companyId/scim. The SCIM routes authenticate by the company's bearer token (not a session: they are
// outside /api, so no cookie or Origin check applies), need the plan's `sso_scim`, and answer errors in SCIM's shape.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SCIM_SCHEMAS,
  scimGroupInputSchema,
  scimListQuerySchema,
  scimPatchSchema,
  scimResourceSchema,
  scimSettingsSchema,
  scimTokenRequestSchema,
  scimTokenResponseSchema,
  scimUserInputSchema,
} from '@referwell/shared';
import { authOf } from '../../platform/access/route-access';
import { requireCapability } from '../../platform/plans/capability';
import { errorResponses, isAppError } from '../../lib/errors';
import { scimError, scimTypeOf } from './errors';
import { resourceTypes, schemas, serviceProviderConfig } from './discovery';
import {
  companyOfToken,
  createGroup,
  createScimToken,
  createUser,
  deleteGroup,
  deleteUser,
  getGroup,
  getUser,
  listGroups,
  listUsers,
  patchGroup,
  patchUser,
  replaceUser,
  scimSettings,
} from './service';

const SCIM_TYPE = 'application/scim+json';
/** The discovery documents (RFC 7644 §4) answer without a token. */
const DISCOVERY = /^\/scim\/v2\/(ServiceProviderConfig|ResourceTypes|Schemas)(\?|$)/;
const idParams = z.object({ id: z.string().max(100) });
const scimBody = { 200: scimResourceSchema, 201: scimResourceSchema, 204: z.null() };
/** Provisioning sends profiles of a few KB; a group with thousands of members stays under this. */
const SCIM_BODY_LIMIT = 1024 * 1024;

function sendScimError(reply: FastifyReply, status: number, detail: string, scimType?: string) {
  return reply
    .status(status)
    .type(SCIM_TYPE)
    .send({ schemas: [SCIM_SCHEMAS.error], status: String(status), ...(scimType ? { scimType } : {}), detail });
}

export const scimRoutes: FastifyPluginAsyncZod = async (app) => {
  const baseUrl = `${app.config.publicUrl.replace(/\/$/, '')}/scim/v2`;
  const billing = app.config.stripe !== null;

  const scimApi: FastifyPluginAsyncZod = async (scim) => {
    scim.addContentTypeParser(SCIM_TYPE, { parseAs: 'string', bodyLimit: SCIM_BODY_LIMIT }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(scimError(400, 'The body is not valid JSON.', 'invalidSyntax'), undefined);
      }
    });
    scim.addHook('onRoute', (route) => {
      route.bodyLimit ??= SCIM_BODY_LIMIT;
    });
    scim.addHook('onSend', async (_request, reply, payload) => {
      if (String(reply.getHeader('content-type') ?? '').startsWith('application/json')) reply.type(SCIM_TYPE);
      return payload;
    });
    scim.setErrorHandler((error, request, reply) => {
      if (isAppError(error)) {
        if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
        return sendScimError(reply, error.statusCode, error.message, scimTypeOf(error.code));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issue = error.validation[0];
        const where = issue?.instancePath ? `${issue.instancePath.slice(1).replace(/\//g, '.')}: ` : '';
        return sendScimError(reply, 400, `${where}${issue?.message ?? 'The request is not valid.'}`, 'invalidValue');
      }
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status >= 400 && status < 500) return sendScimError(reply, status, (error as Error).message);
      request.log.error({ err: error }, 'unhandled SCIM error');
      return sendScimError(reply, 500, 'Something went wrong on our side.');
    });

    /** The company of the request's bearer token, with `sso_scim` on its plan. */
    const companyOf = async (request: FastifyRequest) => {
      const companyId = await companyOfToken(app.db, request.headers.authorization);
      try {
        await requireCapability(app.db, billing, companyId, 'sso_scim');
      } catch (error) {
        if (isAppError(error, 402)) throw scimError(403, error.message);
        throw error;
      }
      return companyId;
    };
    // The token is checked before the body is read: a request without a valid one is a 401 whatever it carries.
    const companies = new WeakMap<FastifyRequest, string>();
    scim.addHook('onRequest', async (request) => {
      if (DISCOVERY.test(request.url)) return;
      companies.set(request, await companyOf(request));
    });
    const companyIdOf = (request: FastifyRequest) => {
      const companyId = companies.get(request);
      if (!companyId) throw scimError(401, 'A bearer token is required.');
      return companyId;
    };
    const access = { access: 'visitor' as const };
    const tags = ['scim'];

    scim.get(
      '/scim/v2/ServiceProviderConfig',
      {
        config: access,
        schema: {
          tags,
          summary: 'What this SCIM service supports (RFC 7644 §5)',
          response: { 200: scimResourceSchema },
        },
      },
      async () => serviceProviderConfig(baseUrl),
    );
    scim.get(
      '/scim/v2/ResourceTypes',
      {
        config: access,
        schema: { tags, summary: 'The resource types: User and Group', response: { 200: scimResourceSchema } },
      },
      async () => resourceTypes(baseUrl),
    );
    scim.get(
      '/scim/v2/Schemas',
      {
        config: access,
        schema: {
          tags,
          summary: 'The User and Group schemas, as far as Referwell keeps them',
          response: { 200: scimResourceSchema },
        },
      },
      async () => schemas(baseUrl),
    );

    scim.get(
      '/scim/v2/Users',
      {
        config: access,
        schema: {
          tags,
          summary: 'List the company’s people (filter `userName eq "…"`, `externalId eq "…"`; startIndex, count)',
          querystring: scimListQuerySchema,
          response: scimBody,
        },
      },
      async (request) => listUsers(app.db, companyIdOf(request), request.query, baseUrl),
    );
    scim.get(
      '/scim/v2/Users/:id',
      { config: access, schema: { tags, summary: 'One person', params: idParams, response: scimBody } },
      async (request) => getUser(app.db, companyIdOf(request), request.params.id, baseUrl),
    );
    scim.post(
      '/scim/v2/Users',
      {
        config: access,
        schema: { tags, summary: 'Provision a person into the company', body: scimUserInputSchema, response: scimBody },
      },
      async (request, reply) => {
        const user = await createUser(app.db, app.accounts, companyIdOf(request), request.body, baseUrl);
        return reply.status(201).header('location', user.meta.location).send(user);
      },
    );
    scim.put(
      '/scim/v2/Users/:id',
      {
        config: access,
        schema: {
          tags,
          summary: 'Replace a person’s attributes',
          params: idParams,
          body: scimUserInputSchema,
          response: scimBody,
        },
      },
      async (request) => replaceUser(app.db, companyIdOf(request), request.params.id, request.body, baseUrl),
    );
    scim.patch(
      '/scim/v2/Users/:id',
      {
        config: access,
        schema: {
          tags,
          summary:
            'Change a person (Okta and Entra operation shapes); active false deactivates and ends their sessions',
          params: idParams,
          body: scimPatchSchema,
          response: scimBody,
        },
      },
      async (request) => patchUser(app.db, companyIdOf(request), request.params.id, request.body.Operations, baseUrl),
    );
    scim.delete(
      '/scim/v2/Users/:id',
      {
        config: access,
        schema: {
          tags,
          summary: 'Deprovision a person (their account, referrals and bonuses stay)',
          params: idParams,
          response: scimBody,
        },
      },
      async (request, reply) => {
        await deleteUser(app.db, companyIdOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    scim.get(
      '/scim/v2/Groups',
      {
        config: access,
        schema: {
          tags,
          summary: 'List groups (filter `displayName eq "…"`)',
          querystring: scimListQuerySchema,
          response: scimBody,
        },
      },
      async (request) => listGroups(app.db, companyIdOf(request), request.query, baseUrl),
    );
    scim.get(
      '/scim/v2/Groups/:id',
      {
        config: access,
        schema: { tags, summary: 'One group', params: idParams, querystring: scimListQuerySchema, response: scimBody },
      },
      async (request) =>
        getGroup(
          app.db,
          companyIdOf(request),
          request.params.id,
          baseUrl,
          !(request.query.excludedAttributes ?? '').toLowerCase().includes('members'),
        ),
    );
    scim.post(
      '/scim/v2/Groups',
      { config: access, schema: { tags, summary: 'Create a group', body: scimGroupInputSchema, response: scimBody } },
      async (request, reply) => {
        const group = await createGroup(app.db, companyIdOf(request), request.body, baseUrl);
        return reply.status(201).header('location', group.meta.location).send(group);
      },
    );
    scim.patch(
      '/scim/v2/Groups/:id',
      {
        config: access,
        schema: {
          tags,
          summary: 'Rename a group or add and remove members (the admin group’s members are admins)',
          params: idParams,
          body: scimPatchSchema,
          response: scimBody,
        },
      },
      async (request) => patchGroup(app.db, companyIdOf(request), request.params.id, request.body.Operations, baseUrl),
    );
    scim.delete(
      '/scim/v2/Groups/:id',
      { config: access, schema: { tags, summary: 'Delete a group', params: idParams, response: scimBody } },
      async (request, reply) => {
        await deleteGroup(app.db, companyIdOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
  await app.register(scimApi);

  const companyParams = z.object({ companyId: z.uuid() });
  app.get(
    '/api/companies/:companyId/scim',
    {
      config: { access: 'companyAdmin', capability: 'sso_scim' },
      schema: {
        tags: ['companies'],
        summary: 'SCIM provisioning: whether a token exists (never the token), the admin group, the base URL',
        params: companyParams,
        response: { 200: scimSettingsSchema, ...errorResponses(401, 402, 403) },
      },
    },
    async (request) => scimSettings(app.db, request.params.companyId, baseUrl),
  );
  app.post(
    '/api/companies/:companyId/scim/token',
    {
      config: { access: 'companyAdmin', capability: 'sso_scim' },
      schema: {
        tags: ['companies'],
        summary: 'A new SCIM bearer token (the old one stops working), shown once; audited',
        params: companyParams,
        body: scimTokenRequestSchema,
        response: { 200: scimTokenResponseSchema, ...errorResponses(400, 401, 402, 403) },
      },
    },
    async (request) =>
      createScimToken(app.db, request.params.companyId, authOf(request).user.id, request.body.adminGroup, baseUrl),
  );
};
