import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataExportDownloadParamsSchema, dataExportDownloadQuerySchema } from '@referwell/shared';
import { isCompanyAdminOf } from '../../platform/access/guards';
import { authOf } from '../../platform/access/route-access';
import { errorResponses } from '../../lib/errors';
import { exportForDownload } from '../../platform/exports/prepared';

/** A safe download name: letters, digits, dots and dashes. */
const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '-');

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/exports/:id/download',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        summary: 'Download a prepared export: my data or a company CSV (signed link, requester only, until it expires)',
        params: dataExportDownloadParamsSchema,
        querystring: dataExportDownloadQuerySchema,
        response: { 200: z.unknown().describe('The file'), ...errorResponses(401, 403, 404, 410) },
      },
    },
    async (request, reply) => {
      const me = authOf(request);
      // A company export stays the company's: its requester must still be one of the company's admins.
      const { file, fileName } = await exportForDownload(
        app.db,
        app.storage,
        app.secret,
        me.user.id,
        request.params.id,
        request.query.token,
        (row) => !row.companyId || isCompanyAdminOf(me, row.companyId),
      );
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${safeName(fileName)}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
};
