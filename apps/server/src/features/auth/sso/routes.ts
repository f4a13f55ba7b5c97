import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addSsoDomainSchema,
  AUTH_FORM_ERRORS,
  companyIdParamSchema,
  dashboardPathFor,
  messageResponseSchema,
  safeReturnTo,
  SSO_MESSAGES,
  ssoConnectionInputSchema,
  ssoConnectionSchema,
  ssoDomainListSchema,
  ssoDomainMailSchema,
  ssoDomainSchemaOut,
  ssoDomainVerifyLinkSchema,
  ssoStartResponseSchema,
  ssoStartSchema,
} from '@referwell/shared';
import { APP_ROUTES } from '@referwell/shared/routes';
import { AppError, errorResponses } from '../../../lib/errors';
import { acceptFormPosts } from '../../../lib/form-posts';
import { createRateLimiter } from '../../../lib/rate-limit';
import { companyAuthOf } from '../../../platform/access/route-access';
import { sessionOf, setSessionCookie } from '../../../platform/sessions/request-auth';
import { resolveSession, revokeSession } from '../../../platform/sessions/sessions';
import { getConnection, saveConnection, connectionRowOf } from './connection';
import {
  addDomain,
  checkDomainDns,
  confirmDomainLink,
  dnsTxtLookup,
  listDomains,
  mailDomainLink,
  removeDomain,
} from './domains';
import { finishOidc, takeAttempt, type OidcDeps } from './oidc';
import { finishSaml } from './saml';
import { auditRefusal, signInIdentity, SsoRefusal, type SsoIdentity } from './provision';
import { ssoSignInAllowed, startSignIn } from './sign-in';

const tags = ['sso'];
const errors = errorResponses(400, 401, 402, 403, 404, 409, 429);
const domainParams = companyIdParamSchema.extend({ domainId: z.uuid() });

