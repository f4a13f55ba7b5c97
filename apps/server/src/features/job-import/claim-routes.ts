import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companyClaimConfirmSchema,
  companyClaimOutcomeSchema,
  companyClaimParamsSchema,
  companyClaimRequestSchema,
  companyClaimSentSchema,
  JOB_SOURCE_MESSAGES,
  myCompanyClaimQuerySchema,
  myCompanyClaimResponseSchema,
  pendingCompanyClaimListSchema,
} from '@referwell/shared';
import { errorResponses } from '../../lib/errors';
import { createRateLimiter } from '../../lib/rate-limit';
import { authOf } from '../../platform/access/route-access';
import { confirmClaim, decideClaim, listPendingClaims, myOpenClaim, requestClaim, withdrawClaim } from './claims';

const SIGNED_IN = { role: 'signedIn', signedOut: 'Please sign in to claim a company.' } as const;
const PLATFORM_ADMIN = { role: 'platformAdmin', refused: JOB_SOURCE_MESSAGES.onlyPlatformAdmins } as const;

/**
 * Claiming a company listed from its job board (issue 38, ADR 0053): anyone signed in asks (a link mailed to their
 * work e-mail) and follows the link; the platform's admins decide the claims whose domain did not match.
 */
export const companyClaimRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = createRateLimiter(app.db, app.config.rateLimitScale);

  app.post(
    '/api/company-claims',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['companies'],
        summary: 'Claim a company not yet on Referwell: mails a single-use link to the work e-mail given',
        body: companyClaimRequestSchema,
        response: { 202: companyClaimSentSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const sent = await requestClaim(app.db, limiter, app.config, authOf(request).user, request.ip, request.body);
      return reply.code(202).send(sent);
    },
  );

  app.post(
    '/api/company-claims/confirm',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['companies'],
        summary:
          "Follow a claim link: the company's admin at once when the e-mail's domain is the company's, else pending",
        body: companyClaimConfirmSchema,
        response: { 200: companyClaimOutcomeSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => confirmClaim(app.db, app.config, authOf(request).user, request.body.token),
  );

  app.get(
    '/api/company-claims/mine',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['companies'],
        summary: "The signed-in person's open claim on a company (link mailed and valid, or pending), or null",
        querystring: myCompanyClaimQuerySchema,
        response: { 200: myCompanyClaimResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ claim: await myOpenClaim(app.db, authOf(request).user.id, request.query.companySlug) }),
  );

  app.post(
    '/api/company-claims/:claimId/withdraw',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['companies'],
        summary: 'Withdraw your open claim: its link stops working and no platform admin sees it',
        params: companyClaimParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await withdrawClaim(app.db, authOf(request).user.id, request.params.claimId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/admin/company-claims',
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags: ['companies'],
        summary: 'Confirmed company claims waiting for a platform admin (the e-mail domain did not match)',
        response: { 200: pendingCompanyClaimListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ items: await listPendingClaims(app.db, app.config) }),
  );

  for (const decision of ['approve', 'refuse'] as const)
    app.post(
      `/api/admin/company-claims/:claimId/${decision}`,
      {
        config: { access: PLATFORM_ADMIN },
        schema: {
          tags: ['companies'],
          summary:
            decision === 'approve'
              ? "Approve a pending claim: the claimant becomes the company's admin (told in the app and by e-mail)"
              : 'Refuse a pending claim (the claimant is told in the app and by e-mail)',
          params: companyClaimParamsSchema,
          response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await decideClaim(app.db, app.config, authOf(request).user.id, request.params.claimId, decision);
        return reply.code(204).send(null);
      },
    );
};
