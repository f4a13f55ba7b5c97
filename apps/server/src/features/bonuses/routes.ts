import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bonusPolicyFormSchema,
  bonusPolicySchema,
  bonusRuleText,
  companyIdParamSchema,
  markBonusesPaidSchema,
  payBonusEarlySchema,
  payeeFormSchema,
  payeeListQuerySchema,
  payeeListSchema,
  savedBonusPolicySchema,
  type BonusPolicy,
} from '@referwell/shared';
import { companyAuthOf } from '../../platform/access/route-access';
import { bonusPolicyOf, saveBonusPolicy } from './policy';
import { markBonusesPaid, payBonusEarly } from './payouts';
import { listPayees, savePayee } from './payees';
import { errorResponses } from '../../lib/errors';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['bonuses'];
const withRule = (policy: BonusPolicy) => ({ ...policy, rule: bonusRuleText(policy) });

export const bonusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companies/:companyId/bonus-policy',
    {
      config: { access: 'companyMember' },
      schema: {
        tags,
        summary: "The company's referral bonus policy and its rule in words (company members, before they refer)",
        params: companyIdParamSchema,
        response: { 200: bonusPolicySchema, ...errors },
      },
    },
    async (request) => {
      return withRule(await bonusPolicyOf(app.db, request.params.companyId));
    },
  );

  app.put(
    '/api/companies/:companyId/bonus-policy',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary:
          'Set the default bonus, payout delay, first-touch window and retention check, saying whether the change applies to bonuses already scheduled (company admins)',
        params: companyIdParamSchema,
        body: bonusPolicyFormSchema,
        response: { 200: savedBonusPolicySchema, ...errors },
      },
    },
    async (request) => {
      const me = companyAuthOf(request);
      const { policy, rescheduled } = await saveBonusPolicy(app.db, request.params.companyId, me.user.id, request.body);
      return { ...withRule(policy), rescheduled };
    },
  );

  app.post(
    '/api/companies/:companyId/bonuses/paid',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary: 'Mark due bonuses paid with a payout date and reference: all of them or none (company admins)',
        params: companyIdParamSchema,
        body: markBonusesPaidSchema,
        response: { 200: z.object({ paid: z.number().int() }), ...errors },
      },
    },
    async (request) => {
      const me = companyAuthOf(request);
      return markBonusesPaid(app.db, request.params.companyId, me.user.id, request.body);
    },
  );

  app.post(
    '/api/companies/:companyId/bonuses/:referralId/paid-early',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary:
          'Pay one bonus before its due day: the explicit early payment, with the reason the audit log and CSV keep (company admins)',
        params: companyIdParamSchema.extend({ referralId: z.uuid() }),
        body: payBonusEarlySchema,
        response: { 200: z.object({ paid: z.number().int() }), ...errors },
      },
    },
    async (request) => {
      const me = companyAuthOf(request);
      return payBonusEarly(app.db, request.params.companyId, request.params.referralId, me.user.id, request.body);
    },
  );

  app.get(
    '/api/companies/:companyId/payees',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary:
          "The people the company pays bonuses to: payroll id or W-9 (TIN masked), the year's total and the 1099-NEC threshold (company admins)",
        params: companyIdParamSchema,
        querystring: payeeListQuerySchema,
        response: { 200: payeeListSchema, ...errors },
      },
    },
    async (request) => listPayees(app.db, request.params.companyId, request.query.year ?? new Date().getUTCFullYear()),
  );

  app.put(
    '/api/companies/:companyId/payees/:userId',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary:
          "Record how a referrer is paid: an employee's payroll id, or an external referrer's W-9 (the TIN is encrypted, never returned) (company admins)",
        params: companyIdParamSchema.extend({ userId: z.uuid() }),
        body: payeeFormSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const me = companyAuthOf(request);
      const { companyId, userId } = request.params;
      await savePayee(app.db, app.secrets, companyId, userId, me.user.id, request.body);
      return reply.status(204).send(null);
    },
  );
};
