import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogQuerySchema, auditLogResponseSchema, companyIdParamSchema, errorBodySchema } from '@referwell/shared';
import { requireCompanyAdmin } from '../auth/guards';
import { listAuditLog } from './service';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companies/:companyId/audit-log',
    {
      schema: {
        tags: ['companies'],
        summary: "The company's audit log, newest first (admins)",
        params: companyIdParamSchema,
        querystring: auditLogQuerySchema,
        response: { 200: auditLogResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      requireCompanyAdmin(request.auth, request.params.companyId);
      return listAuditLog(app.db, request.params.companyId, request.query);
    },
  );
};
