import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billingOverviewSchema,
  cancellationSchema,
  changePlanSchema,
  checkoutRequestSchema,
  companyIdParamSchema,
  companyPlanSchema,
  invoiceListSchema,
  redirectUrlSchema,
  webhookAnswerSchema,
} from '@referwell/shared';
import { AppError, errorResponses } from '../../lib/errors';
import { companyAuthOf } from '../../platform/access/route-access';
import { billingOverview, companyPlan } from './overview';
import { changePlan, listInvoices, openPortal, setCancellation, startCheckout, type BillingDeps } from './service';
import { handleEvent, verifiedEvent } from './webhooks';

const errors = errorResponses(400, 401, 403, 404);
/** A call to the payment provider may also answer: a declined card, our refusal, the provider down or busy. */
const providerErrors = errorResponses(400, 401, 402, 403, 404, 409, 502, 503);
const tags = ['billing'];
/** Stripe's events are small; a body past this is not one of them. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): BillingDeps => ({ db: app.db, config: app.config, stripe: app.stripe, log: app.log });

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

  app.post(
    '/api/companies/:companyId/billing/checkout',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary: "Open Stripe Checkout for a plan (a trial first when the company has had none): the hosted page's URL",
        params: companyIdParamSchema,
        body: checkoutRequestSchema,
        response: { 200: redirectUrlSchema, ...providerErrors },
      },
    },
    async (request) =>
      startCheckout(deps(), request.params.companyId, companyAuthOf(request).user.id, request.body.plan),
  );

  app.post(
    '/api/companies/:companyId/billing/portal',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary: "Open Stripe's billing portal (cards, cancellation, invoices): its URL (company admins)",
        params: companyIdParamSchema,
        response: { 200: redirectUrlSchema, ...providerErrors },
      },
    },
    async (request) => openPortal(deps(), request.params.companyId),
  );

  app.put(
    '/api/companies/:companyId/billing/plan',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary: 'Move the subscription to another plan now: an upgrade is charged prorated at once (company admins)',
        params: companyIdParamSchema,
        body: changePlanSchema,
        response: { 200: billingOverviewSchema, ...providerErrors },
      },
    },
    async (request) => changePlan(deps(), request.params.companyId, companyAuthOf(request).user.id, request.body.plan),
  );

  app.put(
    '/api/companies/:companyId/billing/cancellation',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary: 'Cancel the plan at the end of its period, or keep it renewing (company admins)',
        params: companyIdParamSchema,
        body: cancellationSchema,
        response: { 200: billingOverviewSchema, ...providerErrors },
      },
    },
    async (request) => setCancellation(deps(), request.params.companyId, companyAuthOf(request).user.id, request.body),
  );

  app.get(
    '/api/companies/:companyId/billing/invoices',
    {
      config: { access: 'companyAdmin' },
      schema: {
        tags,
        summary: "The company's latest invoices, read from Stripe (company admins)",
        params: companyIdParamSchema,
        response: { 200: invoiceListSchema, ...providerErrors },
      },
    },
    async (request) => listInvoices(deps(), request.params.companyId),
  );

  // Stripe's webhook: the body is verified as the bytes Stripe signed, so this route reads it as text.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    webhook.post(
      '/api/billing/stripe/webhook',
      {
        config: { access: 'visitor', sessionsUnchanged: true },
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags,
          summary: "Stripe's webhook events, verified by their signature; a replay or an unknown type is a no-op",
          response: { 200: webhookAnswerSchema, ...errorResponses(400, 404) },
        },
      },
      async (request) => {
        const { stripe } = app;
        const settings = app.config.stripe;
        if (!stripe || !settings)
          throw new AppError(404, 'BILLING_NOT_CONFIGURED', 'Billing is not set up on this server.');
        const body = typeof request.body === 'string' ? request.body : '';
        const event = verifiedEvent(stripe, settings, Buffer.from(body, 'utf8'), request.headers['stripe-signature']);
        const outcome = await handleEvent(app.db, event, request.log);
        return { received: true as const, outcome };
      },
    );
  });
};
