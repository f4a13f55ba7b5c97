import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companyIdParamSchema,
  dataSubjectRequestInputSchema,
  dataSubjectRequestParamsSchema,
  dataSubjectRequestSchema,
  formatDate,
  RETENTION_MESSAGES,
  renewalQuerySchema,
  retentionPolicySchema,
  talentPoolConsentInputSchema,
  talentPoolConsentSchema,
} from '@referwell/shared';
import { authOf, companyAuthOf } from '../../platform/access/route-access';
import { errorResponses, isAppError } from '../../lib/errors';
import { page, pageButton } from '../../lib/small-page';
import {
  completeDataSubjectRequest,
  listDataSubjectRequests,
  recordDataSubjectRequest,
  recordTalentPoolConsent,
  renewalHolder,
  renewByToken,
  retentionPolicyOf,
  saveRetentionPolicy,
  withdrawTalentPoolConsent,
} from './service';

const tags = ['retention'];
const errors = errorResponses(400, 401, 403, 404, 409);

export const retentionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companies/:companyId/retention-policy',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary: "The company's candidate retention policy (admins)",
        params: companyIdParamSchema,
        response: { 200: retentionPolicySchema, ...errors },
      },
    },
    async (request) => retentionPolicyOf(app.db, request.params.companyId),
  );

  app.put(
    '/api/companies/:companyId/retention-policy',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary: 'Months a candidate is kept after their last activity, per country (admins)',
        params: companyIdParamSchema,
        body: retentionPolicySchema,
        response: { 200: retentionPolicySchema, ...errors },
      },
    },
    async (request) =>
      saveRetentionPolicy(app.db, request.params.companyId, companyAuthOf(request).user.id, request.body),
  );

  app.put(
    '/api/companies/:companyId/talent-pool-consent',
    {
      config: { access: 'jobseeker' },
      schema: {
        tags,
        summary: "Agree to the company's talent pool (recorded with the wording's version; job seekers)",
        params: companyIdParamSchema,
        body: talentPoolConsentInputSchema,
        response: { 200: talentPoolConsentSchema, ...errors },
      },
    },
    async (request) =>
      recordTalentPoolConsent(app.db, authOf(request), request.params.companyId, request.body.textVersion),
  );

  app.delete(
    '/api/companies/:companyId/talent-pool-consent',
    {
      config: { access: 'jobseeker' },
      schema: {
        tags,
        summary: "Withdraw my consent to the company's talent pool (job seekers)",
        params: companyIdParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await withdrawTalentPoolConsent(app.db, authOf(request), request.params.companyId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/companies/:companyId/data-subject-requests',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary: 'Data-subject requests with their deadlines, open ones first (admins)',
        params: companyIdParamSchema,
        response: { 200: z.array(dataSubjectRequestSchema), ...errors },
      },
    },
    async (request) => listDataSubjectRequests(app.db, request.params.companyId),
  );

  app.post(
    '/api/companies/:companyId/data-subject-requests',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary: 'Record an access, deletion or correction request; its deadline follows its law (admins)',
        params: companyIdParamSchema,
        body: dataSubjectRequestInputSchema,
        response: { 201: dataSubjectRequestSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await recordDataSubjectRequest(
            app.db,
            request.params.companyId,
            companyAuthOf(request).user.id,
            request.body,
          ),
        ),
  );

  app.post(
    '/api/companies/:companyId/data-subject-requests/:requestId/complete',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary: 'Mark a data-subject request done (admins)',
        params: dataSubjectRequestParamsSchema,
        response: { 200: dataSubjectRequestSchema, ...errors },
      },
    },
    async (request) =>
      completeDataSubjectRequest(
        app.db,
        request.params.companyId,
        companyAuthOf(request).user.id,
        request.params.requestId,
      ),
  );

  // The one-click renewal from the reminder mail: the link opens a page whose one button posts back (a link
  // scanner's GET renews nothing); the signed token is the proof, no session needed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  const html = async (work: () => Promise<string>): Promise<{ status: number; body: string }> => {
    try {
      return { status: 200, body: await work() };
    } catch (error) {
      if (isAppError(error, 400)) return { status: 400, body: page('Link not valid', <p>{error.message}</p>) };
      throw error;
    }
  };

  app.get(
    '/api/talent-pool/renew',
    {
      config: { access: 'visitor' },
      schema: { tags, summary: 'The page a renewal link opens (asks for one click)', querystring: renewalQuerySchema },
    },
    async (request, reply) => {
      const { status, body } = await html(async () => {
        const holder = await renewalHolder(app.db, app.secret, request.query.token);
        const action = `/api/talent-pool/renew?token=${encodeURIComponent(request.query.token)}`;
        return page(
          'Keep your profile',
          <form method="post" action={action}>
            <p>
              Keep your profile and application history with <strong>{holder}</strong>? You agree again to be kept in
              its talent pool; you can ask for deletion at any time.
            </p>
            <button type="submit" style={pageButton}>
              Keep my profile
            </button>
          </form>,
        );
      });
      return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
    },
  );

  app.post(
    '/api/talent-pool/renew',
    {
      config: { access: 'visitor' },
      schema: {
        tags,
        summary: 'Renew my talent-pool consent (one click from the reminder)',
        querystring: renewalQuerySchema,
      },
    },
    async (request, reply) => {
      const { status, body } = await html(async () => {
        const until = await renewByToken(app.db, app.secret, request.query.token, app.config.jobseekerRetentionMonths);
        return page('Your profile stays', <p>{RETENTION_MESSAGES.renewed(formatDate(until))}</p>);
      });
      return reply.status(status).type('text/html; charset=utf-8').send(body);
    },
  );
};
