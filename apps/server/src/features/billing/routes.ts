import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingOverviewSchema, companyIdParamSchema, companyPlanSchema } from '@referwell/shared';
import { errorResponses } from '../../lib/errors';
import { billingOverview, companyPlan } from './overview';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['billing'];

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companies/:companyId/plan',
    {
      config: { access: 'companyMember' },
      schema: {
        tags,
        summary: "The company's plan state and the capabilities it may use now (company members)",
        params: companyIdParamSchema,
        response: { 200: companyPlanSchema, ...errors },
      },
    },
    async (request) => companyPlan(app.db, app.config, request.params.companyId),
  );

  app.get(
    '/api/companies/:companyId/billing',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary: "The billing page: the company's plan, renewal or end date and trial (company admins)",
        params: companyIdParamSchema,
        response: { 200: billingOverviewSchema, ...errors },
      },
    },
    async (request) => billingOverview(app.db, app.config, request.params.companyId),
  );
};
