import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bonusPolicyFormSchema,
  bonusPolicySchema,
  bonusRuleText,
  companyIdParamSchema,
  ownershipRuleText,
  markBonusesPaidSchema,
  type BonusPolicy,
} from '@referwell/shared';
import { companyAuthOf } from '../../platform/access/route-access';
import { bonusPolicyOf, saveBonusPolicy } from './policy';
import { markBonusesPaid } from './payouts';
import { errorResponses } from '../../lib/errors';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['bonuses'];
const withRule = (policy: BonusPolicy, company: string) => ({
  ...policy,
  rule: bonusRuleText(policy),
  ownershipRule: ownershipRuleText(policy, company),
});

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
      return withRule(await bonusPolicyOf(app.db, request.params.companyId), companyAuthOf(request).company.name);
    },
  );

  app.put(
    '/api/companies/:companyId/bonus-policy',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary: 'Set the default bonus, payout delay and the ownership rule (company admins)',
        params: companyIdParamSchema,
        body: bonusPolicyFormSchema,
        response: { 200: bonusPolicySchema, ...errors },
      },
    },
    async (request) => {
      return withRule(
        await saveBonusPolicy(app.db, request.params.companyId, request.body),
        companyAuthOf(request).company.name,
      );
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
};
