import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogQuerySchema, auditLogResponseSchema, companyIdParamSchema } from '@referwell/shared';
import { listAuditLog } from '../../platform/audit/service';
import { errorResponses } from '../../lib/errors';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companies/:companyId/audit-log',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags: ['companies'],
        summary: "The company's audit log, newest first (admins)",
        params: companyIdParamSchema,
        querystring: auditLogQuerySchema,
        response: { 200: auditLogResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      return listAuditLog(app.db, request.params.companyId, request.query);
    },
  );
};
