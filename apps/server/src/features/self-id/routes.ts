import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companyIdParamSchema,
  jobIdParamSchema,
  SELF_ID_MESSAGES,
  selfIdInvitationSchema,
  selfIdReportQuerySchema,
  selfIdReportSchema,
  selfIdSettingsSchema,
  selfIdSubmissionSchema,
} from '@referwell/shared';
import { authOf, companyAuthOf } from '../../platform/access/route-access';
import { errorResponses } from '../../lib/errors';
import { saveSelfIdSettings, selfIdInvitation, selfIdReport, selfIdSettingsOf, submitSelfId } from './service';

const tags = ['self-identification'];
const errors = errorResponses(400, 401, 403, 404, 409);

export const selfIdRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companies/:companyId/self-id/settings',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary: 'Whether the company invites self-identification, and with which forms (admins)',
        params: companyIdParamSchema,
        response: { 200: selfIdSettingsSchema, ...errors },
      },
    },
    async (request) => selfIdSettingsOf(app.db, request.params.companyId),
  );

  app.put(
    '/api/companies/:companyId/self-id/settings',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary: 'Turn self-identification on or off and pick its forms (admins)',
        params: companyIdParamSchema,
        body: selfIdSettingsSchema,
        response: { 200: selfIdSettingsSchema, ...errors },
      },
    },
    async (request) =>
      saveSelfIdSettings(app.db, request.params.companyId, companyAuthOf(request).user.id, request.body),
  );

  app.get(
    '/api/companies/:companyId/self-id/report',
    {
      config: { access: { role: 'companyCompliance', refused: SELF_ID_MESSAGES.notCompliance } },
      schema: {
        tags,
        summary: 'Self-identification counts per job and period, small counts suppressed (compliance permission)',
        params: companyIdParamSchema,
        querystring: selfIdReportQuerySchema,
        response: { 200: selfIdReportSchema, ...errors },
      },
    },
    async (request) => selfIdReport(app.db, app.secrets, request.params.companyId, request.query),
  );

  app.get(
    '/api/jobs/:id/self-id',
    {
      config: { access: 'jobseeker' },
      schema: {
        tags,
        summary: "The self-identification invitation of this job's company, for its applicant (job seekers)",
        params: jobIdParamSchema,
        response: { 200: selfIdInvitationSchema, ...errors },
      },
    },
    async (request) => selfIdInvitation(app.db, authOf(request), request.params.id),
  );

  app.put(
    '/api/jobs/:id/self-id',
    {
      config: { access: 'jobseeker' },
      schema: {
        tags,
        summary: 'Answer the self-identification forms for this application (voluntary; job seekers)',
        params: jobIdParamSchema,
        body: selfIdSubmissionSchema,
        response: { 204: z.null(), ...errors, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      await submitSelfId(app.db, app.secrets, authOf(request), request.params.id, request.body.answers);
      return reply.status(204).send(null);
    },
  );
};
