import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobseekerDashboardSchema, referrerDashboardSchema } from '@referwell/shared';
import { jobseekerDashboard, referrerDashboard } from './service';
import { errorResponses } from '../../lib/errors';
import { authOf } from '../../platform/access/route-access';

const errors = errorResponses(401, 403);

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/jobseeker',
    {
      config: { access: { role: 'jobseeker', refused: 'This dashboard is for job seekers.' } },
      schema: {
        tags: ['dashboard'],
        summary: "The job seeker dashboard's lists, computed from the database",
        response: { 200: jobseekerDashboardSchema, ...errors },
      },
    },
    async (request) => jobseekerDashboard(app.db, authOf(request)),
  );

  app.get(
    '/api/dashboard/referrer',
    {
      config: { access: { role: 'referrer', refused: 'This dashboard is for referrers and company admins.' } },
      schema: {
        tags: ['dashboard'],
        summary: 'The referrer / company dashboard figures, computed from the database',
        response: { 200: referrerDashboardSchema, ...errors },
      },
    },
    async (request) => referrerDashboard(app.db, authOf(request)),
  );
};
