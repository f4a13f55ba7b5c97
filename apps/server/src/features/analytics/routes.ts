import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyticsQuerySchema,
  analyticsSchema,
  companyIdParamSchema,
  ANALYTICS_EXPORTS,
  COMPANY_EXPORTS,
  type AnalyticsExport,
  type CompanyExport,
  companyExportListSchema,
  companyExportSchema,
  leaderboardHiddenSchema,
  leaderboardSchema,
  leaderboardVisibilitySchema,
} from '@referwell/shared';
import { companyAuthOf } from '../../platform/access/route-access';
import { companyAnalytics } from './service';
import { listCompanyExports, requestCompanyExport } from './export-requests';
import { createRateLimiter } from '../../lib/rate-limit';
import { z } from 'zod';
import { companyLeaderboard, setHiddenFromLeaderboard, setLeaderboardVisible } from './leaderboard';
import { errorResponses } from '../../lib/errors';
import { sendJsonText } from '../../lib/kept-json';

const errors = errorResponses(400, 401, 403, 404);
const isAnalyticsExport = (kind: CompanyExport): kind is AnalyticsExport =>
  (ANALYTICS_EXPORTS as readonly string[]).includes(kind);
const tags = ['analytics'];

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = createRateLimiter(app.db, app.config.rateLimitScale);

  app.get(
    '/api/companies/:companyId/analytics',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary: 'Referral programme analytics for a period, optionally one job or department (company admins)',
        params: companyIdParamSchema,
        querystring: analyticsQuerySchema,
        response: { 200: analyticsSchema, ...errors },
      },
    },
    // Written as JSON once, not validated into a copy first: the page's hundreds of rows made the schema's parse about
    // a fifth of its server time. The answer's type is the schema's, and the API tests check each answer against it.
    async (request, reply) => {
      return sendJsonText(
        reply,
        JSON.stringify(await companyAnalytics(app.db, request.params.companyId, request.query)),
      );
    },
  );

  app.post(
    '/api/companies/:companyId/exports/:kind',
    {
      config: {
        access: 'companyAdmin',
        // The analytics tables are the Enterprise plan's advanced exports; referrals, a pipeline and the bonuses for
        // payroll come with every plan.
        capability: (request) =>
          isAnalyticsExport((request.params as { kind: CompanyExport }).kind) ? 'analytics_exports' : null,
      },
      schema: {
        tags,
        summary:
          "Ask for a CSV export (company admins): referrals, one job's pipeline (jobId), bonuses for payroll, or an analytics table; prepared in the background",
        params: companyIdParamSchema.extend({ kind: z.enum(COMPANY_EXPORTS) }),
        body: analyticsQuerySchema,
        response: { 202: companyExportSchema, ...errors, ...errorResponses(402, 429) },
      },
    },
    async (request, reply) => {
      const me = companyAuthOf(request);
      await limiter.consume({
        key: `company-export:user:${me.user.id}`,
        max: 60,
        windowSeconds: 3600,
        message: 'Too many exports.',
      });
      const { companyId, kind } = request.params;
      return reply
        .status(202)
        .send(await requestCompanyExport(app.db, app.secret, me.user.id, companyId, kind, request.body));
    },
  );

  app.get(
    '/api/companies/:companyId/exports',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary: 'My latest CSV exports for the company and their download links (company admins)',
        params: companyIdParamSchema,
        response: { 200: companyExportListSchema, ...errors },
      },
    },
    async (request) => {
      const me = companyAuthOf(request);
      return { exports: await listCompanyExports(app.db, app.secret, me.user.id, request.params.companyId) };
    },
  );

  app.get(
    '/api/companies/:companyId/leaderboard',
    {
      config: { access: 'companyMember' },
      schema: {
        tags,
        summary: "The company's referrer leaderboard (members when an admin shows it; admins always)",
        params: companyIdParamSchema,
        response: { 200: leaderboardSchema, ...errors },
      },
    },
    async (request) => companyLeaderboard(app.db, companyAuthOf(request), request.params.companyId),
  );

  app.put(
    '/api/companies/:companyId/leaderboard',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary: "Show or hide the referrer leaderboard from the company's referrers (company admins)",
        params: companyIdParamSchema,
        body: leaderboardVisibilitySchema,
        response: { 200: leaderboardSchema, ...errors },
      },
    },
    async (request) => {
      const me = companyAuthOf(request);
      await setLeaderboardVisible(app.db, request.params.companyId, request.body.visible);
      return companyLeaderboard(app.db, me, request.params.companyId);
    },
  );

  app.put(
    '/api/referrers/me/leaderboard',
    {
      config: { access: { role: 'companyUser', refused: 'Only company members appear on the leaderboard.' } },
      schema: {
        tags,
        summary: 'Leave the referrer leaderboard or join it again (company members)',
        body: leaderboardHiddenSchema,
        response: { 200: leaderboardHiddenSchema, ...errors },
      },
    },
    async (request) => {
      const me = companyAuthOf(request);
      await setHiddenFromLeaderboard(app.db, me.user.id, request.body.hidden);
      return { hidden: request.body.hidden };
    },
  );
};
