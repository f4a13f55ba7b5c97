import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyticsQuerySchema,
  analyticsSchema,
  companyIdParamSchema,
  COMPANY_EXPORTS,
  leaderboardHiddenSchema,
  leaderboardSchema,
  leaderboardVisibilitySchema,
} from '@referwell/shared';
import { requireCompanyAdmin, requireCompanyMember } from '../auth/guards';
import { requireCompanyUser } from '../auth/guards';
import { companyAnalytics } from './service';
import { companyExport } from './exports';
import { sendCsv } from '../../lib/csv/export';
import { z } from 'zod';
import { companyLeaderboard, setHiddenFromLeaderboard, setLeaderboardVisible } from './leaderboard';
import { errorResponses } from '../../lib/errors';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['analytics'];

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companies/:companyId/analytics',
    {
      schema: {
        tags,
        summary: 'Referral programme analytics for a period, optionally one job or department (company admins)',
        params: companyIdParamSchema,
        querystring: analyticsQuerySchema,
        response: { 200: analyticsSchema, ...errors },
      },
    },
    async (request) => {
      requireCompanyAdmin(request.auth, request.params.companyId);
      return companyAnalytics(app.db, request.params.companyId, request.query);
    },
  );

  app.get(
    '/api/companies/:companyId/exports/:kind',
    {
      schema: {
        tags,
        summary:
          "CSV export (company admins): referrals, one job's pipeline (jobId), bonuses for payroll, or an analytics table",
        params: companyIdParamSchema.extend({ kind: z.enum(COMPANY_EXPORTS) }),
        querystring: analyticsQuerySchema,
        response: { 200: z.unknown().describe('A CSV file (UTF-8 with BOM)'), ...errors },
      },
    },
    async (request, reply) => {
      requireCompanyAdmin(request.auth, request.params.companyId);
      const file = await companyExport(app.db, request.params.companyId, request.params.kind, request.query);
      return sendCsv(reply, file.name, file.body);
    },
  );

  app.get(
    '/api/companies/:companyId/leaderboard',
    {
      schema: {
        tags,
        summary: "The company's referrer leaderboard (members when an admin shows it; admins always)",
        params: companyIdParamSchema,
        response: { 200: leaderboardSchema, ...errors },
      },
    },
    async (request) =>
      companyLeaderboard(
        app.db,
        requireCompanyMember(request.auth, request.params.companyId),
        request.params.companyId,
      ),
  );

  app.put(
    '/api/companies/:companyId/leaderboard',
    {
      schema: {
        tags,
        summary: "Show or hide the referrer leaderboard from the company's referrers (company admins)",
        params: companyIdParamSchema,
        body: leaderboardVisibilitySchema,
        response: { 200: leaderboardSchema, ...errors },
      },
    },
    async (request) => {
      const me = requireCompanyAdmin(request.auth, request.params.companyId);
      await setLeaderboardVisible(app.db, request.params.companyId, request.body.visible);
      return companyLeaderboard(app.db, me, request.params.companyId);
    },
  );

  app.put(
    '/api/referrers/me/leaderboard',
    {
      schema: {
        tags,
        summary: 'Leave the referrer leaderboard or join it again (company members)',
        body: leaderboardHiddenSchema,
        response: { 200: leaderboardHiddenSchema, ...errors },
      },
    },
    async (request) => {
      const me = requireCompanyUser(request.auth, 'Only company members appear on the leaderboard.');
      await setHiddenFromLeaderboard(app.db, me.user.id, request.body.hidden);
      return { hidden: request.body.hidden };
    },
  );
};