/** Single sign-on (issue 34): the company's domains and identity provider, and signing in through it. */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = createRateLimiter(app.db, app.config.rateLimitScale);
  const lookup = dnsTxtLookup(app.config.ssoDnsServers);
  const billing = app.config.stripe !== null;
  const deps: OidcDeps & { billing: boolean } = {
    billing,
    db: app.db,
    secrets: app.secrets,
    publicUrl: app.config.publicUrl,
    allowHosts: app.config.outboundAllowHosts,
  };
  const admin = { access: 'companyAdmin', capability: 'sso_scim' } as const;

  app.get(
    '/api/companies/:companyId/sso/domains',
    {
      config: { access: 'companyAdmin', capability: { capability: 'sso_scim', use: 'view' } },
      schema: {
        tags,
        summary: "The company's e-mail domains for single sign-on (admins)",
        params: companyIdParamSchema,
        response: { 200: ssoDomainListSchema, ...errors },
      },
    },
    async (request) => ({ items: await listDomains(app.db, request.params.companyId) }),
  );

  app.post(
    '/api/companies/:companyId/sso/domains',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Claim an e-mail domain (verified once proved by DNS or e-mail; admins)',
        params: companyIdParamSchema,
        body: addSsoDomainSchema,
        response: { 201: ssoDomainSchemaOut, ...errors },
      },
    },
    async (request, reply) => {
      const me = companyAuthOf(request);
      const domain = await addDomain(app.db, me.user.id, request.params.companyId, request.body.domain);
      return reply.status(201).send(domain);
    },
  );

  app.delete(
    '/api/companies/:companyId/sso/domains/:domainId',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Remove an e-mail domain (admins)',
        params: domainParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const me = companyAuthOf(request);
      await removeDomain(app.db, me.user.id, request.params.companyId, request.params.domainId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/companies/:companyId/sso/domains/:domainId/dns-check',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Prove a domain by its TXT record (409 while the record is not found; admins)',
        params: domainParams,
        response: { 200: ssoDomainSchemaOut, ...errorResponses(400, 401, 402, 403, 404, 409, 429, 502) },
      },
    },
    async (request) => {
      const me = companyAuthOf(request);
      await limiter.consume({
        key: `sso:dns:${request.params.companyId}`,
        max: 30,
        windowSeconds: 600,
        message: 'Too many DNS checks. Please wait a few minutes.',
      });
      return checkDomainDns(app.db, lookup, me.user.id, request.params.companyId, request.params.domainId);
    },
  );

  app.post(
    '/api/companies/:companyId/sso/domains/:domainId/mail',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Mail a verification link to an address at the domain (admins)',
        params: domainParams,
        body: ssoDomainMailSchema,
        response: { 202: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await limiter.consume({
        key: `sso:domain-mail:${request.params.companyId}`,
        max: 10,
        windowSeconds: 3600,
        message: 'Too many verification e-mails. Please wait an hour.',
      });
      await mailDomainLink(app.db, request.params.companyId, request.params.domainId, request.body.localPart);
      return reply.status(202).send({ message: SSO_MESSAGES.mailSent });
    },
  );

  app.post(
    '/api/sso/domains/verify',
    {
      config: { access: 'visitor' },
      schema: {
        tags,
        summary: 'Follow a domain verification link (whoever holds the mailbox at the domain)',
        body: ssoDomainVerifyLinkSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request) => {
      await limiter.consume({
        key: `sso:verify-link:${request.ip}`,
        max: 20,
        windowSeconds: 3600,
        message: 'Too many attempts.',
      });
      await confirmDomainLink(app.db, request.body.token);
      return { message: SSO_MESSAGES.verifyLinkDone };
    },
  );

  app.get(
    '/api/companies/:companyId/sso/connection',
    {
      config: { access: 'companyAdmin', capability: { capability: 'sso_scim', use: 'view' } },
      schema: {
        tags,
        summary: "The company's identity provider (the client secret is never returned; admins)",
        params: companyIdParamSchema,
        response: { 200: ssoConnectionSchema, ...errors },
      },
    },
    async (request) => getConnection(app.db, app.config.publicUrl, request.params.companyId),
  );

  app.put(
    '/api/companies/:companyId/sso/connection',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Set the identity provider, turn single sign-on on or off and require it (admins)',
        params: companyIdParamSchema,
        body: ssoConnectionInputSchema,
        response: { 200: ssoConnectionSchema, ...errors },
      },
    },
    async (request) => {
      const me = companyAuthOf(request);
      return saveConnection(
        app.db,
        app.secrets,
        app.config.publicUrl,
        me.user.id,
        request.params.companyId,
        request.body,
      );
    },
  );

  app.post(
    '/api/auth/sso/start',
    {
      config: { access: 'visitor' },
      schema: {
        tags,
        summary: "Where an address signs in: its company's identity provider (redirectUrl), or null for a password",
        body: ssoStartSchema,
        response: { 200: ssoStartResponseSchema, ...errorResponses(400, 429, 502) },
      },
    },
    async (request) => {
      await limiter.consume({
        key: `sso:start:${request.ip}`,
        max: 60,
        windowSeconds: 900,
        message: 'Too many sign-in attempts.',
      });
      return startSignIn(deps, request.body.email, safeReturnTo(request.body.returnTo));
    },
  );

  app.get(
    '/api/auth/sso/oidc/callback',
    {
      config: { access: 'visitor' },
      schema: {
        tags,
        summary:
          "The identity provider's redirect back (OpenID Connect): 303 to the page the person set out for, signed in, " +
          'or to the login page with ?error=<code>',
        querystring: z.looseObject({ state: z.string().max(500).optional(), code: z.string().max(4000).optional() }),
      },
    },
    async (request, reply) => {
      const loginWith = (code: string) => reply.redirect(`/${APP_ROUTES.login}?error=${code}`, 303);
      const state = request.query.state;
      const attempt = state ? await takeAttempt(app.db, state) : null;
      if (!state || !attempt) return loginWith('sso-expired');
      const row = await connectionRowOf(app.db, attempt.companyId);
      if (!row?.enabled || row.protocol !== 'oidc') return loginWith('sso-expired');
      // The plan lapsed while the person was at the identity provider: they sign in with their password.
      if (!(await ssoSignInAllowed(app.db, billing, row.companyId))) return loginWith('sso-paused');
      const callbackUrl = new URL(request.url, new URL(app.config.publicUrl).origin);
      try {
        const identity = await finishOidc(deps, row, attempt, callbackUrl, state);
        return reply.redirect(await signedIn(request, reply, row, identity, attempt.returnTo), 303);
      } catch (error) {
        if (!(error instanceof SsoRefusal)) throw error;
        await refused(request, row.companyId, 'oidc', error);
        return loginWith(error.formError);
      }
    },
  );

  /** Starts our own session for the vouched-for identity; answers where the browser goes next. */
  async function signedIn(
    request: FastifyRequest,
    reply: FastifyReply,
    row: { companyId: string; adminGroups: string[] },
    identity: SsoIdentity,
    returnTo: string | null,
  ): Promise<string> {
    const { token } = await signInIdentity(app.db, app.accounts, row.companyId, row.adminGroups, identity, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    const current = await sessionOf(app, request);
    if (current) await revokeSession(app.db, current.tokenHash);
    setSessionCookie(app, reply, token);
    const session = await resolveSession(app.db, token);
    return safeReturnTo(returnTo) ?? dashboardPathFor(session?.user.type ?? 'referrer');
  }

  async function refused(request: FastifyRequest, companyId: string, protocol: 'oidc' | 'saml', error: SsoRefusal) {
    await auditRefusal(app.db, companyId, protocol, error.reason);
    request.log.warn({ companyId, reason: error.reason }, 'single sign-on refused');
  }

  // The SAML assertion consumer service: the IdP's page posts the signed response here (HTTP-POST binding).
  const acsRoutes: FastifyPluginAsyncZod = async (acs) => {
    acceptFormPosts(acs, SAML_RESPONSE_LIMIT);
    acs.post(
      '/sso/saml/acs',
      {
        config: { access: 'visitor' },
        schema: {
          tags,
          summary:
            "The identity provider's SAML response (HTTP-POST binding): 303 to the page the person set out for, " +
            'signed in; a response that fails a check (signature, audience, validity, replay) is refused 403',
          consumes: ['application/x-www-form-urlencoded'],
          body: z.object({ SAMLResponse: z.string().min(1).max(SAML_RESPONSE_LIMIT), RelayState: z.string().max(500) }),
          response: errorResponses(400, 403, 415),
        },
      },
      async (request, reply) => {
        const attempt = await takeAttempt(app.db, request.body.RelayState);
        if (!attempt) throw new SsoRefusal('sso-expired', AUTH_FORM_ERRORS['sso-expired']);
        const row = await connectionRowOf(app.db, attempt.companyId);
        if (!row?.enabled || row.protocol !== 'saml')
          throw new SsoRefusal('sso-expired', AUTH_FORM_ERRORS['sso-expired']);
        if (!(await ssoSignInAllowed(app.db, billing, row.companyId)))
          return reply.redirect(`/${APP_ROUTES.login}?error=sso-paused`, 303);
        try {
          const identity = await finishSaml(app.db, app.config.publicUrl, row, request.body.SAMLResponse);
          return reply.redirect(await signedIn(request, reply, row, identity, attempt.returnTo), 303);
        } catch (error) {
          if (!(error instanceof SsoRefusal)) throw error;
          await refused(request, row.companyId, 'saml', error);
          throw new AppError(error.statusCode, 'SSO_REFUSED', AUTH_FORM_ERRORS[error.formError]);
        }
      },
    );
  };
  await app.register(acsRoutes);
};

/** A SAML response with its signature and attributes is a few KB; base64 adds a third. */
const SAML_RESPONSE_LIMIT = 256 * 1024;
